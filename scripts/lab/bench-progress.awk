# SPDX-License-Identifier: GPL-2.0
#
# bench-progress.awk: "benchmark k of n" lines from the guest's
# "@bench name=NAME arm=ARM rep=R ..." console lines while it runs.
# Variables: total (benchmarks in the boot).

/^@bench / {
	sub(/\r$/, "")
	if ($2 != last) {
		k++
		last = $2
	}
	printf "   benchmark %d of %d  %-28s %-9s %s\n", k, total, substr($2, 6),
	       $4, substr($3, 5)
	fflush()
}

/^lbbench: / {
	print "   " $0
	fflush()
}
