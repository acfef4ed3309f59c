#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A bad scenario file is an error that names the file and line and says
# what was expected, and the lab boots nothing: a malformed line, a CPU
# the topology lacks, an unknown metric, an unknown topology (which lists
# the known ones), an unknown task key.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect NAME MESSAGE-REGEX LINES...: the file of LINES must be refused.
expect() {
	local name=$1 want=$2 out rc
	shift 2
	printf '%s\n' "$@" >"$tmp/$name.scen"
	out=$(OUT=$tmp/out LAB_OUT=$tmp/lab REPORT=$tmp/report \
		"$root/scripts/lab/lab.sh" "$tmp/$name.scen" 2>&1)
	rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "FAIL: $name: accepted"; fail=1
	elif ! grep -Eq "$want" <<<"$out"; then
		echo "FAIL: $name: no '$want' in:"; echo "$out"; fail=1
	elif grep -q '== lab on' <<<"$out"; then
		echo "FAIL: $name: a guest was booted"; fail=1
	else
		echo "ok: $name: $(grep -E "$want" <<<"$out" | head -n 1)"
	fi
}

expect malformed "malformed.scen:3: expected 'expect METRIC OP VALUE'" \
	'topology bl44' 'task hog count=8' 'expect wasted_pct <='
expect no-cpu "no-cpu.scen:3: CPU 9 is not in topology bl44 \(CPUs 0-7\)" \
	'topology bl44' 'release 100' 'task hog count=2 place=0,9'
expect metric "metric.scen:3: unknown metric 'wasted'" \
	'topology bl44' 'task hog count=8' 'expect wasted <= 1'
expect topo "topo.scen:2: unknown topology 'bl99'" \
	'reps 1' 'topology bl99' 'task hog'
expect topo-list '^  sym32$' 'topology bl99' 'task hog'
expect key "key.scen:2: unknown task key 'cuont'" \
	'topology bl44' 'task hog cuont=3'
expect value "value.scen:1: duration is 100 to 600000 ms, got '3s'" \
	'duration 3s' 'topology bl44' 'task hog'
# A good file passes the same check (so the test can tell them apart).
if ! "$tmp/out/lab/bin/lbwork" check "$root/scenarios/seed-5big.scen" \
     "$root/topologies" >/dev/null; then
	echo "FAIL: seed-5big.scen is refused"; fail=1
fi
exit $fail
