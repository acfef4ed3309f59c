#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# profile.sh [SCENARIO...]: where the instructions of a search for the
# busiest group go, on each arm (default: scenarios/cost-bl44.scen).
#
# The lab's cost figures are the guest clock under -icount, which counts
# the instructions of every vCPU: a search that straddles a switch of
# QEMU's round-robin between vCPUs counts another vCPU's too. This runs
# the same instruction-counted scenarios once per arm (LAB_ARM), with
# lab/plugin/tbprof.c loaded in QEMU: it counts each vCPU's own
# instructions, exactly, from the entry of sched_balance_find_src_group()
# to its return, for the searches the guest times, and attributes them to
# the kernel's functions (System.map). PROFILE_CPUS=N keeps the searches
# of domains of N CPUs (one domain level) alone.
#
# Prints, per arm, the searches counted and their mean instructions, then
# the functions by instructions per search, stock beside rework. The
# profiles are in $OUT/profile/ARM.txt. PROFILE_FUNC=NAME also prints the
# disassembly of the kernel function NAME with each instruction's
# executions per search on each arm, to show where a difference lies.
# arm64 guests only (the plugin counts 4-byte instructions).

. "$(dirname "$0")/../lib.sh"
. "$LB_ROOT/scripts/lab/tbprof.sh"

files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$LB_ROOT/scenarios/cost-bl44.scen")
for f in "${files[@]}"; do
	grep -q '^clock[[:space:]]*icount' "$f" 2>/dev/null ||
		die "$f: not an instruction-counted scenario (clock icount)"
	t=$(sed -n 's/^topology[[:space:]]*//p' "$f")
	tf=$(topo_file "$t") || exit 2
	[ "$(topo_arch "$tf")" = arm64 ] || die "$f: $t is not an arm64 topology"
done
case ${PROFILE_FUNC:-} in
"" | [A-Za-z_]*) ;;
*) die "PROFILE_FUNC='$PROFILE_FUNC': a kernel function's name" ;;
esac
case ${PROFILE_CPUS:-} in
"" | [1-9] | [1-9][0-9] | [1-9][0-9][0-9]) ;;
*) die "PROFILE_CPUS='$PROFILE_CPUS': a CPU count, 1 to 999" ;;
esac

dir=$OUT/profile
build=$(build_dir rework)
mkdir -p "$dir"
stage "build rework kernel" "$LB_ROOT/scripts/build/build-kernel.sh" rework >/dev/null ||
	die "the rework kernel did not build"
so=$dir/tbprof.so
tbprof_build "$so" || die "the plugin did not build"
if [ -n "${PROFILE_FUNC:-}" ] && [ -z "$(tbprof_sym "$build" "$PROFILE_FUNC")" ]; then
	die "PROFILE_FUNC=$PROFILE_FUNC: no such function in $build/System.map"
fi
args=$(tbprof_args "$build") || die "cannot profile this kernel"
[ -z "${PROFILE_CPUS:-}" ] || args+=",cpus=$PROFILE_CPUS"

for arm in stock rework; do
	rm -f "$dir/$arm.txt"
	echo "== profile of the $arm arm: ${files[*]##*/}"
	LAB_ARM=$arm LAB_ICOUNT_QEMU="-plugin $so,$args,out=$dir/$arm.txt,insns=$dir/$arm.insns" \
		LAB_OUT=$dir/lab-$arm REPORT=$dir/report-$arm \
		"$LB_ROOT/scripts/lab/lab.sh" "${files[@]}" >"$dir/lab-$arm.log" 2>&1 ||
		true # one arm alone fails the lab's expectations of both
	if [ ! -s "$dir/$arm.txt" ] || [ "$(awk '/^searches/ { print $2 }' "$dir/$arm.txt")" = 0 ]; then
		tail -n 20 "$dir/lab-$arm.log" >&2
		die "the $arm arm counted no search ($dir/lab-$arm.log)"
	fi
done
echo
awk -v cpus="${PROFILE_CPUS:-}" '
	FNR == 1 { arm = FILENAME ~ /stock.txt$/ ? "stock" : "rework" }
	$1 == "searches" { n[arm] = $2; next }
	$1 == "mean" { m[arm] = $2; next }
	{ v[$1, arm] = $2; if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 } }
	END {
		printf "searches counted: stock %d, rework %d%s\n", n["stock"],
		       n["rework"], cpus != "" ? " (domains of " cpus " CPUs)" : ""
		printf "mean instructions per search: stock %.1f, rework %.1f (%.3f)\n\n",
		       m["stock"], m["rework"], m["stock"] ? m["rework"] / m["stock"] : 0
		printf "%-40s %10s %10s %10s\n", "function", "stock", "rework", "rework-stock"
		for (i = 1; i <= k; i++) {
			f = order[i]
			if (v[f, "stock"] < 1 && v[f, "rework"] < 1)
				continue
			printf "%-40s %10.1f %10.1f %+10.1f\n", f, v[f, "stock"],
			       v[f, "rework"], v[f, "rework"] - v[f, "stock"]
		}
	}' "$dir/stock.txt" "$dir/rework.txt"
echo
echo "profiles: $dir/stock.txt, $dir/rework.txt (instructions per search by function)"
[ -n "${PROFILE_FUNC:-}" ] || exit 0

# The function's disassembly, each line led by its executions per search
# on the stock and the rework arm (blank: never run).
a=$(tbprof_sym "$build" "$PROFILE_FUNC")
end=$(awk -v s="$PROFILE_FUNC" 'f { print $1; exit } $3 == s { f = 1 }' \
	<(sort "$build/System.map"))
echo
echo "$PROFILE_FUNC, executions per search: stock, rework"
"${CROSS:-aarch64-linux-gnu-}"objdump -d --no-show-raw-insn "$build/vmlinux" \
	--start-address=0x"$a" --stop-address=0x"$end" |
	awk -v s="$dir/stock.insns" -v r="$dir/rework.insns" '
		BEGIN {
			while ((getline l < s) > 0) { split(l, f, " "); n["s", f[1]] += f[2] }
			while ((getline l < r) > 0) { split(l, f, " "); n["r", f[1]] += f[2] }
		}
		/^ *[0-9a-f]+:/ {
			at = $1; sub(/:$/, "", at); sub(/^0*/, "", at)
			printf "%7s %7s  %s\n", fmt(n["s", at]), fmt(n["r", at]), $0
		}
		function fmt(v) { return v ? sprintf("%.2f", v) : "" }'
