#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh: git format-patch lb-base..lb-rework into $OUT/series with a
# cover letter whose subject and motivation come from series/cover.msg
# (series/6.12/cover.msg for the 6.12 backport).

. "$(dirname "$0")/../lib.sh"

dst=$OUT/series
G="git -C $LB_TREE"
rm -rf "$dst"
mkdir -p "$dst"
author=$(sed -n 's/^author[[:space:]]*//p' "$LB_ROOT/series/series")
$G -c core.abbrev=12 -c user.name="${author% <*}" -c user.email="$(sed "s/.*<//;s/>//" <<<"$author")" \
	format-patch -q --cover-letter --base=lb-base \
	-o "$dst" lb-base..lb-rework
cover=$(ls "$dst"/0000-*.patch)
covermsg=$(base_file "$LB_ROOT/series" cover.msg)
subject=$(head -n 1 "$covermsg")
awk -v subj="$subject" -v body="$covermsg" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		getline l < body			# skip the subject line
		while ((getline l < body) > 0)
			if (started || l != "") { started = 1; print l }
		next
	}
	{ print }
' "$cover" >"$cover.new"
mv "$cover.new" "$cover"

# The lab's A/B table, when "make run" has made one: the rows of the
# seed's scenarios and of the ones that patches 3 to 6 move, inserted before
# the shortlog of the cover letter. The lab runs on 7.3 only; the 6.12
# backport's figures are in its changelogs and the documentation.
report=$OUT/report/report.md
ab=$dst/ab.txt
{
	echo
	if [ "$LB_BASE" != 7.3 ]; then
		echo "The lab runs on 7.3 only; the figures of this backport on 6.12"
		echo "are in the changelog of patch 6 and in section 8 of"
		echo "Documentation/scheduler/lb-rework.rst."
	elif [ -f "$report" ]; then
		echo "Measured with the project's lab (make run): QEMU 7.2 TCG arm64"
		echo "guests (x86_64 for the llc4 scenarios) on a 2-core x86_64 host, base $($G describe --always lb-base)"
		echo "(Debian linux-source-$LB_BASE, $(make -s -C "$LB_TREE" kernelversion)), stock and rework alternating"
		echo "through the runtime switch in one boot, sched features at their"
		echo "defaults (NI_RANDOM, NI_RATE on); mean +- stddev over the runs"
		echo "of each arm (3; seed-bl88 and nplus1-bl88 5, pinned-stuck-llc4 6,"
		echo "pinned-backoff-llc4 and wake-scan 8, ramp-misfit 10)."
		echo "wasted = CPU time idle while a task that may run there waits"
		echo "behind another task;"
		echo "T_bal = ms until nothing is wasted or misplaced for 1 s; misfit ="
		echo "ms from a ramping task's 80 % mark to its first run on a big CPU."
		echo
		awk -F'|' 'NR > 2 && $2 ~ /^ (seed-5big|seed-5little|seed-bl88|nplus1-bl88|mixed-heavy-light|pinned-imbalanced|pinned-stuck-llc4|pinned-backoff-llc4|wake-scan-bl88|wake-scan-bl44|ramp-misfit) $/ &&
			   $3 ~ /^ (wasted %|T_bal ms|misfit ms|migrations\/task\/s) $/ {
				gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $3)
				gsub(/^ +| +$/, "", $4); gsub(/^ +| +$/, "", $5)
				gsub(/±/, "+-", $4); gsub(/±/, "+-", $5)
				printf "  %-18s %-17s stock %-15s rework %s\n", $2, $3, $4, $5
				n++
			}
			END { if (!n) print "  (none: out/report/ is from a partial run; run make run)" }' "$report"
		echo
		echo "Instructions per search for the busiest group (QEMU -icount; on arm64"
		echo "exact counts of the periodic balance's searches by a QEMU plugin,"
		echo "elsewhere the guest clock's for a busy CPU), mean +- stddev:"
		echo
		awk -F'|' 'NR > 2 && $2 ~ /^ cost-/ && $3 ~ /^ instructions per/ {
				gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $4); gsub(/^ +| +$/, "", $5)
				gsub(/±/, "+-", $4); gsub(/±/, "+-", $5)
				printf "  %-14s stock %-12s rework %s\n", $2, $4, $5
				n++
			}
			END { if (!n) print "  (none: out/report/ is from a partial run; run make run)" }' "$report"
		bench=$OUT/report/data/benchmarks.csv
		if [ -f "$bench" ]; then
			echo
			echo "Benchmarks (make bench): the host's hackbench, perf bench and"
			echo "stress-ng in guests ($(awk -F, 'NR == 2 { gsub(/"/, "", $4); print $4 }' "$bench")), stock and rework"
			echo "alternating in one boot; rework/stock of the means with a 95 %"
			echo "interval (times lower, ops/s higher is better; under TCG the vCPUs"
			echo "run at emulated speed, so these compare placement, not hardware):"
			echo
			awk -F, 'NR > 1 && $14 == "no result" {
					printf "  %-30s %-8s no result\n", $1, $2; next }
				NR > 1 { printf "  %-30s %-8s %.3f (%.3f to %.3f) %s\n",
					 $1, $2, $11, $12, $13, $14 }' "$bench"
		fi
	else
		echo "(Run 'make run' before 'make series' to include the lab's table.)"
	fi
	echo
} >"$ab"
awk -v ab="$ab" '
	!done && /^lb-rework developers \(/ {
		while ((getline l < ab) > 0) print l
		done = 1
	}
	{ print }' "$cover" >"$cover.new"
mv "$cover.new" "$cover"
rm -f "$ab"
ls "$dst" | sed 's/^/   /'
