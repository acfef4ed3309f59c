# SPDX-License-Identifier: GPL-2.0
#
# lab-report.awk: the lab's table, targets and counters for the terminal
# and REPORT/report.md. It only formats: every number comes from the CSV
# files that "lbana report" wrote to REPORT/data/ (lab/lbreport.c). Run
# with csv.awk first: awk -f csv.awk -f lab-report.awk.
#
# Variables:
#   dir   the report directory
#   runs  file of "SCENARIO FILE WINDOW_MS" lines, in lab order

function fmt(m, v) {
	if (m == "eta" || m == "jain" || m == "migr_rate")
		return sprintf("%.3f", v)
	if (m ~ /_pct$/)
		return sprintf("%.2f", v)
	if (m ~ /^fbg_/)
		return sprintf("%.1f", v)
	return sprintf("%.0f", v)
}

# The row of metrics.csv for scenario s and metric m, or 0.
function mrow(s, m) {
	return (s SUBSEP m) in MROW ? MROW[s, m] : 0
}

# "mean ± sd" of scenario s, arm a, metric m; "-" without values; ">"
# marks a mean that counts a run which never got there as the window.
function cell(s, a, m,    r) {
	r = mrow(s, m)
	if (!r || !(T["metrics", r, a "_n"] + 0))
		return "-"
	return (T["metrics", r, a "_censored"] + 0 ? ">" : "") \
	       fmt(m, T["metrics", r, a "_mean"]) " ± " fmt(m, T["metrics", r, a "_sd"])
}

function has(s, a, m,    r) {
	r = mrow(s, m)
	return r && T["metrics", r, a "_n"] + 0 > 0
}

function row(s, m,    r, line) {
	r = mrow(s, m)
	line = sprintf("| %s | %s | %s | %s | %s | %s |", s,
		       T["metrics", r, "label"], cell(s, "stock", m),
		       cell(s, "rework", m), T["metrics", r, "ratio"],
		       T["metrics", r, "ideal"])
	# The terminal gets the placement metrics and the busy-CPU cost;
	# report.md gets every row.
	if (m !~ /^(pingpong|lb_per_s|fbg_idle_p50_ns|fbg_newidle_p50_ns|fbg_busy_ns_per_call)$/)
		print line
	print line > md
}

function table(    i, j, s, m, r) {
	print "| scenario | metric | stock | rework | rework/stock | ideal |" > md
	print "|---|---|---|---|---|---|" > md
	print "| scenario | metric | stock | rework | rework/stock | ideal |"
	print "|---|---|---|---|---|---|"
	for (i = 1; i <= ns; i++)
		for (j = 1; j <= nm; j++) {
			s = order[i]
			m = M[j]
			r = mrow(s, m)
			if (!r)
				continue
			# Rows that say nothing for this scenario stay out.
			if (m == "msgs_per_s" && T["metrics", r, "stock_mean"] + 0 == 0 &&
			    T["metrics", r, "rework_mean"] + 0 == 0)
				continue
			row(s, m)
		}
	print "" > md
	print "Cells: mean ± standard deviation over the repetitions; \">\" marks a mean that counts a run which never got there as the whole window." > md
}

# The targets' counts, and in report.md each one's misses and notes.
function targets(    i, j, t, v, why, list, note) {
	print "\n## Targets\n" > md
	print "| target | met | within noise | missed |" > md
	print "|---|---|---|---|" > md
	print "\ntargets (met / within noise / missed):"
	for (i = 1; i <= ntargets; i++) {
		printf "| %s | %d | %d | %d |\n", T["targets", i, "label"],
		       T["targets", i, "met"], T["targets", i, "within_noise"],
		       T["targets", i, "missed"] > md
		printf "  %s: %d / %d / %d\n", T["targets", i, "label"],
		       T["targets", i, "met"], T["targets", i, "within_noise"],
		       T["targets", i, "missed"]
	}
	print "\n\"Within noise\": above the limit by less than the two arms' standard deviations added." > md
	for (i = 1; i <= ntargets; i++) {
		t = T["targets", i, "target"]
		list = note = ""
		for (j = 1; j <= nverdicts; j++) {
			if (T["verdicts", j, "target"] != t)
				continue
			v = T["verdicts", j, "verdict"]
			why = T["verdicts", j, "detail"]
			if (v != "met")
				list = list sprintf("\n  - %s: %s%s", T["verdicts", j, "scenario"],
						    v, why != "" ? " (" why ")" : "")
			else if (why != "")
				note = note sprintf("\n  - %s: %s", T["verdicts", j, "scenario"], why)
		}
		if (list != "" || note != "")
			print "\n- " T["targets", i, "label"] ":" list note > md
	}
}

function expectations(    i) {
	printf "\nexpectations: %d checked, %d failed; invalid runs: %d\n",
	       S["expectations_checked"], S["expectations_failed"], S["invalid_runs"]
	printf "\nExpectations: %d checked, %d failed; invalid runs: %d\n",
	       S["expectations_checked"], S["expectations_failed"],
	       S["invalid_runs"] > md
	for (i = 1; i <= nfailures; i++) {
		print "  FAIL " T["failures", i, "scenario"] ": " T["failures", i, "detail"]
		print "- FAIL " T["failures", i, "scenario"] ": " T["failures", i, "detail"] > md
	}
}

# report.md: the counters of each arm, then the search cost per level.
function counter_tables(    i, s, a, c, line, j) {
	print "\n## Balance passes per arm (lb_stats)\n" > md
	print "Passes of each arm counted in the same boot: outcomes as % of the passes, then the passes that found an imbalance, by migration type, per second; noting is what counting (and, for rework, tracing) a pass cost.\n" > md
	line = "| scenario | arm | passes/s"
	for (i = 1; i <= nout; i++)
		line = line " | " OUT[i] " %"
	for (i = 1; i <= ntype; i++)
		line = line " | " TYPE[i] "/s"
	print line " | noting, median ns |" > md
	line = "|---|---|---"
	for (i = 1; i <= nout + ntype + 1; i++)
		line = line "|---"
	print line "|" > md
	for (i = 1; i <= ns; i++)
		for (c = 0; c < 2; c++) {
			s = order[i]
			a = c ? "rework" : "stock"
			if (!has(s, a, "lbc_passes_s"))
				continue
			line = "| " s " | " a " | " cell(s, a, "lbc_passes_s")
			for (j = 1; j <= nout; j++)
				line = line " | " cell(s, a, "lbc_" OUT[j] "_pct")
			for (j = 1; j <= ntype; j++)
				line = line " | " cell(s, a, "lbc_" TYPE[j] "_s")
			print line " | " cell(s, a, "note_p50_ns") " |" > md
		}
	level_table("Instructions per search, per domain level",
		    "Scenarios run under QEMU icount: the mean instructions per search for the busiest group, by domain level (0 is the smallest). On arm64 guests they are exact counts of QEMU's plugin (lab/plugin/tbprof.c), by kind of balance (periodic, newly idle); elsewhere the guest clock's, by idle type of the balancing CPU. Free of host noise; only equal levels compare.",
		    "insn_", "")
	level_table("Search time per domain level",
		    "Median µs per search for the busiest group, by idle type of the balancing CPU and domain level (0 is the smallest): a search costs in proportion to its domain, so only equal levels compare.",
		    "fbg_", "_p50_ns")
}

# report.md: a table of metric PRE IDLE "_l" LEVEL POST for each scenario,
# idle type and level that has one.
function level_table(title, text, pre, post,    i, j, lv, s, k, kind) {
	print "\n## " title "\n\n" text "\n" > md
	print "| scenario | idle type or balance | level | stock | rework | rework/stock |" > md
	print "|---|---|---|---|---|---|" > md
	for (i = 1; i <= ns; i++)
		for (j = 1; j <= nidle; j++)
			for (lv = 0; lv < 4; lv++) {
				s = order[i]
				k = pre IDLE[j] "_l" lv post
				if (!mrow(s, k))
					continue
				kind = IDLE[j] == "newly" ? "newly idle (exact)" : IDLE[j]
				if (kind == "periodic")
					kind = "periodic (exact)"
				printf "| %s | %s | %d | %s | %s | %s |\n", s, kind, lv,
				       cell(s, "stock", k), cell(s, "rework", k),
				       T["metrics", mrow(s, k), "ratio"] > md
			}
}

BEGIN {
	md = dir "/report.md"
	nm = split("wasted_pct misplaced_pct smt_shared_pct eta jain t_bal_ms migr_rate pingpong misfit_ms misfit_idle_ms msgs_per_s lb_per_s fbg_busy_p50_ns fbg_idle_p50_ns fbg_newidle_p50_ns fbg_busy_ns_per_call insn_busy insn_exact", M, " ")
	nout = split("balanced moved active pinned failed", OUT, " ")
	ntype = split("load util task misfit llc", TYPE, " ")
	# Idle types of the clock's figures, then the kinds of balance of
	# the exact counts (insn_periodic_lL, insn_newly_lL).
	nidle = split("busy idle newidle periodic newly", IDLE, " ")
	while ((getline l < runs) > 0) {
		split(l, w, " ")
		order[++ns] = w[1]
	}
	load_report()
	nfailures = load("failures")
	table()
	targets()
	expectations()
	counter_tables()
	printf "\nIs the rework better than stock? %s: of %d target checks %d met, " \
	       "%d within noise, %d missed; wasted time significantly below stock's " \
	       "in %d scenarios, above it in %d\n", S["answer"],
	       S["checks_met"] + S["checks_within_noise"] + S["checks_missed"],
	       S["checks_met"], S["checks_within_noise"], S["checks_missed"],
	       S["wasted_better"], S["wasted_worse"]
	close(md)
}
