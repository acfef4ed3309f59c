# SPDX-License-Identifier: GPL-2.0
#
# exact-merge.awk -v windows=FILE -v spans="4 8" RESULTS: the results of
# an instruction-counted boot, with the plugin's exact counts (tbprof.c's
# windows file) joined to each run's "@cost" line as
#   exact_KIND_lL=MEAN exact_KIND_lL_n=SEARCHES
# KIND periodic or newidle, L the domain level whose CPU count is the
# L-th of @spans (lowest first), MEAN the instructions per search. The
# plugin's window K is the K-th run of the boot, as both follow the
# guest's order (a run lbwork dropped and ran again, "@dropped", had its
# window too); a search over some other count of CPUs (a domain's
# search narrowed by pinned tasks) is left out. Fails, changing nothing,
# when the counts of windows and runs differ.

BEGIN {
	n = split(spans, sp, " ")
	for (i = 1; i <= n; i++)
		level[sp[i]] = i - 1
	while ((getline l < windows) > 0) {
		split(l, w, " ")
		# window K KIND cpus N searches S insns I
		if (w[1] != "window" || w[4] != "cpus" || w[6] != "searches" ||
		    w[8] != "insns") {
			printf "%s: malformed line: %s\n", windows, l > "/dev/stderr"
			bad = 1
			exit 1
		}
		if (w[2] > nwin)
			nwin = w[2]
		if (!(w[5] in level) || w[7] <= 0)
			continue
		k = "exact_" w[3] "_l" level[w[5]]
		extra[w[2]] = extra[w[2]] sprintf(" %s=%.1f %s_n=%d", k,
						  w[9] / w[7], k, w[7])
	}
	close(windows)
}

/^@run / || /^@dropped / { run++ }
/^@cost / { $0 = $0 extra[run] }
{ out[++nout] = $0 }

END {
	if (bad)
		exit 1
	if (run != nwin) {
		printf "%s: %d windows of exact counts for %d runs; not joined\n",
		       windows, nwin, run > "/dev/stderr"
		exit 1
	}
	for (i = 1; i <= nout; i++)
		print out[i]
}
