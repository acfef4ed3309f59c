#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# debug-check.sh [TOPO...]: the rework under the kernel's runtime checkers.
# Builds the debug kernel (configs/debug.config: lockdep with PROVE_RCU,
# DEBUG_ATOMIC_SLEEP, DEBUG_PREEMPT, generic KASAN, UBSAN, DEBUG_LIST) in
# $OUT/build/debug, boots bl44 with the KUnit suite, then runs the
# kselftests (both arms, the switch flipped, pinned, misfit and spread
# loads, the counters and the trace) in a guest of each TOPO (default
# bl44 and bl88). Any splat, a failed test or a hung guest fails it (see
# boot.sh); the last line says how many guests ran clean.

. "$(dirname "$0")/../lib.sh"

if [ $# -gt 0 ]; then
	topos=("$@")
else
	topos=(bl44 bl88)
fi

stage "build debug kernel" "$LB_ROOT/scripts/build/build-kernel.sh" debug
stage "kselftest programs" "$LB_ROOT/scripts/guest/kselftest.sh"

info=$OUT/check/info.run
mkdir -p "$(dirname "$info")"
printf '60 info /bin/lbguest info\n' >"$info"
ok=0 n=1
if GUEST_TIMEOUT=600 stage "debug kernel: KUnit on bl44" \
	"$LB_ROOT/scripts/guest/boot.sh" debug-kunit bl44 debug "$info"; then
	"$LB_ROOT/scripts/guest/kunit-summary.sh" "$OUT/runs/debug-kunit/console.log" | tail -n 1
	ok=$((ok + 1))
fi
for t in "${topos[@]}"; do
	n=$((n + 1))
	VARIANT=debug GUEST_TIMEOUT=900 stage "debug kernel: kselftests on $t" \
		"$LB_ROOT/scripts/guest/kselftest-run.sh" "$t" && ok=$((ok + 1))
done
echo "debug kernel: $ok of $n guests clean (no splat, every test passed)"
[ "$ok" -eq "$n" ]
