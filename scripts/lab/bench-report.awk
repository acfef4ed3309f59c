# SPDX-License-Identifier: GPL-2.0
#
# bench-report.awk: the benchmark table from lbbench's lines. Run after
# lab-stats.awk.
#
# Input: the guest's console, of which only the lines
#   @bench name=NAME arm=ARM rep=R value=V secs=S
# count. Variables:
#   list   file of "NAME BETTER FILE" lines, in order (BETTER: lower or
#          higher)
#   csv    the CSV file to write (data/benchmarks.csv)
#   accel  what ran, e.g. "x86_64 TCG"
#   topo   the guest's topology
# Prints a Markdown table: each arm's mean ± standard deviation, the
# rework/stock ratio with its 95 % interval, and the verdict: "better" or
# "worse" when the interval excludes 1 in that direction, else "same".
# Exits 1 if a benchmark has no value of an arm.

function add(k, v) {
	n[k]++
	sum[k] += v
	sq[k] += v * v
}

function mean(k) {
	return n[k] ? sum[k] / n[k] : 0
}

function var(k,    m) {
	if (n[k] < 2)
		return 0
	m = mean(k)
	m = (sq[k] - n[k] * m * m) / (n[k] - 1)
	return m > 0 ? m : 0
}

BEGIN {
	while ((getline l < list) > 0) {
		split(l, w, " ")
		order[++nb] = w[1]
		better[w[1]] = w[2]
	}
}

/^@bench / {
	sub(/\r$/, "")
	delete f
	for (i = 2; i <= NF; i++) {
		eq = index($i, "=")
		f[substr($i, 1, eq - 1)] = substr($i, eq + 1)
	}
	add(f["name"] SUBSEP f["arm"], f["value"])
}

END {
	print "benchmark,topology,better,accel,stock_mean,stock_sd,stock_n,rework_mean,rework_sd,rework_n,ratio,ci_low,ci_high,verdict" > csv
	print "| benchmark | better | stock | rework | rework/stock | 95% interval | verdict |"
	print "|---|---|---|---|---|---|---|"
	for (i = 1; i <= nb; i++) {
		b = order[i]
		ks = b SUBSEP "stock"
		kr = b SUBSEP "rework"
		if (!n[ks] || !n[kr] || mean(ks) <= 0) {
			printf "| %s | %s | - | - | - | - | no result |\n", b, better[b]
			bad = 1
			continue
		}
		ratio_ci(mean(kr), var(kr), n[kr], mean(ks), var(ks), n[ks])
		r = mean(kr) / mean(ks)
		v = "same"
		if (CI_HI < 1)
			v = better[b] == "lower" ? "better" : "worse"
		else if (CI_LO > 1)
			v = better[b] == "lower" ? "worse" : "better"
		printf "| %s | %s | %.4g ± %.2g | %.4g ± %.2g | %.3f | %.3f to %.3f | %s |\n",
		       b, better[b], mean(ks), sqrt(var(ks)), mean(kr), sqrt(var(kr)),
		       r, CI_LO, CI_HI, v
		printf "%s,%s,%s,%s,%g,%g,%d,%g,%g,%d,%.4f,%.4f,%.4f,%s\n", b, topo, better[b],
		       "\"" accel "\"", mean(ks), sqrt(var(ks)), n[ks], mean(kr),
		       sqrt(var(kr)), n[kr], r, CI_LO, CI_HI, v > csv
	}
	close(csv)
	exit bad
}
