# SPDX-License-Identifier: GPL-2.0
#
# lab-html.awk: the lab's page, REPORT/index.html, and its chart of wasted
# time, REPORT/wasted.svg. It only formats: every number comes from the
# CSV files that lbana report wrote to REPORT/data/, and the heat maps
# are lbana's SVGs in REPORT/svg/. Run with csv.awk first.
#
# Variables:
#   dir      the report directory
#   runs     file of "SCENARIO FILE WINDOW_MS" lines, in lab order
#   meta     one line on what ran: base, commit, date, accelerator
# Prints the page; writes REPORT/wasted.svg.
#
# The first screen answers "is the rework better than stock, where, and
# at what cost": the verdict, the targets, throughput, the cost per
# domain level, the chart of wasted time and the seed's heat maps. Every
# scenario's details follow, folded. No script; it works offline.

function esc(s) {
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	return s
}

function exists(file,    line, ok) {
	ok = (getline line < file) > 0
	close(file)
	return ok
}

function num(v, d) {
	return v == "" ? "-" : sprintf("%." d "f", v)
}

# Decimals that suit a metric's values.
function digits(m) {
	if (m ~ /^(eta|jain|migr_rate)$/)
		return 3
	return m ~ /_pct$/ ? 2 : 0
}

# A ratio cell, coloured when the rework is clearly cheaper or dearer.
function ratio_td(r, lower_is_better,    cls) {
	cls = ""
	if (r != "" && r != "-" && r != "inf") {
		if (r + 0 < 0.995)
			cls = lower_is_better ? "good" : "bad"
		else if (r + 0 > 1.005)
			cls = lower_is_better ? "bad" : "good"
	}
	return "<td class=\"" cls "\">" (r == "" ? "-" : r) "</td>"
}

function cell(s, m, arm,    r, c, mean) {
	r = MROW[s, m]
	if (!r || T["metrics", r, arm "_n"] == 0)
		return "-"
	mean = T["metrics", r, arm "_mean"]
	c = T["metrics", r, arm "_censored"] > 0 ? "&gt;" : ""
	return c num(mean, digits(m)) " ± " num(T["metrics", r, arm "_sd"], digits(m))
}

function answer(    cls) {
	cls = S["answer"] == "yes" ? "good" : S["answer"] == "no" ? "bad" : "warn"
	print "<section id=\"answer\"><h2>Is the rework better than stock?</h2>"
	printf "<p class=\"big %s\">%s.</p>\n", cls,
	       toupper(substr(S["answer"], 1, 1)) substr(S["answer"], 2)
	printf "<p>Of %d target checks over %d scenarios, %d met, %d within noise and %d missed. ",
	       S["checks_met"] + S["checks_within_noise"] + S["checks_missed"],
	       S["scenarios"], S["checks_met"], S["checks_within_noise"], S["checks_missed"]
	printf "Wasted time: significantly below stock's in %d scenarios, above it in %d (Welch's test, 5%%). ",
	       S["wasted_better"], S["wasted_worse"]
	printf "Expectations: %d checked, %d failed; invalid runs: %d.</p>\n",
	       S["expectations_checked"], S["expectations_failed"], S["invalid_runs"]
	print "</section>"
}

function targets_table(    i, j, t, list, nmissed) {
	print "<section id=\"targets\"><h2>Targets</h2>"
	print "<table><tr><th>target</th><th>met</th><th>within noise</th><th>missed</th></tr>"
	for (i = 1; i <= ntargets; i++) {
		t = T["targets", i, "target"]
		printf "<tr><td>%s</td><td class=\"%s\">%d</td><td>%d</td><td class=\"%s\">%d</td></tr>\n",
		       esc(T["targets", i, "label"]),
		       (T["targets", i, "met"] > 0 ? "good" : ""), T["targets", i, "met"],
		       T["targets", i, "within_noise"],
		       (T["targets", i, "missed"] > 0 ? "bad" : ""), T["targets", i, "missed"]
	}
	print "</table>"
	list = ""
	for (j = 1; j <= nverdicts; j++)
		if (T["verdicts", j, "verdict"] == "missed" && ++nmissed)
			list = list sprintf("<li><a href=\"#s-%s\">%s</a>: %s, %s</li>\n",
				T["verdicts", j, "scenario"], T["verdicts", j, "scenario"],
				esc(T["verdicts", j, "target"]), esc(T["verdicts", j, "detail"]))
	if (list != "")
		printf "<details><summary>Missed: %d</summary><ul class=\"short\">\n%s</ul></details>\n",
		       nmissed, list
	print "<p class=\"note\">Within noise: above the limit by less than the two arms' standard deviations added.</p>"
	print "</section>"
}

function bench_table(    i, v, cls) {
	print "<section id=\"benchmarks\"><h2>Benchmarks</h2>"
	if (nbenchmarks) {
		printf "<p class=\"note\">Host programs in %s guests, stock and rework alternating; rework/stock of the means with a 95%% interval; better or worse when the interval excludes 1.</p>\n",
		       esc(T["benchmarks", 1, "accel"])
		print "<table><tr><th>benchmark</th><th>guest</th><th>better</th><th>rework/stock</th><th>95% interval</th><th>verdict</th></tr>"
		for (i = 1; i <= nbenchmarks; i++) {
			v = T["benchmarks", i, "verdict"]
			cls = v == "better" ? "good" : v == "worse" ? "bad" : ""
			if (v == "no result") {
				printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>-</td><td>-</td><td class=\"bad\">%s</td></tr>\n",
				       T["benchmarks", i, "benchmark"], T["benchmarks", i, "topology"],
				       T["benchmarks", i, "better"], v
				continue
			}
			printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%.3f</td><td>%.3f to %.3f</td><td class=\"%s\">%s</td></tr>\n",
			       T["benchmarks", i, "benchmark"], T["benchmarks", i, "topology"],
			       T["benchmarks", i, "better"],
			       T["benchmarks", i, "ratio"], T["benchmarks", i, "ci_low"],
			       T["benchmarks", i, "ci_high"], cls, v
		}
		print "</table>"
	} else {
		print "<p>No benchmark ran (make bench, or make run without SCENARIO).</p>"
	}
	print "<p class=\"note\">Under TCG every vCPU runs at emulated speed: the ratios"
	print "compare the arms' placement, not real hardware.</p></section>"
}

# The throughput of the lab's own scenarios (pipe pairs), below the cost.
function scenario_throughput(    i) {
	if (nbench) {
		print "<section id=\"throughput\"><h2>Throughput in the lab's scenarios</h2>"
		print "<table><tr><th>scenario</th><th>measure</th><th>rework/stock</th><th>95% interval</th></tr>"
		for (i = 1; i <= nbench; i++)
			printf "<tr><td>%s</td><td>%s</td>%s<td>%s to %s</td></tr>\n",
			       T["bench", i, "scenario"], esc(T["bench", i, "label"]),
			       ratio_td(sprintf("%.2f", T["bench", i, "ratio"]), 0),
			       num(T["bench", i, "ci_low"], 2), num(T["bench", i, "ci_high"], 2)
		print "</table></section>"
	}
}

# The cost of a search for the busiest group, rework/stock, per idle type
# and domain level of the instruction-counted scenarios.
function cost_table(    i, r, s, m, p, k, col, ncol, seen, row, line, any) {
	for (r = 1; r <= nmetrics; r++) {
		m = T["metrics", r, "metric"]
		if (m !~ /^insn_[a-z]+_l[0-9]$/)
			continue
		s = T["metrics", r, "scenario"]
		split(m, p, "_")
		k = p[2] " " substr(p[3], 2)
		if (!(k in seen)) {
			seen[k] = 1
			col[++ncol] = k
		}
		if (!(s in row)) {
			row[s] = 1
			cost_scen[++ncost] = s
		}
		cost[s, k] = T["metrics", r, "ratio"]
	}
	print "<section id=\"cost\"><h2>Cost</h2>"
	if (!ncost) {
		print "<p>No instruction-counted (cost-*) scenario in this run.</p></section>"
		return
	}
	sort_cols(col, ncol)
	line = "<table><tr><th>rework/stock instructions per search</th>"
	for (i = 1; i <= ncol; i++) {
		split(col[i], p, " ")
		line = line "<th>" (p[1] == "newly" ? "newly idle" : p[1]) " L" p[2] "</th>"
	}
	print line "</tr>"
	for (r = 1; r <= ncost; r++) {
		s = cost_scen[r]
		line = "<tr><td><a href=\"#s-" s "\">" s "</a></td>"
		for (i = 1; i <= ncol; i++)
			line = line ratio_td((s SUBSEP col[i]) in cost ? cost[s, col[i]] : "-", 1)
		print line "</tr>"
	}
	print "</table>"
	print "<p class=\"note\">Instructions per search, by kind of balance and domain"
	print "level (L0 is the smallest); green: cheaper than stock. On arm64 guests"
	print "they are exact counts of each vCPU's own instructions (QEMU plugin"
	print "<code>lab/plugin/tbprof.c</code>), by periodic and newly idle balance;"
	print "elsewhere, per idle type, they come from the guest clock under QEMU"
	print "-icount, which disagrees with exact counts by tens of instructions per"
	print "search. <code>make profile</code> says where they go (README, the"
	print "cost).</p></section>"
}

# Columns in the order busy, idle, newidle, then by level.
function sort_cols(col, n,    i, j, t) {
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (col_key(col[j]) < col_key(col[i])) {
				t = col[i]
				col[i] = col[j]
				col[j] = t
			}
}

function col_key(c) {
	return (c ~ /^(busy|periodic)/ ? 0 : c ~ /^idle/ ? 1 : 2) substr(c, length(c))
}

# wasted.svg: the mean wasted time of each real-clock scenario, stock
# beside rework, with one standard deviation as a whisker.
function wasted_chart(    i, s, n, top, step, x, y, h, w, svg, a, m, sdv, v, tick, lab) {
	for (i = 1; i <= nscen; i++) {
		s = scen[i]
		if (MROW[s, "wasted_pct"] && !MROW[s, "insn_busy_l0"] &&
		    !MROW[s, "insn_periodic_l0"] &&
		    T["metrics", MROW[s, "wasted_pct"], "stock_n"] > 0 &&
		    T["metrics", MROW[s, "wasted_pct"], "rework_n"] > 0)
			chart[++n] = s
	}
	top = 0
	for (i = 1; i <= n; i++)
		for (a = 0; a < 2; a++) {
			m = MROW[chart[i], "wasted_pct"]
			v = T["metrics", m, (a ? "rework" : "stock") "_mean"] + \
			    T["metrics", m, (a ? "rework" : "stock") "_sd"]
			if (v > top)
				top = v
		}
	split("0.4 1 2 4 10 20 40 100", tick, " ")
	for (i = 1; i <= 8 && tick[i] < top; i++)
		;
	top = i <= 8 ? tick[i] : 100
	step = top / 4
	h = 200
	w = 60 + n * 22 + 10
	if (w < 600)
		w = 600
	svg = dir "/wasted.svg"
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">\n", w, h + 130 > svg
	printf "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, h + 130 > svg
	printf "<text x=\"60\" y=\"14\">wasted %% of core time (idle CPU beside a doubled one); mean and one standard deviation</text>\n" > svg
	printf "<rect x=\"%d\" y=\"4\" width=\"10\" height=\"10\" fill=\"#999\"/><text x=\"%d\" y=\"14\">stock</text>\n", w - 130, w - 116 > svg
	printf "<rect x=\"%d\" y=\"4\" width=\"10\" height=\"10\" fill=\"#2a6fdb\"/><text x=\"%d\" y=\"14\">rework</text>\n", w - 70, w - 56 > svg
	for (i = 0; i <= 4; i++) {
		y = 20 + h - i * step / top * h
		printf "<line x1=\"55\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", w - 5, y, y > svg
		printf "<text x=\"50\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", y + 4, i * step > svg
	}
	for (i = 1; i <= n; i++) {
		x = 60 + (i - 1) * 22
		for (a = 0; a < 2; a++) {
			m = MROW[chart[i], "wasted_pct"]
			v = T["metrics", m, (a ? "rework" : "stock") "_mean"]
			sdv = T["metrics", m, (a ? "rework" : "stock") "_sd"]
			printf "<rect x=\"%d\" y=\"%.1f\" width=\"9\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %.2f ± %.2f %%</title></rect>\n",
			       x + a * 9, 20 + h - v / top * h, v / top * h,
			       a ? "#2a6fdb" : "#999", chart[i], a ? "rework" : "stock", v, sdv > svg
			printf "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
			       x + a * 9 + 4.5, x + a * 9 + 4.5, 20 + h - v / top * h,
			       20 + h - (v + sdv > top ? top : v + sdv) / top * h > svg
		}
		lab = chart[i]
		printf "<text transform=\"translate(%d,%d) rotate(-60)\" text-anchor=\"end\">%s</text>\n",
		       x + 12, h + 30, lab > svg
	}
	print "</svg>" > svg
	close(svg)
	return n
}

function seed_maps(    i, s, a, any, f) {
	print "<section id=\"seed\"><h2>The seed's scenarios: heat maps, stock beside rework</h2>"
	print "<p class=\"note\">One row per CPU, biggest first; white idle, green one task,"
	print "orange two, red three or more; black ticks are migrations. First repetition.</p>"
	for (i = 1; i <= nscen; i++) {
		s = scen[i]
		if (s !~ /^seed/)
			continue
		any = 1
		printf "<div class=\"pair\"><div class=\"cap\"><a href=\"#s-%s\">%s</a></div>", s, s
		for (a = 0; a < 2; a++) {
			f = "svg/" s "-" (a ? "rework" : "stock") "-1.svg"
			if (exists(dir "/" f))
				printf "<img src=\"%s\" alt=\"%s %s\">", f, s, a ? "rework" : "stock"
			else
				printf "<span class=\"bad\">no %s heat map</span>", a ? "rework" : "stock"
		}
		print "</div>"
	}
	if (!any)
		print "<p>No seed scenario in this run.</p>"
	print "</section>"
}

# The runs of scenario s, one row each, from data/runs.csv.
function runs_table(s,    j, c, line) {
	line = "<table class=\"runs\"><tr>"
	for (c = 2; c <= nruncol; c++)
		line = line "<th>" RC[c] "</th>"
	print line "</tr>"
	for (j = 1; j <= nruns; j++) {
		if (T["runs", j, "scenario"] != s)
			continue
		line = "<tr>"
		for (c = 2; c <= nruncol; c++)
			line = line "<td>" esc(T["runs", j, RC[c]]) "</td>"
		print line "</tr>"
	}
	print "</table>"
}

function details(    i, j, s, r, m, a, f, line, w, lines, l) {
	print "<section id=\"details\"><h2>Every scenario</h2>"
	for (i = 1; i <= nscen; i++) {
		s = scen[i]
		w = MROW[s, "wasted_pct"] ? " &#8212; wasted " cell(s, "wasted_pct", "stock") \
		    " % stock, " cell(s, "wasted_pct", "rework") " % rework" : ""
		printf "<details id=\"s-%s\"><summary><b>%s</b> <small>(%s)</small>%s</summary>\n",
		       s, s, file[s], w
		print "<table><tr><th>metric</th><th>stock</th><th>rework</th><th>rework/stock</th><th>ideal</th></tr>"
		for (r = 1; r <= nmetrics; r++) {
			if (T["metrics", r, "scenario"] != s)
				continue
			m = T["metrics", r, "metric"]
			printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			       esc(T["metrics", r, "label"]), cell(s, m, "stock"),
			       cell(s, m, "rework"), T["metrics", r, "ratio"], T["metrics", r, "ideal"]
		}
		print "</table>"
		for (j = 1; j <= nexpect; j++)
			if (T["expectations", j, "scenario"] == s)
				printf "<div class=\"%s\">expect %s %s %s: %s %s</div>\n",
				       T["expectations", j, "result"] == "held" ? "good" : "bad",
				       T["expectations", j, "metric"], esc(T["expectations", j, "op"]),
				       T["expectations", j, "ref"], T["expectations", j, "result"],
				       esc(T["expectations", j, "detail"])
		print "<div class=\"maps\">"
		for (a = 0; a < 2; a++) {
			f = "svg/" s "-" (a ? "rework" : "stock") "-1.svg"
			if (exists(dir "/" f))
				printf "<figure><figcaption>%s</figcaption><img src=\"%s\" loading=\"lazy\" alt=\"%s %s\"></figure>\n",
				       a ? "rework" : "stock", f, s, a ? "rework" : "stock"
		}
		print "</div>"
		runs_table(s)
		print "</details>"
	}
	print "</section>"
}

BEGIN {
	while ((getline line < runs) > 0) {
		split(line, w, " ")
		if (w[1] in file)
			continue
		scen[++nscen] = w[1]
		file[w[1]] = w[2]
	}
	nruns = load("runs")
	if ((getline line < (dir "/data/runs.csv")) > 0)
		nruncol = csvsplit(line, RC)
	close(dir "/data/runs.csv")
	load_report()
	nbench = load("bench")
	nbenchmarks = load("benchmarks")
	nexpect = load("expectations")

	nchart = wasted_chart()
	print "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	print "<title>lb-rework lab: rework against stock</title>\n<style>"
	print "body { font-family: sans-serif; margin: 1em 1.5em; font-size: 14px; }"
	print "h1 { font-size: 20px; margin: 0 0 2px; } h2 { font-size: 16px; margin: 10px 0 4px; }"
	print ".meta, .note { color: #555; font-size: 12px; margin: 2px 0; }"
	print ".top { display: grid; grid-template-columns: minmax(420px, 620px) minmax(420px, 1fr); gap: 0 24px; }"
	print "table { border-collapse: collapse; font-size: 12px; }"
	print "td, th { border: 1px solid #ccc; padding: 1px 5px; text-align: right; }"
	print "td:first-child, th:first-child { text-align: left; }"
	print ".good { background: #d9f2d9; } .bad { background: #f8d4d4; } .warn { background: #fbe9c4; }"
	print ".big { font-size: 22px; font-weight: bold; padding: 2px 8px; display: inline-block; margin: 0; }"
	print "ul.short { margin: 2px 0; padding-left: 18px; font-size: 12px; }"
	print ".pair { display: grid; grid-template-columns: 90px 1fr 1fr; gap: 6px; align-items: center; margin-bottom: 4px; }"
	print ".pair img { width: 100%; } .cap { font-size: 12px; word-break: break-all; }"
	print "#wasted img { max-width: 100%; }"
	print ".maps { display: flex; gap: 12px; flex-wrap: wrap; } .maps img { width: 640px; } figure { margin: 0; }"
	print "details { margin: 2px 0; } summary { cursor: pointer; } pre { font-size: 11px; white-space: pre-wrap; }"
	print "</style></head><body>"
	print "<h1>lb-rework against stock Linux, in one boot</h1>"
	print "<p class=\"meta\">" esc(meta) "</p>"
	print "<div class=\"top\"><div>"
	answer()
	targets_table()
	bench_table()
	cost_table()
	scenario_throughput()
	print "</div><div>"
	print "<section id=\"wasted\"><h2>Wasted time per scenario</h2>"
	if (nchart)
		print "<img src=\"wasted.svg\" alt=\"wasted time per scenario, stock beside rework\">"
	else
		print "<p>No real-clock scenario in this run.</p>"
	print "</section>"
	seed_maps()
	print "</div></div>"
	details()
	print "<section id=\"data\"><h2>Data</h2><p>Every number on this page, as CSV:"
	print "<a href=\"data/metrics.csv\">metrics</a>, <a href=\"data/targets.csv\">targets</a>,"
	print "<a href=\"data/verdicts.csv\">verdicts</a>, <a href=\"data/compare.csv\">compare</a>,"
	print "<a href=\"data/bench.csv\">bench</a>, <a href=\"data/expectations.csv\">expectations</a>,"
	print "<a href=\"data/summary.csv\">summary</a>, <a href=\"data/runs.csv\">runs</a>,"
	print "<a href=\"data/benchmarks.csv\">benchmarks</a> (when run); the tables as Markdown: <a href=\"report.md\">report.md</a>;"
	print "the cost against CPU count: <a href=\"cost.svg\">cost.svg</a>.</p></section>"
	print "</body></html>"
}
