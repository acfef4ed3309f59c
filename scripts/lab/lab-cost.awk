# SPDX-License-Identifier: GPL-2.0
#
# lab-cost.awk: the cost of finding the busiest group against CPU count,
# formatted from data/cost.csv of "lbana report" (lab/lbreport.c): for
# each CPU count of the cost-sym* scenarios (one hog per CPU, under the
# instruction-counted clock), each arm's mean instructions per search of
# the largest domain. Writes an SVG line chart to the file "svg" and a
# Markdown table to stdout. Run with csv.awk first; dir is the report
# directory.

function x(c) { return 70 + (c - cmin) / (cmax > cmin ? cmax - cmin : 1) * 380 }
function y(v) { return 230 - v / (vmax > 0 ? vmax : 1) * 190 }

BEGIN {
	nc = load("cost")
	vmax = 0
	print "| CPUs | stock instructions | rework instructions | rework/stock |"
	print "|---|---|---|---|"
	for (i = 1; i <= nc; i++) {
		c = list[i] = T["cost", i, "cpus"] + 0
		s = val[c, "stock"] = T["cost", i, "stock_mean"]
		r = val[c, "rework"] = T["cost", i, "rework_mean"]
		if (s != "" && s + 0 > vmax) vmax = s + 0
		if (r != "" && r + 0 > vmax) vmax = r + 0
		printf "| %d | %s | %s | %s |\n", c, s == "" ? "-" : sprintf("%.0f", s),
			r == "" ? "-" : sprintf("%.0f", r),
			T["cost", i, "ratio"] == "" ? "-" : T["cost", i, "ratio"]
	}
	cmin = list[1]; cmax = list[nc]
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
