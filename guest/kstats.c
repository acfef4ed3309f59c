// SPDX-License-Identifier: GPL-2.0
/*
 * What the kernel says of a run, read in the guest: the trace of the
 * scheduler's events, the balancer's schedstat counters, the rework's
 * debugfs counters (lb_stats) and the runtime switch between the arms.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kstats.h"

static const char * const events[] = {
	"sched/sched_switch", "sched/sched_wakeup", "sched/sched_wakeup_new",
	"sched/sched_migrate_task", "sched/sched_stat_runtime",
	"sched_lb/sched_lb_decision",
};
#define NEVENTS (sizeof(events) / sizeof(*events))

/* An event's name, without its "system/". */
static const char *event_name(size_t i)
{
	return strchr(events[i], '/') + 1;
}

int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_TRUNC), r;

	if (fd < 0)
		return -errno;
	r = write(fd, val, strlen(val)) < 0 ? -errno : 0;
	close(fd);
	return r;
}

int trace_setup(void)
{
	char path[256];
	int r = 0;

	r |= write_str(TRACING "tracing_on", "0");
	r |= write_str(TRACING "trace_clock", "mono");
	r |= write_str(TRACING "buffer_size_kb", "4096");
	for (size_t i = 0; i < NEVENTS; i++) {
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

/* A child that sleeps, then moves to another CPU and sleeps again. */
static void trace_probe_child(int ncpus)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	for (int i = 0; i < 10; i++)
		usleep(1000);
	if (ncpus > 1 && cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu ? 0 : 1, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
	for (int i = 0; i < 10; i++)
		usleep(1000);
	_exit(0);
}

int trace_check(int ncpus, char *missing, size_t len)
{
	char line[1024], want[NEVENTS][64];
	bool seen[NEVENTS] = { false };
	int n = 0;
	pid_t pid;
	FILE *f;

	if (trace_setup())
		return -1;
	pid = fork();
	if (!pid)
		trace_probe_child(ncpus);
	if (pid < 0 || waitpid(pid, NULL, 0) != pid)
		return -1;
	write_str(TRACING "tracing_on", "0");
	for (size_t i = 0; i < NEVENTS; i++)
		snprintf(want[i], sizeof(want[i]), " %s:", event_name(i));
	f = fopen(TRACING "trace", "r");
	while (f && fgets(line, sizeof(line), f))
		for (size_t i = 0; i < NEVENTS; i++)
			seen[i] |= strstr(line, want[i]) != NULL;
	if (f)
		fclose(f);
	missing[0] = '\0';
	for (size_t i = 0; i < NEVENTS; i++) {
		/* The decision event needs the rework; a move, two CPUs. */
		if (seen[i] || !strncmp(events[i], "sched_lb/", 9) ||
		    (ncpus < 2 && !strcmp(event_name(i), "sched_migrate_task")))
			continue;
		snprintf(missing + strlen(missing), len - strlen(missing),
			 "%s%s", n++ ? " " : "", event_name(i));
	}
	return n;
}

void trace_events_off(void)
{
	char path[256];

	for (size_t i = 0; i < NEVENTS; i++) {
		snprintf(path, sizeof(path), TRACING "events/%s/enable",
			 events[i]);
		write_str(path, "0");
	}
}

/* Events the ring buffer overwrote or dropped, over every CPU. */
long trace_lost(int ncpus)
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
const char * const stat_names[] = {
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

void schedstat(unsigned long *s)
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

void fbg_cost(const char *arm, struct fbg *c, const char *other,
	      struct fbg *o)
{
	FILE *f = fopen("/sys/kernel/debug/sched/lb_stats", "r");
	char buf[2048];

	memset(c, 0, sizeof(*c));
	memset(o, 0, sizeof(*o));
	while (f && fgets(buf, sizeof(buf), f)) {
		fbg_line(buf, arm, c);
		fbg_line(buf, other, o);
	}
	if (f)
		fclose(f);
}

unsigned long long fbg_calls(const struct fbg *a, const struct fbg *b)
{
	unsigned long long calls = 0;

	for (int i = 0; i < 3; i++)
		for (int l = 0; l < FBG_LEVELS; l++)
			calls += b->calls[i][l] - a->calls[i][l];
	return calls;
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
	unsigned long long calls = fbg_calls(a, b), ns = 0, dc, dn;
	unsigned long ha[FBG_BUCKETS], hb[FBG_BUCKETS];
	char key[48];

	for (int i = 0; i < 3; i++)
		for (int l = 0; l < FBG_LEVELS; l++)
			ns += b->ns[i][l] - a->ns[i][l];
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
void print_fbg(FILE *out, const struct fbg *a, const struct fbg *b)
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
int set_arm(const char *arm)
{
	return write_str("/sys/kernel/debug/sched/features",
			 strcmp(arm, "rework") ? "NO_LB_REWORK" : "LB_REWORK");
}

void copy_trace(FILE *out)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(TRACING "trace", "r");

	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, out);
	if (f)
		fclose(f);
}
