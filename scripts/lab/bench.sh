#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [--check] [FILE...]: the benchmarks of benchmarks/*.bench (or
# the files given), "make bench"; --check only checks the files.
#
# Each file names a topology, the repetitions and the benchmarks: host
# programs (hackbench, perf, stress-ng) that run in the guest with their
# libraries, as virtme-ng runs host binaries. Every file is checked
# before anything boots; a bad line names the file and line. One boot per
# file runs every benchmark with lbbench, rework and stock alternating.
# The table goes to the terminal and to REPORT/benchmarks.md, the figures
# to REPORT/data/benchmarks.csv, which the lab's page shows.

. "$(dirname "$0")/../lib.sh"

only_check=
if [ "${1:-}" = --check ]; then
	only_check=1
	shift
fi
report=${REPORT:-$OUT/report}
runs=$OUT/bench
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$LB_ROOT"/benchmarks/*.bench)

# check FILE: print "NAME BETTER PICK PROGRAM ARGS..." per benchmark, or
# name the first bad line and fail.
check() {
	awk -v file="$1" -v topos="$LB_ROOT/topologies" '
		function bad(msg) {
			printf "%s:%d: %s\n", file, NR, msg > "/dev/stderr"
			err = 1
			exit 1
		}
		{ sub(/#.*/, "") }
		NF == 0 { next }
		$1 == "topology" && NF == 2 {
			topo = $2
			if ((getline l < (topos "/" $2 ".topo")) <= 0)
				bad("unknown topology \"" $2 "\"")
			next
		}
		$1 == "reps" && NF == 2 && $2 ~ /^[0-9]+$/ && $2 >= 2 && $2 <= 50 {
			reps = $2
			next
		}
		$1 == "bench" {
			if (NF < 5 || $2 !~ /^[a-z0-9_.-]+$/)
				bad("expected \"bench NAME lower|higher after:WORD[:N]|before:WORD PROGRAM ARGS...\"")
			if ($3 != "lower" && $3 != "higher")
				bad("\"" $3 "\" is neither lower nor higher")
			if ($4 !~ /^(after|before):./)
				bad("\"" $4 "\" is neither after:WORD nor before:WORD")
			if (seen[$2]++)
				bad("benchmark \"" $2 "\" twice")
			line[++nb] = $0
			next
		}
		{ bad("expected topology NAME, reps N (2 to 50) or bench ...") }
		END {
			if (err)
				exit 1
			if (topo == "" || !reps || !nb) {
				printf "%s: needs a topology, reps and a bench line\n", file > "/dev/stderr"
				exit 1
			}
			print "topology " topo
			print "reps " reps
			for (i = 1; i <= nb; i++) {
				sub(/^[ \t]*bench[ \t]+/, "", line[i])
				print line[i]
			}
		}' "$1"
}

# libs PROGRAM: the program and the shared objects it loads, one per line.
libs() {
	echo "$1"
	ldd "$1" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }'
}

declare -A norm
for f in "${files[@]}"; do
	norm[$f]=$(check "$f") || die "bad benchmark file $f; nothing was run"
	while read -r _ _ _ prog _; do
		[ -x "$prog" ] || die "$f: $prog is not installed (make tools installs rt-tests, stress-ng and linux-perf)"
	done < <(sed -n '3,$p' <<<"${norm[$f]}")
done

[ -z "$only_check" ] || exit 0
mkdir -p "$runs" "$report/data"
lbana=$(lbana_bin) || die "lab/lbana.c did not build"
rc=0
for f in "${files[@]}"; do
	name=$(basename "$f" .bench)
	topo=$(sed -n 's/^topology //p' <<<"${norm[$f]}")
	reps=$(sed -n 's/^reps //p' <<<"${norm[$f]}")
	if ! topo_kernel "$topo" rework; then
		rc=1
		continue
	fi
	list=$runs/$name.run
	: >"$list"
	: >"$runs/$name.list"
	extra=()
	while read -r bname better pick prog args; do
		echo "600 $bname /bin/lbbench $bname $reps $pick $prog $args" >>"$list"
		echo "$bname $better $(basename "$f")" >>"$runs/$name.list"
		while read -r p; do
			extra+=("$p=$(readlink -f "$p")")
		done < <(libs "$prog")
	done < <(sed -n '3,$p' <<<"${norm[$f]}")
	total=$(wc -l <"$list")
	mapfile -t extra < <(printf '%s\n' "${extra[@]}" | sort -u)
	if ! LB_EXTRA="${extra[*]}" GUEST_TIMEOUT=$((total * 600 + 60)) \
	     LB_PROGRESS="awk $(awk_lines) -v total=$total -f $LB_ROOT/scripts/lab/bench-progress.awk" \
	     stage "benchmarks on $topo (rework kernel, both arms)" \
	     "$LB_ROOT/scripts/guest/boot.sh" "bench-$name" "$topo" rework "$list" \
	     "kunit.enable=0"; then
		rc=1
	fi
	accel=$(cat "$OUT/runs/bench-$name/accel" 2>/dev/null || echo "?")
	echo
	echo "Benchmarks on $topo, $accel, $reps runs of each arm:"
	"$lbana" bench "$OUT/runs/bench-$name/console.log" --list "$runs/$name.list" \
		--csv "$runs/$name.csv" --accel "$accel" --topo "$topo" || rc=1
	awk -v csv="$runs/$name.csv" -f "$LB_ROOT/scripts/lab/csv.awk" \
		-f "$LB_ROOT/scripts/lab/bench-report.awk" | tee "$runs/$name.md"
done
# One table and one CSV for all the files.
for f in "${files[@]}"; do
	name=$(basename "$f" .bench)
	cat "$runs/$name.md"
done >"$report/benchmarks.md"
for f in "${files[@]}"; do
	name=$(basename "$f" .bench)
	cat "$runs/$name.csv"
done | awk 'NR == 1 || !/^benchmark,/' >"$report/data/benchmarks.csv"
exit $rc
