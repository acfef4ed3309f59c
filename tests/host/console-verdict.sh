#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The console judge fails a log with a WARN, an oops, a lockdep report, an
# RCU stall, a KASAN, UBSAN, preemption or list-debugging report, or
# without a summary, and passes a clean one.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
v=$root/scripts/guest/console-verdict.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok='@@LB SUMMARY passed=2 failed=0'
fail=0

expect() {	# expect RC TEXT...
	local want=$1 rc
	shift
	printf '%s\n' "[    1.0] booting" "$@" >"$tmp/log"
	"$v" "$tmp/log" test >"$tmp/out" 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "FAIL: exit $rc, want $want for: $*"
		cat "$tmp/out"
		fail=1
	fi
}

expect 0 "$ok"
expect 0 "[    0.0] rcu: 	RCU lockdep checking is enabled." "$ok"
expect 4 "[    2.1] WARNING: suspicious RCU usage" "$ok"
expect 4 "[    2.1] WARNING: CPU: 3 PID: 1 at kernel/sched/fair.c:100 x+0x1/0x2" "$ok"
expect 4 "[    2.1] Internal error: Oops: 0000000096000004 [#1] SMP" "$ok"
expect 4 "[    2.1] WARNING: possible circular locking dependency detected" "$ok"
expect 4 "[   30.0] rcu: INFO: rcu_sched self-detected stall on CPU" "$ok"
expect 4 "[    2.1] BUG: sleeping function called from invalid context" "$ok"
expect 4 "[    2.1] BUG: KASAN: slab-out-of-bounds in update_sd_lb_stats+0x1/0x2" "$ok"
expect 4 "[    2.1] UBSAN: shift-out-of-bounds in kernel/sched/fair_lb.c:99:10" "$ok"
expect 4 "[    2.1] BUG: using smp_processor_id() in preemptible [00000000] code" "$ok"
expect 4 "[    2.1] list_add corruption. prev->next should be next" "[    2.1] kernel BUG at lib/list_debug.c:32!" "$ok"
expect 5 "[    2.1] nothing else"
expect 1 '@@LB END x rc=1 secs=0.1' '@@LB SUMMARY passed=1 failed=1'
exit $fail
