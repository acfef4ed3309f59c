#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An "expect" line is judged over the repetitions: a rework mean above
# stock's by less than the noise is no miss (0.03 +- 0.02 against
# 0.01 +- 0.02 over 3 runs, the 7.3 seed-5little case), while a clear
# excess (5.0 +- 0.1 against 1.0 +- 0.1) and an excess without spread
# are. Against stock, an excess below the lab's resolution (lbs_small() of lab/lbstat.c:
# 0.1 point) is no miss even without spread: two steady arms 0.01 point
# apart are the same. An absolute mark is judged on the rework's runs
# alone.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lbana=$tmp/lbana
gcc -O2 -Wall -Wextra -Werror -o "$lbana" "$root"/lab/*.c -lm || exit 1

run() {
	local name=$1 rework=$2 stock=$3 expect=$4 v
	: >"$tmp/m"
	for v in $rework; do
		echo "scenario=$name arm=rework valid=1 wasted_pct=$v" >>"$tmp/m"
	done
	for v in $stock; do
		echo "scenario=$name arm=stock valid=1 wasted_pct=$v" >>"$tmp/m"
	done
	echo "$name 1 3000" >"$tmp/runs"
	echo "$name $expect" >"$tmp/expect"
	mkdir -p "$tmp/r"
	"$lbana" report "$tmp/m" --runs "$tmp/runs" --expect "$tmp/expect" \
		--data "$tmp/r/data" >"$tmp/out" 2>&1
	rc=$?
	awk -v runs="$tmp/runs" -v dir="$tmp/r" -f "$root/scripts/lab/csv.awk" \
		-f "$root/scripts/lab/lab-report.awk" >>"$tmp/out" 2>&1
	return $rc
}

fail=0
# want NAME RC: the report of the last run exited RC.
want() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: exit $3, wanted $2"
		sed 's/^/  | /' "$tmp/out"
		fail=1
	else
		echo "ok: $1"
	fi
}

run noise "0.01 0.03 0.05" "0.00 0.01 0.03" "wasted_pct <= stock"; want noise-is-no-miss 0 $?
run clear "5.0 5.1 4.9" "1.0 1.1 0.9" "wasted_pct <= stock"; want clear-excess-misses 1 $?
grep -q "t = " "$tmp/out" || { echo "FAIL: the miss does not give its statistic"; fail=1; }
run flat "0.32 0.32 0.32" "0.01 0.01 0.01" "wasted_pct <= stock"; want excess-without-spread-misses 1 $?
run tiny "0.02 0.02 0.02" "0.01 0.01 0.01" "wasted_pct <= stock"; want excess-below-resolution-is-no-miss 0 $?
run tiny-plus "0.15 0.15 0.15" "0.00 0.00 0.00" "wasted_pct <= stock+0.1"; want margin-and-resolution-add 0 $?
run equal "0.00 0.00 0.00" "0.00 0.00 0.00" "wasted_pct <= stock"; want equal-is-met 0 $?
run abs-noise "1.9 2.1 2.3" "9 9 9" "wasted_pct <= 2"; want absolute-noise-is-no-miss 0 $?
run abs-clear "3.0 3.1 2.9" "9 9 9" "wasted_pct <= 2"; want absolute-excess-misses 1 $?
exit $fail
