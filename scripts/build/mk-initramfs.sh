#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mk-initramfs.sh RUNLIST OUTPUT: build the guest programs (static, for
# the guest architecture) and pack them with RUNLIST as /etc/lb/run into the gzip'd cpio OUTPUT.
# Extra files to pack can be given as "guest-path=host-path" in LB_EXTRA.

. "$(dirname "$0")/../lib.sh"

runlist=${1:?usage: mk-initramfs.sh RUNLIST OUTPUT}
output=${2:?usage: mk-initramfs.sh RUNLIST OUTPUT}
bin=$OUT/guest/bin$ARCH_SUFFIX
mkdir -p "$bin"

CFLAGS="-static -O2 -Wall -Wextra -Werror"
for prog in init lbguest lbwork lbbench; do
	if stale "$bin/$prog" "$prog"; then
		# shellcheck disable=SC2046,SC2086
		${CROSS}gcc $CFLAGS -o "$bin/$prog" $(guest_srcs "$prog") -lm
	fi
done

gen=$OUT/guest/gen_init_cpio
if [ ! -x "$gen" ]; then
	gcc -O2 -o "$gen" "$LB_TREE/usr/gen_init_cpio.c"
fi

list=$output.list
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in /proc /sys /bin /etc /etc/lb /etc/lb/scen /tmp; do
		echo "dir $d 0755 0 0"
	done
	echo "file /init $bin/init 0755 0 0"
	echo "file /bin/lbguest $bin/lbguest 0755 0 0"
	echo "file /bin/lbwork $bin/lbwork 0755 0 0"
	echo "file /bin/lbbench $bin/lbbench 0755 0 0"
	echo "file /etc/lb/run $runlist 0644 0 0"
	# Host programs and their libraries may go to deeper directories.
	for e in ${LB_EXTRA:-}; do
		d=$(dirname "${e%%=*}")
		while [ "$d" != / ]; do
			echo "dir $d 0755 0 0"
			d=$(dirname "$d")
		done
	done | sort -u | grep -vx 'dir /\(proc\|sys\|bin\|etc\|etc/lb\|etc/lb/scen\|tmp\) 0755 0 0' || :
	for e in ${LB_EXTRA:-}; do
		echo "file ${e%%=*} ${e#*=} 0755 0 0"
	done
} >"$list"
"$gen" "$list" | gzip -1 >"$output"
