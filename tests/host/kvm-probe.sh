#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The x86_64 guests use KVM only where a guest really boots under it: a
# /dev/kvm that opens but hangs the guest (seen on a host without vmx or
# svm) falls back to TCG, the answer is kept for the host's boot, and a
# bad LB_ACCEL is refused. QEMU is replaced by a stub that prints what a
# guest would.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
: >"$tmp/kvm"
fail() { echo "FAIL: $*"; exit 1; }

# probe MODE: x86_accel with a QEMU stub that boots (ok) or hangs (hang).
probe() {
	cat >"$tmp/bin/qemu-system-x86_64" <<STUB
#!/bin/sh
echo "SeaBIOS (version stub)"
[ "$1" = ok ] && echo "[    0.000000] Linux version 7.3.4 (stub)" && exit 0
exec sleep 30
STUB
	chmod +x "$tmp/bin/qemu-system-x86_64"
	PATH=$tmp/bin:$PATH OUT=$tmp/out LB_KVM_DEV=$tmp/kvm LB_KVM_PROBE_S=2 \
		bash -c '. "$1/scripts/lib.sh"; x86_accel /no/image' _ "$root" 2>&1
}

got=$(probe hang)
echo "hang: $got"
grep -qx tcg <<<"$got" || fail "a hanging KVM guest did not fall back to TCG"
grep -q 'did not boot under KVM' <<<"$got" || fail "the fallback was not said"
got=$(probe ok)
echo "cached: $got"
[ "$got" = tcg ] || fail "the answer was not kept for this host boot"
rm -f "$tmp/out/kvm-probe"
got=$(probe ok)
echo "boots: $got"
[ "$got" = kvm ] || fail "a booting KVM guest was not used"
chmod 000 "$tmp/kvm"
rm -f "$tmp/out/kvm-probe"
if [ "$(id -u)" != 0 ]; then
	got=$(probe ok)
	echo "no access: $got"
	[ "$got" = tcg ] || fail "an unusable /dev/kvm was used"
fi
got=$(LB_ACCEL=fast OUT=$tmp/out bash -c '. "$1/scripts/lib.sh"; x86_accel /no/image' _ "$root" 2>&1)
rc=$?
echo "bad LB_ACCEL: $got"
[ "$rc" -ne 0 ] && grep -q 'known values are kvm and tcg' <<<"$got" ||
	fail "a bad LB_ACCEL was not refused"
rm -f "$tmp/kvm"
got=$(probe ok)
echo "no device: $got"
[ "$got" = tcg ] || fail "KVM used without a device"
echo "ok"
