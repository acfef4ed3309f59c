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
# heat maps, and lab-report.awk into the table and out/report/.
#
# LAB_OUT=dir (default $OUT/lab) keeps the runs; REPORT=dir (default
# $OUT/report) gets index.html, report.md and the SVG heat maps.
# Exit status: 0 when every run is valid and every "expect" holds.

. "$(dirname "$0")/lib.sh"

lab=${LAB_OUT:-$OUT/lab}
report=${REPORT:-$OUT/report}
bin=$OUT/lab/bin
mkdir -p "$lab" "$bin" "$report/svg"
rm -f "$report"/svg/*.svg

gcc -O2 -Wall -Wextra -Werror -o "$bin/lbwork" "$LB_ROOT/guest/lbwork.c" -lm

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
	runs=$(sed -n 's/^run //p' <<<"$norm")
	dur=$(sed -n 's/^window_ms [0-9]* //p' <<<"$norm")
	for r in $runs; do
		echo "$r $(basename "$f") $dur" >>"$lab/runs.txt"
		sed -n "s/^expect /$r /p" <<<"$norm" >>"$lab/expect.txt"
	done
done
[ "$bad" -eq 0 ] || die "bad scenario file(s); nothing was run"
gcc -O2 -Wall -Wextra -Werror -o "$bin/lbana" "$LB_ROOT/lab/lbana.c" -lm
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
for topo in $(printf '%s\n' "${topo_of[@]}" | sort -u); do
	list=$lab/$topo.run
	extra=()
	limit=60
	: >"$list"
	for f in "${files[@]}"; do
		[ "${topo_of[$f]}" = "$topo" ] || continue
		b=$(basename "$f")
		t=$(budget "$f")
		limit=$((limit + t))
		echo "$t $b /bin/lbwork run /etc/lb/scen/$b" >>"$list"
		extra+=("/etc/lb/scen/$b=$f")
	done
	if ! LB_EXTRA="${extra[*]}" LB_RESULTS="$lab/$topo.results" \
	     LB_PROGRESS="awk -v total=$total -v runs=$lab/runs.txt -f $LB_ROOT/scripts/lab-progress.awk" \
	     GUEST_TIMEOUT=$limit \
	     stage "lab on $topo (rework kernel, both arms)" \
	     "$LB_ROOT/scripts/boot.sh" "lab-$topo" "$topo" rework "$list" \
	     "kunit.enable=0"; then
		rc=1
	fi
	cat "$lab/$topo.results" >>"$lab/results.all"
done

"$bin/lbana" "$lab/results.all" --svg "$report/svg" >"$lab/metrics.txt" || rc=1
# Heat maps of the first repetition of each arm go into the report.
find "$report/svg" -name '*.svg' ! -name '*-1.svg' -delete
echo
awk -v expect="$lab/expect.txt" -v runs="$lab/runs.txt" -v dir="$report" \
	-f "$LB_ROOT/scripts/lab-report.awk" "$lab/metrics.txt" || rc=1
awk -v svg="$report/cost.svg" -f "$LB_ROOT/scripts/lab-cost.awk" \
	"$lab/metrics.txt" >"$report/cost.md"
if [ "$(wc -l <"$report/cost.md")" -gt 2 ]; then
	echo
	echo "Balancer cost: median µs a busy CPU took to find the busiest group,"
	echo "one hog per CPU (guest clock under TCG: compare the arms)"
	cat "$report/cost.md"
fi
"$LB_ROOT/scripts/lab-html.sh" "$report" "$lab/runs.txt" "$lab/metrics.txt"
echo "report: $report/index.html (table: $report/report.md; runs: $lab)"
exit $rc
