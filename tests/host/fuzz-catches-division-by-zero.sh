#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The fuzz target can fail: with the guard against a capacity of 0 taken
# out of lb_avg_load() (a copy of lb_rules.h), UBSan must report the
# division by zero within a bounded number of runs, from an empty corpus.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp "$root/kernel/sched/fair_lb.c" "$root/kernel/sched/lb_rules.h" \
	"$root/kernel/sched/lb_stats.h" "$tmp/"
python3 - "$tmp/lb_rules.h" <<'PY' || { echo "FAIL: the mutant does not apply"; exit 1; }
import re, sys
f = sys.argv[1]
s = open(f).read()
t = re.sub(r"/\s*max\(g->capacity, 1UL\);", "/ g->capacity;", s, count=1)
if t == s:
	sys.exit(1)
open(f, "w").write(t)
PY
clang-15 -I "$root/tools/testing/sched_lb/include" -I "$root/include" \
	-I "$tmp" -I "$root/kernel/sched" -O1 -g \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-o "$tmp/fuzz" "$root/tools/testing/sched_lb/fuzz.c" "$tmp/fair_lb.c" ||
	exit 1
mkdir -p "$tmp/corpus"
cd "$tmp" || exit 1
if ./fuzz -runs=5000000 -max_len=128 -seed=1 corpus >"$tmp/log" 2>&1; then
	tail -n 5 "$tmp/log"
	echo "FAIL: 5,000,000 runs did not find the division by zero"
	exit 1
fi
grep -m 1 'runtime error' "$tmp/log"
grep -q 'runtime error: division by zero' "$tmp/log" ||
	{ tail -n 20 "$tmp/log"; echo "FAIL: the fuzzer failed, but not on the division"; exit 1; }
echo "ok: $(grep -o 'Done [0-9]* runs' "$tmp/log" || echo "found") the division by zero"
