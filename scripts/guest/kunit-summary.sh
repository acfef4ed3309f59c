#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit-summary.sh LOG: print the KUnit results found in a guest console
# log as "KUnit: N passed, N failed, N skipped (suites: ...)", list the
# failing cases, and fail when a case failed or no suite ran.

log=${1:?usage: kunit-summary.sh LOG}
# Strip the printk timestamps.
ktap=$(sed -n 's/^\[[ 0-9.]*\] //p' "$log")
totals=$(grep -E '^# Totals: pass:[0-9]+ fail:[0-9]+ skip:[0-9]+' <<<"$ktap" | tail -n 1)
if [ -z "$totals" ]; then
	echo "KUnit: no results in $log (did the suite run?)"
	exit 1
fi
pass=$(sed 's/.*pass:\([0-9]*\).*/\1/' <<<"$totals")
fail=$(sed 's/.*fail:\([0-9]*\).*/\1/' <<<"$totals")
skip=$(sed 's/.*skip:\([0-9]*\).*/\1/' <<<"$totals")
suites=$(sed -n 's/^# \([a-z0-9_]*\): pass:.*/\1/p' <<<"$ktap" | tr '\n' ' ')
echo "KUnit: $pass passed, $fail failed, $skip skipped (suites: ${suites% })"
grep -E '^ *not ok ' <<<"$ktap" | sed 's/^ */  FAIL: /'
[ "$fail" = 0 ] && [ "$pass" -gt 0 ]
