# SPDX-License-Identifier: GPL-2.0
#
# hunt-judge.awk: the defect hunt's flags, from the lab's runs.
#
#   awk -v mode=screen|confirm -f lab-stats.awk -f hunt-judge.awk METRICS...
#
# METRICS are lab/metrics.txt files (one line per run, from lbana). For
# each scenario, one line "SCENARIO|ok" or, per flag, a line
# "SCENARIO|FLAG|stock|rework|test" where FLAG is METRIC:stock or
# METRIC:rework (that arm is worse than the ideal by more than the
# margin) or METRIC:worse (the rework is worse than stock); stock and
# rework give "mean ± sd (n)". A scenario with an arm and no valid run is
# "SCENARIO|invalid".
#
# "screen" compares the means alone (the hunt's first pass, two runs an
# arm); "confirm" counts a flag only when the lab's one-sided test at 5 %
# (lab-stats.awk: one-sample against the limit, Welch's against stock)
# says it is beyond the noise.
#
# The limits: wasted and misplaced time above 3 points of all CPU time
# (set when lbana still counted a wakeup in transit to an idle CPU as
# waiting, a point or two of the emulator's wakeup latency on both arms;
# without it, four of the nine findings of scenarios/hunt/ fall below 1
# point and four stay above 4, so the limit still parts them), misfit
# latency above 150 ms (the
# PELT ramp's floor is about 80 ms on these topologies). "Worse than
# stock": by more than the lab's smallest difference (lab_small(): 0.1
# point of wasted or misplaced time, 10 ms of misfit latency, 0.02 of
# Jain's index), and in "screen" by three times that.

BEGIN {
	FLAGM["wasted_pct"] = 3
	FLAGM["misplaced_pct"] = 3
	FLAGM["misfit_ms"] = 150
	nmet = split("wasted_pct misplaced_pct misfit_ms jain", MET, " ")
	scale = mode == "screen" ? 3 : 1
}

# A run: scenario=S arm=A rep=R valid=V key=value...
{
	delete kv
	for (i = 1; i <= NF; i++) {
		eq = index($i, "=")
		if (eq)
			kv[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	s = kv["scenario"]
	a = kv["arm"]
	if (s == "" || a == "")
		next
	if (!(s in seen)) {
		seen[s] = 1
		order[++ns] = s
	}
	if (kv["valid"] != 1)
		next
	runs[s SUBSEP a]++
	for (j = 1; j <= nmet; j++)
		if (kv[MET[j]] != "" && kv[MET[j]] != "-") {
			k = s SUBSEP a SUBSEP MET[j]
			n[k]++
			sum[k] += kv[MET[j]]
			sq[k] += kv[MET[j]] ^ 2
		}
}

function mu(k) {
	return sum[k] / n[k]
}

# The variance of the mean of k's values.
function vmean(k,    v) {
	if (n[k] < 2)
		return 0
	v = (sq[k] - sum[k] ^ 2 / n[k]) / (n[k] - 1)
	return (v > 0 ? v : 0) / n[k]
}

function show(k) {
	if (!n[k])
		return "-"
	return sprintf("%.3g ± %.2g (%d)", mu(k), sqrt(vmean(k) * n[k]), n[k])
}

function flag(s, what, m,    ks, kr) {
	ks = s SUBSEP "stock" SUBSEP m
	kr = s SUBSEP "rework" SUBSEP m
	printf "%s|%s:%s|%s|%s|%s\n", s, m, what, show(ks), show(kr),
	       mode == "screen" ? "means" : TSTAT
	FLAGS++
}

# Is one arm's mean of m beyond the limit?
function over_limit(s, a, m,    k, excess) {
	k = s SUBSEP a SUBSEP m
	if (!(m in FLAGM) || !n[k])
		return 0
	excess = mu(k) - FLAGM[m]
	if (excess <= 0)
		return 0
	return mode == "screen" || beyond_noise(excess, vmean(k), n[k], 0, 0)
}

# Is the rework's mean of m worse than stock's?
function worse(s, m,    ks, kr, d) {
	ks = s SUBSEP "stock" SUBSEP m
	kr = s SUBSEP "rework" SUBSEP m
	if (!n[ks] || !n[kr])
		return 0
	d = m == "jain" ? mu(ks) - mu(kr) : mu(kr) - mu(ks)
	if (d <= lab_small(m) * scale)
		return 0
	return mode == "screen" ||
	       beyond_noise(d, vmean(kr), n[kr], vmean(ks), n[ks])
}

END {
	for (i = 1; i <= ns; i++) {
		s = order[i]
		if (!runs[s SUBSEP "stock"] || !runs[s SUBSEP "rework"]) {
			print s "|invalid"
			continue
		}
		FLAGS = 0
		for (j = 1; j <= nmet; j++) {
			if (over_limit(s, "stock", MET[j]))
				flag(s, "stock", MET[j])
			if (over_limit(s, "rework", MET[j]))
				flag(s, "rework", MET[j])
			if (worse(s, MET[j]))
				flag(s, "worse", MET[j])
		}
		if (!FLAGS)
			print s "|ok"
	}
}
