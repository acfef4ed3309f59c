#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lab.sh [SCENARIO...]: the scenario lab, "make run".
#
# Checks every scenario file (default: scenarios/*.scen) before anything
# boots, then boots the rework kernel once per topology and runs that
# topology's scenarios in it: each repetition on the rework arm and on the
# stock arm of the runtime switch, alternating. The guest streams each
# run's trace over a virtio console; lbana turns the runs into metrics and
# heat maps, then ("lbana report") into every figure and verdict of
# out/report/data/, which lab-report.awk and lab-html.awk format.
#
# Scenarios with "clock icount" run in a boot of their own, under QEMU's
# -icount: the guest clock then advances by ICOUNT_NS ns per instruction,
# so the balancer's search times read as instruction counts, free of the
# host's scheduling noise. That boot runs all vCPUs in one host thread
# and is several times slower than real time. On arm64 guests QEMU also
# loads lab/plugin/tbprof.c there, which counts the instructions of each
# search exactly (tbprof.sh): its counts, per run, domain level and kind
# of search, join each run's cost figures (exact-merge.awk), and the
# report's cost figures are those exact counts; the clock's stay for
# the other guests.
#
# LAB_OUT=dir (default $OUT/lab, $OUT/lab-debug for the debug kernel)
# keeps the runs; REPORT=dir (default $OUT/report, or $OUT/report-debug)
# gets index.html, report.md and the SVG heat maps.
# LAB_ARM=rework or stock runs that arm alone, and LAB_ICOUNT_QEMU adds
# QEMU arguments to the instruction-counted boots: profile.sh's plugin.
# LAB_VARIANT=debug boots the debug kernel (configs/debug.config:
# lockdep, KASAN, UBSAN, ...) instead of the rework kernel, with the
# guests' time limits tripled: "make debug-run". Its figures are slowed by
# the checkers; what it shows is that no scenario makes the kernel splat.
# Without SCENARIO files, the benchmarks of benchmarks/*.bench follow
# (bench.sh).
# Exit status: 0 when every run is valid and every "expect" holds.

. "$(dirname "$0")/../lib.sh"
. "$LB_ROOT/scripts/lab/tbprof.sh"

icount_shift=3
variant=${LAB_VARIANT:-rework}
case $variant in
rework) slow_variant=1 ;;
debug) slow_variant=3 ;;
*) die "LAB_VARIANT='$variant': known values are rework and debug" ;;
esac
ICOUNT_NS=$((1 << icount_shift))
# A debug run keeps its runs and page apart, so that its slowed figures
# never stand in the rework kernel's report.
suffix=${variant#rework}
lab=${LAB_OUT:-$OUT/lab${suffix:+-$suffix}}
report=${REPORT:-$OUT/report${suffix:+-$suffix}}
bin=$OUT/lab/bin
mkdir -p "$lab" "$bin" "$report/svg" "$report/data"
rm -f "$report"/svg/*.svg "$report"/data/*.csv

# shellcheck disable=SC2046
gcc -O2 -Wall -Wextra -Werror -o "$bin/lbwork" $(guest_srcs lbwork) -lm

files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$LB_ROOT"/scenarios/*.scen)

# Check every file first: a bad one boots nothing.
: >"$lab/runs.txt"
: >"$lab/expect.txt"
declare -A topo_of
bad=0
for f in "${files[@]}"; do
	if ! norm=$("$bin/lbwork" check "$f" "$LB_ROOT/topologies"); then
		bad=1
		continue
	fi
	topo_of[$f]=$(sed -n 's/^topology //p' <<<"$norm")
	grep -qx 'clock icount' <<<"$norm" && topo_of[$f]+=:icount
	runs=$(sed -n 's/^run //p' <<<"$norm")
	dur=$(sed -n 's/^window_ms [0-9]* //p' <<<"$norm")
	reps=$(sed -n 's/^reps //p' <<<"$norm")
	for r in $runs; do
		echo "$r $(basename "$f") $dur $reps" >>"$lab/runs.txt"
		sed -n "s/^expect /$r /p" <<<"$norm" >>"$lab/expect.txt"
	done
done
[ "$bad" -eq 0 ] || die "bad scenario file(s); nothing was run"
if [ "$variant" != rework ]; then
	# The arm64 guests' kernel (make run builds the rework kernel itself).
	stage "build $variant kernel" "$LB_ROOT/scripts/build/build-kernel.sh" "$variant" ||
		die "the $variant kernel did not build"
	# Its checkers slow the guests: what it judges is splats, not speed.
	: >"$lab/expect.txt"
fi
lbana=$(lbana_bin) || die "lab/lbana.c did not build"
total=$(wc -l <"$lab/runs.txt")
echo "== lab: ${#files[@]} scenario files, $total scenarios; rework and stock alternate in one boot"

# Guest seconds one scenario file needs: every instance, rep and arm,
# with 3 s per run for starting, stopping and copying the trace.
budget() {
	local norm reps window n
	norm=$("$bin/lbwork" check "$1" "$LB_ROOT/topologies")
	reps=$(sed -n 's/^reps //p' <<<"$norm")
	window=$(sed -n 's/^window_ms //p' <<<"$norm" | awk '{ print ($1 + $2) / 1000 }')
	n=$(grep -c '^run ' <<<"$norm")
	awk -v n="$n" -v r="$reps" -v w="$window" 'BEGIN { printf "%d", n * r * 2 * (w + 3) + 30 }'
}

: >"$lab/results.all"
rc=0
awk_lines=$(awk_lines)
# The time left is estimated from the guest seconds of the runs done and
# to do (lab-progress.awk); done_s counts those of the boots before.
t0=$(date +%s)
done_s=0
for boot in $(printf '%s\n' "${topo_of[@]}" | sort -u); do
	topo=${boot%:icount}
	name=${boot/:/-}
	list=$lab/$name.run
	extra=()
	limit=$((60 * slow_variant))
	qemu_extra=
	slow=1
	windows=
	if [ "$boot" != "$topo" ]; then
		qemu_extra="-icount shift=$icount_shift,sleep=off ${LAB_ICOUNT_QEMU:-}"
		slow=12
	fi
	slow=$((slow * slow_variant))
	if ! topo_kernel "$topo" "$variant"; then
		rc=1
		continue
	fi
	if [ "$boot" != "$topo" ] && [ -z "${LAB_ICOUNT_QEMU:-}" ] &&
	   [ "$(topo_arch "$(topo_file "$topo")")" = arm64 ]; then
		windows=$lab/$name.windows
		rm -f "$windows"
		if ! tbprof_build "$bin/tbprof.so" ||
		   ! pargs=$(tbprof_args "$(build_dir "$variant")"); then
			echo "   no exact counts on $topo: the plugin or its arguments failed; the clock's figures stand" >&2
			windows=
		else
			qemu_extra+=" -plugin $bin/tbprof.so,$pargs,out=$lab/$name.tbprof,windows=$windows"
		fi
	fi
	: >"$list"
	for f in "${files[@]}"; do
		[ "${topo_of[$f]}" = "$boot" ] || continue
		b=$(basename "$f")
		t=$(($(budget "$f") * slow))
		limit=$((limit + t))
		echo "$t $b /bin/lbwork run /etc/lb/scen/$b${LAB_ARM:+ /dev/hvc0 $LAB_ARM}" >>"$list"
		extra+=("/etc/lb/scen/$b=$f")
	done
	if ! LB_EXTRA="${extra[*]}" LB_RESULTS="$lab/$name.results" \
	     LB_QEMU_EXTRA="$qemu_extra" \
	     LB_PROGRESS="awk $awk_lines -v total=$total -v runs=$lab/runs.txt -v t0=$t0 -v done0=$done_s -f $LB_ROOT/scripts/lab/lab-progress.awk" \
	     GUEST_TIMEOUT=$limit \
	     stage "lab on $topo${qemu_extra:+ (instruction-counted clock)} ($variant kernel, both arms)" \
	     "$LB_ROOT/scripts/guest/boot.sh" "lab-$name" "$topo" "$variant" "$list" \
	     "kunit.enable=0"; then
		rc=1
	fi
	if [ -n "$windows" ]; then
		awk -v windows="$windows" -v spans="$(topo_spans "$(topo_file "$topo")")" \
			-f "$LB_ROOT/scripts/lab/exact-merge.awk" "$lab/$name.results" \
			>"$lab/$name.exact" &&
			mv "$lab/$name.exact" "$lab/$name.results" || rc=1
	fi
	cat "$lab/$name.results" >>"$lab/results.all"
	done_s=$(awk -v d="$done_s" -v list="$list" '
		BEGIN { while ((getline l < list) > 0) { split(l, w, " "); mine[w[2]] = 1 } }
		($2 in mine) { d += $4 * 2 * ($3 / 1000 + 3) }
		END { print d }' "$lab/runs.txt")
done

"$lbana" "$lab/results.all" --svg "$report/svg" >"$lab/metrics.txt" || rc=1
# Heat maps of the first repetition of each arm go into the report.
find "$report/svg" -name '*.svg' ! -name '*-1.svg' -delete
echo
"$lbana" report "$lab/metrics.txt" --runs "$lab/runs.txt" --expect "$lab/expect.txt" \
	--data "$report/data" --icount-ns "$ICOUNT_NS" || rc=1
awk -v runs="$lab/runs.txt" -v dir="$report" \
	-f "$LB_ROOT/scripts/lab/csv.awk" -f "$LB_ROOT/scripts/lab/lab-report.awk" || rc=1
awk -v svg="$report/cost.svg" -v dir="$report" \
	-f "$LB_ROOT/scripts/lab/csv.awk" -f "$LB_ROOT/scripts/lab/lab-cost.awk" >"$report/cost.md"
if [ "$(wc -l <"$report/cost.md")" -gt 2 ]; then
	echo
	echo "Balancer cost: instructions per search for the busiest group of the"
	echo "whole machine, periodic balance, one hog per CPU (exact counts of"
	echo "QEMU's plugin, lab/plugin/tbprof.c)"
	cat "$report/cost.md"
fi
# The full lab (no file given) also runs the benchmarks of benchmarks/.
if [ $# -eq 0 ] && [ "$variant" = rework ]; then
	echo
	REPORT=$report "$LB_ROOT/scripts/lab/bench.sh" || rc=1
fi
# What ran: "arm64 TCG", "x86_64 KVM", ... from each boot of this lab.
accel=$(for boot in $(printf '%s\n' "${topo_of[@]}" | sort -u); do
	cat "$OUT/runs/lab-${boot/:/-}/accel" 2>/dev/null; done | sort -u |
	sed 's/ / under QEMU /' | paste -sd, | sed 's/,/, /g')
meta="Linux $(make -s -C "$LB_TREE" kernelversion 2>/dev/null || echo "$LB_BASE") guests: ${accel:-none booted}"
meta+=" (under TCG every vCPU runs at the host's speed: capacities change"
meta+=" decisions, not throughput) · lb-rework $(git -C "$LB_ROOT" describe --always --dirty 2>/dev/null || echo '?')"
meta+=" · $(date -u '+%Y-%m-%d %H:%M UTC') · $(wc -l <"$lab/runs.txt") scenarios"
[ "$variant" = rework ] ||
	meta+=" · $variant kernel (configs/$variant.config): expectations not judged"
awk -v dir="$report" -v runs="$lab/runs.txt" -v meta="$meta" \
	-f "$LB_ROOT/scripts/lab/csv.awk" -f "$LB_ROOT/scripts/lab/lab-html.awk" >"$report/index.html"
echo "report: $report/index.html (table: $report/report.md; runs: $lab)"
if [ "$variant" != rework ]; then
	boots=$(printf '%s\n' "${topo_of[@]}" | sort -u | wc -l)
	if [ "$rc" -eq 0 ]; then
		echo "$variant kernel: $boots boots, $total scenarios, every run valid, no splat"
	else
		echo "$variant kernel: a boot failed, a run was invalid or the kernel splat (above)"
	fi
fi
exit $rc
