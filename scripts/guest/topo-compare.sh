#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# topo-compare.sh TOPO LOG: compare the capacities and CPU 0's sched domains
# that "lbguest info" printed in LOG with what the topology file promises.
# Prints one line per mismatch and fails if there is any.

. "$(dirname "$0")/../lib.sh"

topo=${1:?usage: topo-compare.sh TOPO LOG}
log=${2:?}
tf=$(topo_file "$topo")
caps=($(topo_get "$tf" capacity))
bad=0

for ((c = 0; c < ${#caps[@]}; c++)); do
	got=$(awk -v c="$c" '$1 == "@cap" && $2 == c { print $3 }' "$log")
	if [ "$got" != "${caps[$c]}" ]; then
		echo "  $topo: cpu$c capacity is '${got:-missing}', expected ${caps[$c]}"
		bad=1
	fi
done
extra=$(awk -v n="${#caps[@]}" '$1 == "@cap" && $2 >= n' "$log")
[ -z "$extra" ] || { echo "  $topo: more CPUs than expected: $extra"; bad=1; }

level=0
for want in $(topo_get "$tf" domains); do
	IFS=: read -r wname wspan wflags <<<"$want"
	line=$(awk -v l="$level" '$1 == "@dom" && $2 == 0 && $3 == l' "$log")
	read -r _ _ _ gname gspan gflags <<<"$line"
	if [ "$gname" != "$wname" ] || [ "$gspan" != "$wspan" ]; then
		echo "  $topo: cpu0 domain$level is '${gname:-none} ${gspan:-}'," \
		     "expected '$wname $wspan'"
		bad=1
	fi
	for f in ${wflags//,/ }; do
		case $f in
		!*) grep -qw -- "${f#!}" <<<"$gflags" || continue
		    echo "  $topo: cpu0 $wname has ${f#!}, expected it clear" ;;
		*) ! grep -qw -- "$f" <<<"$gflags" || continue
		   echo "  $topo: cpu0 $wname lacks $f" ;;
		esac
		bad=1
	done
	level=$((level + 1))
done
line=$(awk -v l="$level" '$1 == "@dom" && $2 == 0 && $3 == l' "$log")
[ -z "$line" ] || { echo "  $topo: unexpected extra domain: $line"; bad=1; }
exit $bad
