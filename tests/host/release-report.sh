#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The seed's release check fails a rework run that never got every hog a
# CPU of its own, or lost that and never held it a second, and one beyond
# an asked bound; it passes a slow stock run and a rework run that got
# there and held.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
r=$root/scripts/guest/release-report.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

expect() {	# expect RC BOUND LINE...
	local want=$1 bound=$2 rc
	shift 2
	printf '%s\n' "$@" >"$tmp/log"
	"$r" "$tmp/log" $bound >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: exit $rc, want $want (bound '$bound') for: $*"
		cat "$tmp/out"
		fail=1
	fi
}

ok='@release arm=rework place=0,1 first_ms=255 balanced_ms=255 watch_ms=6000'
slow_stock='@release arm=stock place=0,1 first_ms=-1 balanced_ms=-1 watch_ms=6000'
expect 0 "" "$ok" "$slow_stock"
expect 1 "" '@release arm=rework place=0,1 first_ms=-1 balanced_ms=-1 watch_ms=6000'
expect 1 "" '@release arm=rework place=0,1 first_ms=12 balanced_ms=-1 watch_ms=6000'
expect 1 200 "$ok"
expect 0 300 "$ok"
expect 1 "" '@release arm=rework place=0,1 first_ms=-2 balanced_ms=-2 watch_ms=6000'
expect 1 ""
exit $fail
