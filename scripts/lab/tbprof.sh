# SPDX-License-Identifier: GPL-2.0
#
# Sourced by profile.sh and lab.sh: the QEMU plugin lab/plugin/tbprof.c,
# which counts the instructions of the kernel's searches for the busiest
# group exactly, and its arguments for a kernel build.
#
# tbprof_build SO: build the plugin into SO, when stale.
# tbprof_args BUILD: print the plugin's arguments for the kernel in the
# build directory BUILD (start, stop, commit, loop, lo, hi, map, and the
# marks open, reset, periodic and done of the runs' windows); fails, saying why, when BUILD's kernel
# lacks what they point at.

tbprof_build() {
	local so=$1

	[ -f "$so" ] && [ "$so" -nt "$LB_ROOT/lab/plugin/tbprof.c" ] && return 0
	mkdir -p "$(dirname "$so")"
	gcc -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
		-o "$so" "$LB_ROOT/lab/plugin/tbprof.c"
}

# tbprof_sym BUILD NAME: the address of NAME in BUILD's System.map, in hex.
tbprof_sym() {
	awk -v s="$2" '$3 == s { print $1; exit }' "$1/System.map"
}

# tbprof_calls BUILD KEY FUNC CALLEE: ",KEY=ADDR" for the return address
# of each call of CALLEE (a regular expression) in FUNC.
tbprof_calls() {
	local build=$1 key=$2 fn=$3 callee=$4 a end

	a=$(tbprof_sym "$build" "$fn")
	end=$(awk -v s="$fn" 'f { print $1; exit } $3 == s { f = 1 }' \
		<(sort "$build/System.map"))
	"${CROSS:-aarch64-linux-gnu-}"objdump -d "$build/vmlinux" \
		--start-address=0x"$a" --stop-address=0x"$end" |
		awk -v callee="$callee" '$3 == "bl" && $NF ~ callee { sub(/:$/, "", $1); print $1 }' |
		while read -r at; do
			printf ",%s=%x" "$key" $((0x$at + 4))
		done
}

tbprof_args() {
	local build=$1 start commit stops loop open reset periodic dones

	start=$(tbprof_sym "$build" sched_balance_find_src_group)
	commit=$(tbprof_sym "$build" sched_lb_note_cost)
	open=$(tbprof_sym "$build" lb_stats_open)
	reset=$(tbprof_sym "$build" lb_stats_write)
	periodic=$(tbprof_sym "$build" sched_balance_domains)
	if [ -z "$start" ] || [ -z "$commit" ] || [ -z "$open" ] ||
	   [ -z "$reset" ] || [ -z "$periodic" ]; then
		echo "$build/System.map lacks one of sched_balance_find_src_group, sched_lb_note_cost, lb_stats_open, lb_stats_write, sched_balance_domains" >&2
		return 1
	fi
	dones=$(tbprof_calls "$build" done sched_balance_softirq '<sched_balance_domains>')
	if [ -z "$dones" ]; then
		echo "no call of sched_balance_domains() found in sched_balance_softirq()" >&2
		return 1
	fi
	stops=$(tbprof_calls "$build" stop sched_balance_rq '<sched_balance_find_src_group>')
	if [ -z "$stops" ]; then
		echo "no call of sched_balance_find_src_group() found in sched_balance_rq()" >&2
		return 1
	fi
	loop=$(tbprof_calls "$build" loop update_sd_lb_stats '<cpu_util' | cut -d, -f2)
	if [ -z "$loop" ]; then
		echo "no per-CPU call found in update_sd_lb_stats()" >&2
		return 1
	fi
	echo "start=$start$stops,commit=$commit,$loop,open=$open,reset=$reset,periodic=$periodic$dones,lo=$(tbprof_sym "$build" _stext),hi=$(tbprof_sym "$build" _etext),map=$build/System.map"
}
