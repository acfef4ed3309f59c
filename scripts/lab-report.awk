# SPDX-License-Identifier: GPL-2.0
#
# lab-report.awk: turn lbana's per-run metric lines into the lab's table.
#
# Input: lines "scenario=S arm=A rep=R valid=1 key=value ..." (lbana).
# Variables:
#   runs    file of "SCENARIO FILE WINDOW_MS" lines, in lab order
#   expect  file of "SCENARIO METRIC OP REF" lines (REF: a number, stock,
#           stock+N, stock-N or stock*N), checked on the rework mean
#   dir     where report.md and index.html go
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
	cnt[k]++
	sum[k] += v
	sq[k] += v * v
}

BEGIN {
	nm = split("wasted_pct misplaced_pct eta jain t_bal_ms migr_rate pingpong misfit_ms msgs_per_s lb_per_s fbg_busy_p50_ns fbg_idle_p50_ns fbg_newidle_p50_ns fbg_busy_ns_per_call", M, " ")
	split("wasted %,misplaced %,η,Jain,T_bal ms,migrations/task/s,ping-pong,misfit ms,msgs/s,balance calls/s,median µs per busiest-group search (busy CPU),median µs (idle CPU),median µs (newly idle),mean µs (busy CPU)", L, ",")
	split("0 0 1 1 - 0 0 - - - - - - -", I, " ")
	for (i = 1; i <= nm; i++) {
		label[M[i]] = L[i]
		ideal[M[i]] = I[i]
	}
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
	if (f["valid"] != 1) {
		invalid++
		bad[s SUBSEP a]++
		printf "invalid run: %s\n", $0
		next
	}
	secs = window[s] / 1000
	if (secs > 0)
		f["lb_per_s"] = (f["lb_busy"] + f["lb_idle"] + f["lb_newidle"]) / secs
	for (i = 1; i <= nm; i++) {
		m = M[i]
		if (!(m in f) || f[m] == "-")
			continue
		# A kernel without the rework's counters reports no searches.
		if (m ~ /^fbg_/ && !f["fbg_calls"])
			continue
		v = m ~ /^fbg_/ ? f[m] / 1000 : f[m]
		# "Never" within the window counts as the whole window.
		if ((m == "t_bal_ms" || m == "misfit_ms") && v < 0) {
			v = window[s]
			cens[s SUBSEP a SUBSEP m]++
		}
		add(s, a, m, v)
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

# Check "METRIC OP REF" on the rework mean of scenario s.
function check(s, m, op, ref,    r, st, want, ok) {
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
	ok = (op == "<=" && r <= want + 0) || (op == ">=" && r >= want + 0) ||
	     (op == "<" && r < want + 0) || (op == ">" && r > want + 0)
	return ok ? "" : sprintf("rework %s = %s, wanted %s %s (%s)",
				 m, fmt(m, r), op, fmt(m, want), ref)
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
	printf "\nexpectations: %d checked, %d failed; invalid runs: %d\n", nexp, nf, invalid + 0
	printf "\nExpectations: %d checked, %d failed; invalid runs: %d\n", nexp, nf, invalid + 0 > md
	for (i = 1; i <= nf; i++) {
		print "  FAIL " failed_exp[i]
		print "- FAIL " failed_exp[i] > md
	}
	close(md)
	exit (nf || invalid) ? 1 : 0
}
