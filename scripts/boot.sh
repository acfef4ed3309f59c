#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh NAME TOPO VARIANT RUNLIST [EXTRA-CMDLINE]: boot one guest and
# judge it.
#
# The guest runs the programs of RUNLIST (see guest/init.c) and powers
# off. The console goes to $OUT/runs/NAME/console.log. The run fails when
#   - the guest outlives GUEST_TIMEOUT seconds (default 300): it is killed
#     and the last 50 console lines are printed;
#   - the console shows a panic, oops, WARN, BUG, lockdep report, RCU stall
#     or lockup: the excerpt around it is printed;
#   - the guest never prints its summary, or a guest program failed.
#
# LB_RESULTS=FILE attaches a virtio console (/dev/hvc0 in the guest) whose
# output goes to FILE: the lab's results channel, free of kernel messages.
# LB_QEMU_EXTRA="ARGS" adds QEMU arguments (the lab's "-icount ...").
# LB_PROGRESS=CMD filters the console while the guest runs (the lab shows
# "scenario k of n" this way).

. "$(dirname "$0")/lib.sh"

name=${1:?usage: boot.sh NAME TOPO VARIANT RUNLIST [CMDLINE]}
topo=${2:?}
variant=${3:?}
runlist=${4:?}
extra=${5:-}
tf=$(topo_file "$topo")
limit=${GUEST_TIMEOUT:-300}
smp=$(topo_get "$tf" smp)
mem=$(topo_get "$tf" mem)
image=$OUT/build/$variant/arch/arm64/boot/Image
dir=$OUT/runs/$name
log=$dir/console.log

[ -f "$image" ] || die "no kernel for variant '$variant' ($image); run 'make build'"
mkdir -p "$dir"
dtb=$("$LB_ROOT/scripts/mk-dtb.sh" "$topo")
"$LB_ROOT/scripts/mk-initramfs.sh" "$runlist" "$dir/initramfs.cpio.gz"

cmdline="console=ttyAMA0 panic=-1 oops=panic panic_on_warn=1 sched_verbose $extra"
qemu=(qemu-system-aarch64 -M virt,gic-version=3
	-cpu max,pauth-impdef=on -smp "$smp" -m "${mem:-512}"
	-nodefaults -no-reboot -nographic
	-dtb "$dtb" -kernel "$image" -initrd "$dir/initramfs.cpio.gz"
	-append "$cmdline" ${LB_QEMU_EXTRA:-})
if [ -n "${LB_RESULTS:-}" ]; then
	: >"$LB_RESULTS"
	qemu+=(-device virtio-serial-device
		-chardev "file,id=res,path=$LB_RESULTS"
		-device virtconsole,chardev=res)
fi
set +e
if [ -n "${LB_INTERACTIVE:-}" ]; then
	# The console is the terminal; Ctrl-A X quits QEMU.
	timeout --foreground -k 5 "$limit" "${qemu[@]}" -serial mon:stdio |
		tee "$log"
	rc=${PIPESTATUS[0]}
elif [ -n "${LB_PROGRESS:-}" ]; then
	: >"$log"
	timeout -k 5 "$limit" "${qemu[@]}" -serial stdio </dev/null >"$log" 2>&1 &
	qpid=$!
	tail -n +1 -s 0.5 -f --pid=$qpid "$log" | $LB_PROGRESS &
	wait $qpid
	rc=$?
	wait
else
	timeout -k 5 "$limit" "${qemu[@]}" -serial stdio </dev/null >"$log" 2>&1
	rc=$?
fi
set -e
sed -i 's/\r$//' "$log"

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "error: guest '$name' ($topo, $variant) hung: killed after $limit s;" \
	     "last 50 console lines:" >&2
	tail -n 50 "$log" | sed 's/^/  | /' >&2
	exit 3
fi

"$LB_ROOT/scripts/console-verdict.sh" "$log" "guest '$name' ($topo, $variant)"
