// SPDX-License-Identifier: GPL-2.0
/*
 * lbwork: the lab's scenario parser and workload generator.
 *
 *   lbwork check FILE TOPODIR   (host) parse FILE, check it against the
 *                               topology TOPODIR/NAME.topo and print the
 *                               scenario in normal form; exit 1 with
 *                               "FILE:LINE: ..." on the first error
 *   lbwork run FILE [OUT]       (guest) run the scenario: every repetition
 *                               on the rework arm, then on the stock arm,
 *                               tracing each run; the results stream goes
 *                               to OUT (default /dev/hvc0)
 *
 * The file format is described in scenarios/README.md. One parser serves
 * both sides, so a file the host accepts is a file the guest runs.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <math.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define MAX_CPUS	256
#define MAX_SPECS	16
#define MAX_TASKS	128
#define MAX_EXPECT	16

enum kind { HOG, PERIODIC, RAMP, RT, PIPE, CHURN };

static const char * const kind_names[] = {
	[HOG] = "hog", [PERIODIC] = "periodic", [RAMP] = "ramp",
	[RT] = "rt", [PIPE] = "pipe", [CHURN] = "churn",
};

/* The metrics the host analyzer computes; thresholds may name these. */
static const char * const metric_names[] = {
	"wasted_pct", "misplaced_pct", "smt_shared_pct", "eta", "jain", "t_bal_ms",
	"migr_rate", "pingpong", "misfit_ms", "misfit_idle_ms", "moves",
	"msgs_per_s",
};

struct cpulist {
	unsigned char cpu[MAX_CPUS];
	int n;			/* entries, in order (a placement may repeat) */
	int line;		/* where it was given, for errors */
};

struct spec {
	enum kind kind;
	int count;		/* 0: each value of the sweep */
	int duty, duty_to, ramp_ms, period_ms, mark;
	int nice, prio, start_ms;
	struct cpulist allow, place;
	int line;
};

struct expect {
	char metric[32];
	char op[3];
	char ref[32];		/* a number, or stock, stock+N, stock*N */
};

struct scenario {
	const char *file;
	char name[64], topo[32];
	int topo_line;
	int reps, duration_ms, release_ms;
	bool icount;		/* "clock icount": counted instructions */
	char features[8][32];	/* "features": sched features to write */
	int nfeatures;
	int sweep[32], nsweep;	/* task counts to run the scenario with */
	struct spec s[MAX_SPECS];
	int ns;
	struct expect e[MAX_EXPECT];
	int ne;
};

/* ---- Parsing ----------------------------------------------------------- */

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
static int parse_scenario(struct scenario *sc, int ncpus)
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
static int t_ref_ms(const struct scenario *sc)
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
static struct scenario instance(const struct scenario *sc, int k)
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

static int instances(const struct scenario *sc)
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

static int check_file(const char *file, const char *topodir)
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

/* ---- Guest side: the tasks ---------------------------------------------- */

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_until(double t)
{
	struct timespec ts = { .tv_sec = t, .tv_nsec = (t - (long)t) * 1e9 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* Shared with the tasks: when a ramp crossed its mark, and message counts. */
struct shared {
	double mark[MAX_TASKS];
	unsigned long msgs[MAX_TASKS];
};

static struct shared *shm;

static int set_cpus(pid_t pid, const struct cpulist *l, int ncpus)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (!l->n)
		for (int c = 0; c < ncpus; c++)
			CPU_SET(c, &set);
	for (int c = 0; c < l->n; c++)
		CPU_SET(l->cpu[c], &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/* Run @duty percent of each @period_ms, the rest asleep; ramps move @duty. */
static void __attribute__((noreturn)) periodic(const struct spec *t, int slot)
{
	double t0 = mono(), next = t0, per = t->period_ms / 1000.0, d, x;

	for (;;) {
		x = t->ramp_ms ? (mono() - t0) * 1000 / t->ramp_ms : 1;
		d = t->duty + (t->duty_to - t->duty) * (x > 1 ? 1 : x);
		if (t->mark && d >= t->mark && !shm->mark[slot])
			shm->mark[slot] = mono();
		while (mono() < next + per * d / 100)
			;
		next += per;
		if (d < 100)
			sleep_until(next);
	}
}

/* One side of a pipe pair: pass a byte back and forth, count round trips. */
static void __attribute__((noreturn)) pipe_side(int rd, int wr, int slot, int first)
{
	char b = 0;

	if (first && write(wr, &b, 1) != 1)
		_exit(1);
	for (;;) {
		if (read(rd, &b, 1) != 1 || write(wr, &b, 1) != 1)
			_exit(1);
		shm->msgs[slot]++;
	}
}

/*
 * Fork and exit churn: every @period_ms a new child spins @duty percent
 * of the period and exits; the parent only forks and reaps. The children
 * are background load, like RT tasks, and are not scored.
 */
static void __attribute__((noreturn)) churn(const struct spec *t)
{
	double next = mono(), per = t->period_ms / 1000.0, end;

	for (;;) {
		end = next + per * t->duty / 100;
		if (fork() == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			while (mono() < end)
				;
			_exit(0);
		}
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		next += per;
		sleep_until(next);
	}
}

static void become(const struct spec *t, int slot)
{
	struct sched_param sp = { .sched_priority = t->prio };

	if (t->kind == RT)
		sched_setscheduler(0, SCHED_FIFO, &sp);
	else
		setpriority(PRIO_PROCESS, 0, t->nice);
	if (t->kind == CHURN)
		churn(t);
	if (t->kind == HOG)
		for (volatile unsigned long n = 0;; n++)
			;
	periodic(t, slot);
}

struct task {
	pid_t pid;
	int spec, slot;
};

struct run {
	const struct scenario *sc;
	struct task t[MAX_TASKS];
	int n, ncpus;
};

/* The run's CPU hogs: tasks that never sleep (become() spins them). */
static int count_hogs(const struct run *r)
{
	int n = 0;

	for (int i = 0; i < r->n; i++)
		n += r->sc->s[r->t[i].spec].kind == HOG;
	return n;
}

static pid_t spawn(struct run *r, int spec, const struct cpulist *cpus)
{
	const struct spec *t = &r->sc->s[spec];
	int slot = r->n;
	pid_t pid = fork();

	if (pid == 0) {
		set_cpus(0, cpus, r->ncpus);
		become(t, slot);
	}
	r->t[r->n++] = (struct task){ .pid = pid, .spec = spec, .slot = slot };
	return pid;
}

static void spawn_pair(struct run *r, int spec)
{
	const struct cpulist *allow = &r->sc->s[spec].allow;
	int ab[2], ba[2], i, slot;
	pid_t pid;

	if (pipe(ab) || pipe(ba))
		return;
	for (i = 0; i < 2; i++) {
		slot = r->n;
		pid = fork();
		if (pid == 0) {
			set_cpus(0, allow, r->ncpus);
			setpriority(PRIO_PROCESS, 0, r->sc->s[spec].nice);
			pipe_side(i ? ab[0] : ba[0], i ? ba[1] : ab[1], slot, !i);
		}
		r->t[r->n++] = (struct task){ .pid = pid, .spec = spec,
					      .slot = slot };
	}
	close(ab[0]), close(ab[1]), close(ba[0]), close(ba[1]);
}

static void start_spec(struct run *r, int spec)
{
	const struct spec *t = &r->sc->s[spec];
	struct cpulist one = { .n = 1 };

	for (int k = 0; k < t->count; k++) {
		if (t->kind == PIPE) {
			spawn_pair(r, spec);
			continue;
		}
		if (t->place.n)
			one.cpu[0] = t->place.cpu[k % t->place.n];
		spawn(r, spec, t->place.n ? &one : &t->allow);
	}
}

static void release(struct run *r)
{
	for (int i = 0; i < r->n; i++)
		if (r->sc->s[r->t[i].spec].place.n)
			set_cpus(r->t[i].pid, &r->sc->s[r->t[i].spec].allow,
				 r->ncpus);
}

/* Start every task at its time and release the placed ones. */
static void drive(struct run *r, double t0)
{
	int done[MAX_SPECS] = { 0 }, released = !r->sc->release_ms, i, next;

	for (;;) {
		next = -1;
		for (i = 0; i < r->sc->ns; i++)
			if (!done[i] && (next < 0 ||
			    r->sc->s[i].start_ms < r->sc->s[next].start_ms))
				next = i;
		if (!released && (next < 0 ||
		    r->sc->release_ms <= r->sc->s[next].start_ms)) {
			sleep_until(t0 + r->sc->release_ms / 1000.0);
			release(r);
			released = 1;
			continue;
		}
		if (next < 0)
			return;
		sleep_until(t0 + r->sc->s[next].start_ms / 1000.0);
		start_spec(r, next);
		done[next] = 1;
	}
}

/* ---- Guest side: tracing and counters ----------------------------------- */

#define TRACING "/sys/kernel/tracing/"

static const char * const events[] = {
	"sched/sched_switch", "sched/sched_wakeup", "sched/sched_wakeup_new",
	"sched/sched_migrate_task", "sched/sched_stat_runtime",
	"sched_lb/sched_lb_decision",
};

static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_TRUNC), r;

	if (fd < 0)
		return -errno;
	r = write(fd, val, strlen(val)) < 0 ? -errno : 0;
	close(fd);
	return r;
}

static int trace_setup(void)
{
	char path[256];
	int r = 0;

	r |= write_str(TRACING "tracing_on", "0");
	r |= write_str(TRACING "trace_clock", "mono");
	r |= write_str(TRACING "buffer_size_kb", "4096");
	for (size_t i = 0; i < sizeof(events) / sizeof(*events); i++) {
		snprintf(path, sizeof(path), TRACING "events/%s/filter",
			 events[i]);
		write_str(path, "0");
		snprintf(path, sizeof(path), TRACING "events/%s/enable",
			 events[i]);
		/* The decision event exists only with the rework built in. */
		if (write_str(path, "1") && strncmp(events[i], "sched_lb/", 9))
			r = -1;
	}
	r |= write_str(TRACING "trace", "");
	r |= write_str(TRACING "tracing_on", "1");
	return r;
}

/* Events the ring buffer overwrote or dropped, over every CPU. */
static long trace_lost(int ncpus)
{
	char path[128], buf[128];
	long lost = 0, v;
	FILE *f;

	for (int c = 0; c < ncpus; c++) {
		snprintf(path, sizeof(path), TRACING "per_cpu/cpu%d/stats", c);
		f = fopen(path, "r");
		if (!f)
			return -1;
		while (fgets(buf, sizeof(buf), f))
			if (sscanf(buf, "overrun: %ld", &v) == 1 ||
			    sscanf(buf, "dropped events: %ld", &v) == 1)
				lost += v;
		fclose(f);
	}
	return lost;
}

/*
 * Balancer activity from /proc/schedstat. Per domain there are three
 * blocks of lb_* counters, for busy, idle and newly idle balancing, then
 * alb_count, alb_failed and alb_pushed. Version 16 (6.12) writes
 * "domainN MASK" and eight counters a block: count, balanced, failed,
 * imbalance, gained, hot_gained, nobusyq, nobusyg. Version 17 (7.3)
 * writes "domainN NAME MASK" and eleven, the imbalance split in four
 * (load, util, task, misfit).
 */
enum { LB_BUSY, LB_IDLE, LB_NEWIDLE, LB_GAINED, LB_FAILED, ALB_PUSHED, NSTAT };

static const char * const stat_names[] = {
	"lb_busy", "lb_idle", "lb_newidle", "lb_gained", "lb_failed",
	"alb_pushed",
};

/* Sum one domain line's counters into @s; @blk is 8 or 11. */
static void schedstat_domain(char *p, int blk, unsigned long *s)
{
	unsigned long f[3 * 11 + 3];
	int n, want = 3 * blk + 3, gained = blk == 8 ? 4 : 7;

	for (n = 0; p && *p && n < want; n++)
		f[n] = strtoul(p, &p, 10);
	if (n < want)
		return;
	s[LB_BUSY] += f[0];
	s[LB_IDLE] += f[blk];
	s[LB_NEWIDLE] += f[2 * blk];
	s[LB_GAINED] += f[gained] + f[blk + gained] + f[2 * blk + gained];
	s[LB_FAILED] += f[2] + f[blk + 2] + f[2 * blk + 2];
	s[ALB_PUSHED] += f[3 * blk + 2];
}

static void schedstat(unsigned long *s)
{
	FILE *fp = fopen("/proc/schedstat", "r");
	int version = 0, skip, i;
	char buf[1024], *p;

	memset(s, 0, NSTAT * sizeof(*s));
	while (fp && fgets(buf, sizeof(buf), fp)) {
		if (sscanf(buf, "version %d", &version) == 1)
			continue;
		if (strncmp(buf, "domain", 6))
			continue;
		/* Past "domainN MASK" (16) or "domainN NAME MASK" (17) */
		skip = version >= 17 ? 3 : 2;
		p = buf;
		for (i = 0; p && i < skip; i++) {
			p = strchr(p, ' ');
			p = p ? p + 1 : NULL;
		}
		if (p)
			schedstat_domain(p, version >= 17 ? 11 : 8, s);
	}
	if (fp)
		fclose(fp);
}

/*
 * What the rework's debugfs counters say of one arm: the calls,
 * nanoseconds and time histogram of the search for the busiest group per
 * idle type of the balancing CPU (busy, idle, newly idle) and domain
 * level, the passes by outcome and by migration type, and what noting
 * them cost. All zero on a kernel without the counters.
 */
static const char * const idle_names[] = { "busy", "idle", "newidle" };
static const char * const outcome_names[] = {
	"balanced", "moved", "active", "pinned", "failed",
};
static const char * const type_names[] = {
	"load", "util", "task", "misfit", "llc",
};

#define FBG_BUCKETS	64
#define FBG_LEVELS	4
#define NOUTCOMES	5
#define NTYPES		5

struct fbg {
	unsigned long long calls[3][FBG_LEVELS], ns[3][FBG_LEVELS];
	unsigned long hist[3][FBG_LEVELS][FBG_BUCKETS];
	unsigned long long outcomes[NOUTCOMES], types[NTYPES];
	unsigned long long notes, note_ns;
	unsigned long note_hist[FBG_BUCKETS];
};

/* The index of @name in @names (@n of them), or -1. */
static int name_index(const char *name, const char * const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -1;
}

/* Read the counts of one "hist ARM IDLE LEVEL c0 c1 ..." line into @h. */
static void fbg_hist(char *p, unsigned long *h)
{
	for (int b = 0; b < FBG_BUCKETS && *p; b++)
		h[b] = strtoul(p, &p, 10);
}

/* The bounds of histogram bucket @b, as the kernel defines them. */
static double fbg_bucket_ns(int b)
{
	return (double)(1UL << (8 + b / 4)) * (4 + b % 4) / 4;
}

/* The median search time of @n calls in histogram @h (geometric mid). */
static double fbg_median(const unsigned long *h, unsigned long n)
{
	unsigned long sum = 0;
	int b;

	for (b = 0; b < FBG_BUCKETS - 1; b++) {
		sum += h[b];
		if (2 * sum >= n)
			break;
	}
	return sqrt(fbg_bucket_ns(b) * fbg_bucket_ns(b + 1));
}

/* One line of lb_stats, if it is about @arm. */
static void fbg_line(char *buf, const char *arm, struct fbg *c)
{
	char name[16], a[16], b[16], o[16];
	unsigned long long x, y;
	int i, l, n, k;

	if (sscanf(buf, "hist %15s %15s %d %n", name, a, &l, &n) == 3) {
		i = name_index(a, idle_names, 3);
		if (!strcmp(name, arm) && i >= 0 && l >= 0 && l < FBG_LEVELS)
			fbg_hist(buf + n, c->hist[i][l]);
	} else if (sscanf(buf, "cost %15s %15s %d %llu %llu", name, a, &l,
			  &x, &y) == 5) {
		i = name_index(a, idle_names, 3);
		if (!strcmp(name, arm) && i >= 0 && l >= 0 && l < FBG_LEVELS) {
			c->calls[i][l] = x;
			c->ns[i][l] = y;
		}
	} else if (sscanf(buf, "notehist %15s %n", name, &n) == 1) {
		if (!strcmp(name, arm))
			fbg_hist(buf + n, c->note_hist);
	} else if (sscanf(buf, "note %15s %llu %llu", name, &x, &y) == 3) {
		if (!strcmp(name, arm)) {
			c->notes = x;
			c->note_ns = y;
		}
	} else if (sscanf(buf, "pass %15s %d %15s %15s %15s %llu", name, &l,
			  a, b, o, &x) == 6 && !strcmp(name, arm)) {
		k = name_index(o, outcome_names, NOUTCOMES);
		i = name_index(b, type_names, NTYPES);
		if (k >= 0)
			c->outcomes[k] += x;
		if (k > 0 && i >= 0)
			c->types[i] += x;
	}
}

static void fbg_cost(const char *arm, struct fbg *c)
{
	FILE *f = fopen("/sys/kernel/debug/sched/lb_stats", "r");
	char buf[2048];

	memset(c, 0, sizeof(*c));
	while (f && fgets(buf, sizeof(buf), f))
		fbg_line(buf, arm, c);
	if (f)
		fclose(f);
}

/* Print " KEY=median" of the histogram @b - @a, or "-" if it is empty. */
static void print_p50(FILE *out, const char *key, const unsigned long *a,
		      const unsigned long *b)
{
	unsigned long h[FBG_BUCKETS], hn = 0;

	for (int k = 0; k < FBG_BUCKETS; k++) {
		h[k] = b[k] - a[k];
		hn += h[k];
	}
	if (hn)
		fprintf(out, " %s=%.0f", key, fbg_median(h, hn));
	else
		fprintf(out, " %s=-", key);
}

/* Print " fbg_IDLE_lLEVEL_ns_per_call=MEAN", or "-" without calls. */
static void print_mean(FILE *out, const char *idle, int level,
		       unsigned long long calls, unsigned long long ns)
{
	if (calls)
		fprintf(out, " fbg_%s_l%d_ns_per_call=%llu", idle, level,
			ns / calls);
	else
		fprintf(out, " fbg_%s_l%d_ns_per_call=-", idle, level);
}

/* The search cost of a run: in total, per idle type, per idle x level. */
static void print_fbg_cost(FILE *out, const struct fbg *a, const struct fbg *b)
{
	unsigned long long calls = 0, ns = 0, dc, dn;
	unsigned long ha[FBG_BUCKETS], hb[FBG_BUCKETS];
	char key[48];

	for (int i = 0; i < 3; i++)
		for (int l = 0; l < FBG_LEVELS; l++) {
			calls += b->calls[i][l] - a->calls[i][l];
			ns += b->ns[i][l] - a->ns[i][l];
		}
	fprintf(out, " fbg_calls=%llu fbg_ns_per_call=%llu", calls,
		calls ? ns / calls : 0);
	for (int i = 0; i < 3; i++) {
		dc = dn = 0;
		memset(ha, 0, sizeof(ha));
		memset(hb, 0, sizeof(hb));
		for (int l = 0; l < FBG_LEVELS; l++) {
			dc += b->calls[i][l] - a->calls[i][l];
			dn += b->ns[i][l] - a->ns[i][l];
			for (int k = 0; k < FBG_BUCKETS; k++) {
				ha[k] += a->hist[i][l][k];
				hb[k] += b->hist[i][l][k];
			}
			snprintf(key, sizeof(key), "fbg_%s_l%d_p50_ns",
				 idle_names[i], l);
			print_p50(out, key, a->hist[i][l], b->hist[i][l]);
			print_mean(out, idle_names[i], l,
				   b->calls[i][l] - a->calls[i][l],
				   b->ns[i][l] - a->ns[i][l]);
		}
		if (dc)
			fprintf(out, " fbg_%s_ns_per_call=%llu", idle_names[i],
				dn / dc);
		else
			fprintf(out, " fbg_%s_ns_per_call=-", idle_names[i]);
		snprintf(key, sizeof(key), "fbg_%s_p50_ns", idle_names[i]);
		print_p50(out, key, ha, hb);
	}
}

/* The passes of a run by outcome and by type, and what noting cost. */
static void print_fbg(FILE *out, const struct fbg *a, const struct fbg *b)
{
	unsigned long long passes = 0, notes = b->notes - a->notes;

	print_fbg_cost(out, a, b);
	for (int k = 0; k < NOUTCOMES; k++)
		passes += b->outcomes[k] - a->outcomes[k];
	fprintf(out, " lbc_passes=%llu", passes);
	for (int k = 0; k < NOUTCOMES; k++)
		fprintf(out, " lbc_%s=%llu", outcome_names[k],
			b->outcomes[k] - a->outcomes[k]);
	for (int i = 0; i < NTYPES; i++)
		fprintf(out, " lbc_%s=%llu", type_names[i],
			b->types[i] - a->types[i]);
	if (notes)
		fprintf(out, " note_ns_per_pass=%llu",
			(b->note_ns - a->note_ns) / notes);
	else
		fprintf(out, " note_ns_per_pass=-");
	print_p50(out, "note_p50_ns", a->note_hist, b->note_hist);
}

/* The runtime switch is the sched feature LB_REWORK. */
static int set_arm(const char *arm)
{
	return write_str("/sys/kernel/debug/sched/features",
			 strcmp(arm, "rework") ? "NO_LB_REWORK" : "LB_REWORK");
}

/* ---- Guest side: one run and its results -------------------------------- */

static void print_cpus(FILE *out, const struct cpulist *l, int ncpus)
{
	if (!l->n) {
		fprintf(out, "0-%d", ncpus - 1);
		return;
	}
	for (int c = 0; c < l->n; c++)
		fprintf(out, "%s%d", c ? "," : "", l->cpu[c]);
}

static void print_header(FILE *out, const struct run *r, const char *arm,
			 int rep, double t_ref, double t_end)
{
	char path[128], buf[32];

	fprintf(out, "@run scenario=%s arm=%s rep=%d topo=%s ncpus=%d t_ref=%.6f t_end=%.6f\n",
		r->sc->name, arm, rep, r->sc->topo, r->ncpus, t_ref, t_end);
	for (int c = 0; c < r->ncpus; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		FILE *f = fopen(path, "r");

		if (!f || !fgets(buf, sizeof(buf), f))
			strcpy(buf, "1024\n");
		if (f)
			fclose(f);
		fprintf(out, "@cap %d %s", c, buf);
	}
	/* The SMT core of each CPU, named by its lowest CPU. */
	for (int c = 0; c < r->ncpus; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
		FILE *f = fopen(path, "r");
		int first;

		if (f && fscanf(f, "%d", &first) == 1 && first >= 0 && first <= c)
			fprintf(out, "@core %d %d\n", c, first);
		if (f)
			fclose(f);
	}
	for (int i = 0; i < r->n; i++) {
		const struct spec *t = &r->sc->s[r->t[i].spec];

		/*
		 * RT tasks are the background that takes capacity away;
		 * churn's children live too briefly to be scored.
		 */
		if (t->kind == RT || t->kind == CHURN)
			continue;
		fprintf(out, "@task %d allowed=", r->t[i].pid);
		print_cpus(out, &t->allow, r->ncpus);
		fprintf(out, " name=%s%d\n", kind_names[t->kind], i);
		if (shm->mark[r->t[i].slot] > 0)
			fprintf(out, "@mark %.6f misfit %d\n",
				shm->mark[r->t[i].slot], r->t[i].pid);
	}
}

static void copy_trace(FILE *out)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(TRACING "trace", "r");

	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, out);
	if (f)
		fclose(f);
}

static unsigned long msgs(const struct run *r)
{
	unsigned long m = 0;

	for (int i = 0; i < r->n; i++)
		m += shm->msgs[r->t[i].slot];
	return m;
}

static void stop_all(const struct run *r, int sig)
{
	for (int i = 0; i < r->n; i++)
		kill(r->t[i].pid, sig);
	for (int i = 0; i < r->n; i++)
		waitpid(r->t[i].pid, NULL, sig == SIGSTOP ? WUNTRACED : 0);
}

/*
 * One run: start the tasks as the scenario says, measure for its duration
 * after the last start or release, stop the tasks (a stopped task is not
 * migrated), stop the trace, and write the run to @out.
 */
static int run_once(const struct scenario *sc, const char *arm, int rep,
		    FILE *out)
{
	unsigned long s0[NSTAT], s1[NSTAT], m0, m1;
	struct fbg c0, c1;
	struct run r = { .sc = sc, .ncpus = sysconf(_SC_NPROCESSORS_ONLN) };
	double t0, t_ref, t_end;
	long lost;

	memset(shm, 0, sizeof(*shm));
	if (set_arm(arm) || trace_setup())
		return -1;
	/* Count passes and time searches; a kernel without counters says no */
	write_str("/sys/kernel/debug/sched/lb_stats", "1");
	t0 = mono();
	drive(&r, t0);
	/*
	 * The window opens at the last start or release, or when the last
	 * task has really been forked, if that took longer.
	 */
	t_ref = t0 + t_ref_ms(sc) / 1000.0;
	if (mono() > t_ref)
		t_ref = mono();
	t_end = t_ref + sc->duration_ms / 1000.0;
	sleep_until(t_ref);
	schedstat(s0);
	fbg_cost(arm, &c0);
	m0 = msgs(&r);
	sleep_until(t_end);
	schedstat(s1);
	fbg_cost(arm, &c1);
	m1 = msgs(&r);
	stop_all(&r, SIGSTOP);
	write_str(TRACING "tracing_on", "0");
	lost = trace_lost(r.ncpus);
	print_header(out, &r, arm, rep, t_ref, t_end);
	fprintf(out, "@cost");
	for (int i = 0; i < NSTAT; i++)
		fprintf(out, " %s=%lu", stat_names[i], s1[i] - s0[i]);
	fprintf(out, " msgs_per_s=%.0f", (m1 - m0) / (t_end - t_ref));
	fprintf(out, " tasks=%d hogs=%d clock=%s", r.n, count_hogs(&r),
		sc->icount ? "icount" : "real");
	print_fbg(out, &c0, &c1);
	fputc('\n', out);
	fprintf(out, "@trace-begin\n");
	copy_trace(out);
	fprintf(out, "@trace-end lost=%ld\n@end\n", lost);
	fflush(out);
	stop_all(&r, SIGKILL);
	return 0;
}

/* A tty must not turn "\n" into "\r\n" in the results stream. */
static void raw_output(FILE *out)
{
	struct termios tio;
	int fd = fileno(out);

	if (isatty(fd) && !tcgetattr(fd, &tio)) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
	}
}

/*
 * The measurement conditions of both arms: the sched features at the
 * kernel's defaults unless the scenario names some.
 */
static void lab_setup(const struct scenario *sc)
{
	for (int i = 0; i < sc->nfeatures; i++)
		write_str("/sys/kernel/debug/sched/features", sc->features[i]);
	write_str("/proc/sys/kernel/sched_autogroup_enabled", "0");
	write_str("/proc/sys/kernel/sched_schedstats", "1");
}

/* Give the next scenario of the boot the defaults that this one changed. */
static void lab_restore(const struct scenario *sc)
{
	char undo[40];

	for (int i = 0; i < sc->nfeatures; i++) {
		const char *f = sc->features[i];

		if (!strncmp(f, "NO_", 3))
			snprintf(undo, sizeof(undo), "%s", f + 3);
		else
			snprintf(undo, sizeof(undo), "NO_%s", f);
		write_str("/sys/kernel/debug/sched/features", undo);
	}
}

/* Every repetition on both arms, alternating which arm goes first. */
static int run_reps(const struct scenario *sc, FILE *out)
{
	static const char * const arms[] = { "rework", "stock" };
	int rep, a, arm, bad = 0;

	for (rep = 1; rep <= sc->reps; rep++) {
		for (a = 0; a < 2; a++) {
			arm = (a + rep + 1) % 2;
			printf("@lab scenario=%s rep=%d/%d arm=%s\n", sc->name,
			       rep, sc->reps, arms[arm]);
			fflush(stdout);
			if (run_once(sc, arms[arm], rep, out)) {
				printf("@lab cannot run arm %s: %s\n", arms[arm],
				       strerror(errno));
				bad = 1;
			}
			usleep(200000);
		}
	}
	return bad;
}

static int run_file(const char *file, const char *outpath)
{
	struct scenario sc = { .file = file, .reps = 3, .duration_ms = 3000 };
	struct scenario one;
	FILE *out;
	int bad = 0;

	if (parse_scenario(&sc, sysconf(_SC_NPROCESSORS_ONLN)))
		return 2;
	out = fopen(outpath, "w");
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!out || shm == MAP_FAILED) {
		fprintf(stderr, "lbwork: %s: %s\n", outpath, strerror(errno));
		return 1;
	}
	raw_output(out);
	lab_setup(&sc);
	for (int k = 0; k < instances(&sc); k++) {
		one = instance(&sc, k);
		bad |= run_reps(&one, out);
	}
	set_arm("rework");
	lab_restore(&sc);
	fclose(out);
	return bad;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "check"))
		return check_file(argv[2], argv[3]);
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "run"))
		return run_file(argv[2], argc == 4 ? argv[3] : "/dev/hvc0");
	fprintf(stderr, "usage: lbwork check FILE TOPODIR | lbwork run FILE [OUT]\n");
	return 2;
}
