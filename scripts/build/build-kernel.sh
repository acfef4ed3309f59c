#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh VARIANT: configure and build the kernel of one variant
# (rework or stock) for the guest architecture (GUEST_ARCH, default arm64:
# the Image in $OUT/build/VARIANT; x86_64: the bzImage in
# $OUT/build/VARIANT-x86_64).
#
# The config is tinyconfig plus configs/base.config,
# configs/arch-ARCH.config, configs/base-BASE.config and
# configs/VARIANT.config. It is regenerated only when a fragment or the
# tree's Kconfig changes, and every option a fragment asks for must survive
# olddefconfig: a silently dropped option fails the build.

. "$(dirname "$0")/../lib.sh"

variant=${1:?usage: build-kernel.sh VARIANT}
frag=$LB_ROOT/configs/$variant.config
[ -f "$frag" ] || die "unknown variant '$variant' (known: $(cd "$LB_ROOT/configs" && ls ./*.config | sed 's|./||;s|.config||' | grep -v 'base\|arch-' | tr '\n' ' '))"
O=$(build_dir "$variant")
mkdir -p "$O"

frags=("$LB_ROOT/configs/base.config" "$LB_ROOT/configs/arch-$GUEST_ARCH.config"
       "$LB_ROOT/configs/base-$LB_BASE.config" "$frag")
want=$(cat "${frags[@]}" | sha1sum | cut -c1-16)
want="$want-$(git -C "$LB_TREE" rev-parse HEAD:init/Kconfig | cut -c1-12)"
if [ "$(cat "$O/.lb-config-stamp" 2>/dev/null)" != "$want" ]; then
	kmake -s O="$O" tinyconfig >/dev/null
	"$LB_TREE/scripts/kconfig/merge_config.sh" -m -O "$O" "$O/.config" \
		"${frags[@]}" >"$O/merge.log"
	kmake -s O="$O" olddefconfig >/dev/null
	# Every "=y" and "=n" the fragments ask for must be in the result (the
	# last fragment to name a symbol wins, as in merge_config.sh).
	bad=0
	while read -r line; do
		sym=${line%%=*}
		val=${line#*=}
		if [ "$val" = n ]; then
			grep -q "^$sym=" "$O/.config" || continue
		else
			grep -qx "$line" "$O/.config" && continue
		fi
		echo "error: $variant: $line did not survive olddefconfig (got: $(grep "^$sym=\|# $sym is" "$O/.config" || echo unset))" >&2
		bad=1
	done < <(grep -h '^CONFIG_' "${frags[@]}" |
		 awk -F= '{ last[$1] = $0 } END { for (s in last) print last[s] }')
	[ "$bad" = 0 ] || exit 1
	echo "$want" >"$O/.lb-config-stamp"
fi

# LB_TARGET builds one object instead (stock-identical.sh wants fair.o).
target=${LB_TARGET:-$(basename "$KIMAGE")}
kmake -s O="$O" -j"$(nproc)" "$target"
if [ "$target" = "$(basename "$KIMAGE")" ]; then
	echo "   $O/$KIMAGE"
else
	echo "   $O/$target"
fi
