#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-matrix.sh [NAME...]: build kernel/sched/ for the configurations
# beyond the two arm64 Images, each from tinyconfig plus
# configs/matrix/NAME.config (default: all of them), with W=1, and fail
# on an error, a warning in our files, or an option the fragment asks for
# that olddefconfig dropped.
#
#   x86_64     SMP, CONFIG_SCHED_LB_REWORK=y and the KUnit suite
#   x86_64-up  no SMP: the option cannot be chosen, the hook compiles away

. "$(dirname "$0")/../lib.sh"

names=("$@")
# MATRIX_OUT moves the build directories (series-check.sh builds there).
MO=${MATRIX_OUT:-$OUT/build}
if [ ${#names[@]} -eq 0 ]; then
	for f in "$LB_ROOT"/configs/matrix/*.config; do
		names+=("$(basename "$f" .config)")
	done
fi

# xmake NAME ARGS...: make in the tree for configuration NAME.
xmake() {
	local name=$1 arch=${1%%-*} cc=gcc
	shift
	command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
	CCACHE_BASEDIR=$OUT make -C "$LB_TREE" ARCH="$arch" CROSS_COMPILE= CC="$cc" \
		O="$MO/matrix-$name" KBUILD_BUILD_TIMESTAMP=2026-01-01 \
		KBUILD_BUILD_USER=lb KBUILD_BUILD_HOST=lb "$@"
}

for name in "${names[@]}"; do
	frag=$LB_ROOT/configs/matrix/$name.config
	[ -f "$frag" ] || die "unknown matrix entry '$name' (known: $(ls "$LB_ROOT/configs/matrix" | sed 's/.config//' | tr '\n' ' '))"
	O=$MO/matrix-$name
	mkdir -p "$O"
	echo "   $name: configure"
	xmake "$name" -s tinyconfig >/dev/null
	"$LB_TREE/scripts/kconfig/merge_config.sh" -m -O "$O" "$O/.config" \
		"$frag" >"$O/merge.log"
	xmake "$name" -s olddefconfig >/dev/null
	while read -r line; do
		sym=${line%%=*}
		if [ "${line#*=}" = n ]; then
			! grep -q "^$sym=" "$O/.config" && continue
		else
			grep -qx "$line" "$O/.config" && continue
		fi
		die "$name: $line did not survive olddefconfig"
	done < <(grep '^CONFIG_' "$frag")
	echo "   $name: kernel/sched/ (W=1)"
	log=$O/build.log
	if ! xmake "$name" -j"$(nproc)" W=1 kernel/sched/ >"$log" 2>&1; then
		tail -n 40 "$log"
		die "$name: kernel/sched/ does not build"
	fi
	if grep -E 'fair_lb|lb_stats|lb_rules|sched/lb\.h|events/sched_lb' "$log" |
	   grep -q 'warning:'; then
		grep -E -A3 'warning:' "$log" | head -n 40
		die "$name: W=1 warnings in our files"
	fi
	objs=$(cd "$O" && ls kernel/sched/*.o | tr '\n' ' ')
	echo "   $name: built $objs"
done
