#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stress.sh [TOPO...]: faults under load, "make stress". Builds the
# rework kernel and the kselftests, then runs the kselftest lb_faults as
# a soak (tests/guest/stress.run) in a guest of each TOPO (default bl44
# and bl88): with CPU hogs and pipe messaging running, 100 CPU hotplug
# cycles (every other one a whole cluster), 100 cpuset partition cycles
# (root and isolated in turn) and 1,000 flips of the switch; after every
# step the hogs must be one per CPU again within 200 ms, and at the end
# every task alive and run. A splat, a failed test or a hung guest fails
# it (see boot.sh). make check runs the test's default (10 cycles, 100
# flips) with the other kselftests. Under TCG on 2 host cores bl44 takes
# about 3 minutes, bl88 about 20 (a hotplug cycle there takes 8 s).
# STRESS_ARM=stock runs the hotplug and cpuset steps on stock's arm of
# the same kernel (LB_FAULT_ARM=stock), to compare a miss of the bound.

. "$(dirname "$0")/../lib.sh"

if [ $# -gt 0 ]; then
	topos=("$@")
else
	topos=(bl44 bl88)
fi

list=$LB_ROOT/tests/guest/stress.run
case ${STRESS_ARM:-rework} in
rework) ;;
stock)
	mkdir -p "$OUT/check"
	sed 's|^\([0-9]* lb_faults \)|\1LB_FAULT_ARM=stock |' "$list" >"$OUT/check/stress-stock.run"
	list=$OUT/check/stress-stock.run
	;;
*) die "STRESS_ARM='$STRESS_ARM': known values are rework and stock" ;;
esac

ok=0
for t in "${topos[@]}"; do
	set_guest_arch "$(topo_arch "$(topo_file "$t")")"
	stage "build rework kernel ($GUEST_ARCH)" \
		"$LB_ROOT/scripts/build/build-kernel.sh" rework
	stage "kselftest programs ($GUEST_ARCH)" "$LB_ROOT/scripts/guest/kselftest.sh"
	KSELFTEST_LIST=$list GUEST_TIMEOUT=1900 \
		stage "lb_faults on $t" "$LB_ROOT/scripts/guest/kselftest-run.sh" "$t" &&
		ok=$((ok + 1))
	grep -a -E '^# .*(hotplug cycles|partition cycles|flips of|slowest return|steps: half |:[0-9]* ms$)' \
		"$OUT/runs/kselftest-$t-$(basename "$list" .run)/console.log" 2>/dev/null |
		sed 's/^/   /'
done
echo "stress: $ok of ${#topos[@]} guests clean (no splat, every step balanced)"
[ "$ok" -eq "${#topos[@]}" ]
