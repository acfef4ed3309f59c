# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the lb-rework scripts: stage lines, errors, paths.
# Sourced, not run.

set -euo pipefail

LB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$LB_ROOT/out}
case $OUT in /*) ;; *) OUT=$LB_ROOT/$OUT ;; esac

# The kernel the series is built on. 7.3 is mainline and the default;
# 6.12 is the LTS backport, kept in its own OUT/base-6.12 so that the two
# trees, their builds and their series never mix.
LB_BASES="7.3 6.12"
LB_BASE=${BASE:-7.3}
case " $LB_BASES " in
*" $LB_BASE "*) ;;
*)
	echo "error: unknown BASE '$LB_BASE' (known: $LB_BASES)" >&2
	exit 2
	;;
esac
if [ "$LB_BASE" != 7.3 ]; then
	case $OUT in */base-"$LB_BASE") ;; *) OUT=$OUT/base-$LB_BASE ;; esac
fi
export OUT BASE=$LB_BASE
LB_TREE=${KSRC:-$OUT/linux}

# set_guest_arch ARCH: the guests' architecture, arm64 (the default) or
# x86_64 (the topologies whose file says "arch = x86_64": SMT, NUMA and
# several LLCs). It picks the compiler, the kernel image and the build
# directories; GUEST_ARCH in the environment sets it for a whole command.
set_guest_arch() {
	case $1 in
	arm64)
		ARCH=arm64 CROSS=aarch64-linux-gnu-
		KIMAGE=arch/arm64/boot/Image ARCH_SUFFIX=
		;;
	x86_64)
		ARCH=x86_64 CROSS=
		KIMAGE=arch/x86/boot/bzImage ARCH_SUFFIX=-x86_64
		;;
	*)
		echo "error: unknown guest architecture '$1' (known: arm64 x86_64)" >&2
		exit 2
		;;
	esac
	GUEST_ARCH=$1
	export ARCH GUEST_ARCH
}
set_guest_arch "${GUEST_ARCH:-arm64}"

# build_dir VARIANT: where VARIANT's kernel for the guest architecture is.
build_dir() {
	echo "$OUT/build/$1$ARCH_SUFFIX"
}

# topo_arch FILE: the architecture of a topology file (default arm64).
topo_arch() {
	local a
	a=$(topo_get "$1" arch)
	echo "${a:-arm64}"
}

# topo_spans FILE: the CPU counts of CPU 0's domains, lowest level first,
# from an arm64 topology's "domains" line ("CLS:0-3:... MC:0-7:...").
topo_spans() {
	topo_get "$1" domains | tr ' ' '\n' | awk -F: 'NF >= 2 {
		split($2, r, "-"); printf "%s%d", n++ ? " " : "", r[2] - r[1] + 1 }'
}

# guest_srcs PROG: the C files of the guest program PROG: guest/PROG.c,
# and for lbwork the files it links (its headers sit beside them).
guest_srcs() {
	local f

	echo "$LB_ROOT/guest/$1.c"
	[ "$1" = lbwork ] || return 0
	for f in scenario workload kstats; do
		echo "$LB_ROOT/guest/$f.c"
	done
}

# stale BIN PROG: is BIN missing, or older than a source of PROG?
stale() {
	local f

	[ -x "$1" ] || return 0
	for f in $(guest_srcs "$2") "$LB_ROOT"/guest/*.h; do
		[ "$f" -nt "$1" ] && return 0
	done
	return 1
}

# lbana_bin: build the lab's analyser from lab/*.c when a source is newer
# than it, and print its path.
lbana_bin() {
	local bin=$OUT/lab/bin/lbana f

	mkdir -p "$OUT/lab/bin"
	for f in "$LB_ROOT"/lab/*.[ch]; do
		[ -x "$bin" ] && [ ! "$f" -nt "$bin" ] && continue
		gcc -O2 -Wall -Wextra -Werror -o "$bin" "$LB_ROOT"/lab/*.c -lm ||
			return 1
		break
	done
	echo "$bin"
}

die() {
	echo "error: $*" >&2
	exit 1
}

now() { date +%s.%N; }

# stage NAME CMD...: print a header, run CMD, print the elapsed time.
stage() {
	local name=$1 t0 rc
	shift
	echo "== $name"
	t0=$(now)
	set +e
	"$@"
	rc=$?
	set -e
	if [ "$rc" -eq 0 ]; then
		printf '== %s: done in %.1f s\n' "$name" "$(echo "$(now) - $t0" | bc)"
	else
		printf '== %s: FAILED (exit %d) after %.1f s\n' "$name" "$rc" \
			"$(echo "$(now) - $t0" | bc)" >&2
	fi
	return "$rc"
}

# base_file DIR NAME: DIR/BASE/NAME if this base has its own, else DIR/NAME.
base_file() {
	if [ -e "$1/$LB_BASE/$2" ]; then
		echo "$1/$LB_BASE/$2"
	else
		echo "$1/$2"
	fi
}

# Topology names are the files in topologies/.
known_topos() {
	local f
	for f in "$LB_ROOT"/topologies/*.topo; do
		basename "$f" .topo
	done
}

topo_file() {
	local t=$1
	if [ ! -f "$LB_ROOT/topologies/$t.topo" ]; then
		echo "error: unknown topology '$t'" >&2
		echo "known topologies: $(known_topos | tr "\n" " " | sed "s/ $//")" >&2
		exit 2
	fi
	echo "$LB_ROOT/topologies/$t.topo"
}

# topo_get FILE KEY: value of "KEY = value" in a topology file.
topo_get() {
	sed -n "s/^$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1
}

# topo_kernel TOPO VARIANT: make builds the arm64 kernels; a topology of
# another architecture gets its kernel built here on first use (when it
# is up to date this costs a few seconds).
topo_kernel() {
	local tf arch

	tf=$(topo_file "$1") || return 2
	arch=$(topo_arch "$tf")
	[ "$arch" = arm64 ] && return 0
	GUEST_ARCH=$arch stage "build $2 kernel ($arch)" \
		"$LB_ROOT/scripts/build/build-kernel.sh" "$2"
}

# x86_accel IMAGE: "kvm" when KVM can run this machine's x86_64 guests,
# else "tcg", with the reason on stderr the first time. A readable and
# writable /dev/kvm is not enough: on some hosts it opens but has no
# hardware virtualization behind it, and a guest then hangs right after
# the BIOS (seen on a host whose CPU flags list neither vmx nor svm). So
# the kernel itself is booted once on one vCPU and must print its
# version within LB_KVM_PROBE_S seconds (20). The answer is kept in
# $OUT/kvm-probe for this host boot; LB_ACCEL=kvm or LB_ACCEL=tcg skips
# the probe. LB_KVM_DEV names the device (tests/host/kvm-probe.sh).
x86_accel() {
	local image=$1 cache=$OUT/kvm-probe dev=${LB_KVM_DEV:-/dev/kvm} id why
	local limit=${LB_KVM_PROBE_S:-20}

	case ${LB_ACCEL:-} in
	kvm | tcg) echo "$LB_ACCEL"; return 0 ;;
	"") ;;
	*) die "LB_ACCEL='$LB_ACCEL': known values are kvm and tcg" ;;
	esac
	if [ ! -r "$dev" ] || [ ! -w "$dev" ]; then
		echo tcg
		return 0
	fi
	id=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo none)
	if [ -f "$cache" ] && [ "$(head -n 1 "$cache")" = "$id" ]; then
		sed -n 2p "$cache"
		return 0
	fi
	if timeout "$limit" qemu-system-x86_64 -M q35 -accel kvm -cpu host -smp 1 \
		-m 256 -nodefaults -no-reboot -nographic -serial stdio \
		-kernel "$image" -append "console=ttyS0 panic=-1" 2>&1 </dev/null |
		grep -a -q -m 1 'Linux version'; then
		why=kvm
	else
		why=tcg
		echo "   $dev is there but a guest did not boot under KVM in $limit s; using TCG" >&2
	fi
	mkdir -p "$OUT"
	printf '%s\n%s\n' "$id" "$why" >"$cache"
	echo "$why"
}

# Flags that make awk read a pipe line by line (mawk reads it in blocks,
# and a progress filter on a quiet console would show nothing).
awk_lines() {
	awk -W version 2>/dev/null | grep -q mawk && echo "-W interactive"
	return 0
}

# ccache sees paths under $OUT relative to the build directory, so the
# builds of one tree with different configs (out/build/rework,
# out/build/stock, the series check's) share every object whose
# preprocessed source their configs leave the same.
kmake() {
	local cc="${CROSS}gcc"

	if command -v ccache >/dev/null 2>&1; then
		cc="ccache $cc"
	fi
	CCACHE_BASEDIR=$OUT make -C "$LB_TREE" ARCH=$ARCH CROSS_COMPILE=$CROSS CC="$cc" \
		KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=lb \
		KBUILD_BUILD_HOST=lb "$@"
}
