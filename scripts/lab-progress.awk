# SPDX-License-Identifier: GPL-2.0
#
# lab-progress.awk: turn the guest's "@lab scenario=NAME rep=R/N arm=ARM"
# console lines into "scenario k of n" progress lines while a guest runs.
# Variables: total (scenarios in the lab), runs (file of "NAME FILE" lines
# in lab order).

BEGIN {
	while ((getline l < runs) > 0) {
		split(l, w, " ")
		k[w[1]] = ++n
	}
}

/^@lab scenario=/ {
	sub(/\r$/, "")
	split($2, s, "=")
	split($3, r, "=")
	split($4, a, "=")
	printf "   scenario %d of %d  %-24s rep %-5s %s\n", k[s[2]], total, s[2], r[2], a[2]
	fflush()
}

/^@lab cannot/ {
	print "   " $0
	fflush()
}
