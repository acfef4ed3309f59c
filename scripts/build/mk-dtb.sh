#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mk-dtb.sh TOPO: make $OUT/topo/TOPO.dtb from QEMU's own device tree.
#
# QEMU dumps the tree it would generate for the topology's -smp layout;
# fdtput then writes capacity-dmips-mhz on every cpu node and, for
# "caches = cluster", adds one L2 cache node per cluster as each CPU's
# next-level-cache. No device tree source is written by hand.

. "$(dirname "$0")/../lib.sh"

topo=${1:?usage: mk-dtb.sh TOPO}
tf=$(topo_file "$topo")
smp=$(topo_get "$tf" smp)
caps=($(topo_get "$tf" capacity))
caches=$(topo_get "$tf" caches)
mem=$(topo_get "$tf" mem)
mem=${mem:-512}
ncpu=${smp%%,*}
dtb=$OUT/topo/$topo.dtb
mkdir -p "$OUT/topo"

[ "${#caps[@]}" = "$ncpu" ] ||
	die "$tf: capacity lists ${#caps[@]} CPUs but smp = $smp has $ncpu"

stamp=$(cat "$tf" "$0" | sha1sum | cut -c1-16)
if [ -f "$dtb" ] && [ "$(cat "$dtb.stamp" 2>/dev/null)" = "$stamp" ]; then
	echo "$dtb"
	exit 0
fi

qemu-system-aarch64 -M virt,gic-version=3 -cpu max,pauth-impdef=on \
	-smp "$smp" -m "$mem" -nodefaults -display none \
	-M dumpdtb="$dtb.raw" >"$dtb.log" 2>&1 || { cat "$dtb.log" >&2; exit 1; }
# The dump is padded to 1 MiB and does not boot as it is; dtc packs it.
dtc -q -I dtb -O dtb -o "$dtb.tmp" "$dtb.raw"
rm -f "$dtb.raw"

for ((c = 0; c < ncpu; c++)); do
	fdtput -t u "$dtb.tmp" "/cpus/cpu@$c" capacity-dmips-mhz "${caps[$c]}"
done

if [ "$caches" = cluster ]; then
	per=$(sed -n 's/.*cores=\([0-9]*\).*/\1/p' <<<"$smp")
	[ -n "$per" ] || die "$tf: caches = cluster needs cores= in smp"
	for ((c = 0; c < ncpu; c++)); do
		cl=$((c / per))
		node=/cpus/l2-cache$cl
		if ! fdtget "$dtb.tmp" "$node" phandle >/dev/null 2>&1; then
			fdtput -c "$dtb.tmp" "$node"
			fdtput -t s "$dtb.tmp" "$node" compatible cache
			fdtput -t u "$dtb.tmp" "$node" cache-level 2
			fdtput -t s "$dtb.tmp" "$node" cache-unified ""
			fdtput -t u "$dtb.tmp" "$node" phandle $((0x4000 + cl))
		fi
		fdtput -t u "$dtb.tmp" "/cpus/cpu@$c" next-level-cache $((0x4000 + cl))
	done
elif [ "$caches" != none ]; then
	die "$tf: caches must be none or cluster, not '$caches'"
fi

mv "$dtb.tmp" "$dtb"
echo "$stamp" >"$dtb.stamp"
echo "$dtb"
