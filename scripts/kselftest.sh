#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kselftest.sh: build the load-balancer kselftests of the kernel tree
# (tools/testing/selftests/sched/lb, installed there by 'make apply') as
# static arm64 programs into $OUT/kselftest/, and list them.
#
# The tests use only libc and the kselftest harness, so the kernel's
# "make headers" is not needed: lib.mk points KHDR_INCLUDES at the
# tree's usr/include, which the tests do not use. The guest runs them from
# the run list tests/guest/kselftest.run.

. "$(dirname "$0")/lib.sh"

src=$LB_TREE/tools/testing/selftests/sched/lb
dst=$OUT/kselftest

[ -f "$src/Makefile" ] || die "no $src/Makefile; run 'make apply' first"
command -v "${CROSS}gcc" >/dev/null ||
	die "no ${CROSS}gcc; install gcc-aarch64-linux-gnu"
mkdir -p "$dst"

# lib.mk appends its flags to CFLAGS and LDFLAGS from the environment.
ksmake() {
	CFLAGS="-static" LDFLAGS="-static" make -C "$src" ARCH=arm64 \
		CROSS_COMPILE="$CROSS" OUTPUT="$dst" "$@"
}

if ! ksmake; then
	die "building the kselftests in $src failed"
fi

progs=$(ksmake -s --no-print-directory COLLECTION=sched/lb emit_tests |
	sed 's/^sched\/lb://')
[ -n "$progs" ] || die "the kselftest Makefile in $src lists no programs"
echo "kselftests (static arm64) in $dst:"
for p in $progs; do
	bin=$dst/$p
	[ -x "$bin" ] || die "$bin was not built"
	"${CROSS}readelf" -h "$bin" | grep -q 'Machine:.*AArch64' ||
		die "$bin is not an arm64 program"
	if "${CROSS}readelf" -l "$bin" | grep -q INTERP; then
		die "$bin is not static"
	fi
	echo "  $p"
done
