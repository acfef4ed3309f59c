#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# release-report.sh LOG [BOUND_MS]: tabulate the "@release" lines that
# "lbguest release" printed in LOG. For each placement and arm, each run
# shows the ms after release until every hog first had a CPU of its own,
# and, when that placement was lost again, "/N" with the ms from which it
# then held for at least a second ("never": not within the watch). Fail
# unless every rework run got there and then held a second within the
# watch, and, with BOUND_MS, first got there within BOUND_MS; stock's
# figures are reported, not judged.

log=${1:?usage: release-report.sh LOG [BOUND_MS]}
bound=${2:-}

awk -v bound="$bound" '
function show(v) { return v == -1 ? "never" : v == -2 ? "INVALID" : v }
/^@release arm=.* first_ms=/ {
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		f[kv[1]] = kv[2]
	}
	key = f["place"] SUBSEP f["arm"]
	if (!(key in n))
		order[++keys] = key
	first = f["first_ms"]
	held = f["balanced_ms"]
	c = show(first)
	if (held != first && first >= 0)
		c = c "/" show(held)
	cell[key, ++n[key]] = c
	watch[key] = f["watch_ms"]
	if (f["arm"] == "rework" && (first < 0 || held < 0 ||
				     (bound != "" && first > bound)))
		bad = bad sprintf("  rework run %d on %s: %s\n", n[key],
				  f["place"], c)
	if (first == -2)
		invalid = 1
}
END {
	if (!keys) {
		print "no @release results in the log"
		exit 1
	}
	printf "CPU hogs pinned to a start placement, then released: ms until each hog\n"
	printf "has a CPU of its own (/N: lost again, then held 1 s from N ms on)\n"
	printf "  %-18s %-7s %-6s %s\n", "start placement", "arm", "watch", "runs"
	for (k = 1; k <= keys; k++) {
		split(order[k], p, SUBSEP)
		line = ""
		for (r = 1; r <= n[order[k]]; r++)
			line = line sprintf(" %9s", cell[order[k], r])
		printf "  %-18s %-7s %5.0fs%s\n", p[1], p[2], watch[order[k]] / 1000, line
	}
	if (bad != "") {
		if (bound != "")
			printf "FAILED: rework must balance within %s ms:\n%s", bound, bad
		else
			printf "FAILED: rework must balance and hold within the watch:\n%s", bad
		exit 1
	}
	if (invalid) {
		print "FAILED: a trace lost events or disagreed with /proc"
		exit 1
	}
}' "$log"
