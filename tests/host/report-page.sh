#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The lab's report pipeline after the guests, on made-up runs: lbana's
# metric lines through "lbana report" (statistics, verdicts, CSV),
# lab-report.awk (the table) and lab-html.awk (the page), then the page
# in a headless browser. Asserts
# that the page's answer and numbers are the CSV's, that a label holding
# a comma survives the CSV, and that a run worse than stock is answered
# "not everywhere".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "$tmp"
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
lbana=$tmp/lbana
gcc -O2 -Wall -Wextra -Werror -o "$lbana" "$root"/lab/*.c -lm || exit 1

# run SCENARIO ARM REP WASTED ETA: one metric line as lbana prints it.
run() {
	echo "scenario=$1 arm=$2 rep=$3 valid=1 ncpus=8 wasted_pct=$4" \
	     "misplaced_pct=0.00 eta=$5 jain=0.990 t_bal_ms=40 migr_rate=0.010" \
	     "pingpong=0 misfit_ms=- moves=1 lb_busy=10 lb_idle=2 lb_newidle=1" \
	     "msgs_per_s=0 tasks=8 hogs=8 clock=real"
}

# page NAME EXPECT: the report of $tmp/NAME.metrics in $tmp/NAME/, with
# one expectation of seed-a's wasted time.
page() {
	local d=$tmp/$1 s

	mkdir -p "$d/svg"
	: >"$tmp/$1.runs"
	for s in $(sed 's/^scenario=\([^ ]*\) .*/\1/' "$tmp/$1.metrics" | sort -u); do
		echo "$s $s.scen 3000" >>"$tmp/$1.runs"
		for arm in stock rework; do
			printf '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><rect width="90" height="20" fill="#4a4"/></svg>\n' \
				>"$d/svg/$s-$arm-1.svg"
		done
	done
	echo "seed-a wasted_pct $2" >"$tmp/$1.expect"
	"$lbana" report "$tmp/$1.metrics" --runs "$tmp/$1.runs" \
		--expect "$tmp/$1.expect" --data "$d/data" --icount-ns 8 >"$tmp/$1.term"
	echo $? >"$tmp/$1.rc"
	awk -v runs="$tmp/$1.runs" -v dir="$d" -f "$root/scripts/lab/csv.awk" \
		-f "$root/scripts/lab/lab-report.awk" >>"$tmp/$1.term" ||
		bad "$1: lab-report.awk exited $?"
	awk -v dir="$d" -v runs="$tmp/$1.runs" -v meta="made-up runs" \
		-f "$root/scripts/lab/csv.awk" -f "$root/scripts/lab/lab-html.awk" >"$d/index.html" ||
		bad "$1: lab-html.awk exited $?"
}

# Everywhere as good as stock: the answer is "yes".
{
	run seed-a stock 1 1.50 0.990; run seed-a stock 2 1.70 0.992
	run seed-a rework 1 0.00 0.999; run seed-a rework 2 0.00 0.998
	run hogs-b stock 1 0.10 0.990; run hogs-b stock 2 0.10 0.990
	run hogs-b rework 1 0.10 0.990; run hogs-b rework 2 0.10 0.990
} >"$tmp/good.metrics"
page good "<= stock+1"
grep -q '^answer,yes$' "$tmp/good/data/summary.csv" ||
	bad "good: summary.csv does not answer yes: $(cat "$tmp/good/data/summary.csv")"
grep -q '<p class="big good">Yes.</p>' "$tmp/good/index.html" ||
	bad "good: the page does not answer Yes"
grep -q 'better than stock? yes:' "$tmp/good.term" ||
	bad "good: the terminal does not answer yes"
# seed-a: stock 1.60 ± 0.14, rework 0.00 ± 0.00 on the page and in the CSV.
grep -q 'wasted 1.60 ± 0.14 % stock, 0.00 ± 0.00 % rework' "$tmp/good/index.html" ||
	bad "good: seed-a's wasted time is not on the page"
grep -q '^seed-a,wasted_pct,"wasted %",1.6,0.141421356237,2,0,0,0,2,0,0.00,0$' \
	"$tmp/good/data/metrics.csv" || bad "good: seed-a's wasted row in metrics.csv:
$(grep '^seed-a,wasted_pct' "$tmp/good/data/metrics.csv")"
grep -q '^seed-a,wasted_pct,better,' "$tmp/good/data/compare.csv" ||
	bad "good: seed-a is not better in compare.csv"
grep -q "<td>migrations at most stock's + 10%, unless fairness improves</td>" \
	"$tmp/good/index.html" || bad "good: a label with a comma was cut"
"$root/tests/host/report-in-browser.sh" "$tmp/good" >"$tmp/good.browser" ||
	{ bad "good: the page fails in the browser:"; cat "$tmp/good.browser"; }

# The rework wastes more than stock beyond the noise: "not everywhere".
{
	run seed-a stock 1 0.00 0.999; run seed-a stock 2 0.00 0.999
	run seed-a rework 1 2.00 0.970; run seed-a rework 2 2.10 0.971
} >"$tmp/worse.metrics"
cp "$tmp/worse.metrics" "$tmp/failed.metrics"
page worse "<= stock+5"
grep -q '^answer,"not everywhere"$' "$tmp/worse/data/summary.csv" ||
	bad "worse: summary.csv: $(cat "$tmp/worse/data/summary.csv")"
grep -q '<p class="big warn">Not everywhere.</p>' "$tmp/worse/index.html" ||
	bad "worse: the page does not answer Not everywhere"
grep -q '^wasted,seed-a,missed,' "$tmp/worse/data/verdicts.csv" ||
	bad "worse: seed-a's wasted time is not missed in verdicts.csv"
grep -q 'href="#s-seed-a">seed-a</a>: wasted' "$tmp/worse/index.html" ||
	bad "worse: the page does not list seed-a as missed"

# An expectation fails: "no", and lbana report exits 1.
page failed "<= stock+1"
grep -q '^answer,no$' "$tmp/failed/data/summary.csv" ||
	bad "failed: summary.csv: $(cat "$tmp/failed/data/summary.csv")"
grep -q '<p class="big bad">No.</p>' "$tmp/failed/index.html" ||
	bad "failed: the page does not answer No"
[ "$(cat "$tmp/failed.rc")" = 1 ] || bad "failed: lbana report exited $(cat "$tmp/failed.rc")"
[ "$(cat "$tmp/good.rc")" = 0 ] || bad "good: lbana report exited $(cat "$tmp/good.rc")"

[ "$fail" -eq 0 ] && echo "ok: report pipeline, CSV and page agree"
exit "$fail"
