#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The plugin's exact counts reach the report. exact-merge.awk joins the
# K-th window of a boot to its K-th run, by domain level (a search over
# a CPU count that is no level's is left out), counts the window of a
# run that lbwork dropped ("@dropped"), and refuses, changing nothing,
# when windows and runs do not pair up. lbana then judges the
# cost from the exact counts, not from the clock: here the clock says the
# rework is cheaper at level 1 and the exact counts say it is dearer, so
# the cost target must be missed, and the whole-machine cost table must
# carry the exact figures.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lbana=$tmp/lbana
gcc -O2 -Wall -Wextra -Werror -o "$lbana" "$root"/lab/*.c -lm || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }

cost() { # ARM REP L1_NS
	echo "@run scenario=cost-sym8 arm=$1 rep=$2 topo=sym8 ncpus=8"
	echo "@cost tasks=8 hogs=8 clock=icount lbc_passes=10 fbg_busy_l0_ns_per_call=8000 fbg_busy_l1_ns_per_call=$3 fbg_busy_ns_per_call=8000"
}
{
	cost rework 1 9600
	cost stock 1 12000
	cost rework 2 9600
	cost stock 2 12000
} >"$tmp/results"
for k in 1 2 3 4; do
	l1=$((k % 2 ? 1400 : 1300))
	echo "window $k periodic cpus 4 searches 10 insns 10000"
	echo "window $k periodic cpus 8 searches 4 insns $((4 * l1))"
	echo "window $k periodic cpus 3 searches 1 insns 999"
	echo "window $k newidle cpus 4 searches 2 insns 3000"
done >"$tmp/windows"
awk -v windows="$tmp/windows" -v spans="4 8" -f "$root/scripts/lab/exact-merge.awk" \
	"$tmp/results" >"$tmp/joined" || bad "exact-merge.awk failed on matching windows"
grep -q '^@cost .* exact_periodic_l0=1000.0 exact_periodic_l0_n=10 exact_periodic_l1=1400.0 exact_periodic_l1_n=4 exact_newidle_l0=1500.0 exact_newidle_l0_n=2$' \
	<(sed -n 2p "$tmp/joined") || bad "window 1 not joined to run 1: $(sed -n 2p "$tmp/joined")"
grep -q 'exact_periodic_l1=1300.0' <(sed -n 4p "$tmp/joined") ||
	bad "window 2 not joined to run 2: $(sed -n 4p "$tmp/joined")"
grep -q '=999' "$tmp/joined" && bad "a search over 3 CPUs, no level's count, was joined"

echo "window 5 periodic cpus 4 searches 1 insns 1" >>"$tmp/windows"
if awk -v windows="$tmp/windows" -v spans="4 8" -f "$root/scripts/lab/exact-merge.awk" \
	"$tmp/results" >"$tmp/out" 2>"$tmp/err"; then
	bad "5 windows for 4 runs were joined"
fi
grep -q "5 windows of exact counts for 4 runs" "$tmp/err" || bad "no message for 5 windows, 4 runs: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && bad "a refused join still wrote results"

# A run that lbwork dropped and ran again had a window of its own.
sed '4a @dropped scenario=cost-sym8 arm=stock rep=2' "$tmp/results" >"$tmp/dropped"
awk -v windows="$tmp/windows" -v spans="4 8" -f "$root/scripts/lab/exact-merge.awk" \
	"$tmp/dropped" >"$tmp/out" || bad "exact-merge.awk refused a dropped run's window"
grep -q 'exact_periodic_l1=1300.0' <(sed -n 7p "$tmp/out") ||
	bad "window 4 not joined to the run after the dropped one: $(sed -n 7p "$tmp/out")"
grep -q ' exact_periodic_l0=1.0 exact_periodic_l0_n=1$' <(sed -n 9p "$tmp/out") ||
	bad "window 5 not joined to the last run: $(sed -n 9p "$tmp/out")"

# The report: lbana reads "@cost" fields as a run's fields.
sed -n 's/^@cost //p' "$tmp/joined" | paste -d' ' <(sed -n 's/^@run //p' "$tmp/joined") - |
	sed 's/$/ valid=1 wasted_pct=0/' >"$tmp/metrics"
echo "cost-sym8 cost-sym8.scen 1000 2" >"$tmp/runs"
: >"$tmp/expect"
"$lbana" report "$tmp/metrics" --runs "$tmp/runs" --expect "$tmp/expect" \
	--data "$tmp/data" --icount-ns 8 >"$tmp/report" 2>&1
grep -q '^cost,cost-sym8,missed,"instructions L0 1000 vs 1000, L1 1400 vs 1300"' "$tmp/data/verdicts.csv" ||
	bad "cost not judged from the exact counts: $(grep cost "$tmp/data/verdicts.csv")"
grep -q '^8,1300,1400,1.08' "$tmp/data/cost.csv" ||
	bad "the cost table lacks the exact figures: $(cat "$tmp/data/cost.csv")"
grep -q 'insn_busy_l1' "$tmp/data/metrics.csv" && bad "the clock's per-level figures stand beside the exact ones"
[ "$fail" -eq 0 ] && echo "exact-counts: ok"
exit "$fail"
