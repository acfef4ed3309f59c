#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# console-verdict.sh LOG [WHAT]: judge a finished guest's console log.
# Fails, printing the excerpt, on a panic, oops, WARN, BUG (KASAN's and the
# debug checks' reports among them), UBSAN report, lockdep report, RCU
# stall or lockup; then on a missing summary or a failed guest program.

log=${1:?usage: console-verdict.sh LOG [WHAT]}
what=${2:-guest}

splat='Kernel panic|Oops|WARNING:|BUG:|Unable to handle kernel|Call trace:'
splat+='|circular locking|recursive locking|inconsistent lock state|lockdep is turned off'
splat+='|suspicious RCU usage'
splat+='|rcu: INFO|INFO: rcu|self-detected stall|detected stall|soft lockup'
splat+='|hard LOCKUP|blocked for more than|UBSAN:|kernel BUG at|list_(add|del) corruption'
first=$(grep -anE "$splat" "$log" | head -n 1 | cut -d: -f1 || true)
if [ -n "$first" ]; then
	echo "error: $what: kernel splat at line $first of $log:" >&2
	sed -n "$((first > 10 ? first - 10 : 1)),$((first + 40))p" "$log" |
		sed 's/^/  | /' >&2
	exit 4
fi

summary=$(grep -a '^@@LB SUMMARY' "$log" | tail -n 1 || true)
if [ -z "$summary" ]; then
	echo "error: $what stopped without a summary; last 50 console lines:" >&2
	tail -n 50 "$log" | sed 's/^/  | /' >&2
	exit 5
fi
if ! grep -q ' failed=0$' <<<"$summary"; then
	echo "error: $what: ${summary#@@LB }" >&2
	grep -a '^@@LB \(END\|TIMEOUT\|BADLINE\)' "$log" | grep -v ' rc=0 ' |
		sed 's/^/  | /' >&2
	exit 1
fi
exit 0
