// SPDX-License-Identifier: GPL-2.0
/*
 * lbana: metrics and heat maps from the lb-rework lab's results stream.
 *
 *   lbana RESULTS [--svg DIR]
 *
 * RESULTS ("-" for stdin) holds runs written by the guest, with console
 * noise between them:
 *
 *   @run scenario=S arm=A rep=R topo=T ncpus=C t_ref=SECS t_end=SECS
 *   @cap CPU CAPACITY                   one line per CPU
 *   @core CPU FIRST                     optional: FIRST is the lowest CPU
 *                                       of CPU's SMT core
 *   @task PID allowed=CPULIST name=NAME one line per workload task
 *   @mark SECS misfit PID               optional: PID became heavy
 *   @cost KEY=VALUE...                  optional: echoed unchanged;
 *                                       arm_ok=0 makes the run invalid
 *   @trace-begin
 *   ...text of /sys/kernel/tracing/trace...
 *   @trace-end lost=N
 *   @end
 *
 * The trace is replayed (sched_switch, sched_wakeup, sched_wakeup_new,
 * sched_migrate_task, sched_stat_runtime) to rebuild, between any two
 * events, which pid runs on each CPU and where each workload task (W) is
 * runnable.  The piecewise-constant state is integrated over the window
 * [t_ref, t_end] and one line of metrics is printed per run; a run whose
 * trace is incomplete, or whose window lbwork found without its arm's
 * balancing, is printed as valid=0 with a reason instead.
 * With --svg, every valid run is also drawn as DIR/SCENARIO-ARM-REP.svg.
 *
 * Times are kept in integer nanoseconds so that hand-made inputs give
 * exact results.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lbreport.h"

#define MAX_CPUS	64	/* CPU sets are unsigned long long masks */
#define MAX_TASKS	256
#define MAX_MARKS	64
#define NAME_LEN	64
#define COST_LEN	4096

#define NSEC		1000000000LL
#define MSEC		1000000LL
#define HOLD_NS		NSEC		/* H: balance must hold this long */
#define TAU_NS		(16 * MSEC)	/* τ: 4 ticks at HZ=250 */
#define PINGPONG_NS	(250 * MSEC)
#define LEAD_NS		(NSEC / 2)	/* heat map starts before t_ref */

/* ------------------------------------------------------------------ */
/* Input model                                                          */

enum ev_kind { EV_SWITCH, EV_WAKEUP, EV_MIGRATE, EV_RUNTIME };

struct event {
	long long t;		/* trace clock, ns */
	long long runtime;	/* EV_RUNTIME: ns */
	int seq;		/* position in the trace, for a stable sort */
	int kind;
	int cpu;		/* CPU the line was logged on */
	int pid;		/* the task; prev_pid for EV_SWITCH */
	int next;		/* EV_SWITCH: next_pid */
	int w, wnext;		/* W index of pid and next, -1 if not W */
	int a;	/* SWITCH: prev stays runnable; WAKEUP: target; MIGRATE: orig */
	int b;	/* MIGRATE: dest */
};

struct task {
	int pid;
	unsigned long long allowed;
};

struct mark {
	long long t;
	int pid;
	int w;
};

struct run {
	char scenario[NAME_LEN], arm[NAME_LEN], rep[NAME_LEN];
	int ncpus;
	long long t_ref, t_end;
	int cap[MAX_CPUS];
	unsigned long long has_cap;
	int core[MAX_CPUS];	/* lowest CPU of each CPU's SMT core */
	int has_smt;		/* some core has several CPUs */
	int ntasks, nmarks;
	struct task task[MAX_TASKS];
	struct mark mark[MAX_MARKS];
	char cost[COST_LEN];
	const char *bad;	/* what is wrong with the header, if any */
	int in_trace, trace_ended, ended, lost_text;
	long long lost;
	long lines, bad_lines;	/* event lines in the trace, unparsable */
	long long t_first;	/* first trace timestamp, -1 if none */
	struct event *ev;
	size_t nev, ev_cap;
};

/* Replay state: what runs where, and where each W task is runnable. */
struct sim {
	int running[MAX_CPUS];		/* pid on each CPU, 0 = idle */
	int cpu[MAX_TASKS];		/* last known CPU of each W task */
	int runnable[MAX_TASKS];	/* queued or running */
};

struct result {
	double wasted_pct, misplaced_pct, smt_shared_pct, eta, jain, migr_rate;
	int eta_ok, jain_ok, rate_ok;
	long long t_bal;		/* ns after t_ref, -1 if never */
	int pingpong, moves;
	char misfit[24];
	double misfit_idle_ms;
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fprintf(stderr, "lbana: out of memory\n");
		exit(2);
	}
	return p;
}

/* ------------------------------------------------------------------ */
/* Small parsers                                                        */

/* "12.345678" (any number of decimals) to ns; NULL endp: must end there. */
static int parse_ns(const char *s, long long *ns, const char **endp)
{
	long long sec = 0, frac = 0, scale = NSEC;
	const char *p = s;

	if (!isdigit((unsigned char)*p))
		return -1;
	while (isdigit((unsigned char)*p)) {
		sec = sec * 10 + (*p++ - '0');
		if (sec > 1000000000LL)
			return -1;
	}
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++) {
			scale /= 10;	/* digits past the 9th are dropped */
			frac += (*p - '0') * scale;
		}
	*ns = sec * NSEC + frac;
	if (endp)
		*endp = p;
	else if (*p && !isspace((unsigned char)*p))
		return -1;
	return 0;
}

/* Non-negative decimal integer at s; -1 if there is none. */
static long long parse_num(const char *s)
{
	long long v = 0;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	while (isdigit((unsigned char)*s) && v < (1LL << 50))
		v = v * 10 + (*s++ - '0');
	return v;
}

/* Value of KEY= in a line of space-separated KEY=VALUE words. */
static const char *kv(const char *line, const char *key)
{
	const char *p = line;

	while ((p = strstr(p, key))) {
		if (p == line || p[-1] == ' ')
			return p + strlen(key);
		p++;
	}
	return NULL;
}

/* Copy the word at src (up to a space) into dst; "?" if there is none. */
static void word(char *dst, size_t len, const char *src)
{
	size_t n = src ? strcspn(src, " \t") : 0;

	if (!n) {
		snprintf(dst, len, "?");
		return;
	}
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}

/*
 * A CPU list such as "0-3,6" to a mask (CPUs past the mask's 64 are left
 * out: the caller keeps only the run's CPUs); 0 if it is malformed.
 */
static unsigned long long cpu_list(const char *s)
{
	unsigned long long mask = 0;
	long long lo, hi;

	while (s && *s && *s != ' ') {
		lo = parse_num(s);
		if (lo < 0)
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
		hi = lo;
		if (*s == '-') {
			hi = parse_num(++s);
			if (hi < lo)
				return 0;
			while (isdigit((unsigned char)*s))
				s++;
		}
		for (; lo <= hi && lo < MAX_CPUS; lo++)
			mask |= 1ULL << lo;
		if (*s == ',')
			s++;
	}
	return mask;
}

/* ------------------------------------------------------------------ */
/* Trace lines                                                          */

struct head {
	int cpu;
	long long t;
	const char *name;	/* event name, name_len long */
	size_t name_len;
	const char *args;	/* what follows "NAME: " */
};

/*
 * Parse "[CPU] FLAGS TIMESTAMP: NAME: " starting at the '[' at p.  FLAGS
 * may be missing (irq-info off).  The columns before are the comm and
 * pid, of any width and content, so the caller tries every '['.
 */
static int try_head(const char *p, struct head *h)
{
	const char *q;
	long long cpu = parse_num(p + 1);

	if (cpu < 0 || cpu >= MAX_CPUS)
		return -1;
	p = strchr(p, ']');
	if (!p || p[1] != ' ')
		return -1;
	p += strspn(p + 1, " ") + 1;
	if (parse_ns(p, &h->t, &q) || *q != ':') {
		p += strcspn(p, " ");		/* skip FLAGS */
		p += strspn(p, " ");
		if (parse_ns(p, &h->t, &q) || *q != ':')
			return -1;
	}
	if (q[1] != ' ')
		return -1;
	h->name = q + 2;
	h->name_len = strspn(h->name, "abcdefghijklmnopqrstuvwxyz0123456789_");
	if (!h->name_len || h->name[h->name_len] != ':')
		return -1;
	h->args = h->name + h->name_len + 1;
	h->args += strspn(h->args, " ");
	h->cpu = cpu;
	return 0;
}

static int parse_head(const char *line, struct head *h)
{
	const char *p;

	for (p = strchr(line, '['); p; p = strchr(p + 1, '['))
		if (isdigit((unsigned char)p[1]) && !try_head(p, h))
			return 0;
	return -1;
}

/*
 * Last occurrence of key in [s, end).  Fields are searched from the right
 * and each key starts with a space, so a comm holding spaces or '=' that
 * comes before the real field cannot shadow it.
 */
static const char *rfind(const char *s, const char *end, const char *key)
{
	const char *last = NULL;

	while (s && (s = strstr(s, key)) && s < end)
		last = s++;
	return last;
}

/* Integer after the last key in [s, end); -1 if absent. */
static long long field(const char *s, const char *end, const char *key)
{
	const char *p = rfind(s, end, key);
	size_t n = strlen(key);

	if (p)
		return parse_num(p + n);
	/* The first field has no space before it. */
	return strncmp(s, key + 1, n - 1) ? -1 : parse_num(s + n - 1);
}

static int is_event(const struct head *h, const char *name)
{
	return strlen(name) == h->name_len &&
	       !strncmp(h->name, name, h->name_len);
}

/* prev_comm=.. prev_pid=N prev_prio=N prev_state=S ==> next_comm=.. .. */
static int parse_switch(const char *s, struct event *e)
{
	const char *end = s + strlen(s);
	const char *np = rfind(s, end, " next_pid=");
	const char *sep = rfind(s, np, " ==> ");
	const char *ps = rfind(s, sep, " prev_state=");
	size_t n;

	if (!np || !sep || !ps)
		return -1;
	e->kind = EV_SWITCH;
	e->next = parse_num(np + 10);
	e->pid = field(s, ps, " prev_pid=");
	ps += 12;
	n = strcspn(ps, " ");
	/* R or R+ (preempted): still runnable; anything else blocked. */
	e->a = (n == 1 && ps[0] == 'R') ||
	       (n == 2 && ps[0] == 'R' && ps[1] == '+');
	return e->next < 0 || e->pid < 0 ? -1 : 0;
}

static int parse_args(const struct head *h, struct event *e)
{
	const char *s = h->args, *end = s + strlen(s);

	e->pid = field(s, end, " pid=");
	if (is_event(h, "sched_switch"))
		return parse_switch(s, e);
	if (is_event(h, "sched_wakeup") || is_event(h, "sched_wakeup_new")) {
		e->kind = EV_WAKEUP;
		e->a = field(s, end, " target_cpu=");
		return e->pid < 0 || e->a < 0 ? -1 : 0;
	}
	if (is_event(h, "sched_migrate_task")) {
		e->kind = EV_MIGRATE;
		e->a = field(s, end, " orig_cpu=");
		e->b = field(s, end, " dest_cpu=");
		return e->pid < 0 || e->a < 0 || e->b < 0 ? -1 : 0;
	}
	e->kind = EV_RUNTIME;
	e->runtime = field(s, end, " runtime=");
	return e->pid < 0 || e->runtime < 0 ? -1 : 0;
}

static int wanted(const struct head *h)
{
	return is_event(h, "sched_switch") || is_event(h, "sched_wakeup") ||
	       is_event(h, "sched_wakeup_new") ||
	       is_event(h, "sched_migrate_task") ||
	       is_event(h, "sched_stat_runtime");
}

/* Parse one event line: 0 if it is fine (stored or ignored), -1 if not. */
static int parse_event(struct run *r, const char *line)
{
	struct event e = { 0 };
	struct head h;

	if (parse_head(line, &h))
		return -1;
	if (r->t_first < 0 || h.t < r->t_first)
		r->t_first = h.t;
	if (!wanted(&h))
		return 0;
	if (parse_args(&h, &e))
		return -1;
	e.t = h.t;
	e.cpu = h.cpu;
	if (e.cpu >= r->ncpus || e.b >= r->ncpus ||
	    (e.kind != EV_SWITCH && e.a >= r->ncpus))
		return -1;
	if (r->nev == r->ev_cap) {
		r->ev_cap = r->ev_cap ? 2 * r->ev_cap : 4096;
		r->ev = xrealloc(r->ev, r->ev_cap * sizeof(*r->ev));
	}
	e.seq = r->nev;
	r->ev[r->nev++] = e;
	return 0;
}

static void trace_line(struct run *r, const char *line)
{
	if (strstr(line, "LOST"))
		r->lost_text = 1;
	if (!line[strspn(line, " \t")] || line[0] == '#')
		return;
	r->lines++;
	if (parse_event(r, line))
		r->bad_lines++;
}

/* ------------------------------------------------------------------ */
/* Header lines                                                         */

static void parse_run(struct run *r, const char *line)
{
	const char *v;

	word(r->scenario, sizeof(r->scenario), kv(line, "scenario="));
	word(r->arm, sizeof(r->arm), kv(line, "arm="));
	word(r->rep, sizeof(r->rep), kv(line, "rep="));
	r->ncpus = parse_num(kv(line, "ncpus="));
	r->t_first = -1;
	if (r->ncpus < 1 || r->ncpus > MAX_CPUS)
		r->bad = "ncpus";
	v = kv(line, "t_ref=");
	if (!v || parse_ns(v, &r->t_ref, NULL))
		r->bad = "t_ref";
	v = kv(line, "t_end=");
	if (!v || parse_ns(v, &r->t_end, NULL))
		r->bad = "t_end";
	if (!r->bad && r->t_end <= r->t_ref)
		r->bad = "t_end <= t_ref";
}

/* "@WORD A B": the two numbers after the word, -1 where one is missing. */
static void two_nums(const char *line, long long *a, long long *b)
{
	const char *p = line + strcspn(line, " ");

	p += strspn(p, " ");
	*a = parse_num(p);
	p += strspn(p, "0123456789");
	p += strspn(p, " ");
	*b = parse_num(p);
}

static void parse_cap(struct run *r, const char *line)
{
	long long cpu, cap;

	two_nums(line, &cpu, &cap);
	if (cpu < 0 || cpu >= r->ncpus || cap < 0 || cap > 1 << 20) {
		r->bad = "@cap";
		return;
	}
	r->cap[cpu] = cap;
	r->has_cap |= 1ULL << cpu;
}

static void parse_core(struct run *r, const char *line)
{
	long long cpu, first;

	two_nums(line, &cpu, &first);
	if (cpu < 0 || cpu >= r->ncpus || first < 0 || first > cpu) {
		r->bad = "@core";
		return;
	}
	r->core[cpu] = first;
	r->has_smt |= first != cpu;
}

static void parse_task(struct run *r, const char *line)
{
	const char *v = kv(line, "allowed=");
	struct task *t = &r->task[r->ntasks];
	unsigned long long all;

	if (r->ntasks == MAX_TASKS || r->ncpus < 1) {
		r->bad = "@task";
		return;
	}
	all = ~0ULL >> (64 - r->ncpus);
	t->pid = parse_num(line + 5 + strspn(line + 5, " "));
	t->allowed = v ? cpu_list(v) & all : all;
	if (t->pid <= 0 || !t->allowed) {
		r->bad = "@task";
		return;
	}
	r->ntasks++;
}

/* "@mark SECS misfit PID"; marks of other kinds are ignored. */
static void parse_mark(struct run *r, const char *line)
{
	const char *p = line + 5;
	struct mark *m = &r->mark[r->nmarks];

	p += strspn(p, " ");
	if (parse_ns(p, &m->t, &p))
		goto bad;
	p += strspn(p, " ");
	if (strncmp(p, "misfit ", 7))
		return;
	m->pid = parse_num(p + 7 + strspn(p + 7, " "));
	if (m->pid <= 0 || r->nmarks == MAX_MARKS)
		goto bad;
	r->nmarks++;
	return;
bad:
	r->bad = "@mark";
}

/* Keep the KEY=VALUE words of @cost lines, one space apart. */
static void parse_cost(struct run *r, const char *line)
{
	size_t len = strlen(r->cost), n;
	const char *p = line + 5;

	for (p += strspn(p, " \t"); *p; p += strspn(p, " \t")) {
		n = strcspn(p, " \t");
		if (len + n + 2 > sizeof(r->cost)) {
			r->bad = "@cost";
			return;
		}
		if (len)
			r->cost[len++] = ' ';
		memcpy(r->cost + len, p, n);
		len += n;
		r->cost[len] = 0;
		p += n;
	}
}

static int starts(const char *line, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(line, word, n) && (!line[n] || line[n] == ' ');
}

/* A line of a run outside its trace; anything unknown is noise. */
static void header_line(struct run *r, const char *line)
{
	if (starts(line, "@cap"))
		parse_cap(r, line);
	else if (starts(line, "@core"))
		parse_core(r, line);
	else if (starts(line, "@task"))
		parse_task(r, line);
	else if (starts(line, "@mark"))
		parse_mark(r, line);
	else if (starts(line, "@cost"))
		parse_cost(r, line);
	else if (starts(line, "@trace-begin"))
		r->in_trace = 1;
}

/* ------------------------------------------------------------------ */
/* Replay                                                               */

static int task_index(const struct run *r, int pid)
{
	int w;

	for (w = 0; pid > 0 && w < r->ntasks; w++)
		if (r->task[w].pid == pid)
			return w;
	return -1;
}

static int cmp_event(const void *x, const void *y)
{
	const struct event *a = x, *b = y;

	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->seq - b->seq;
}

static int cmp_mark(const void *x, const void *y)
{
	const struct mark *a = x, *b = y;

	return a->t < b->t ? -1 : a->t > b->t;
}

/* Time order (the trace is merged per CPU), and pids to W indices. */
static void prepare(struct run *r)
{
	size_t i;
	int k;

	qsort(r->ev, r->nev, sizeof(*r->ev), cmp_event);
	qsort(r->mark, r->nmarks, sizeof(*r->mark), cmp_mark);
	for (i = 0; i < r->nev; i++) {
		r->ev[i].w = task_index(r, r->ev[i].pid);
		r->ev[i].wnext = r->ev[i].kind == EV_SWITCH ?
				 task_index(r, r->ev[i].next) : -1;
	}
	for (k = 0; k < r->nmarks; k++)
		r->mark[k].w = task_index(r, r->mark[k].pid);
}

static void sim_init(struct sim *s)
{
	memset(s, 0, sizeof(*s));
	memset(s->cpu, -1, sizeof(s->cpu));
}

static void apply_switch(struct sim *s, const struct run *r,
			 const struct event *e)
{
	int c;

	if (e->w >= 0) {
		/* A migrate logged first keeps its dest: fix unknowns only. */
		if (s->cpu[e->w] < 0)
			s->cpu[e->w] = e->cpu;
		s->runnable[e->w] = e->a;
	}
	/* A pid runs on one CPU at a time (pid 0 is every idle task). */
	for (c = 0; e->next && c < r->ncpus; c++)
		if (s->running[c] == e->next)
			s->running[c] = 0;
	s->running[e->cpu] = e->next;
	if (e->wnext >= 0) {
		s->cpu[e->wnext] = e->cpu;
		s->runnable[e->wnext] = 1;
	}
}

static void sim_apply(struct sim *s, const struct run *r,
		      const struct event *e)
{
	if (e->kind == EV_SWITCH) {
		apply_switch(s, r, e);
	} else if (e->kind == EV_WAKEUP && e->w >= 0) {
		/* Runnable on the target, wherever it was before. */
		s->cpu[e->w] = e->a;
		s->runnable[e->w] = 1;
	} else if (e->kind == EV_MIGRATE && e->w >= 0) {
		s->cpu[e->w] = e->b;
	}
}

static int task_running(const struct run *r, const struct sim *s, int w)
{
	return s->cpu[w] >= 0 && s->running[s->cpu[w]] == r->task[w].pid;
}

static int runnable_on(const struct run *r, const struct sim *s, int c)
{
	int w, n = 0;

	for (w = 0; w < r->ntasks; w++)
		n += s->runnable[w] && s->cpu[w] == c;
	return n;
}

struct hooks {
	/* The state s holds over [a, b). */
	void (*span)(void *ctx, const struct sim *s, long long a,
		     long long b);
	/* Event e has just been applied to s. */
	void (*event)(void *ctx, const struct sim *s, const struct event *e);
	void *ctx;
};

/* Replay the trace from its start (or t_ref if later) up to t_end. */
static void replay(const struct run *r, const struct hooks *h)
{
	long long t = r->t_first < r->t_ref ? r->t_first : r->t_ref;
	struct sim s;
	size_t i;

	sim_init(&s);
	for (i = 0; i < r->nev && r->ev[i].t <= r->t_end; i++) {
		if (r->ev[i].t > t) {
			h->span(h->ctx, &s, t, r->ev[i].t);
			t = r->ev[i].t;
		}
		sim_apply(&s, r, &r->ev[i]);
		h->event(h->ctx, &s, &r->ev[i]);
	}
	if (r->t_end > t)
		h->span(h->ctx, &s, t, r->t_end);
}

/* ------------------------------------------------------------------ */
/* Bipartite matching between idle CPUs and tasks that could use them  */

/*
 * Kuhn's augmenting paths: candidate k looks for a free CPU in want[k];
 * a CPU already held by candidate j is taken if j can move to another.
 * seen keeps each CPU to one visit per search, so a search is O(CPUs).
 */
static int augment(int k, const unsigned long long *want, int *owner,
		   unsigned long long *seen)
{
	unsigned long long m = want[k] & ~*seen;
	int c;

	while (m) {
		c = __builtin_ctzll(m);
		m &= m - 1;
		if (*seen & 1ULL << c)
			continue;
		*seen |= 1ULL << c;
		if (owner[c] < 0 || augment(owner[c], want, owner, seen)) {
			owner[c] = k;
			return 1;
		}
	}
	return 0;
}

/* Size of a maximum matching; want[k] is already limited to free CPUs. */
static int max_matching(unsigned long long free, const unsigned long long *want,
			int n)
{
	int owner[MAX_CPUS], k, size = 0, most = __builtin_popcountll(free);
	unsigned long long seen;

	memset(owner, -1, sizeof(owner));
	for (k = 0; k < n && size < most; k++) {
		seen = 0;
		size += augment(k, want, owner, &seen);
	}
	return size;
}

static unsigned long long idle_cpus(const struct run *r, const struct sim *s)
{
	unsigned long long idle = 0;
	int c;

	for (c = 0; c < r->ncpus; c++)
		if (!s->running[c])
			idle |= 1ULL << c;
	return idle;
}

/*
 * A W task woken onto an idle CPU that has not switched to it yet: the
 * wakeup is in flight (an IPI and the CPU leaving idle, milliseconds
 * under TCG), and no balancer could start it sooner elsewhere.
 */
static int in_transit(const struct sim *s, int w)
{
	return s->cpu[w] >= 0 && !s->running[s->cpu[w]];
}

/*
 * Idle CPUs that a waiting W task (runnable, not running, and queued
 * behind another task, not in transit) could use.
 */
static int wasted_now(const struct run *r, const struct sim *s)
{
	unsigned long long want[MAX_TASKS], idle = idle_cpus(r, s);
	int w, n = 0;

	for (w = 0; idle && w < r->ntasks; w++)
		if (s->runnable[w] && !task_running(r, s, w) &&
		    !in_transit(s, w) && (r->task[w].allowed & idle))
			want[n++] = r->task[w].allowed & idle;
	return n ? max_matching(idle, want, n) : 0;
}

/* Idle CPUs bigger than the CPU where an allowed W task is running. */
static int misplaced_now(const struct run *r, const struct sim *s,
			 const unsigned long long *bigger)
{
	unsigned long long want[MAX_TASKS], idle = idle_cpus(r, s);
	int w, n = 0;

	for (w = 0; idle && w < r->ntasks; w++) {
		if (!task_running(r, s, w))
			continue;
		want[n] = r->task[w].allowed & bigger[s->cpu[w]] & idle;
		n += !!want[n];
	}
	return n ? max_matching(idle, want, n) : 0;
}

/*
 * SMT cores whose CPUs are all idle, set against cores where W tasks run
 * on several sibling CPUs: as many as can be paired, each pair a task
 * that could have a core to itself. Affinity is not considered.
 */
static int smt_shared_now(const struct run *r, const struct sim *s)
{
	int busy[MAX_CPUS] = { 0 }, w_on[MAX_CPUS] = { 0 };
	int c, w, idle = 0, shared = 0;

	for (c = 0; c < r->ncpus; c++)
		busy[r->core[c]] += !!s->running[c];
	for (w = 0; w < r->ntasks; w++)
		if (task_running(r, s, w))
			w_on[r->core[s->cpu[w]]]++;
	for (c = 0; c < r->ncpus; c++) {
		if (r->core[c] != c)
			continue;
		idle += !busy[c];
		shared += w_on[c] > 1;
	}
	return idle < shared ? idle : shared;
}

/* ------------------------------------------------------------------ */
/* Time to balance                                                      */

/*
 * Episodes are maximal stretches where the balanced predicate is constant.
 * A hold starts at a balanced instant and survives violations shorter
 * than τ (they count as held time); t_bal is the start of the first hold
 * that lasts H, or that reaches t_end after lasting H.
 */
struct tbal {
	long long start, end;	/* the open episode */
	int ok;			/* is it balanced */
	long long hold;		/* start of the current hold, -1 none */
	long long found;	/* start of the first long enough hold */
};

static void tbal_close(struct tbal *b)
{
	if (b->found >= 0 || b->end == b->start)
		return;
	if (!b->ok && b->end - b->start >= TAU_NS) {
		b->hold = -1;
		return;
	}
	if (b->ok && b->hold < 0)
		b->hold = b->start;
	if (b->hold >= 0 && b->end - b->hold >= HOLD_NS)
		b->found = b->hold;
}

static void tbal_feed(struct tbal *b, long long from, long long to, int ok)
{
	if (b->end == from && b->ok == ok) {
		b->end = to;
		return;
	}
	tbal_close(b);
	b->start = from;
	b->end = to;
	b->ok = ok;
}

/* ------------------------------------------------------------------ */
/* Metrics                                                              */

/*
 * With C CPUs, N tasks and T = t_end - t_ref, over the window:
 *
 *   wasted_pct     100 * ∫ wasted(t) dt / (C * T), wasted(t) the size of a
 *                  maximum matching of idle CPUs to waiting W tasks allowed
 *                  there: each idle CPU and each task counted at most once.
 *                  A task waits when it is queued on a CPU that runs
 *                  another task; one woken onto an idle CPU is in transit
 *                  until that CPU switches to it (in_transit())
 *   misplaced_pct  the same with W tasks running on a CPU smaller than the
 *                  idle one
 *   smt_shared_pct 100 * ∫ shared(t) dt / (K * T) with K SMT cores, where
 *                  shared(t) pairs wholly idle cores with cores running W
 *                  tasks on several siblings (smt_shared_now()); only for
 *                  runs whose @core lines show SMT
 *   eta            delivered / ideal: delivered = Σ runtime * cap / 1024,
 *                  ideal = T * Σ cap / 1024 over the min(N, C) biggest CPUs
 *   jain           (Σ x)² / (N * Σ x²), x a task's runtime * cap / 1024
 *   t_bal_ms       see struct tbal
 *   migr_rate      moves in (t_s, t_end] / N / (t_end - t_s), with
 *                  t_s = t_ref + t_bal, or t_ref + T / 2 if never balanced
 *   pingpong       moves that undo the task's previous move within 250 ms
 *   misfit_ms      mean time from a mark until the task runs on one of the
 *                  biggest CPUs it may use
 *   misfit_idle_ms mean over the marks of ∫ (biggest CPUs the task may use
 *                  that idle) dt from the mark until it runs on one, in
 *                  CPU·ms: LISA's misfit criterion allows 1 ms per CPU of
 *                  the system (runs with marks only)
 *   moves          W migrations with orig != dest
 */
struct metrics {
	const struct run *r;
	unsigned long long bigger[MAX_CPUS];	/* CPUs of higher capacity */
	int maxcap[MAX_TASKS];		/* top capacity a task may use */
	long long wasted, misplaced;	/* integrals, CPU·ns */
	long long smt_shared;		/* integral, core·ns */
	int ncores;
	double x[MAX_TASKS];		/* delivered, ns at capacity 1024 */
	struct tbal tb;
	long long mig_t[MAX_TASKS];	/* last migration of each task */
	int mig_orig[MAX_TASKS], mig_dest[MAX_TASKS];
	int pingpong, moves;
	int next_mark;			/* first mark not yet reached */
	int pending[MAX_MARKS];		/* reached, task not on a top CPU */
	long long delay[MAX_MARKS];	/* ns until it was, -1 never */
	long long top_idle[MAX_MARKS];	/* CPU·ns its top CPUs idled meanwhile */
};

static void metrics_init(struct metrics *m, const struct run *r)
{
	int i, j;

	memset(m, 0, sizeof(*m));
	m->r = r;
	m->tb.hold = -1;
	m->tb.found = -1;
	for (i = 0; i < r->ncpus; i++)
		for (j = 0; j < r->ncpus; j++)
			if (r->cap[j] > r->cap[i])
				m->bigger[i] |= 1ULL << j;
	for (i = 0; i < r->ntasks; i++) {
		m->mig_t[i] = -1;
		for (j = 0; j < r->ncpus; j++)
			if ((r->task[i].allowed >> j & 1) &&
			    r->cap[j] > m->maxcap[i])
				m->maxcap[i] = r->cap[j];
	}
	for (i = 0; i < MAX_MARKS; i++)
		m->delay[i] = -1;
	for (i = 0; i < r->ncpus; i++)
		m->ncores += r->core[i] == i;
}

/* Marks before b: is the task already running on a top CPU? */
static void misfit_reach(struct metrics *m, const struct sim *s, long long b)
{
	const struct run *r = m->r;
	const struct mark *mk;
	int w;

	for (; m->next_mark < r->nmarks; m->next_mark++) {
		mk = &r->mark[m->next_mark];
		w = mk->w;
		if (mk->t >= b || mk->t >= r->t_end)
			return;
		if (w < 0)
			continue;
		if (task_running(r, s, w) && r->cap[s->cpu[w]] == m->maxcap[w])
			m->delay[m->next_mark] = 0;
		else
			m->pending[m->next_mark] = 1;
	}
}

/* While a marked task waits to reach a top CPU: those of them that idle. */
static void misfit_idle(struct metrics *m, const struct sim *s, long long a,
			long long b)
{
	const struct run *r = m->r;
	unsigned long long idle, top;
	long long from;
	int k, c, w;

	if (!m->next_mark)
		return;
	idle = idle_cpus(r, s);
	if (b > r->t_end)
		b = r->t_end;
	for (k = 0; k < m->next_mark; k++) {
		w = r->mark[k].w;
		from = a > r->mark[k].t ? a : r->mark[k].t;
		if (!m->pending[k] || b <= from)
			continue;
		for (top = 0, c = 0; c < r->ncpus; c++)
			if (r->cap[c] == m->maxcap[w])
				top |= 1ULL << c;
		top &= idle & r->task[w].allowed;
		m->top_idle[k] += __builtin_popcountll(top) * (b - from);
	}
}

/*
 * --waste FILE: one line per stretch of wasted time, for a reader who
 * wants to see where it went: when (ms after the window opens) and for
 * how long, which CPUs were idle, and which tasks waited on which CPU.
 */
static FILE *waste_log;

static void log_waste(const struct run *r, const struct sim *s, long long lo,
		      long long hi)
{
	unsigned long long idle = idle_cpus(r, s);
	const char *sep = "";
	int c, w;

	fprintf(waste_log, "scenario=%s arm=%s rep=%s t_ms=%.3f dur_ms=%.3f idle=",
		r->scenario, r->arm, r->rep, (lo - r->t_ref) / 1e6,
		(hi - lo) / 1e6);
	for (c = 0; c < r->ncpus; c++) {
		if (!(idle & 1ULL << c))
			continue;
		fprintf(waste_log, "%s%d", sep, c);
		sep = ",";
	}
	fputs(" waiting=", waste_log);
	sep = "";
	for (w = 0; w < r->ntasks; w++) {
		if (!s->runnable[w] || task_running(r, s, w) ||
		    in_transit(s, w))
			continue;
		fprintf(waste_log, "%s%d@%d", sep, r->task[w].pid, s->cpu[w]);
		sep = ",";
	}
	fputc('\n', waste_log);
}

static void metrics_span(void *ctx, const struct sim *s, long long a,
			 long long b)
{
	struct metrics *m = ctx;
	const struct run *r = m->r;
	long long lo = a > r->t_ref ? a : r->t_ref;
	long long hi = b < r->t_end ? b : r->t_end;
	int waste, misp;

	misfit_reach(m, s, b);
	misfit_idle(m, s, a, b);
	if (hi <= lo)
		return;
	waste = wasted_now(r, s);
	misp = misplaced_now(r, s, m->bigger);
	m->wasted += waste * (hi - lo);
	if (waste && waste_log)
		log_waste(r, s, lo, hi);
	m->misplaced += misp * (hi - lo);
	if (r->has_smt)
		m->smt_shared += smt_shared_now(r, s) * (hi - lo);
	tbal_feed(&m->tb, lo, hi, !waste && !misp);
}

/* A move that undoes the task's previous one within 250 ms. */
static void count_move(struct metrics *m, const struct event *e)
{
	int w = e->w;

	m->moves++;
	if (m->mig_t[w] >= 0 && e->t - m->mig_t[w] <= PINGPONG_NS &&
	    m->mig_orig[w] == e->b && m->mig_dest[w] == e->a)
		m->pingpong++;
	m->mig_t[w] = e->t;
	m->mig_orig[w] = e->a;
	m->mig_dest[w] = e->b;
}

/* Runtime is charged at the capacity of the CPU the line is logged on. */
static void charge(struct metrics *m, const struct event *e)
{
	const struct run *r = m->r;
	long long ran = e->runtime;

	/*
	 * Only the part after t_ref counts.  min(runtime, t - t_ref) clips
	 * the first event of a task after t_ref and leaves later ones alone.
	 */
	if (ran > e->t - r->t_ref)
		ran = e->t - r->t_ref;
	m->x[e->w] += (double)ran * r->cap[e->cpu] / 1024;
}

static void metrics_event(void *ctx, const struct sim *s,
			  const struct event *e)
{
	struct metrics *m = ctx;
	const struct run *r = m->r;
	int k;

	(void)s;
	if (e->kind == EV_SWITCH && e->wnext >= 0)
		for (k = 0; k < m->next_mark; k++)
			if (m->pending[k] && r->mark[k].w == e->wnext &&
			    r->cap[e->cpu] == m->maxcap[e->wnext]) {
				m->pending[k] = 0;
				m->delay[k] = e->t - r->mark[k].t;
			}
	if (e->w < 0 || e->t < r->t_ref)
		return;
	if (e->kind == EV_MIGRATE && e->a != e->b)
		count_move(m, e);
	else if (e->kind == EV_RUNTIME)
		charge(m, e);
}

static int cmp_int_desc(const void *x, const void *y)
{
	return *(const int *)y - *(const int *)x;
}

/*
 * η = delivered / ideal: the ideal is N tasks (at most one per CPU) on the
 * biggest CPUs for the whole window.  Jain = (Σx)² / (N·Σx²).
 */
static void delivery(const struct run *r, const struct metrics *m,
		     struct result *res)
{
	int top = r->ntasks < r->ncpus ? r->ntasks : r->ncpus;
	double sum = 0, sq = 0, ideal = 0;
	int caps[MAX_CPUS], i;

	memcpy(caps, r->cap, sizeof(caps));
	qsort(caps, r->ncpus, sizeof(int), cmp_int_desc);
	for (i = 0; i < top; i++)
		ideal += (double)(r->t_end - r->t_ref) * caps[i] / 1024;
	for (i = 0; i < r->ntasks; i++) {
		sum += m->x[i];
		sq += m->x[i] * m->x[i];
	}
	res->eta_ok = ideal > 0;
	res->eta = res->eta_ok ? sum / ideal : 0;
	res->jain_ok = sq > 0;
	res->jain = res->jain_ok ? sum * sum / (r->ntasks * sq) : 0;
}

/* W migrations per task per second in (t_s, t_end]. */
static void migr_rate(const struct run *r, struct result *res)
{
	long long t_s = r->t_ref + (r->t_end - r->t_ref) / 2;
	const struct event *e;
	long n = 0;
	size_t i;

	if (res->t_bal >= 0)
		t_s = r->t_ref + res->t_bal;
	for (i = 0; i < r->nev; i++) {
		e = &r->ev[i];
		n += e->kind == EV_MIGRATE && e->w >= 0 && e->a != e->b &&
		     e->t > t_s && e->t <= r->t_end;
	}
	res->rate_ok = r->t_end > t_s;
	if (res->rate_ok)
		res->migr_rate = (double)n * NSEC / r->ntasks /
				 (r->t_end - t_s);
}

static void misfit_result(const struct run *r, const struct metrics *m,
			  struct result *res)
{
	long long sum = 0;
	int k;

	if (!r->nmarks) {
		snprintf(res->misfit, sizeof(res->misfit), "-");
		return;
	}
	for (k = 0; k < r->nmarks; k++) {
		if (m->delay[k] < 0) {
			snprintf(res->misfit, sizeof(res->misfit), "-1");
			return;
		}
		sum += m->delay[k];
	}
	snprintf(res->misfit, sizeof(res->misfit), "%lld",
		 sum / r->nmarks / MSEC);
}

static void misfit_idle_result(const struct run *r, const struct metrics *m,
			       struct result *res)
{
	long long sum = 0;
	int k;

	for (k = 0; k < r->nmarks; k++)
		sum += m->top_idle[k];
	res->misfit_idle_ms = r->nmarks ? (double)sum / r->nmarks / MSEC : 0;
}

static void compute(const struct run *r, struct result *res)
{
	struct metrics *m = xrealloc(NULL, sizeof(*m));
	struct hooks h = { metrics_span, metrics_event, m };
	double cpu_ns = (double)r->ncpus * (r->t_end - r->t_ref);

	metrics_init(m, r);
	replay(r, &h);
	tbal_close(&m->tb);
	memset(res, 0, sizeof(*res));
	res->wasted_pct = 100.0 * m->wasted / cpu_ns;
	res->misplaced_pct = 100.0 * m->misplaced / cpu_ns;
	res->smt_shared_pct = 100.0 * m->smt_shared /
			      ((double)m->ncores * (r->t_end - r->t_ref));
	res->t_bal = m->tb.found >= 0 ? m->tb.found - r->t_ref : -1;
	res->pingpong = m->pingpong;
	res->moves = m->moves;
	delivery(r, m, res);
	migr_rate(r, res);
	misfit_result(r, m, res);
	misfit_idle_result(r, m, res);
	free(m);
}

static void print_result(const struct run *r, const struct result *res)
{
	printf("scenario=%s arm=%s rep=%s valid=1 ncpus=%d",
	       r->scenario, r->arm, r->rep, r->ncpus);
	printf(" wasted_pct=%.2f misplaced_pct=%.2f", res->wasted_pct,
	       res->misplaced_pct);
	if (r->has_smt)
		printf(" smt_shared_pct=%.2f", res->smt_shared_pct);
	if (res->eta_ok)
		printf(" eta=%.3f", res->eta);
	else
		printf(" eta=-");
	if (res->jain_ok)
		printf(" jain=%.3f", res->jain);
	else
		printf(" jain=-");
	printf(" t_bal_ms=%lld", res->t_bal < 0 ? -1 : res->t_bal / MSEC);
	if (res->rate_ok)
		printf(" migr_rate=%.3f", res->migr_rate);
	else
		printf(" migr_rate=-");
	printf(" pingpong=%d misfit_ms=%s", res->pingpong, res->misfit);
	if (r->nmarks)
		printf(" misfit_idle_ms=%.1f", res->misfit_idle_ms);
	printf(" moves=%d%s%s\n", res->moves, *r->cost ? " " : "", r->cost);
}

/* ------------------------------------------------------------------ */
/* SVG heat map                                                         */

#define SVG_W		900
#define PLOT_X		110	/* left edge of the plot, after the labels */
#define PLOT_W		760
#define ROW_H		16
#define ROW_PITCH	17	/* a 1 px line between rows */
#define CLASS_GAP	6	/* between capacity classes */
#define PLOT_Y		52
#define MIN_PX		0.2	/* narrower segments merge into the next */

enum colour { COL_IDLE, COL_OTHER, COL_ONE, COL_TWO, COL_MANY, NCOLS };

static const char *const col_rgb[NCOLS] = {
	"#ffffff", "#f4f4f4", "#4caf50", "#ff9800", "#e53935"
};

struct sbuf {
	char *p;
	size_t len, cap;
};

struct lane {
	int col;		/* colour of the open segment, -1 none yet */
	double xs;		/* where the open segment starts */
	int pcol;		/* closed segment not yet written, -1 none */
	double p0, p1;
};

struct svg {
	const struct run *r;
	long long x0;			/* time at the left edge */
	int order[MAX_CPUS];		/* CPUs, top row first */
	int row_y[MAX_CPUS];		/* top of each CPU's row */
	int rows_end;			/* y below the last row */
	struct lane lane[MAX_CPUS];
	struct sbuf seg[MAX_CPUS][NCOLS];	/* one path per row, colour */
	struct sbuf marks;		/* migration marks */
};

static void sb_add(struct sbuf *b, const char *s)
{
	size_t n = strlen(s);

	if (b->len + n + 1 > b->cap) {
		b->cap = 2 * (b->len + n + 1) + 256;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n + 1);
	b->len += n;
}

static double px(const struct svg *v, long long t)
{
	return PLOT_X + (double)(t - v->x0) * PLOT_W / (v->r->t_end - v->x0);
}

static int cpu_colour(const struct run *r, const struct sim *s, int c)
{
	int n = runnable_on(r, s, c);

	if (n >= 3)
		return COL_MANY;
	if (n)
		return COL_ONE + n - 1;
	return s->running[c] ? COL_OTHER : COL_IDLE;
}

/* Rows by capacity (biggest first), then CPU; a gap between classes. */
static void svg_layout(struct svg *v)
{
	const struct run *r = v->r;
	int i, j, c, y = PLOT_Y;

	for (i = 0; i < r->ncpus; i++) {
		c = i;
		for (j = i; j > 0 && r->cap[v->order[j - 1]] < r->cap[c]; j--)
			v->order[j] = v->order[j - 1];
		v->order[j] = c;
	}
	for (i = 0; i < r->ncpus; i++) {
		c = v->order[i];
		if (i && r->cap[c] != r->cap[v->order[i - 1]])
			y += CLASS_GAP;
		v->row_y[c] = y;
		y += ROW_PITCH;
		v->lane[c].col = -1;
		v->lane[c].pcol = -1;
	}
	v->rows_end = y;
}

/* A segment is a horizontal stroke ROW_H wide along the row's middle. */
static void lane_emit(struct svg *v, int c, int col, double a, double b)
{
	char d[64];

	if (col == COL_IDLE || b <= a)
		return;
	snprintf(d, sizeof(d), "M%.1f %dh%.1f", a, v->row_y[c] + ROW_H / 2,
		 b - a);
	sb_add(&v->seg[c][col], d);
}

/*
 * Close CPU c's open segment at x.  A segment narrower than MIN_PX is
 * not closed: its start stays, so the next colour takes it over.  A
 * closed segment is held back while the next one may still extend it.
 */
static void lane_close(struct svg *v, int c, double x, int force)
{
	struct lane *l = &v->lane[c];

	if (x - l->xs < MIN_PX) {
		if (!force)
			return;
		/* The last sliver goes to the segment before it. */
		if (l->pcol >= 0 && l->p1 == l->xs) {
			l->p1 = x;
			l->xs = x;
			return;
		}
	}
	if (l->pcol != l->col || l->p1 != l->xs) {
		if (l->pcol >= 0)
			lane_emit(v, c, l->pcol, l->p0, l->p1);
		l->pcol = l->col;
		l->p0 = l->xs;
	}
	l->p1 = x;
	l->xs = x;
}

static void lane_set(struct svg *v, int c, double x, int col)
{
	struct lane *l = &v->lane[c];

	if (l->col < 0) {
		l->col = col;
		l->xs = x;
	} else if (col != l->col) {
		lane_close(v, c, x, 0);
		l->col = col;
	}
}

static void svg_span(void *ctx, const struct sim *s, long long a,
		     long long b)
{
	struct svg *v = ctx;
	int c;

	if (b <= v->x0)
		return;
	if (a < v->x0)
		a = v->x0;
	for (c = 0; c < v->r->ncpus; c++)
		lane_set(v, c, px(v, a), cpu_colour(v->r, s, c));
}

/* A W migration: a small black triangle at the top of the dest row. */
static void svg_event(void *ctx, const struct sim *s, const struct event *e)
{
	struct svg *v = ctx;
	char d[64];

	(void)s;
	if (e->kind != EV_MIGRATE || e->w < 0 || e->a == e->b || e->t < v->x0)
		return;
	snprintf(d, sizeof(d), "M%.1f %dh5l-2.5 5z", px(v, e->t) - 2.5,
		 v->row_y[e->b]);
	sb_add(&v->marks, d);
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '&')
			fputs("&amp;", f);
		else if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '"')
			fputs("&quot;", f);
		else if ((unsigned char)*s >= ' ')
			fputc(*s, f);
	}
}

static void svg_title(FILE *f, const struct run *r, const struct result *res)
{
	fputs("<text x=\"10\" y=\"20\" font-size=\"13\" font-weight=\"bold\">",
	      f);
	xml_text(f, r->scenario);
	fputs(" &#183; ", f);
	xml_text(f, r->arm);
	fputs(" &#183; rep ", f);
	xml_text(f, r->rep);
	fprintf(f, " &#8212; wasted %.2f %% &#183; misplaced %.2f %%",
		res->wasted_pct, res->misplaced_pct);
	if (res->eta_ok)
		fprintf(f, " &#183; &#951; %.3f", res->eta);
	if (res->t_bal >= 0)
		fprintf(f, " &#183; t_bal %lld ms", res->t_bal / MSEC);
	else
		fputs(" &#183; never balanced", f);
	fprintf(f, " &#183; moves %d</text>\n", res->moves);
}

static void svg_rows(FILE *f, const struct svg *v)
{
	const struct run *r = v->r;
	int i, c, col;

	for (i = 0; i < r->ncpus; i++) {
		c = v->order[i];
		fprintf(f,
			"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">cpu%d &#183; %d</text>\n",
			PLOT_X - 6, v->row_y[c] + 12, c, r->cap[c]);
		fprintf(f,
			"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fff\" stroke=\"#ccc\" stroke-width=\"0.5\"/>\n",
			PLOT_X, v->row_y[c], PLOT_W, ROW_H);
		for (col = 0; col < NCOLS; col++)
			if (v->seg[c][col].len)
				fprintf(f,
					"<path stroke=\"%s\" stroke-width=\"%d\" d=\"%s\"/>\n",
					col_rgb[col], ROW_H, v->seg[c][col].p);
	}
}

/* Tick step: 1, 2 or 5 times a power of ten ms, at most 8 steps. */
static long long tick_step(long long span_ms)
{
	static const int mul[] = { 1, 2, 5 };
	long long dec;
	int i;

	for (dec = 1; dec < NSEC; dec *= 10)
		for (i = 0; i < 3; i++)
			if (span_ms / (mul[i] * dec) <= 8)
				return mul[i] * dec;
	return NSEC;
}

static void svg_axis(FILE *f, const struct svg *v)
{
	const struct run *r = v->r;
	long long step = tick_step((r->t_end - v->x0) / MSEC) * MSEC;
	long long k = -((r->t_ref - v->x0) / step);
	int y = v->rows_end;
	double x;

	for (; r->t_ref + k * step <= r->t_end; k++) {
		x = px(v, r->t_ref + k * step);
		fprintf(f, "<path stroke=\"#999\" d=\"M%.2f %dv5\"/>\n", x, y);
		fprintf(f,
			"<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%lld</text>\n",
			x, y + 16, k * step / MSEC);
	}
	fprintf(f,
		"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ms after release</text>\n",
		PLOT_X + PLOT_W / 2, y + 32);
	x = px(v, r->t_ref);
	fprintf(f,
		"<path stroke=\"#333\" stroke-dasharray=\"4 3\" d=\"M%.2f %dV%d\"/>\n",
		x, PLOT_Y - 8, y);
	fprintf(f,
		"<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">release</text>\n",
		x, PLOT_Y - 12);
	if (v->marks.len)
		fprintf(f, "<path fill=\"#000\" d=\"%s\"/>\n", v->marks.p);
}

static void svg_legend(FILE *f, int y)
{
	static const char *const what[NCOLS] = {
		"idle", "other task", "1 W runnable", "2 W runnable",
		"&#8805;3 W runnable"
	};
	int col, x = PLOT_X;

	for (col = 0; col < NCOLS; col++, x += 125) {
		fprintf(f,
			"<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"#999\" stroke-width=\"0.5\"/>\n",
			x, y, col_rgb[col]);
		fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x + 16,
			y + 10, what[col]);
	}
	fprintf(f, "<path fill=\"#000\" d=\"M%d %dh10l-5 10z\"/>\n", x, y + 1);
	fprintf(f, "<text x=\"%d\" y=\"%d\">W migration</text>\n", x + 16,
		y + 10);
}

/* File name from scenario, arm and rep, with unsafe bytes made '_'. */
static void svg_name(char *buf, size_t len, const char *dir,
		     const struct run *r)
{
	size_t i = snprintf(buf, len, "%s/", dir);

	snprintf(buf + i, len - i, "%s-%s-%s.svg", r->scenario, r->arm, r->rep);
	for (; buf[i]; i++)
		if (!isalnum((unsigned char)buf[i]) && !strchr("._+-", buf[i]))
			buf[i] = '_';
}

static int svg_write(const struct svg *v, const struct result *res,
		     const char *dir)
{
	int h = v->rows_end + 64;
	char path[4096];
	FILE *f;

	svg_name(path, sizeof(path), dir, v->r);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "lbana: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
		SVG_W, h, SVG_W, h);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n",
		SVG_W, h);
	svg_title(f, v->r, res);
	svg_rows(f, v);
	svg_axis(f, v);
	svg_legend(f, v->rows_end + 44);
	fprintf(f, "</svg>\n");
	return fclose(f) ? -1 : 0;
}

static int heat_map(const struct run *r, const struct result *res,
		    const char *dir)
{
	struct svg *v = calloc(1, sizeof(*v));
	struct hooks h = { svg_span, svg_event, v };
	long long lead = r->t_ref - r->t_first;
	int c, col, ret;

	if (!v)
		return -1;
	v->r = r;
	v->x0 = r->t_ref - (lead < 0 ? 0 : lead > LEAD_NS ? LEAD_NS : lead);
	svg_layout(v);
	replay(r, &h);
	for (c = 0; c < r->ncpus; c++) {
		lane_close(v, c, px(v, r->t_end), 1);
		lane_emit(v, c, v->lane[c].pcol, v->lane[c].p0, v->lane[c].p1);
	}
	ret = svg_write(v, res, dir);
	for (c = 0; c < r->ncpus; c++)
		for (col = 0; col < NCOLS; col++)
			free(v->seg[c][col].p);
	free(v->marks.p);
	free(v);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Runs                                                                 */

/* Is @word one of the space-separated words of @s? */
static int has_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(s, word); p; p = strstr(p + 1, word))
		if ((p == s || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return 1;
	return 0;
}

static const char *invalid(struct run *r)
{
	/* No @end, or no @trace-end after @trace-begin */
	if (!r->ended || r->in_trace)
		return "truncated";
	if (r->lost > 0 || r->lost_text)
		return "lost-events";
	if (!r->trace_ended || !r->lines)
		return "no-trace";
	if (!r->bad && r->has_cap != ~0ULL >> (64 - r->ncpus))
		r->bad = "@cap missing";
	if (!r->bad && !r->ntasks)
		r->bad = "no @task";
	/* lbwork found that the window did not hold the run's arm */
	if (has_word(r->cost, "arm_ok=0"))
		return "wrong-arm";
	/* More than 1% of the event lines could not be parsed. */
	if (r->bad || r->bad_lines * 100 > r->lines)
		return "unparsable";
	return NULL;
}

static int finish_run(struct run *r, const char *svg_dir)
{
	const char *why = invalid(r);
	struct result res;
	int ret = 0;

	if (why) {
		printf("scenario=%s arm=%s rep=%s valid=0 reason=%s\n",
		       r->scenario, r->arm, r->rep, why);
		if (r->bad)
			fprintf(stderr, "lbana: %s-%s-%s: bad %s\n",
				r->scenario, r->arm, r->rep, r->bad);
	} else {
		prepare(r);
		compute(r, &res);
		print_result(r, &res);
		if (svg_dir)
			ret = heat_map(r, &res, svg_dir);
	}
	fflush(stdout);
	free(r->ev);
	free(r);
	return ret;
}

/* One line of the stream; returns the run still open, if any. */
static struct run *feed(struct run *r, const char *line, const char *svg_dir,
			int *err)
{
	if (starts(line, "@run")) {
		if (r)
			*err |= finish_run(r, svg_dir);
		r = xrealloc(NULL, sizeof(*r));
		memset(r, 0, sizeof(*r));
		for (int c = 0; c < MAX_CPUS; c++)
			r->core[c] = c;
		parse_run(r, line);
	} else if (!r) {
		/* noise between runs */
	} else if (r->in_trace && starts(line, "@trace-end")) {
		r->in_trace = 0;
		r->trace_ended = 1;
		r->lost = parse_num(kv(line, "lost="));
	} else if (starts(line, "@end")) {
		r->ended = 1;
		*err |= finish_run(r, svg_dir);
		r = NULL;
	} else if (r->in_trace) {
		trace_line(r, line);
	} else {
		header_line(r, line);
	}
	return r;
}

static int analyse(FILE *in, const char *svg_dir)
{
	struct run *r = NULL;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int err = 0;

	while ((n = getline(&line, &cap, in)) >= 0) {
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		r = feed(r, line, svg_dir, &err);
	}
	if (r)
		err |= finish_run(r, svg_dir);
	free(line);
	return err;
}

static int bad_args(void)
{
	fprintf(stderr, "usage: lbana RESULTS [--svg DIR] [--waste FILE]\n"
		"       lbana report|bench|judge ... (see lab/lbreport.c)\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *file = NULL, *svg_dir = NULL, *waste_file = NULL;
	FILE *in = stdin;
	int i, err;

	if (argc > 1) {
		err = lbreport_main(argc - 1, argv + 1);
		if (err >= 0)
			return err;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--svg") && i + 1 < argc)
			svg_dir = argv[++i];
		else if (!strcmp(argv[i], "--waste") && i + 1 < argc)
			waste_file = argv[++i];
		else if (!file && (argv[i][0] != '-' || !argv[i][1]))
			file = argv[i];
		else
			return bad_args();
	}
	if (!file)
		return bad_args();
	if (svg_dir && mkdir(svg_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "lbana: %s: %s\n", svg_dir, strerror(errno));
		return 2;
	}
	if (waste_file && !(waste_log = fopen(waste_file, "w"))) {
		fprintf(stderr, "lbana: %s: %s\n", waste_file, strerror(errno));
		return 2;
	}
	if (strcmp(file, "-"))
		in = fopen(file, "r");
	if (!in) {
		fprintf(stderr, "lbana: %s: %s\n", file, strerror(errno));
		return 2;
	}
	err = analyse(in, svg_dir);
	if (in != stdin)
		fclose(in);
	if (waste_log && fclose(waste_log)) {
		fprintf(stderr, "lbana: %s: %s\n", waste_file, strerror(errno));
		return 2;
	}
	return err ? 1 : 0;
}
