#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# need-tools.sh [check]: make sure every host tool the project uses is
# present; "check" adds those only make check needs (a headless browser
# for the report's test). As root, install the missing Debian packages
# with apt-get; otherwise stop with one message that names them.

. "$(dirname "$0")/lib.sh"

# command-or-file:package
REQS=(
	make:make
	gcc:gcc
	bc:bc
	flex:flex
	bison:bison
	perl:perl
	python3:python3
	git:git
	xz:xz-utils
	gzip:gzip
	patch:patch
	timeout:coreutils
	aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
	/usr/aarch64-linux-gnu/lib/libc.a:libc6-dev-arm64-cross
	qemu-system-aarch64:qemu-system-arm
	qemu-system-x86_64:qemu-system-x86
	/usr/share/seabios/bios-256k.bin:seabios
	hackbench:rt-tests
	stress-ng:stress-ng
	perf:linux-perf
	fdtput:device-tree-compiler
	dtc:device-tree-compiler
	/usr/share/keyrings/debian-archive-keyring.gpg:debian-archive-keyring
	/usr/include/gelf.h:libelf-dev
	/usr/include/openssl/ssl.h:libssl-dev
	ccache:ccache
	clang-15:clang-15
	/usr/lib/llvm-15/lib/clang/15.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-common-15-dev
	/usr/lib/python3/dist-packages/ply:python3-ply
	/usr/lib/python3/dist-packages/git:python3-git
	/usr/lib/python3/dist-packages/docutils:python3-docutils
)
[ "${1:-}" = check ] && REQS+=(chromium:chromium)

missing_pkgs() {
	local r what pkg

	for r in "${REQS[@]}"; do
		what=${r%%:*}
		pkg=${r##*:}
		case $what in
		/*) [ -e "$what" ] && continue ;;
		*) command -v "$what" >/dev/null 2>&1 && continue ;;
		esac
		echo "$pkg"
	done | sort -u
}

pkgs=$(missing_pkgs | tr '\n' ' ')
pkgs=${pkgs% }
[ -z "$pkgs" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "error: missing tools; install these Debian packages as root:" >&2
	echo "  apt-get install $pkgs" >&2
	exit 1
fi

echo "== installing Debian packages: $pkgs"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
left=$(missing_pkgs | tr '\n' ' ')
[ -z "$left" ] || die "still missing after apt-get: $left"
