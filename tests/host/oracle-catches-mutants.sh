#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The differential oracle can fail: each mutant below changes one rule
# of the engine (a copy of kernel/sched/fair_lb.c and lb_rules.h), and the
# oracle must reject every one of them, while it accepts the engine as
# it is. A mutant that the oracle accepts is a hole in the generator or
# the model.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# build DIR: the oracle against the engine files in DIR.
build() {
	gcc -O2 -w -I "$root/tools/testing/sched_lb/include" \
		-I "$root/include" -I "$1" -I "$root/kernel/sched" \
		-o "$1/oracle" "$root/tools/testing/sched_lb/oracle.c" \
		"$1/fair_lb.c"
}

mkdir -p "$tmp/orig"
cp "$root/kernel/sched/fair_lb.c" "$root/kernel/sched/lb_rules.h" \
	"$root/kernel/sched/lb_stats.h" "$tmp/orig/"
build "$tmp/orig" || exit 1
"$tmp/orig/oracle" -n 100000 >"$tmp/orig.out" ||
	{ cat "$tmp/orig.out"; echo "FAIL: the oracle rejects the engine"; exit 1; }
echo "ok: the engine passes ($(sed -n 2p "$tmp/orig.out" | sed 's/^ *//'))"

# FILE @@ OLD @@ NEW @@ what the mutant does; OLD and NEW are literal
# text, with \n and \t.
mutants='lb_rules.h @@ #define LB_CAPACITY_MARGIN\t1078 @@ #define LB_CAPACITY_MARGIN\t1100 @@ capacity margin 7% instead of 5%
lb_rules.h @@ if (g->nr_running <= g->weight)\n\t\treturn false;\n\treturn lb_short @@ if (g->nr_running < g->weight)\n\t\treturn false;\n\treturn lb_short @@ overloaded at as many tasks as CPUs
lb_rules.h @@ return lb_sat_mul(g->util, pct) < lb_sat_mul(g->capacity, 100); @@ return lb_sat_mul(g->util, pct) <= lb_sat_mul(g->capacity, 100); @@ has_spare at the threshold
lb_rules.h @@ return cand->misfit_load > cur->misfit_load; @@ return cand->misfit_load >= cur->misfit_load; @@ the last of equal misfits wins
lb_rules.h @@ cand->cfs_running > 1; @@ cand->cfs_running > 2; @@ SMT group with two tasks loses
lb_rules.h @@ return cand->nr_pref_llc > cur->nr_pref_llc; @@ return cand->nr_pref_llc < cur->nr_pref_llc; @@ fewest LLC-preferring tasks win
fair_lb.c @@ if (busiest->weight > 1 && idle <= busiest->idle_cpus + 1) @@ if (busiest->weight > 1 && idle <= busiest->idle_cpus + 2) @@ idle gap of 2 is even
fair_lb.c @@ gap = 2; @@ gap = 4; @@ empty local group asks for 4
fair_lb.c @@ gap <= LB_NUMA_IMBALANCE_MIN) @@ gap < LB_NUMA_IMBALANCE_MIN) @@ NUMA keeps a gap of 1 only
fair_lb.c @@ migrate(LB_MIGRATE_TASK, busiest->cfs_running, @@ migrate(LB_MIGRATE_TASK, busiest->nr_running, @@ asym_packing counts every task
fair_lb.c @@ \tif (spare)\n\t\treturn migrate(LB_MIGRATE_UTIL @@ \tif (spare > 2048)\n\t\treturn migrate(LB_MIGRATE_UTIL @@ small spare utilization left unfilled
fair_lb.c @@ lb_sat_mul(ba, 100) <= lb_sat_mul(la, sd->imbalance_pct)) @@ lb_sat_mul(ba, 100) <= lb_sat_mul(la, 100)) @@ overloaded groups within imbalance_pct still balanced
fair_lb.c @@ \tif (sd->energy_aware)\n\t\t*d = balanced(LB_R_ENERGY_AWARE);\n @@  @@ asym_packing ignores EAS
fair_lb.c @@ min(excess, room) @@ max(excess, room) @@ load moved beyond the average'

# mutate FILE OLD NEW: replace the one occurrence of OLD.
mutate() {
	python3 -c '
import sys, codecs
f, old, new = sys.argv[1], *(codecs.decode(a, "unicode_escape") for a in sys.argv[2:])
s = open(f).read()
if s.count(old) != 1:
	sys.exit(1)
open(f, "w").write(s.replace(old, new))' "$@"
}

n=0 caught=0
while read -r line; do
	n=$((n + 1))
	file=${line%% @@ *}; rest=${line#* @@ }
	old=${rest%% @@ *}; rest=${rest#* @@ }
	new=${rest%% @@ *}; what=${rest#* @@ }
	d=$tmp/m$n
	mkdir -p "$d"
	cp "$tmp/orig/"*.[ch] "$d/"
	if ! mutate "$d/$file" "$old" "$new"; then
		echo "FAIL: mutant $n ($what) does not apply to $file"
		continue
	fi
	build "$d" || { echo "FAIL: mutant $n ($what) does not build"; continue; }
	if "$d/oracle" -n 100000 >"$d/out"; then
		echo "FAIL: mutant $n survives: $what"
	else
		caught=$((caught + 1))
		echo "ok: mutant $n caught: $what ($(sed -n 2p "$d/out" | sed 's/^ *//'))"
	fi
done <<<"$mutants"
echo "$caught of $n mutants caught"
[ "$caught" -eq "$n" ]
