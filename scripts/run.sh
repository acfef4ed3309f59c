#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh TOPO VARIANT: the main job. Boot the topology, show its
# capacities and sched domains, check them, and show the KUnit summary.

. "$(dirname "$0")/lib.sh"

topo=${1:-bl44}
variant=${2:-rework}
topo_file "$topo" >/dev/null
run=$OUT/runs/run-$topo-$variant
mkdir -p "$run"
printf '60 info /bin/lbguest info\n' >"$run/run.list"

stage "boot $topo ($variant)" "$LB_ROOT/scripts/boot.sh" "run-$topo-$variant" \
	"$topo" "$variant" "$run/run.list"
echo
rc=0
"$LB_ROOT/scripts/guest-report.sh" "$topo" "$run/console.log" || rc=1
if [ "$variant" = rework ]; then
	"$LB_ROOT/scripts/kunit-summary.sh" "$run/console.log" || rc=1
fi
echo "console log: $run/console.log"
exit $rc
