# SPDX-License-Identifier: GPL-2.0
#
# hunt-gen.awk: the defect hunt's scenarios (scripts/lab/hunt.sh).
#
#   awk -v mode=gen -v seed=S -v idx=I -v topo=T -v topodir=D -f hunt-gen.awk
#	draw scenario I of seed S on topology T: a spec, that is a scenario
#	file whose CPU lists are symbols (below), on standard output
#   awk -v mode=render -v topodir=D -f hunt-gen.awk SPEC
#	the spec as an ordinary scenario file for its topology
#   awk -v mode=shrink -v step=K -v topodir=D -f hunt-gen.awk SPEC
#	the K-th smaller variant of the spec (K from 1); exit 1 past the last
#
# The symbols: @big (the CPUs of the largest capacity), @little (of the
# smallest), @half0 and @half1 (the first and the second half of the CPU
# numbers; on a symmetric topology they are also @big and @little), @cpu0
# and @pair (CPUs 0 and 0-1). So a spec keeps its sense on a smaller
# topology of the same shape, which is how a reproduction shrinks.
#
# The random numbers are Park and Miller's minimal standard generator,
# exact in awk's doubles, so a (seed, index) pair draws the same scenario
# with any awk.

function rng_init(s, i) {
	RNG = (s * 7919 + i * 104729 + 12345) % 2147483646 + 1
	for (i = 0; i < 8; i++)
		rnd(2)
}

# An integer from 0 to n - 1.
function rnd(n) {
	RNG = (RNG * 16807) % 2147483647
	return int(RNG / 2147483647 * n)
}

function pick(list,    w, n) {
	n = split(list, w, " ")
	return w[1 + rnd(n)]
}

# NCPU and CAP[0..NCPU-1] of topology t, from topodir/t.topo.
function read_topo(t,    f, l, w, n, i) {
	f = topodir "/" t ".topo"
	NCPU = 0
	while ((getline l < f) > 0) {
		if (l ~ /^smp[ \t]*=/) {
			sub(/^smp[ \t]*=[ \t]*/, "", l)
			NCPU = l + 0
		}
		if (l ~ /^capacity[ \t]*=/) {
			sub(/^capacity[ \t]*=[ \t]*/, "", l)
			n = split(l, w, " ")
			for (i = 1; i <= n; i++)
				CAP[i - 1] = w[i]
		}
	}
	close(f)
	if (!NCPU) {
		print "hunt-gen: no topology " t " in " topodir > "/dev/stderr"
		exit 2
	}
}

# The CPU list of symbol s on the topology read last.
function cpus_of(s,    lo, hi, c, want, out, sym) {
	lo = hi = CAP[0]
	for (c = 1; c < NCPU; c++) {
		lo = CAP[c] < lo ? CAP[c] : lo
		hi = CAP[c] > hi ? CAP[c] : hi
	}
	sym = lo == hi
	if (s == "@cpu0")
		return "0"
	if (s == "@pair")
		return "0-1"
	if (s == "@half0" || (sym && s == "@big"))
		return "0-" (NCPU / 2 - 1)
	if (s == "@half1" || (sym && s == "@little"))
		return (NCPU / 2) "-" (NCPU - 1)
	want = s == "@big" ? hi : lo
	out = ""
	for (c = 0; c < NCPU; c++)
		if (CAP[c] == want)
			out = out (out == "" ? "" : ",") c
	return out
}

# How many tasks of a line: around the CPU count, where balance is hard.
function hog_count(    c) {
	c = pick("one half less equal more double any")
	if (c == "one") return 1
	if (c == "half") return int(NCPU / 2)
	if (c == "less") return NCPU - 1
	if (c == "equal") return NCPU
	if (c == "more") return NCPU + 1
	if (c == "double") return 2 * NCPU
	return 1 + rnd(NCPU)
}

# Optional keys of a line: a nice level, and either a starting placement
# ("placed") or else now and then a late start (a fork during the run).
function extras(placed,    s) {
	s = ""
	if (rnd(100) < 25)
		s = s " nice=" pick("-5 -2 2 5 10")
	if (!placed && rnd(100) < 15)
		s = s " start=" 100 * (1 + rnd(8))
	if (placed)
		s = s " place=" pick("@big @little @half0 @half1 @cpu0 @pair")
	return s
}

# One task line, at most "room" tasks; RAMPS counts the ramp lines.
function task_line(placed, room,    r, n) {
	r = rnd(100)
	if (r < 10 && !RAMPS++)
		return "task ramp count=1 ramp=" (5 + rnd(26)) "-100/" \
		       (500 + 100 * rnd(16)) " period=16 mark=80 place=@little"
	if (r < 20)
		return "task churn count=" (1 + rnd(2)) " duty=" (20 + rnd(41)) \
		       " period=" (5 + rnd(46))
	if (r < 30)
		return "task " pick("hog periodic") " count=" (1 + rnd(NCPU)) \
		       " allow=" pick("@half0 @pair @little")
	if (r < 60) {
		n = 1 + rnd(NCPU)
		return "task periodic count=" (n < room ? n : room) " duty=" \
		       (5 + rnd(56)) " period=" (1 + rnd(50)) extras(placed)
	}
	n = hog_count()
	return "task hog count=" (n < room ? n : room) extras(placed)
}

function gen(    lines, placed, i, room, l, w, out, nscored, n) {
	rng_init(seed, idx)
	read_topo(topo)
	lines = 1 + rnd(3) + (rnd(10) < 3)
	placed = rnd(10) < 6
	room = 128
	out = ""
	RAMPS = 0
	for (i = 0; i < lines && room > 0; i++) {
		l = task_line(placed, room)
		split(l, w, " ")
		room -= substr(w[3], 7)
		out = out l "\n"
		nscored += scored(l)
	}
	if (!nscored && (n = hog_count()))
		out = out "task hog count=" (n < room ? n : room) "\n"
	print "# hunt: seed " seed ", scenario " idx " on " topo \
	      " (scripts/lab/hunt.sh gen " seed " " idx " " topo ")"
	print "topology " topo
	print "reps     2"
	print "duration " pick("1500 2000 3000")
	if (out ~ /place=/)
		print "release  " (200 + 100 * rnd(3))
	printf "%s", out
}

# The spec's lines into SPEC[1..NSPEC]; its topology into TOPO.
function read_spec(f,    l) {
	NSPEC = 0
	while ((getline l < f) > 0) {
		SPEC[++NSPEC] = l
		if (l ~ /^topology /)
			TOPO = substr(l, 10)
	}
	close(f)
}

function render(    i, l, w, n, j, v) {
	read_topo(TOPO)
	for (i = 1; i <= NSPEC; i++) {
		l = SPEC[i]
		if (l ~ /^task /) {
			n = split(l, w, " ")
			l = w[1] " " w[2]
			for (j = 3; j <= n; j++) {
				v = w[j]
				if (match(v, /=@[a-z0-9]+$/))
					v = substr(v, 1, RSTART) cpus_of(substr(v, RSTART + 1))
				l = l " " v
			}
		}
		print l
	}
}

# The spec with line i replaced by l ("" drops it).
function spec_with(i, l,    j, out) {
	out = ""
	for (j = 1; j <= NSPEC; j++)
		if (j != i)
			out = out SPEC[j] "\n"
		else if (l != "")
			out = out l "\n"
	return out
}

# Line l with key k removed, or with its value v when v is given.
function set_key(l, k, v,    w, n, j, out) {
	n = split(l, w, " ")
	out = w[1] " " w[2]
	for (j = 3; j <= n; j++)
		if (index(w[j], k "=") != 1)
			out = out " " w[j]
		else if (v != "")
			out = out " " k "=" v
	return out
}

function key_of(l, k,    w, n, j) {
	n = split(l, w, " ")
	for (j = 3; j <= n; j++)
		if (index(w[j], k "=") == 1)
			return substr(w[j], length(k) + 2)
	return ""
}

# The spec on the smaller topology t, each count scaled by the CPUs.
function on_topology(t,    old, i, l, c, out) {
	read_topo(TOPO)
	old = NCPU
	read_topo(t)
	out = ""
	for (i = 1; i <= NSPEC; i++) {
		l = SPEC[i]
		if (l ~ /^topology /)
			l = "topology " t
		c = key_of(l, "count") + 0
		if (l ~ /^task / && c)
			l = set_key(l, "count", int((c * NCPU + old - 1) / old))
		out = out l "\n"
	}
	return out
}

# Every one-step smaller variant of the spec into CAND[1..NCAND], the
# biggest cuts first: a smaller topology, a task line fewer, fewer tasks
# on a line, a shorter run, a line without its nice level, late start,
# placement or affinity.
# Is l a line of tasks the lab scores? Churn and RT tasks are background,
# and a scenario needs one scored line at least.
function scored(l) {
	return l ~ /^task / && l !~ /^task (churn|rt) /
}

# Keep candidate t; one without placed tasks loses its release too.
function add_cand(t) {
	if (t !~ /place=/)
		gsub(/(^|\n)release[^\n]*/, "", t)
	CAND[++NCAND] = t
}

function candidates(    i, c, ntask, d, k, keys, nk, map) {
	nk = split("bl88=bl44 tri6=tri sym2x16=sym16 sym32=sym16 sym16=sym8", map, " ")
	for (i = 1; i <= nk; i++)
		if (index(map[i], TOPO "=") == 1)
			add_cand(on_topology(substr(map[i], length(TOPO) + 2)))
	ntask = 0
	for (i = 1; i <= NSPEC; i++)
		ntask += scored(SPEC[i])
	for (i = 1; i <= NSPEC; i++)
		if (SPEC[i] ~ /^task / && (!scored(SPEC[i]) || ntask > 1))
			add_cand(spec_with(i, ""))
	for (i = 1; i <= NSPEC; i++) {
		c = key_of(SPEC[i], "count") + 0
		if (SPEC[i] ~ /^task / && c > 1)
			add_cand(spec_with(i, set_key(SPEC[i], "count",
					c > 4 ? int((c + 1) / 2) : c - 1)))
	}
	for (i = 1; i <= NSPEC; i++)
		if (SPEC[i] ~ /^duration / && (d = substr(SPEC[i], 10) + 0) > 1000)
			add_cand(spec_with(i, "duration " (d > 2000 ? int(d / 2) : 1000)))
	nk = split("nice start place allow", keys, " ")
	for (i = 1; i <= NSPEC; i++)
		for (k = 1; k <= nk; k++)
			if (SPEC[i] ~ /^task / && key_of(SPEC[i], keys[k]) != "" &&
			    SPEC[i] !~ /^task ramp/)
				add_cand(spec_with(i, set_key(SPEC[i], keys[k])))
}

BEGIN {
	if (mode == "gen") {
		gen()
		exit 0
	}
}

END {
	if (mode == "gen")
		exit 0
	read_spec(FILENAME)
	if (mode == "render") {
		render()
		exit 0
	}
	candidates()
	if (step < 1 || step > NCAND)
		exit 1
	printf "%s", CAND[step]
}
