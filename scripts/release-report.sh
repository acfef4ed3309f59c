#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# release-report.sh LOG [BOUND_MS]: tabulate the "@release" lines that
# "lbguest release" printed in LOG: for each placement and arm, the ms
# after release from which every hog had a CPU of its own for at least a
# second ("never" if not within the watch). With BOUND_MS, fail unless every rework run got
# there within BOUND_MS; stock's figures are reported, not judged.

log=${1:?usage: release-report.sh LOG [BOUND_MS]}
bound=${2:-}

awk -v bound="$bound" '
/^@release arm=.* balanced_ms=/ {
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		f[kv[1]] = kv[2]
	}
	key = f["place"] SUBSEP f["arm"]
	if (!(key in n)) {
		order[++keys] = key
	}
	v = f["balanced_ms"]
	cell[key, ++n[key]] = v == -1 ? "never" : v == -2 ? "INVALID" : v
	watch[key] = f["watch_ms"]
	if (f["arm"] == "rework" && (v < 0 || (bound != "" && v > bound))) {
		bad = bad sprintf("  rework run %d on %s: %s\n", n[key],
				  f["place"], cell[key, n[key]])
	}
	if (v == -2)
		invalid = 1
}
END {
	if (!keys) {
		print "no @release results in the log"
		exit 1
	}
	printf "CPU hogs pinned to a start placement, then released: ms until each\n"
	printf "hog has a CPU of its own for at least 1 s (\"never\": not in the watch)\n"
	printf "  %-18s %-7s %-6s %s\n", "start placement", "arm", "watch", "runs"
	for (k = 1; k <= keys; k++) {
		split(order[k], p, SUBSEP)
		line = ""
		for (r = 1; r <= n[order[k]]; r++)
			line = line sprintf("%7s", cell[order[k], r])
		printf "  %-18s %-7s %5.0fs%s\n", p[1], p[2], watch[order[k]] / 1000, line
	}
	if (bad != "") {
		printf "FAILED: rework must balance within %s ms:\n%s", bound, bad
		exit 1
	}
	if (invalid) {
		print "FAILED: a trace lost events or disagreed with /proc"
		exit 1
	}
}' "$log"
