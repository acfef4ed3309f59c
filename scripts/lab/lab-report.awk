# SPDX-License-Identifier: GPL-2.0
#
# lab-report.awk: turn lbana's per-run metric lines into the lab's table.
#
# Input: lines "scenario=S arm=A rep=R valid=1 key=value ..." (lbana).
# Run with lab-stats.awk first (awk -f lab-stats.awk -f lab-report.awk).
# Variables:
#   runs    file of "SCENARIO FILE WINDOW_MS" lines, in lab order
#   expect  file of "SCENARIO METRIC OP REF" lines (REF: a number, stock,
#           stock+N, stock-N or stock*N), checked on the rework mean
#   dir     where report.md goes, and data/ with every number of the
#           report as CSV (lab-html.awk makes index.html from those)
# Prints the Markdown table (mean ± standard deviation of each arm, the
# rework/stock ratio and the ideal) and the expectations that failed.
# Exits 1 if a run was invalid or an expectation failed.

function fmt(m, v) {
	if (m == "eta" || m == "jain" || m == "migr_rate")
		return sprintf("%.3f", v)
	if (m ~ /_pct$/)
		return sprintf("%.2f", v)
	if (m ~ /^fbg_/)
		return sprintf("%.1f", v)
	return sprintf("%.0f", v)
}

# "mean ± sd" of scenario s, arm a, metric m; "-" without values.
function cell(s, a, m,    k, n, mean, var, sd, pre) {
	k = s SUBSEP a SUBSEP m
	n = cnt[k]
	if (!n)
		return "-"
	mean = sum[k] / n
	var = n > 1 ? (sq[k] - n * mean * mean) / (n - 1) : 0
	# Rounding can leave a tiny negative variance for equal values.
	sd = var > 0 ? sqrt(var) : 0
	pre = cens[k] ? ">" : ""
	return pre fmt(m, mean) " ± " fmt(m, sd)
}

function sd(s, a, m,    k, n, mu, var) {
	k = s SUBSEP a SUBSEP m
	n = cnt[k]
	if (n < 2)
		return 0
	mu = sum[k] / n
	var = (sq[k] - n * mu * mu) / (n - 1)
	return var > 0 ? sqrt(var) : 0
}

function mean(s, a, m,    k) {
	k = s SUBSEP a SUBSEP m
	return cnt[k] ? sum[k] / cnt[k] : ""
}

function ratio(s, m,    r, st) {
	r = mean(s, "rework", m)
	st = mean(s, "stock", m)
	if (r == "" || st == "")
		return "-"
	if (st == 0)
		return r == 0 ? "1.00" : "inf"
	return sprintf("%.2f", r / st)
}

function add(s, a, m, v,    k) {
	k = s SUBSEP a SUBSEP m
	if (!(m in keyseen)) {
		keyseen[m] = 1
		keyorder[++nkeys] = m
	}
	cnt[k]++
	sum[k] += v
	sq[k] += v * v
}

# A CSV field: quoted when it holds a comma, a quote or a space.
function csv(v) {
	if (v !~ /[," ]/)
		return v
	gsub(/"/, "\"\"", v)
	return "\"" v "\""
}

# The label of any metric key: the table's own, or one made from the key.
function key_label(m,    p) {
	if (m in label)
		return label[m]
	if (m == "lbc_passes_s")
		return "balance passes/s"
	if (m == "note_p50_ns")
		return "noting a pass, median ns"
	if (match(m, /^lbc_[a-z]+_pct$/))
		return substr(m, 5, length(m) - 8) " % of passes"
	if (match(m, /^lbc_[a-z]+_s$/))
		return substr(m, 5, length(m) - 6) " imbalances/s"
	if (split(m, p, "_") >= 3 && p[1] == "insn")
		return "instructions per search (" p[2] " CPU, level " substr(p[3], 2) "; icount)"
	if (p[1] == "fbg" && p[3] ~ /^l[0-9]$/)
		return "median µs per search (" p[2] " CPU, level " substr(p[3], 2) ")"
	return m
}

# data/metrics.csv: every metric of every scenario, both arms.
function metrics_csv(    f, i, j, s, m, a, c, k, line) {
	f = data "/metrics.csv"
	print "scenario,metric,label,stock_mean,stock_sd,stock_n,stock_censored," \
	      "rework_mean,rework_sd,rework_n,rework_censored,ratio,ideal" > f
	for (i = 1; i <= ns; i++)
		for (j = 1; j <= nkeys; j++) {
			s = order[i]
			m = keyorder[j]
			if (!cnt[s SUBSEP "stock" SUBSEP m] && !cnt[s SUBSEP "rework" SUBSEP m])
				continue
			line = csv(s) "," m "," csv(key_label(m))
			for (c = 0; c < 2; c++) {
				a = c ? "rework" : "stock"
				k = s SUBSEP a SUBSEP m
				line = line "," (cnt[k] ? mean(s, a, m) "," sd(s, a, m) : ",") \
				       "," cnt[k] + 0 "," cens[k] + 0
			}
			print line "," ratio(s, m) "," (m in ideal ? ideal[m] : "-") > f
		}
	close(f)
}

# data/compare.csv: where the rework's wasted time or misfit latency is
# below or above stock's significantly ("better", "worse": Welch's test,
# one-sided at 5 %, as the expectations are judged, and by at least 0.1
# point or 10 ms), or not ("same"), scenario by scenario.
function compare_csv(    f, i, j, s, m, r, st, v, small) {
	f = data "/compare.csv"
	print "scenario,metric,verdict,stock_mean,rework_mean,test" > f
	for (i = 1; i <= ns; i++)
		for (j = 1; j <= 2; j++) {
			s = order[i]
			m = j == 1 ? "wasted_pct" : "misfit_ms"
			r = mean(s, "rework", m)
			st = mean(s, "stock", m)
			if (icount_scen[s] || r == "" || st == "")
				continue
			small = lab_small(m)
			v = "same"
			TSTAT = "apart by less than " small (m == "wasted_pct" ? " point" : " ms")
			if (r < st - small && significant(s, m, st - r, 1))
				v = "better"
			else if (r > st + small && significant(s, m, r - st, 1))
				v = "worse"
			if (m == "wasted_pct")
				nwasted[v]++
			print csv(s) "," m "," v "," st "," r "," csv(TSTAT) > f
		}
	close(f)
}

# The answer to "is the rework better than stock?": "no" if an expectation
# failed or a run was invalid, "not everywhere" if a target was missed,
# "yes" otherwise; printed, and with its counts in data/summary.csv.
function summary(    f, i, met, noise, missed, ans) {
	for (i = 1; i <= ntg; i++) {
		met += tcount[TG[i] SUBSEP "met"]
		noise += tcount[TG[i] SUBSEP "within noise"]
		missed += tcount[TG[i] SUBSEP "missed"]
	}
	ans = (nf || invalid) ? "no" : missed ? "not everywhere" : "yes"
	printf "\nIs the rework better than stock? %s: of %d target checks %d met, " \
	       "%d within noise, %d missed; wasted time significantly below stock's " \
	       "in %d scenarios, above it in %d\n", ans, met + noise + missed, met,
	       noise, missed, nwasted["better"], nwasted["worse"]
	f = data "/summary.csv"
	print "key,value" > f
	print "answer," csv(ans) > f
	print "scenarios," ns > f
	print "checks_met," met + 0 > f
	print "checks_within_noise," noise + 0 > f
	print "checks_missed," missed + 0 > f
	print "wasted_better," nwasted["better"] + 0 > f
	print "wasted_worse," nwasted["worse"] + 0 > f
	print "expectations_checked," nexp + 0 > f
	print "expectations_failed," nf + 0 > f
	print "invalid_runs," invalid + 0 > f
	close(f)
}

# data/bench.csv: throughput as the ratio of the arms' means with a 95 %
# interval (ratio_ci() of lab-stats.awk). Guests under TCG run at
# emulated speed.
function bench_csv(    f, i, s, m, r, st, nr, nst) {
	f = data "/bench.csv"
	print "scenario,metric,label,stock_mean,rework_mean,n_stock,n_rework,ratio,ci_low,ci_high" > f
	for (i = 1; i <= ns; i++) {
		s = order[i]
		m = "msgs_per_s"
		r = mean(s, "rework", m)
		st = mean(s, "stock", m)
		if (r == "" || st == "" || st <= 0 || r <= 0)
			continue
		nr = cnt[s SUBSEP "rework" SUBSEP m]
		nst = cnt[s SUBSEP "stock" SUBSEP m]
		ratio_ci(r, var_of(s, "rework", m), nr, st, var_of(s, "stock", m), nst)
		print csv(s) "," m "," csv(key_label(m)) "," st "," r "," nst "," nr "," \
		      r / st "," CI_LO "," CI_HI > f
	}
	close(f)
}


BEGIN {
	data = dir "/data"
	system("mkdir -p '" data "'")
	print "target,scenario,verdict,detail" > (data "/verdicts.csv")
	print "scenario,metric,op,ref,result,detail" > (data "/expectations.csv")
	nrun_cols = split("scenario arm rep valid clock wasted_pct misplaced_pct smt_shared_pct eta jain t_bal_ms migr_rate pingpong misfit_ms misfit_idle_ms moves msgs_per_s lb_busy lb_idle lb_newidle fbg_busy_ns_per_call", RUNCOL, " ")
	line = ""
	for (i = 1; i <= nrun_cols; i++)
		line = line (i > 1 ? "," : "") RUNCOL[i]
	print line > (data "/runs.csv")
	nm = split("wasted_pct misplaced_pct smt_shared_pct eta jain t_bal_ms migr_rate pingpong misfit_ms misfit_idle_ms msgs_per_s lb_per_s fbg_busy_p50_ns fbg_idle_p50_ns fbg_newidle_p50_ns fbg_busy_ns_per_call insn_busy", M, " ")
	split("wasted %,misplaced %,SMT-shared core %,η,Jain,T_bal ms,migrations/task/s,ping-pong,misfit ms,top CPUs idle while a misfit waits (CPU·ms),msgs/s,balance calls/s,median µs per busiest-group search (busy CPU),median µs (idle CPU),median µs (newly idle),mean µs (busy CPU),instructions per busiest-group search (busy CPU; icount),", L, ",")
	split("0 0 0 1 1 - 0 0 - 0 - - - - - - -", I, " ")
	for (i = 1; i <= nm; i++) {
		label[M[i]] = L[i]
		ideal[M[i]] = I[i]
	}
	nout = split("balanced moved active pinned failed", OUT, " ")
	ntype = split("load util task misfit llc", TYPE, " ")
	split("busy idle newidle", IDLE, " ")
	while ((getline l < runs) > 0) {
		split(l, w, " ")
		order[++ns] = w[1]
		window[w[1]] = w[3]
	}
}

{
	delete f
	for (i = 1; i <= NF; i++) {
		eq = index($i, "=")
		f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	s = f["scenario"]
	a = f["arm"]
	runs_seen[s SUBSEP a]++
	line = ""
	for (i = 1; i <= nrun_cols; i++)
		line = line (i > 1 ? "," : "") csv(RUNCOL[i] in f ? f[RUNCOL[i]] : "")
	print line > (data "/runs.csv")
	if (f["valid"] != 1) {
		invalid++
		bad[s SUBSEP a]++
		printf "invalid run: %s\n", $0
		next
	}
	secs = window[s] / 1000
	if (f["hogs"] != "") {
		nhogs[s] = f["hogs"]
		ntasks[s] = f["tasks"]
		ncpus[s] = f["ncpus"]
	}
	if (secs > 0)
		f["lb_per_s"] = (f["lb_busy"] + f["lb_idle"] + f["lb_newidle"]) / secs
	for (i = 1; i <= nm; i++) {
		m = M[i]
		if (!(m in f) || f[m] == "-")
			continue
		# A kernel without the rework's counters reports no searches;
		# under icount the search times are instruction counts.
		if (m ~ /^fbg_/ && (!f["fbg_calls"] || f["clock"] == "icount"))
			continue
		v = m ~ /^fbg_/ ? f[m] / 1000 : f[m]
		# "Never" within the window counts as the whole window.
		if ((m == "t_bal_ms" || m == "misfit_ms") && v < 0) {
			v = window[s]
			cens[s SUBSEP a SUBSEP m]++
		}
		add(s, a, m, v)
	}
	if (f["clock"] == "icount" && f["fbg_busy_ns_per_call"] ~ /^[0-9]+$/ && icount_ns > 0) {
		add(s, a, "insn_busy", f["fbg_busy_ns_per_call"] / icount_ns)
		icount_scen[s] = 1
	}
	counters(s, a, secs)
}

# The lb_stats counters of a run: passes per second and what came of them,
# the search cost per idle type and domain level, the cost of noting.
function counters(s, a, secs,    n, i, k, lv) {
	if (f["lbc_passes"] == "" || secs <= 0)
		return
	n = f["lbc_passes"]
	add(s, a, "lbc_passes_s", n / secs)
	for (i = 1; i <= nout; i++) {
		k = OUT[i]
		add(s, a, "lbc_" k "_pct", n ? 100 * f["lbc_" k] / n : 0)
	}
	for (i = 1; i <= ntype; i++)
		add(s, a, "lbc_" TYPE[i] "_s", f["lbc_" TYPE[i]] / secs)
	if (f["note_p50_ns"] != "" && f["note_p50_ns"] != "-")
		add(s, a, "note_p50_ns", f["note_p50_ns"])
	for (i = 1; i <= 3; i++)
		for (lv = 0; lv < 4; lv++) {
			k = "fbg_" IDLE[i] "_l" lv "_p50_ns"
			if (f["clock"] != "icount" && f[k] ~ /^[0-9]+$/)
				add(s, a, k, f[k] / 1000)
			k = "fbg_" IDLE[i] "_l" lv "_ns_per_call"
			if (f["clock"] == "icount" && f[k] ~ /^[0-9]+$/ && icount_ns > 0)
				add(s, a, "insn_" IDLE[i] "_l" lv, f[k] / icount_ns)
		}
}

# Verdict of "rework <= limit" for metric m of scenario s, where the
# noise is one standard deviation of each arm, added.
function verdict(s, m, limit,    r) {
	r = mean(s, "rework", m)
	if (r <= limit + 1e-9)
		return "met"
	if (r - limit <= sd(s, "rework", m) + sd(s, "stock", m))
		return "within noise"
	return "missed"
}

function tally(t, s, v, why) {
	tcount[t SUBSEP v]++
	print csv(t) "," csv(s) "," csv(v) "," csv(why) > (data "/verdicts.csv")
	if (v != "met")
		tlist[t] = tlist[t] sprintf("\n  - %s: %s%s", s, v, why != "" ? " (" why ")" : "")
	else if (why != "")
		tnote[t] = tnote[t] sprintf("\n  - %s: %s", s, why)
}

# The cost target of an instruction-counted scenario, level by level.
function cost_target(s,    lv, k, v, w, worst) {
	worst = ""
	v = "met"
	for (lv = 0; lv < 4; lv++) {
		k = "insn_busy_l" lv
		if (mean(s, "rework", k) == "" || mean(s, "stock", k) == "")
			continue
		w = verdict(s, k, mean(s, "stock", k))
		if (w == "missed" || (w == "within noise" && v == "met"))
			v = w
		worst = worst sprintf("%sL%d %.0f vs %.0f", worst == "" ? "" : ", ", lv,
				      mean(s, "rework", k), mean(s, "stock", k))
	}
	if (worst != "")
		tally("cost", s, v, v == "met" ? "" : "instructions " worst)
}

# The issue's targets, judged on every scenario they apply to; the
# placement targets on real-clock scenarios, the cost target on
# instruction-counted ones.
function targets(    i, s, r, st, v, lv, k, worst, w) {
	ntg = split("wasted,eta,misfit,migrations,cost", TG, ",")
	tlabel["wasted"] = "wasted time at most stock's"
	tlabel["eta"] = "η ≥ 0.98 with at most as many hogs as CPUs (hogs only)"
	tlabel["misfit"] = "misfit latency at most stock's"
	tlabel["migrations"] = "migrations at most stock's + 10%, unless fairness improves"
	tlabel["cost"] = "instructions per search at most stock's, level by level (busy CPU; icount scenarios)"
	for (i = 1; i <= ns; i++) {
		s = order[i]
		if (mean(s, "rework", "wasted_pct") == "" || mean(s, "stock", "wasted_pct") == "")
			continue
		# Instruction-counted runs are for cost: their time is not real.
		if (icount_scen[s]) {
			cost_target(s)
			continue
		}
		v = verdict(s, "wasted_pct", mean(s, "stock", "wasted_pct"))
		w = sprintf("%.2f vs %.2f %%", mean(s, "rework", "wasted_pct"), mean(s, "stock", "wasted_pct"))
		tally("wasted", s, v, v == "met" ? "" : w)
		if (nhogs[s] > 0 && nhogs[s] == ntasks[s] && nhogs[s] <= ncpus[s]) {
			r = mean(s, "rework", "eta")
			st = mean(s, "stock", "eta")
			v = r >= 0.98 ? "met" : "missed"
			tally("eta", s, v, v == "met" ? "" : sprintf("%.3f; stock %.3f", r, st))
		}
		if (mean(s, "rework", "misfit_ms") != "" && mean(s, "stock", "misfit_ms") != "") {
			st = mean(s, "stock", "misfit_ms")
			v = verdict(s, "misfit_ms", st)
			w = sprintf("%.0f vs %.0f ms", mean(s, "rework", "misfit_ms"), st)
			tally("misfit", s, v, v == "met" ? "" : w)
		}
		st = mean(s, "stock", "migr_rate")
		r = mean(s, "rework", "migr_rate")
		v = verdict(s, "migr_rate", st * 1.1)
		w = sprintf("%.3f vs %.3f per task per s", r, st)
		if (v != "met" && mean(s, "rework", "jain") > mean(s, "stock", "jain")) {
			v = "met"
			w = w sprintf("; more migrations, but fairness improved: Jain %.3f vs %.3f",
				      mean(s, "rework", "jain"), mean(s, "stock", "jain"))
		} else if (v == "met") {
			w = ""
		}
		tally("migrations", s, v, w)
	}
	print "\n## Targets\n" > md
	print "| target | met | within noise | missed |" > md
	print "|---|---|---|---|" > md
	print "\ntargets (met / within noise / missed):"
	print "target,label,met,within_noise,missed" > (data "/targets.csv")
	for (i = 1; i <= ntg; i++) {
		t = TG[i]
		print t "," csv(tlabel[t]) "," tcount[t SUBSEP "met"] + 0 "," \
		      tcount[t SUBSEP "within noise"] + 0 "," \
		      tcount[t SUBSEP "missed"] + 0 > (data "/targets.csv")
		printf "| %s | %d | %d | %d |\n", tlabel[t], tcount[t SUBSEP "met"],
		       tcount[t SUBSEP "within noise"], tcount[t SUBSEP "missed"] > md
		printf "  %s: %d / %d / %d\n", tlabel[t], tcount[t SUBSEP "met"],
		       tcount[t SUBSEP "within noise"], tcount[t SUBSEP "missed"]
	}
	print "\n\"Within noise\": above the limit by less than the two arms' standard deviations added." > md
	for (i = 1; i <= ntg; i++) {
		t = TG[i]
		if (tlist[t] != "" || tnote[t] != "")
			print "\n- " tlabel[t] ":" tlist[t] tnote[t] > md
	}
}

# report.md: the counters of each arm, then the search cost per level.
function counter_tables(    i, s, a, c, line, lv, k, j) {
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
			if (!cnt[s SUBSEP a SUBSEP "lbc_passes_s"])
				continue
			line = "| " s " | " a " | " cell(s, a, "lbc_passes_s")
			for (j = 1; j <= nout; j++)
				line = line " | " cell(s, a, "lbc_" OUT[j] "_pct")
			for (j = 1; j <= ntype; j++)
				line = line " | " cell(s, a, "lbc_" TYPE[j] "_s")
			print line " | " cell(s, a, "note_p50_ns") " |" > md
		}
	level_table("Instructions per search, per domain level",
		    "Scenarios run under QEMU icount, where the guest clock counts instructions: the mean instructions per search for the busiest group, by idle type of the balancing CPU and domain level (0 is the smallest). Free of host noise; only equal levels compare.",
		    "insn_", "")
	level_table("Search time per domain level",
		    "Median µs per search for the busiest group, by idle type of the balancing CPU and domain level (0 is the smallest): a search costs in proportion to its domain, so only equal levels compare.",
		    "fbg_", "_p50_ns")
}

# report.md: a table of metric PRE IDLE "_l" LEVEL POST for each scenario,
# idle type and level that has one.
function level_table(title, text, pre, post,    i, j, lv, s, k) {
	print "\n## " title "\n\n" text "\n" > md
	print "| scenario | idle type | level | stock | rework | rework/stock |" > md
	print "|---|---|---|---|---|---|" > md
	for (i = 1; i <= ns; i++)
		for (j = 1; j <= 3; j++)
			for (lv = 0; lv < 4; lv++) {
				s = order[i]
				k = pre IDLE[j] "_l" lv post
				if (!cnt[s SUBSEP "stock" SUBSEP k] && !cnt[s SUBSEP "rework" SUBSEP k])
					continue
				printf "| %s | %s | %d | %s | %s | %s |\n", s, IDLE[j], lv,
				       cell(s, "stock", k), cell(s, "rework", k), ratio(s, k) > md
			}
}

function row(s, m, line) {
	line = sprintf("| %s | %s | %s | %s | %s | %s |", s, label[m],
		       cell(s, "stock", m), cell(s, "rework", m), ratio(s, m), ideal[m])
	# The terminal gets the placement metrics and the busy-CPU cost;
	# report.md gets every row.
	if (m !~ /^(pingpong|lb_per_s|fbg_idle_p50_ns|fbg_newidle_p50_ns|fbg_busy_ns_per_call)$/)
		print line
	print line > md
}

function var_of(s, a, m) {
	return sd(s, a, m) ^ 2
}


# Is the rework's mean beyond "want" in the wrong direction by a
# significant margin? Welch's test against the stock arm when the
# reference is stock's (want = stock's mean, shifted), a one-sample test
# otherwise; one-sided at 5 %. With no spread at all, any excess counts.
# Sets TSTAT to the statistic for the message.
function significant(s, m, excess, vsstock,    nr, ns, vr, vs) {
	nr = cnt[s SUBSEP "rework" SUBSEP m]
	ns = vsstock ? cnt[s SUBSEP "stock" SUBSEP m] : 0
	vr = nr > 1 ? var_of(s, "rework", m) / nr : 0
	vs = ns > 1 ? var_of(s, "stock", m) / ns : 0
	return beyond_noise(excess, vr, nr, vs, ns)
}

# Check "METRIC OP REF" on the rework mean of scenario s, over the
# repetitions: a miss is reported only when it is significant and, when
# REF is stock's, larger than lab_small().
function check(s, m, op, ref,    r, st, want, excess) {
	r = mean(s, "rework", m)
	if (r == "")
		return "no rework value"
	want = ref
	if (ref ~ /^stock/) {
		st = mean(s, "stock", m)
		if (st == "")
			return "no stock value"
		want = st
		if (ref ~ /^stock\+/) want = st + substr(ref, 7)
		if (ref ~ /^stock-/) want = st - substr(ref, 7)
		if (ref ~ /^stock\*/) want = st * substr(ref, 7)
	}
	excess = (op ~ /^</) ? r - want : want - r
	if (excess < 0 || (excess == 0 && op ~ /=$/))
		return ""
	# Against stock, a gap below the lab's resolution is no miss.
	if (ref ~ /^stock/ && excess <= lab_small(m))
		return ""
	if (!significant(s, m, excess, ref ~ /^stock/))
		return ""
	return sprintf("rework %s = %s, wanted %s %s (%s; %s)",
		       m, fmt(m, r), op, fmt(m, want), ref, TSTAT)
}

END {
	md = dir "/report.md"
	print "| scenario | metric | stock | rework | rework/stock | ideal |" > md
	print "|---|---|---|---|---|---|" > md
	print "| scenario | metric | stock | rework | rework/stock | ideal |"
	print "|---|---|---|---|---|---|"
	for (i = 1; i <= ns; i++) {
		s = order[i]
		for (j = 1; j <= nm; j++) {
			m = M[j]
			if (!cnt[s SUBSEP "stock" SUBSEP m] && !cnt[s SUBSEP "rework" SUBSEP m])
				continue
			# Rows that say nothing for this scenario stay out.
			if (m == "msgs_per_s" && mean(s, "stock", m) == 0 && mean(s, "rework", m) == 0)
				continue
			row(s, m)
		}
	}
	print "" > md
	print "Cells: mean ± standard deviation over the repetitions; \">\" marks a mean that counts a run which never got there as the whole window." > md
	while ((getline l < expect) > 0) {
		split(l, w, " ")
		nexp++
		why = check(w[1], w[2], w[3], w[4])
		print csv(w[1]) "," csv(w[2]) "," csv(w[3]) "," csv(w[4]) "," \
		      (why == "" ? "held" : "failed") "," csv(why) > (data "/expectations.csv")
		if (why != "") {
			failed_exp[++nf] = w[1] ": " why
		}
	}
	for (i = 1; i <= ns; i++)
		for (a = 0; a < 2; a++) {
			arm = a ? "stock" : "rework"
			if (!runs_seen[order[i] SUBSEP arm]) {
				failed_exp[++nf] = order[i] ": no " arm " run came back"
			}
		}
	targets()
	printf "\nexpectations: %d checked, %d failed; invalid runs: %d\n", nexp, nf, invalid + 0
	printf "\nExpectations: %d checked, %d failed; invalid runs: %d\n", nexp, nf, invalid + 0 > md
	for (i = 1; i <= nf; i++) {
		print "  FAIL " failed_exp[i]
		print "- FAIL " failed_exp[i] > md
	}
	counter_tables()
	metrics_csv()
	compare_csv()
	bench_csv()
	summary()
	close(md)
	exit (nf || invalid) ? 1 : 0
}
