#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Not root and a tool missing: one message naming the Debian packages, and
# a non-zero exit (nothing is installed).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
# A PATH with the basics but without the cross compiler and QEMU.
for t in bash sh env id sort tr cat dirname sed grep head cut date bc \
	 make gcc git perl python3 xz gzip patch timeout flex bison ccache \
	 dtc fdtput mktemp rm; do
	p=$(PATH=/usr/bin:/bin:$PATH command -v "$t") && ln -s "$p" "$bin/$t"
done
chmod 755 "$bin"
out=$(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups \
	env -i PATH="$bin" bash "$root/scripts/need-tools.sh" 2>&1)
rc=$?
echo "$out"
[ "$rc" -ne 0 ] || { echo "expected a non-zero exit"; exit 1; }
[ "$(wc -l <<<"$out")" -le 2 ] || { echo "expected one message"; exit 1; }
grep -q "apt-get install .*gcc-aarch64-linux-gnu" <<<"$out" || exit 1
grep -q "qemu-system-arm" <<<"$out" || exit 1
