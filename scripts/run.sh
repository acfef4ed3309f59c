#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh TOPO VARIANT: the main job. Boot the topology, show its
# capacities and sched domains, check them, show the KUnit summary, and
# on bl44 run the seed's example: 8 CPU hogs released from 5 on big + 3
# on LITTLE and from the mirror placement, and 4 hogs released from the
# LITTLE CPUs while 2 stay pinned to big CPU 0, alternating the rework
# and stock balancers in the same boot (REPS times each, default 3).

. "$(dirname "$0")/lib.sh"

topo=${1:-bl44}
variant=${2:-rework}
topo_file "$topo" >/dev/null
run=$OUT/runs/run-$topo-$variant
mkdir -p "$run"
reps=${REPS:-3}
{
	printf '60 info /bin/lbguest info\n'
	if [ "$topo" = bl44 ] && [ "$reps" -gt 0 ]; then
		printf '%d seed /bin/lbguest release 0,1,2,3,0,4,5,6 %d 300 6000\n' \
			$((reps * 14 + 30)) "$reps"
		printf '%d seed-mirror /bin/lbguest release 4,5,6,7,4,0,1,2 %d 300 6000\n' \
			$((reps * 14 + 30)) "$reps"
		# Two hogs pinned to CPU 0 for good mark the big cluster
		# "imbalanced"; stock then keeps the other big CPUs from
		# pulling the hogs off the LITTLE ones.
		printf '%d pinned-pair /bin/lbguest release 0p,0p,4,5,6,7 %d 300 3000\n' \
			$((reps * 8 + 30)) "$reps"
	fi
} >"$run/run.list"

stage "boot $topo ($variant)" "$LB_ROOT/scripts/boot.sh" "run-$topo-$variant" \
	"$topo" "$variant" "$run/run.list"
echo
rc=0
"$LB_ROOT/scripts/guest-report.sh" "$topo" "$run/console.log" || rc=1
if [ "$variant" = rework ]; then
	"$LB_ROOT/scripts/kunit-summary.sh" "$run/console.log" || rc=1
fi
if [ "$topo" = bl44 ] && [ "$reps" -gt 0 ]; then
	echo
	"$LB_ROOT/scripts/release-report.sh" "$run/console.log" || rc=1
fi
echo "console log: $run/console.log"
exit $rc
