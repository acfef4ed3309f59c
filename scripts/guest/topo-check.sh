#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# topo-check.sh [VARIANT]: boot every topology and check its capacities
# and CPU 0's sched domains against the topology file.

. "$(dirname "$0")/../lib.sh"

variant=${1:-rework}
list=$OUT/runs/topo-check.run
mkdir -p "$OUT/runs"
printf '60 info /bin/lbguest info\n' >"$list"
bad=0
for topo in $(known_topos); do
	if ! topo_kernel "$topo" "$variant"; then
		bad=1
		continue
	fi
	if stage "boot $topo ($variant)" "$LB_ROOT/scripts/guest/boot.sh" \
		"topo-$topo" "$topo" "$variant" "$list" kunit.enable=0 &&
	   "$LB_ROOT/scripts/guest/guest-report.sh" "$topo" \
		"$OUT/runs/topo-$topo/console.log"; then
		:
	else
		bad=1
	fi
done
exit $bad
