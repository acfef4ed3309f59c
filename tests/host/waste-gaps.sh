#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/lab/waste-gaps.py splits the time tasks waited beside an idle
# CPU by task kind, and counts the part that fell in a silence of the
# waiting CPU's events of 8 ms or more. Here task 11 (a periodic task)
# waits 2 ms on CPU 1 while CPU 1 logs an event every millisecond, and
# 10 ms on CPU 2 that is silent from 100 ms to 120 ms; task 10 (a hog)
# waits 2 ms on CPU 3, silent for 5 ms only. So 14 ms in all, 10 of them
# (71 %) silent; with GAP_MS=4, 12 (86 %). Bad input fails with exit 2,
# naming the file and line.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=$root/scripts/lab/waste-gaps.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

ev() { # CPU SECONDS
	printf '  lbwork-1 [%03d] d..2. %12.6f: sched_stat_runtime: pid=1 runtime=1\n' "$1" "$2"
}
{
	echo "@run scenario=t arm=rework rep=1 topo=sym8 ncpus=4 t_ref=1.000000 t_end=2.000000"
	echo "@task 10 allowed=0-3 name=hog0"
	echo "@task 11 allowed=0-3 name=periodic1"
	for ms in 0 1 2 3 4 5 6; do ev 1 "1.05$ms"; done
	ev 2 1.100; ev 2 1.120
	ev 3 1.200; ev 3 1.205
} >"$tmp/results"
{
	echo "scenario=t arm=rework rep=1 t_ms=50.500 dur_ms=2.000 idle=0 waiting=11@1"
	echo "scenario=t arm=rework rep=1 t_ms=105.000 dur_ms=10.000 idle=0 waiting=11@2"
	echo "scenario=t arm=rework rep=1 t_ms=201.000 dur_ms=2.000 idle=0 waiting=10@3"
} >"$tmp/waste"
out=$("$tool" "$tmp/results" "$tmp/waste") || bad "exit $? on good input"
want="rework: tasks waited beside an idle CPU for 14 ms (periodic 86 %, hog 14 %); 10 ms (71 %) of it while the waiting CPU was silent for 8 ms or more"
[ "$out" = "$want" ] || bad "got: $out"
out=$("$tool" "$tmp/results" "$tmp/waste" 4) || bad "exit $? with GAP_MS=4"
grep -q '; 12 ms (86 %) of it while the waiting CPU was silent for 4 ms or more$' \
	<<<"$out" || bad "GAP_MS=4: $out"

refused() { # WHAT EXPECTED-MESSAGE ARGS...
	local what=$1 msg=$2 err rc
	shift 2
	err=$("$tool" "$@" 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -eq 2 ] || bad "$what: exit $rc, wanted 2"
	grep -qF "$msg" <<<"$err" || bad "$what: said '$err'"
}
refused "no arguments" "usage: waste-gaps.py"
refused "missing results" "$tmp/none: No such file" "$tmp/none" "$tmp/waste"
refused "not results" "no @run line" "$tmp/waste" "$tmp/waste"
echo "scenario=t arm=stock rep=1 t_ms=1 dur_ms=1 idle=0 waiting=10@3" >"$tmp/other"
refused "waste of another run" "$tmp/other:1: not a line of lbana --waste" \
	"$tmp/results" "$tmp/other"
refused "gap of 0" "GAP_MS must be a number above 0" "$tmp/results" "$tmp/waste" 0
refused "gap not a number" "GAP_MS must be a number above 0, not 8ms" \
	"$tmp/results" "$tmp/waste" 8ms
[ "$fail" -eq 0 ] && echo "waste-gaps: split, silences and refusals as expected"
exit "$fail"
