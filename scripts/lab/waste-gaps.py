#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""waste-gaps.py RESULTS WASTE [GAP_MS]: where a lab run's wasted time went.

RESULTS is a lab run's results.all (LAB_OUT, default out/lab); WASTE is
what "lbana RESULTS --waste WASTE" wrote of it: one line per stretch of
time in which a task waited on one CPU while another CPU it may use was
idle. For each arm this prints the tasks' waiting time in all, by task
name (the scenario's task kinds), and the part of it that fell in a
silence of the waiting CPU: no trace event of that CPU for GAP_MS
(default 8) or more. A CPU with a task waiting on it takes its tick,
which records the running task's runtime, every 4 ms at HZ=250; so a
silence of two ticks is a stretch in which its vCPU did not run on the
host, which emulation on a loaded host does and hardware does not.
"""
import bisect
import collections
import re
import sys

EVENT = re.compile(r'\[(\d{3})\] \S+\s+(\d+\.\d+): ')


def die(msg):
    sys.stderr.write('waste-gaps.py: %s\n' % msg)
    sys.exit(2)


def fields(line):
    return dict(f.split('=', 1) for f in line.split() if '=' in f)


def read_runs(path):
    """Each run's t_ref, task names and per-CPU event times."""
    tref, names, events = {}, {}, collections.defaultdict(list)
    run = None
    try:
        f = open(path, errors='replace')
    except OSError as e:
        die('%s: %s' % (path, e.strerror))
    with f:
        for n, line in enumerate(f, 1):
            if line.startswith('@run'):
                kv = fields(line)
                if 'arm' not in kv or 'rep' not in kv or 't_ref' not in kv:
                    die('%s:%d: @run without arm, rep and t_ref' % (path, n))
                run = (kv['arm'], kv['rep'])
                tref[run] = float(kv['t_ref'])
            elif line.startswith('@task') and run:
                parts = line.split()
                kv = fields(line)
                names[run + (parts[1],)] = re.sub(r'\d+$', '',
                                                  kv.get('name', '?'))
            elif run:
                m = EVENT.search(line)
                if m:
                    events[run + (int(m.group(1)),)].append(float(m.group(2)))
    if not tref:
        die('%s: no @run line: not a lab results file' % path)
    for times in events.values():
        times.sort()
    return tref, names, events


def silent(times, a, b, gap):
    """Does [a, b] lie in a silence of at least @gap seconds?"""
    i = bisect.bisect_right(times, a)
    prev = times[i - 1] if i else None
    nxt = times[i] if i < len(times) else None
    if prev is None or nxt is None or nxt < b:
        return False
    return nxt - prev >= gap


def main():
    if len(sys.argv) not in (3, 4):
        die('usage: waste-gaps.py RESULTS WASTE [GAP_MS]')
    gap_ms = 8.0
    if len(sys.argv) == 4:
        try:
            gap_ms = float(sys.argv[3])
        except ValueError:
            gap_ms = 0
        if not gap_ms > 0:
            die('GAP_MS must be a number above 0, not %s' % sys.argv[3])
    tref, names, events = read_runs(sys.argv[1])
    total = collections.Counter()
    quiet = collections.Counter()
    kinds = collections.defaultdict(collections.Counter)
    try:
        f = open(sys.argv[2])
    except OSError as e:
        die('%s: %s' % (sys.argv[2], e.strerror))
    with f:
        for n, line in enumerate(f, 1):
            kv = fields(line)
            run = (kv.get('arm'), kv.get('rep'))
            if run not in tref or 't_ms' not in kv or 'dur_ms' not in kv:
                die('%s:%d: not a line of lbana --waste for %s' %
                    (sys.argv[2], n, sys.argv[1]))
            a = tref[run] + float(kv['t_ms']) / 1000
            dur = float(kv['dur_ms'])
            for w in filter(None, kv.get('waiting', '').split(',')):
                pid, cpu = w.split('@')
                arm = run[0]
                total[arm] += dur
                kinds[arm][names.get(run + (pid,), '?')] += dur
                if silent(events[run + (int(cpu),)], a, a + dur / 1000,
                          gap_ms / 1000):
                    quiet[arm] += dur
    for arm in sorted(total):
        t = total[arm]
        by_kind = ', '.join('%s %.0f %%' % (k, 100 * v / t)
                            for k, v in kinds[arm].most_common())
        print('%s: tasks waited beside an idle CPU for %.0f ms (%s); '
              '%.0f ms (%.0f %%) of it while the waiting CPU was silent '
              'for %g ms or more' % (arm, t, by_kind, quiet[arm],
                                     100 * quiet[arm] / t, gap_ms))


if __name__ == '__main__':
    main()
