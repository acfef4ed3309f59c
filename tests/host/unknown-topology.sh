#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An unknown TOPO is an error that lists the known topologies, and boots
# nothing.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(OUT=${LB_TEST_OUT:-$root/out} "$root/scripts/guest/shell.sh" no-such-topo rework </dev/null 2>&1)
rc=$?
echo "$out"
[ "$rc" -ne 0 ] || { echo "expected a non-zero exit"; exit 1; }
grep -q "unknown topology 'no-such-topo'" <<<"$out" || exit 1
for t in bl44 bl26 tri sym8 bl44split sym32; do
	grep -q "known topologies:.*\b$t\b" <<<"$out" || { echo "missing $t"; exit 1; }
done
! grep -q "== boot" <<<"$out" || { echo "it booted a guest"; exit 1; }
