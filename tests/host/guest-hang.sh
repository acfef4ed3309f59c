#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A guest that hangs is killed at the host's timeout, and the failure is
# reported with the last 50 console lines.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
run=$(mktemp)
trap 'rm -f "$run"' EXIT
# The guest's own limit (600 s) is far beyond the host's (20 s).
printf '600 hang /bin/lbguest hang\n' >"$run"
t0=$(date +%s)
out=$(GUEST_TIMEOUT=20 "$root/scripts/guest/boot.sh" check-hang bl44 rework "$run" \
	kunit.enable=0 2>&1)
rc=$?
t=$(($(date +%s) - t0))
echo "$out"
echo "exit $rc after $t s"
[ "$rc" -eq 3 ] || exit 1
grep -q "hung: killed after 20 s; last 50 console lines" <<<"$out" || exit 1
grep -q "  | @@LB BEGIN hang" <<<"$out" || exit 1
[ "$(grep -c '^  | ' <<<"$out")" -le 50 ] || exit 1
[ "$t" -lt 40 ]
