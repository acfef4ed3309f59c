#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh: git format-patch lb-base..lb-rework into $OUT/series with a
# cover letter whose subject and motivation come from series/cover.msg
# (series/6.12/cover.msg for the 6.12 backport).

. "$(dirname "$0")/lib.sh"

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
# seed's scenarios and of each stock defect, inserted before the
# shortlog of the cover letter.
report=$OUT/report/report.md
ab=$dst/ab.txt
{
	echo
	if [ -f "$report" ]; then
		echo "Measured with the project's lab (make run): QEMU 7.2 TCG arm64"
		echo "guests on a 2-core x86_64 host, base $($G describe --always lb-base)"
		echo "(Debian linux-source-$LB_BASE, $(make -s -C "$LB_TREE" kernelversion)), stock and rework alternating"
		echo "through the runtime switch in one boot, sched features at their"
		echo "defaults (NI_RANDOM, NI_RATE on); mean +-"
		echo "stddev over 3 runs each. wasted = CPU time idle while a task that"
		echo "may run there waits; misplaced = idle while a task allowed there"
		echo "runs on a smaller CPU; T_bal = ms until both stay 0 for 1 s."
		echo
		awk -F'|' 'NR > 2 && $2 ~ /^ (seed-5big|seed-5little|split-5big|pinned-local|rt-half|ramp-misfit) $/ &&
			   $3 ~ /^ (wasted %|misplaced %|T_bal ms|misfit ms) $/ {
				gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $3)
				gsub(/^ +| +$/, "", $4); gsub(/^ +| +$/, "", $5)
				gsub(/±/, "+-", $4); gsub(/±/, "+-", $5)
				printf "  %-14s %-12s stock %-15s rework %s\n", $2, $3, $4, $5
			}' "$report"
		echo
		echo "Instructions per search for the busiest group by a busy CPU (QEMU"
		echo "-icount, where the guest clock counts instructions), mean +- stddev:"
		echo
		awk -F'|' 'NR > 2 && $2 ~ /^ cost-/ && $3 ~ /^ instructions per/ {
				gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $4); gsub(/^ +| +$/, "", $5)
				gsub(/±/, "+-", $4); gsub(/±/, "+-", $5)
				printf "  %-14s stock %-12s rework %s\n", $2, $4, $5
			}' "$report"
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
