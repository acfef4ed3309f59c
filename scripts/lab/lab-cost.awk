# SPDX-License-Identifier: GPL-2.0
#
# lab-cost.awk: the cost of finding the busiest group against CPU count.
#
# Input: lbana's metric lines. Only the cost-sym* scenarios, under the
# instruction-counted clock ("clock icount", where the guest clock
# advances icount_ns ns per instruction) with exactly one hog per CPU
# count: every CPU is busy, so both arms balance the same domains, and
# the search times are instruction counts. For each CPU count and arm it
# takes the mean over runs of the instructions a busy CPU spent per
# search of its largest domain (the highest level searched), and writes
# an SVG line chart to the file "svg" and a Markdown table to stdout.

function x(c) { return 70 + (c - cmin) / (cmax > cmin ? cmax - cmin : 1) * 380 }
function y(v) { return 230 - v / (vmax > 0 ? vmax : 1) * 190 }

{
	delete f
	for (i = 1; i <= NF; i++) {
		eq = index($i, "=")
		f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	if (f["valid"] != 1 || f["clock"] != "icount" || f["hogs"] != f["ncpus"] ||
	    f["tasks"] != f["hogs"] || icount_ns <= 0)
		next
	# One line of equal CPUs; cost-bl44 has its own row in report.md.
	if (f["scenario"] !~ /^cost-sym/)
		next
	v = ""
	for (l = 0; l < 4; l++)
		if (f["fbg_busy_l" l "_ns_per_call"] ~ /^[0-9]+$/)
			v = f["fbg_busy_l" l "_ns_per_call"]
	if (v == "")
		next
	c = f["ncpus"] + 0
	k = c SUBSEP f["arm"]
	n[k]++
	sum[k] += v / icount_ns
	cpus[c] = 1
}

END {
	nc = 0
	for (c in cpus)
		list[++nc] = c + 0
	# Sort the CPU counts (few of them).
	for (i = 1; i <= nc; i++)
		for (j = i + 1; j <= nc; j++)
			if (list[j] < list[i]) {
				t = list[i]; list[i] = list[j]; list[j] = t
			}
	cmin = list[1]; cmax = list[nc]; vmax = 0
	print "| CPUs | stock instructions | rework instructions | rework/stock |"
	print "|---|---|---|---|"
	for (i = 1; i <= nc; i++) {
		c = list[i]
		s = n[c SUBSEP "stock"] ? sum[c SUBSEP "stock"] / n[c SUBSEP "stock"] : ""
		r = n[c SUBSEP "rework"] ? sum[c SUBSEP "rework"] / n[c SUBSEP "rework"] : ""
		val[c, "stock"] = s
		val[c, "rework"] = r
		if (s > vmax) vmax = s
		if (r > vmax) vmax = r
		printf "| %d | %s | %s | %s |\n", c, s == "" ? "-" : sprintf("%.0f", s),
			r == "" ? "-" : sprintf("%.0f", r),
			(s == "" || r == "" || s == 0) ? "-" : sprintf("%.2f", r / s)
	}
	vmax *= 1.15
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"520\" height=\"280\" font-family=\"sans-serif\" font-size=\"12\">\n" > svg
	printf "<text x=\"10\" y=\"18\" font-weight=\"bold\">Instructions per search of the whole machine (busy CPU)</text>\n" > svg
	printf "<line x1=\"70\" y1=\"230\" x2=\"460\" y2=\"230\" stroke=\"black\"/><line x1=\"70\" y1=\"30\" x2=\"70\" y2=\"230\" stroke=\"black\"/>\n" > svg
	for (t = 0; t <= 4; t++) {
		v = vmax * t / 4
		printf "<text x=\"64\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", y(v) + 4, v > svg
	}
	printf "<text x=\"14\" y=\"135\" transform=\"rotate(-90 14 135)\" text-anchor=\"middle\">instructions</text>\n" > svg
	for (i = 1; i <= nc; i++)
		printf "<text x=\"%.1f\" y=\"246\" text-anchor=\"middle\">%d</text>\n", x(list[i]), list[i] > svg
	printf "<text x=\"265\" y=\"268\" text-anchor=\"middle\">CPUs</text>\n" > svg
	split("stock rework", A, " ")
	colour["stock"] = "#e53935"; colour["rework"] = "#1e88e5"
	for (a = 1; a <= 2; a++) {
		arm = A[a]; pts = ""
		for (i = 1; i <= nc; i++) {
			v = val[list[i], arm]
			if (v == "")
				continue
			pts = pts sprintf("%.1f,%.1f ", x(list[i]), y(v))
			printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", x(list[i]), y(v), colour[arm] > svg
		}
		printf "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", pts, colour[arm] > svg
		printf "<rect x=\"%d\" y=\"36\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"46\">%s</text>\n", 360 + (a - 1) * 70, colour[arm], 376 + (a - 1) * 70, arm > svg
	}
	print "</svg>" > svg
	close(svg)
}
