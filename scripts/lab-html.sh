#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lab-html.sh REPORT RUNS METRICS: write REPORT/index.html from
# REPORT/report.md (the table, the targets, the counters of each arm and
# the costs per level), the heat maps in REPORT/svg/ and the
# per-run metric lines, one section per scenario with stock beside rework.

. "$(dirname "$0")/lib.sh"

report=${1:?usage: lab-html.sh REPORT RUNS METRICS}
runs=${2:?}
metrics=${3:?}
html=$report/index.html

md_table() {	# the Markdown table of report.md as HTML
	md_table_stdin <"$report/report.md"
}

md_table_stdin() {
	awk -F'|' '
		/^\|---/ { next }
		/^\|/ {
			if (!intable)
				print "<table>"
			tag = intable++ ? "td" : "th"
			printf "<tr>"
			for (i = 2; i < NF; i++)
				printf "<%s>%s</%s>", tag, $i, tag
			print "</tr>"
			next
		}
		intable { print "</table>"; intable = 0 }
		/^## / { print "<h2>" substr($0, 4) "</h2>"; next }
		/^ *- / { sub(/^ *- /, ""); print "<li>" $0 "</li>"; next }
		NF { print "<p>" $0 "</p>" }
		END { if (intable) print "</table>" }'
}

{
	cat <<'HEAD'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>lb-rework lab</title>
<style>
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
td:first-child, td:nth-child(2) { text-align: left; }
.pair { display: flex; gap: 12px; flex-wrap: wrap; }
.pair figure { margin: 0; }
pre { font-size: 12px; }
</style></head><body>
<h1>lb-rework lab: stock against rework, same boot</h1>
<p>Each scenario ran on the rework kernel, alternating the runtime switch
between the stock balancer and the rework. Heat maps: one row per CPU,
biggest capacity first; white = idle, green = one runnable task,
orange = two, red = three or more; black marks = migrations; the dashed
line is the release (or the last start).</p>
<h2>Table</h2>
HEAD
	md_table
	echo "<h2>Balancer cost against CPU count</h2>"
	echo "<p>The cost-* scenarios, one hog per CPU, run under QEMU -icount:"
	echo "the instructions a busy CPU executed to find the busiest group of"
	echo "its largest domain, averaged over runs.</p>"
	md_table_stdin <"$report/cost.md"
	echo "<img src=\"cost.svg\">"
	echo "<h2>Heat maps (first repetition)</h2>"
	while read -r name file _; do
		echo "<h3 id=\"$name\">$name <small>($file)</small></h3>"
		echo "<pre>$(grep -F "scenario=$name " "$metrics" | sed 's/&/\&amp;/g; s/</\&lt;/g')</pre>"
		echo '<div class="pair">'
		for arm in stock rework; do
			svg=svg/$name-$arm-1.svg
			[ -f "$report/$svg" ] || continue
			echo "<figure><figcaption>$arm</figcaption><img src=\"$svg\" width=\"900\"></figure>"
		done
		echo '</div>'
	done <"$runs"
	echo "</body></html>"
} >"$html"
