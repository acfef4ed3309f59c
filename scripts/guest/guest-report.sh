#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-report.sh TOPO LOG: show what "lbguest info" printed in LOG, the
# capacities grouped and CPU 0's domains, then check them against TOPO.

. "$(dirname "$0")/../lib.sh"

topo=${1:?usage: guest-report.sh TOPO LOG}
log=${2:?}
tf=$(topo_file "$topo")
ncpu=$(grep -c '^@cap ' "$log" || true)

echo "topology $topo: $ncpu CPUs (-smp $(topo_get "$tf" smp))"
printf '  capacity  '
awk '$1 == "@cap" {
	if ($3 != cap) { if (n) out(); first = $2; cap = $3 }
	last = $2; n++
}
function out() { printf "cpu%s: %s   ", (first == last ? first : first "-" last), cap }
END { if (n) out(); print "" }' "$log"
awk '$1 == "@dom" && $2 == 0 {
	flags = ""
	for (i = 6; i <= NF; i++)
		if ($i !~ /^SD_(BALANCE_|WAKE_AFFINE)/)
			flags = flags (flags ? " " : "") $i
	printf "  %-9s %-4s %-6s %s\n", (NR_seen++ ? "" : "domains"), $4, $5, flags
}' "$log"
if "$LB_ROOT/scripts/guest/topo-compare.sh" "$topo" "$log"; then
	echo "  topology check: ok"
else
	echo "  topology check: FAILED"
	exit 1
fi
