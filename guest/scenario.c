// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's scenario files: the parser, which the host ("lbwork check")
 * and the guest ("lbwork run") share, so that a file the host accepts is
 * a file the guest runs, and the host's check of a file against its
 * topology. The format is described in scenarios/README.md.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

const char * const kind_names[] = {
	[HOG] = "hog", [PERIODIC] = "periodic", [RAMP] = "ramp",
	[RT] = "rt", [PIPE] = "pipe", [CHURN] = "churn",
};

/* The metrics the host analyzer computes; thresholds may name these. */
static const char * const metric_names[] = {
	"wasted_pct", "misplaced_pct", "smt_shared_pct", "eta", "jain", "t_bal_ms",
	"migr_rate", "pingpong", "misfit_ms", "misfit_idle_ms", "moves",
	"msgs_per_s",
};

static int perr(const struct scenario *sc, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s:%d: ", sc->file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* "0-3,5,0": ranges and single CPUs, in order, repeats kept. */
static int parse_cpulist(const char *s, struct cpulist *l)
{
	char *end;
	long a, b;

	l->n = 0;
	while (*s) {
		a = strtol(s, &end, 10);
		if (end == s || a < 0 || a >= MAX_CPUS)
			return -1;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a || b >= MAX_CPUS)
				return -1;
		}
		for (; a <= b; a++) {
			if (l->n >= MAX_CPUS)
				return -1;
			l->cpu[l->n++] = a;
		}
		if (*end && *end != ',')
			return -1;
		s = *end ? end + 1 : end;
	}
	return l->n ? 0 : -1;
}

/* "10-100/2000": duty from 10% to 100% over 2000 ms. */
static int parse_ramp(const char *v, struct spec *t)
{
	if (sscanf(v, "%d-%d/%d", &t->duty, &t->duty_to, &t->ramp_ms) != 3 ||
	    t->duty < 1 || t->duty > 100 || t->duty_to < 1 ||
	    t->duty_to > 100 || t->ramp_ms < 1 || t->ramp_ms > 600000)
		return -1;
	return 0;
}

static int parse_key(const char *k, const char *v, struct spec *t, int line)
{
	if (!strcmp(k, "count")) {
		if (!strcmp(v, "N")) {
			t->count = 0;
			return 0;
		}
		return parse_int(v, 1, MAX_TASKS, &t->count);
	}
	if (!strcmp(k, "duty")) {
		if (parse_int(v, 1, 100, &t->duty))
			return -1;
		t->duty_to = t->duty;
		return 0;
	}
	if (!strcmp(k, "period"))
		return parse_int(v, 1, 1000, &t->period_ms);
	if (!strcmp(k, "ramp"))
		return parse_ramp(v, t);
	if (!strcmp(k, "mark"))
		return parse_int(v, 1, 100, &t->mark);
	if (!strcmp(k, "nice"))
		return parse_int(v, -20, 19, &t->nice);
	if (!strcmp(k, "prio"))
		return parse_int(v, 1, 99, &t->prio);
	if (!strcmp(k, "start"))
		return parse_int(v, 0, 600000, &t->start_ms);
	if (!strcmp(k, "allow")) {
		t->allow.line = line;
		return parse_cpulist(v, &t->allow);
	}
	if (!strcmp(k, "place")) {
		t->place.line = line;
		return parse_cpulist(v, &t->place);
	}
	return -2;
}

static const char task_keys[] =
	"count, duty, period, ramp, mark, nice, prio, start, allow, place";

static int parse_task(struct scenario *sc, char **w, int nw, int line)
{
	struct spec *t = &sc->s[sc->ns];
	int k, r;

	if (sc->ns >= MAX_SPECS)
		return perr(sc, line, "more than %d task lines", MAX_SPECS);
	if (nw < 2)
		return perr(sc, line, "expected 'task KIND key=value...'");
	*t = (struct spec){ .count = 1, .duty = 100, .duty_to = 100,
			    .period_ms = 16, .prio = 10, .line = line };
	for (k = 0; k <= CHURN && strcmp(w[1], kind_names[k]); k++)
		;
	if (k > CHURN)
		return perr(sc, line, "unknown task kind '%s' (expected hog, periodic, ramp, rt, pipe or churn)",
			    w[1]);
	t->kind = k;
	for (int i = 2; i < nw; i++) {
		char *eq = strchr(w[i], '=');

		if (!eq)
			return perr(sc, line, "expected key=value, got '%s'", w[i]);
		*eq = 0;
		r = parse_key(w[i], eq + 1, t, line);
		if (r == -2)
			return perr(sc, line, "unknown task key '%s' (expected %s)",
				    w[i], task_keys);
		if (r)
			return perr(sc, line, "bad value '%s' for %s", eq + 1, w[i]);
	}
	if (t->kind == RAMP && !t->ramp_ms)
		return perr(sc, line, "a ramp task needs ramp=FROM-TO/MS");
	if (t->kind != RAMP && t->mark)
		return perr(sc, line, "mark= is only for ramp tasks");
	sc->ns++;
	return 0;
}

static int find_metric(const char *m)
{
	for (size_t i = 0; i < sizeof(metric_names) / sizeof(*metric_names); i++)
		if (!strcmp(m, metric_names[i]))
			return i;
	return -1;
}

/* A reference is a number or stock, stock+N, stock-N, stock*N. */
static int valid_ref(const char *r)
{
	char *end;

	if (!strncmp(r, "stock", 5)) {
		r += 5;
		if (!*r)
			return 1;
		if (*r != '+' && *r != '-' && *r != '*')
			return 0;
		r++;
	}
	strtod(r, &end);
	return end != r && !*end;
}

static int parse_expect(struct scenario *sc, char **w, int nw, int line)
{
	struct expect *e = &sc->e[sc->ne];

	if (sc->ne >= MAX_EXPECT)
		return perr(sc, line, "more than %d expect lines", MAX_EXPECT);
	if (nw != 4)
		return perr(sc, line, "expected 'expect METRIC OP VALUE'");
	if (find_metric(w[1]) < 0) {
		perr(sc, line, "unknown metric '%s'; known metrics:", w[1]);
		for (size_t i = 0; i < sizeof(metric_names) / sizeof(*metric_names); i++)
			fprintf(stderr, "  %s\n", metric_names[i]);
		return -1;
	}
	if (strcmp(w[2], "<=") && strcmp(w[2], ">=") && strcmp(w[2], "<") &&
	    strcmp(w[2], ">"))
		return perr(sc, line, "expected an operator <=, >=, < or >, got '%s'", w[2]);
	if (!valid_ref(w[3]) || strlen(w[3]) >= sizeof(e->ref))
		return perr(sc, line, "expected a number or stock, stock+N, stock-N, stock*N, got '%s'",
			    w[3]);
	snprintf(e->metric, sizeof(e->metric), "%s", w[1]);
	snprintf(e->op, sizeof(e->op), "%s", w[2]);
	snprintf(e->ref, sizeof(e->ref), "%s", w[3]);
	sc->ne++;
	return 0;
}

/* "1,4,8,16": the values count=N takes, one run set each. */
static int parse_sweep(struct scenario *sc, char *v, int line)
{
	char *save, *t;

	sc->nsweep = 0;
	for (t = strtok_r(v, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (sc->nsweep >= 32 ||
		    parse_int(t, 1, MAX_TASKS, &sc->sweep[sc->nsweep++]))
			return perr(sc, line, "expected 'sweep N,N,...' with up to 32 counts of 1 to %d",
				    MAX_TASKS);
	return 0;
}

static int parse_word(const char *s, char *out, size_t len)
{
	size_t n = strlen(s);

	if (!n || n >= len)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("-_.", s[i]))
			return -1;
	memcpy(out, s, n + 1);
	return 0;
}

/*
 * "features NAME...": sched features written to
 * /sys/kernel/debug/sched/features for both arms, e.g. NO_NI_RANDOM. The
 * default is none: the kernel's own defaults, as distributions ship them.
 * LB_REWORK, the switch between the arms, is the lab's to set.
 */
static int parse_features(struct scenario *sc, char **w, int nw, int line)
{
	if (nw < 2 || nw - 1 > 8)
		return perr(sc, line, "expected 'features NAME...' (1 to 8 names)");
	for (int i = 1; i < nw; i++) {
		size_t n = strlen(w[i]);

		if (!n || n >= sizeof(sc->features[0]) ||
		    strspn(w[i], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != n)
			return perr(sc, line, "a sched feature is upper case, e.g. NO_NI_RANDOM; got '%s'", w[i]);
		if (strstr(w[i], "LB_REWORK"))
			return perr(sc, line, "LB_REWORK is the switch between the arms; the lab sets it");
		memcpy(sc->features[i - 1], w[i], n + 1);
	}
	sc->nfeatures = nw - 1;
	return 0;
}

static int parse_line(struct scenario *sc, char **w, int nw, int line)
{
	const char *k = w[0];

	if (!strcmp(k, "task"))
		return parse_task(sc, w, nw, line);
	if (!strcmp(k, "sweep") && nw == 2)
		return parse_sweep(sc, w[1], line);
	if (!strcmp(k, "expect"))
		return parse_expect(sc, w, nw, line);
	if (!strcmp(k, "features"))
		return parse_features(sc, w, nw, line);
	if (nw != 2)
		return perr(sc, line, "expected '%s VALUE'", k);
	if (!strcmp(k, "name"))
		return parse_word(w[1], sc->name, sizeof(sc->name)) ?
			perr(sc, line, "a name is letters, digits, '-', '_' or '.'") : 0;
	if (!strcmp(k, "topology"))
		sc->topo_line = line;
	if (!strcmp(k, "topology"))
		return parse_word(w[1], sc->topo, sizeof(sc->topo)) ?
			perr(sc, line, "bad topology name '%s'", w[1]) : 0;
	if (!strcmp(k, "reps"))
		return parse_int(w[1], 1, 100, &sc->reps) ?
			perr(sc, line, "reps is 1 to 100, got '%s'", w[1]) : 0;
	if (!strcmp(k, "duration"))
		return parse_int(w[1], 100, 600000, &sc->duration_ms) ?
			perr(sc, line, "duration is 100 to 600000 ms, got '%s'", w[1]) : 0;
	if (!strcmp(k, "release"))
		return parse_int(w[1], 1, 600000, &sc->release_ms) ?
			perr(sc, line, "release is 1 to 600000 ms, got '%s'", w[1]) : 0;
	if (!strcmp(k, "clock")) {
		if (strcmp(w[1], "real") && strcmp(w[1], "icount"))
			return perr(sc, line, "clock is 'real' or 'icount', got '%s'", w[1]);
		sc->icount = !strcmp(w[1], "icount");
		return 0;
	}
	return perr(sc, line, "unknown keyword '%s' (expected name, topology, reps, duration, release, clock, features, sweep, task or expect)",
		    k);
}

/* Split @buf into words; '#' starts a comment. */
static int split(char *buf, char **w, int max)
{
	char *save, *t;
	int n = 0;

	buf[strcspn(buf, "#\n")] = 0;
	for (t = strtok_r(buf, " \t\r", &save); t && n < max;
	     t = strtok_r(NULL, " \t\r", &save))
		w[n++] = t;
	return n;
}

static int uses_sweep(const struct scenario *sc)
{
	for (int i = 0; i < sc->ns; i++)
		if (!sc->s[i].count)
			return 1;
	return 0;
}

/* How many tasks a spec starts, with @n for count=N. */
static int spec_tasks(const struct spec *t, int n)
{
	return (t->count ? t->count : n) * (t->kind == PIPE ? 2 : 1);
}

/* The rules that need the whole file. */
static int check_whole(struct scenario *sc, int ncpus, int last)
{
	const struct cpulist *l;
	int i, c, placed = 0;

	if (!sc->topo[0])
		return perr(sc, last, "no 'topology' line");
	if (!sc->ns)
		return perr(sc, last, "no 'task' line");
	for (i = 0; i < sc->ns; i++) {
		for (l = &sc->s[i].allow; l <= &sc->s[i].place; l++)
			for (c = 0; c < l->n; c++)
				if (ncpus > 0 && l->cpu[c] >= ncpus)
					return perr(sc, l->line, "CPU %d is not in topology %s (CPUs 0-%d)",
						    l->cpu[c], sc->topo, ncpus - 1);
		if (sc->s[i].place.n) {
			placed = 1;
			if (!sc->release_ms)
				return perr(sc, sc->s[i].line, "place= needs a 'release MS' line");
			if (sc->s[i].start_ms >= sc->release_ms)
				return perr(sc, sc->s[i].line, "a placed task must start before the release");
		}
	}
	if (sc->release_ms && !placed)
		return perr(sc, last, "'release' given but no task has place=");
	for (i = 0; i < sc->ns; i++)
		if (!sc->s[i].count && !sc->nsweep)
			return perr(sc, sc->s[i].line, "count=N needs a 'sweep' line");
	if (sc->nsweep && !uses_sweep(sc))
		return perr(sc, last, "'sweep' given but no task has count=N");
	return 0;
}

/**
 * parse_scenario() - read a scenario file
 * @sc: filled in; @sc->file names the file
 * @ncpus: CPUs of the topology, or 0 to take the file's word for it
 *
 * Return: 0, or -1 after printing "FILE:LINE: what was expected".
 */
int parse_scenario(struct scenario *sc, int ncpus)
{
	char buf[1024], *w[64];
	int line = 0, nw, total = 0, nmax = 0;
	const char *base;
	FILE *f = fopen(sc->file, "r");

	if (!f) {
		fprintf(stderr, "%s: %s\n", sc->file, strerror(errno));
		return -1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		line++;
		nw = split(buf, w, 64);
		if (nw && parse_line(sc, w, nw, line)) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	for (int i = 0; i < sc->nsweep; i++)
		if (sc->sweep[i] > nmax)
			nmax = sc->sweep[i];
	for (int i = 0; i < sc->ns; i++)
		total += spec_tasks(&sc->s[i], nmax);
	if (total > MAX_TASKS)
		return perr(sc, line, "%d tasks in all; at most %d", total, MAX_TASKS);
	if (!sc->name[0]) {
		base = strrchr(sc->file, '/');
		snprintf(sc->name, sizeof(sc->name), "%s", base ? base + 1 : sc->file);
		sc->name[strcspn(sc->name, ".")] = 0;
	}
	return check_whole(sc, ncpus, line);
}

/* The last start or release: the measurement window opens here. */
int t_ref_ms(const struct scenario *sc)
{
	int t = sc->release_ms;

	for (int i = 0; i < sc->ns; i++)
		if (sc->s[i].start_ms > t)
			t = sc->s[i].start_ms;
	return t;
}

/*
 * The scenario with count=N set to the @k-th value of its sweep, and the
 * value appended to its name ("hogs-bl44" becomes "hogs-bl44-n8").
 */
struct scenario instance(const struct scenario *sc, int k)
{
	struct scenario one = *sc;
	size_t len = strlen(one.name);

	if (!sc->nsweep)
		return one;
	for (int i = 0; i < one.ns; i++)
		if (!one.s[i].count)
			one.s[i].count = sc->sweep[k];
	snprintf(one.name + len, sizeof(one.name) - len, "-n%d", sc->sweep[k]);
	one.nsweep = 0;
	return one;
}

int instances(const struct scenario *sc)
{
	return sc->nsweep ? sc->nsweep : 1;
}

/* ---- Host side: check a file against its topology ---------------------- */

static int topo_cpus(const char *dir, const char *name)
{
	char path[512], buf[256];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.topo", dir, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(buf, sizeof(buf), f))
		if (sscanf(buf, "smp = %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

static void list_topos(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	char *dot;

	while (d && (e = readdir(d))) {
		dot = strrchr(e->d_name, '.');
		if (dot && !strcmp(dot, ".topo"))
			fprintf(stderr, "  %.*s\n", (int)(dot - e->d_name), e->d_name);
	}
	if (d)
		closedir(d);
}

int check_file(const char *file, const char *topodir)
{
	struct scenario sc = { .file = file, .reps = 3, .duration_ms = 3000 };
	int ncpus;

	if (parse_scenario(&sc, 0))
		return 1;
	ncpus = topo_cpus(topodir, sc.topo);
	if (ncpus <= 0) {
		perr(&sc, sc.topo_line, "unknown topology '%s'; known:", sc.topo);
		list_topos(topodir);
		return 1;
	}
	memset(&sc, 0, sizeof(sc));
	sc = (struct scenario){ .file = file, .reps = 3, .duration_ms = 3000 };
	if (parse_scenario(&sc, ncpus))
		return 1;
	for (int k = 0; k < instances(&sc); k++)
		printf("run %s\n", instance(&sc, k).name);
	printf("clock %s\n", sc.icount ? "icount" : "real");
	printf("topology %s\nreps %d\nwindow_ms %d %d\n", sc.topo, sc.reps,
	       t_ref_ms(&sc), sc.duration_ms);
	for (int i = 0; i < sc.ne; i++)
		printf("expect %s %s %s\n", sc.e[i].metric, sc.e[i].op, sc.e[i].ref);
	return 0;
}

