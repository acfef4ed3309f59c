# SPDX-License-Identifier: GPL-2.0
#
# lab-progress.awk: turn the guest's "@lab scenario=NAME rep=R/N arm=ARM"
# console lines into "scenario k of n" progress lines while a guest runs,
# with the time since the lab began and an estimate of the time left.
# Variables: total (scenarios in the lab), runs (file of "NAME FILE
# WINDOW_MS REPS" lines in lab order), t0 (the lab's start, epoch
# seconds), done0 (guest seconds of the runs of earlier boots).
#
# A run weighs its window plus 3 s of starting and collecting; the time
# left is the time so far scaled by the weight still to run.

function now(    t) {
	srand()
	t = srand()
	return t
}

function mmss(s) {
	return sprintf("%d:%02d", int(s / 60), int(s % 60))
}

BEGIN {
	while ((getline l < runs) > 0) {
		split(l, w, " ")
		k[w[1]] = ++n
		weight[w[1]] = w[3] / 1000 + 3
		all += (w[4] ? w[4] : 1) * 2 * weight[w[1]]
	}
	done = done0
}

/^@lab scenario=/ {
	sub(/\r$/, "")
	split($2, s, "=")
	split($3, r, "=")
	split($4, a, "=")
	if (last != "")
		done += weight[last]
	last = s[2]
	el = now() - t0
	left = done > 0 && all > done ? el / done * (all - done) : -1
	printf "   scenario %d of %d  %-24s rep %-5s %-6s %s elapsed%s\n", k[s[2]],
	       total, s[2], r[2], a[2], mmss(el),
	       (left >= 0 ? ", about " mmss(left) " left" : "")
	fflush()
}

/^@lab (cannot|arm missed|trace events)/ {
	print "   " $0
	fflush()
}
