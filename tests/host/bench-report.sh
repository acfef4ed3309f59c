#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The benchmarks' host side without a guest: a bad benchmark file is
# refused with its file and line before anything boots, and
# lbana bench turns lbbench's lines into ratios, 95 % intervals and
# verdicts that follow the benchmark's direction.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
lbana=$tmp/lbana
gcc -O2 -Wall -Wextra -Werror -o "$lbana" "$root"/lab/*.c -lm || exit 1

# refused NAME PATTERN: a file with that content is refused, saying PATTERN.
refused() {
	local out

	if out=$(OUT=$tmp/out "$root/scripts/lab/bench.sh" --check "$tmp/$1.bench" 2>&1); then
		bad "$1: accepted"
	elif ! grep -q -- "$2" <<<"$out"; then
		bad "$1: no '$2' in: $out"
	fi
}
printf 'topology nope\nreps 3\n' >"$tmp/topo.bench"
refused topo "topo.bench:1: unknown topology \"nope\""
printf 'topology smt2numa\nreps 3\nbench a sideways after:x /bin/true\n' >"$tmp/dir.bench"
refused dir "dir.bench:3: \"sideways\" is neither lower nor higher"
printf 'topology smt2numa\nreps 3\nbench a lower within:x /bin/true\n' >"$tmp/pick.bench"
refused pick "pick.bench:3: \"within:x\" is neither"
printf 'topology smt2numa\nreps 3\nbench a lower after:x /no/such/program\n' >"$tmp/prog.bench"
refused prog "/no/such/program is not installed"
OUT=$tmp/out "$root/scripts/lab/bench.sh" --check || bad "benchmarks/*.bench refused"

# Two benchmarks: "fast" (lower is better) where the rework takes 0.8
# of stock's time, "flat" (higher is better) where both arms are alike.
{
	for r in 1 2 3 4 5; do
		echo "@bench name=fast arm=stock rep=$r value=1.0$r secs=1"
		echo "@bench name=fast arm=rework rep=$r value=0.8$r secs=1"
		echo "@bench name=flat arm=stock rep=$r value=10$r secs=1"
		echo "@bench name=flat arm=rework rep=$r value=10$((6 - r)) secs=1"
	done
	echo "console noise"
} >"$tmp/console.log"
printf 'fast lower t.bench\nflat higher t.bench\n' >"$tmp/list"
"$lbana" bench "$tmp/console.log" --list "$tmp/list" --csv "$tmp/b.csv" \
	--accel "x86_64 TCG" --topo smt2numa || bad "lbana bench exited $?"
awk -v csv="$tmp/b.csv" -f "$root/scripts/lab/csv.awk" \
	-f "$root/scripts/lab/bench-report.awk" >"$tmp/table" || bad "bench-report.awk exited $?"
grep -q '^fast,smt2numa,lower,"x86_64 TCG",1.03,.*,0.8[0-9]*,.*,better$' "$tmp/b.csv" ||
	bad "fast is not better at about 0.8: $(cat "$tmp/b.csv")"
grep -q '^flat,smt2numa,higher,.*,1.0000,.*,same$' "$tmp/b.csv" ||
	bad "flat is not the same at 1.00: $(cat "$tmp/b.csv")"
grep -q '^| fast | lower | 1.03 ± 0.016 | 0.83 ± 0.016 | 0.806 |' "$tmp/table" ||
	bad "the table's fast row: $(cat "$tmp/table")"
# A benchmark without an arm's values fails the report.
printf 'fast lower t.bench\nmissing lower t.bench\n' >"$tmp/list2"
if "$lbana" bench "$tmp/console.log" --list "$tmp/list2" --csv "$tmp/b2.csv" \
	--accel x >/dev/null; then
	bad "a benchmark without results passed"
fi
grep -q '^missing,.*,no result$' "$tmp/b2.csv" ||
	bad "the benchmark without results is not in the CSV: $(cat "$tmp/b2.csv")"
[ "$fail" -eq 0 ] && echo "ok: benchmark files checked, ratios and verdicts"
exit "$fail"
