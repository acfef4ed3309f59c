#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kselftest.sh: build the load-balancer kselftests of the kernel tree
# (tools/testing/selftests/sched/lb, installed there by 'make apply') as
# static programs for the guest architecture (GUEST_ARCH, default arm64)
# into $OUT/kselftest/ (x86_64: $OUT/kselftest-x86_64/), and list them.
#
# The tests use only libc and the kselftest harness, so the kernel's
# "make headers" is not needed: lib.mk points KHDR_INCLUDES at the
# tree's usr/include, which the tests do not use. The guest runs them from
# the run list tests/guest/kselftest.run.

. "$(dirname "$0")/../lib.sh"

src=$LB_TREE/tools/testing/selftests/sched/lb
dst=$OUT/kselftest$ARCH_SUFFIX
machine=AArch64
[ "$GUEST_ARCH" = x86_64 ] && machine=X86-64

[ -f "$src/Makefile" ] || die "no $src/Makefile; run 'make apply' first"
command -v "${CROSS}gcc" >/dev/null ||
	die "no ${CROSS}gcc for $GUEST_ARCH; run 'make tools'"
mkdir -p "$dst"

# lib.mk appends its flags to CFLAGS and LDFLAGS from the environment.
ksmake() {
	CFLAGS="-static" LDFLAGS="-static" make -C "$src" ARCH="$ARCH" \
		CROSS_COMPILE="$CROSS" OUTPUT="$dst" "$@"
}

if ! ksmake; then
	die "building the kselftests in $src failed"
fi

progs=$(ksmake -s --no-print-directory COLLECTION=sched/lb emit_tests |
	sed 's/^sched\/lb://')
[ -n "$progs" ] || die "the kselftest Makefile in $src lists no programs"
echo "kselftests (static $GUEST_ARCH) in $dst:"
for p in $progs; do
	bin=$dst/$p
	[ -x "$bin" ] || die "$bin was not built"
	"${CROSS}readelf" -h "$bin" | grep -q "Machine:.*$machine" ||
		die "$bin is not an $GUEST_ARCH program"
	if "${CROSS}readelf" -l "$bin" | grep -q INTERP; then
		die "$bin is not static"
	fi
	echo "  $p"
done
