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
# A topology with "arch = x86_64" boots the x86_64 kernel on QEMU's q35,
# under KVM where it boots a guest (x86_accel in lib.sh) and TCG elsewhere;
# $OUT/runs/NAME/accel says which ("x86_64 KVM").
# LB_PROGRESS=CMD filters the console while the guest runs (the lab shows
# "scenario k of n" this way).

. "$(dirname "$0")/../lib.sh"

name=${1:?usage: boot.sh NAME TOPO VARIANT RUNLIST [CMDLINE]}
topo=${2:?}
variant=${3:?}
runlist=${4:?}
extra=${5:-}
tf=$(topo_file "$topo")
set_guest_arch "$(topo_arch "$tf")"
limit=${GUEST_TIMEOUT:-300}
smp=$(topo_get "$tf" smp)
mem=$(topo_get "$tf" mem)
mem=${mem:-512}
image=$(build_dir "$variant")/$KIMAGE
dir=$OUT/runs/$name
log=$dir/console.log

[ -f "$image" ] ||
	die "no $GUEST_ARCH kernel for variant '$variant' ($image); run 'make build${ARCH_SUFFIX:+ GUEST_ARCH=$GUEST_ARCH}'"
mkdir -p "$dir"
"$LB_ROOT/scripts/build/mk-initramfs.sh" "$runlist" "$dir/initramfs.cpio.gz"

cmdline="panic=-1 oops=panic panic_on_warn=1 sched_verbose $extra"
common=(-smp "$smp" -m "$mem" -nodefaults -no-reboot -nographic
	-kernel "$image" -initrd "$dir/initramfs.cpio.gz")
if [ "$GUEST_ARCH" = x86_64 ]; then
	# KVM where this machine has it, else TCG; the lab says which ran.
	# TCG runs the vCPUs in one thread: with a thread per vCPU, a CPU
	# can still run code that another has just patched (the int3 of
	# text_poke_bp() when SCHED_CACHE turns its static key on at boot),
	# and the kernel oopses on the stray int3 (seen in 1 of 13 boots).
	accel=tcg cpu=max accel_opts=tcg,thread=single
	if [ "$(x86_accel "$image")" = kvm ]; then
		accel=kvm cpu=host accel_opts=kvm
	fi
	qemu=(qemu-system-x86_64 -M q35 -accel "$accel_opts" -cpu "$cpu" "${common[@]}"
		-append "console=ttyS0 $cmdline")
	# "numa = 0-7 8-15": one node per CPU list, memory split evenly.
	nodes=($(topo_get "$tf" numa))
	for i in "${!nodes[@]}"; do
		qemu+=(-object "memory-backend-ram,id=m$i,size=$((mem / ${#nodes[@]}))M"
			-numa "node,nodeid=$i,cpus=${nodes[$i]},memdev=m$i")
	done
	serial=virtio-serial-pci
else
	accel=tcg
	dtb=$("$LB_ROOT/scripts/build/mk-dtb.sh" "$topo")
	qemu=(qemu-system-aarch64 -M virt,gic-version=3 -cpu max,pauth-impdef=on
		"${common[@]}" -dtb "$dtb" -append "console=ttyAMA0 $cmdline")
	serial=virtio-serial-device
fi
echo "$GUEST_ARCH ${accel^^}" >"$dir/accel"
[ "$GUEST_ARCH" = arm64 ] || echo "   guest: $GUEST_ARCH under QEMU ${accel^^}"
# shellcheck disable=SC2206
qemu+=(${LB_QEMU_EXTRA:-})
if [ -n "${LB_RESULTS:-}" ]; then
	: >"$LB_RESULTS"
	qemu+=(-device "$serial"
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

"$LB_ROOT/scripts/guest/console-verdict.sh" "$log" "guest '$name' ($topo, $variant)"
