// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: the user interfaces of CONFIG_SCHED_LB_REWORK.
 *
 * - /sys/kernel/debug/sched/lb_rework reads "0\n" or "1\n", takes "0",
 *   "1", "0\n" and "1\n", and refuses anything else with EINVAL without
 *   changing its value;
 * - /sys/kernel/debug/sched/lb_stats parses, has a cost line for each arm
 *   and idle type, is cleared by "0" and refuses other writes with EINVAL
 *   without clearing;
 * - the sched_lb:sched_lb_decision trace event can be enabled, and its
 *   lines, recorded while CPU hogs run, parse and use known names.
 *
 * The switch and the tracing state are restored at the end of each test.
 */
#include "lb_util.h"
#include "../../kselftest_harness.h"

#define LB_TRACING	"/sys/kernel/tracing"
#define LB_EVENT	LB_TRACING "/events/sched_lb/sched_lb_decision"
#define LB_HOG_MS	200
#define LB_STATS_LEN	(256 * 1024)
#define LB_MIN_COUNTS	400

/* The names lb_stats and the trace event use, each list ending in NULL. */
static const char * const lb_arms[] = { "stock", "rework", NULL };
static const char * const lb_idles[] = { "busy", "idle", "newidle", NULL };
static const char * const lb_states[] = {
	"none", "has_spare", "fully_busy", "misfit", "smt_balance",
	"asym_packing", "imbalanced", "overloaded", NULL,
};

static const char * const lb_types[] = {
	"load", "util", "task", "misfit", NULL,
};

static const char * const lb_outcomes[] = {
	"balanced", "moved", "active", "pinned", "failed", NULL,
};

static const char * const lb_reasons[] = {
	"no_busiest", "energy_aware", "local_busier", "above_average",
	"within_pct", "dst_busy", "no_wait", "even", "misfit", "asym_packing",
	"smt", "pinned", "idle_cpus", "fill_spare", "one_task", "spread",
	"avg_load", NULL,
};

/* The index of @s in the NULL-terminated @names, or -1. */
static int lb_lookup(const char * const *names, const char *s)
{
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

/* @s with its newlines as "\n", in @buf of 16 bytes, for messages. */
static const char *lb_show(const char *s, char *buf)
{
	int i = 0;

	for (; *s && i < 13; s++) {
		if (*s == '\n') {
			buf[i++] = '\\';
			buf[i++] = 'n';
		} else {
			buf[i++] = *s;
		}
	}
	buf[i] = '\0';
	return buf;
}

FIXTURE(lb) {
	int saved;
	int n;
	int cpus[LB_MAX_CPUS];
	cpu_set_t all;
	pid_t hogs[LB_MAX_HOGS];
	char event_on[8];
	char tracing_on[8];
	char *stats;
};

FIXTURE_SETUP(lb)
{
	const char *why;

	self->saved = lb_switch_get();
	why = lb_switch_missing(self->saved);
	if (why)
		SKIP(return, "%s", why);
	ASSERT_LE(0, self->saved);
	self->n = lb_cpus(&self->all, self->cpus);
	ASSERT_LT(0, self->n);
	self->stats = malloc(LB_STATS_LEN);
	ASSERT_NE(NULL, self->stats);
	lb_read_file(LB_EVENT "/enable", self->event_on,
		     sizeof(self->event_on));
	lb_read_file(LB_TRACING "/tracing_on", self->tracing_on,
		     sizeof(self->tracing_on));
}

FIXTURE_TEARDOWN(lb)
{
	lb_kill(self->hogs, LB_MAX_HOGS);
	if (self->event_on[0])
		lb_write(LB_EVENT "/enable", self->event_on, 1);
	if (self->tracing_on[0])
		lb_write(LB_TRACING "/tracing_on", self->tracing_on, 1);
	lb_switch_set(self->saved);
	free(self->stats);
}

/* A task that runs 2 ms and sleeps 2 ms until killed; dies with its parent. */
static pid_t lb_blinker(void)
{
	pid_t parent = getpid(), pid;
	double t;

	pid = fork();
	if (pid)
		return pid < 0 ? -errno : pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	for (;;) {
		t = lb_now();
		while (lb_now() - t < 0.002)
			;
		lb_sleep_ms(2);
	}
}

/*
 * For @ms, run a CPU hog and a task that keeps sleeping and waking per
 * CPU (@ncpus of them), with their pids in @hogs: the balancer has work,
 * and CPUs keep going newly idle.
 */
static int lb_run_hogs(pid_t *hogs, int ncpus, int ms)
{
	int i, n = 2 * ncpus;

	if (n > LB_MAX_HOGS)
		n = LB_MAX_HOGS;
	for (i = 0; i < n; i++) {
		hogs[i] = i % 2 ? lb_blinker() : lb_hog(-1);
		if (hogs[i] < 0)
			return -1;
	}
	lb_sleep_ms(ms);
	lb_kill(hogs, n);
	return 0;
}

TEST_F(lb, switch_reads_and_switches)
{
	static const char * const good[] = { "0", "1", "0\n", "1\n", "1", "0" };
	unsigned int i;
	char shown[16];

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		ASSERT_EQ(0, lb_write_str(LB_SWITCH, good[i])) {
			TH_LOG("write \"%s\"", lb_show(good[i], shown));
		}
		ASSERT_EQ(good[i][0] - '0', lb_switch_get());
	}
	ASSERT_EQ(2, lb_read_file(LB_SWITCH, self->stats, 64));
}

TEST_F(lb, switch_rejects_bad_writes)
{
	static const char * const bad[] = {
		"2", "-1", "abc", "01", "1x", " 1", "1 ", "0x1", "", "\n",
		"10", "1\n\n", "true", "on",
	};
	char shown[16];
	unsigned int i;
	int on;

	for (on = 0; on <= 1; on++) {
		ASSERT_EQ(0, lb_switch_set(on));
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			ASSERT_EQ(-EINVAL, lb_write_str(LB_SWITCH, bad[i])) {
				TH_LOG("write \"%s\" with the switch at %d",
				       lb_show(bad[i], shown), on);
			}
			ASSERT_EQ(on, lb_switch_get()) {
				TH_LOG("the refused \"%s\" changed the switch",
				       lb_show(bad[i], shown));
			}
		}
	}
}

/*
 * Parse lb_stats in @text. Fill @cost_seen[arm][idle] with how often
 * each cost line appears, and return the sum of every count in it (the
 * calls of the cost lines, the pass and reason counts), or -1 with the
 * offending line in @bad_line on a line that does not parse.
 */
static long long lb_parse_stats(char *text, int cost_seen[2][3],
				char *bad_line, size_t len)
{
	unsigned long long calls, ns, per_call, count;
	char a[32], b[32], c[32], d[32], *line, *save, *p;
	long long total = 0;
	int level, i, j, pos;

	memset(cost_seen, 0, sizeof(int[2][3]));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		snprintf(bad_line, len, "%s", line);
		if (line[0] == '#')
			continue;
		pos = 0;
		if (sscanf(line, "cost %31s %31s %llu %llu %llu%n", a, b,
			   &calls, &ns, &per_call, &pos) == 5 && !line[pos]) {
			i = lb_lookup(lb_arms, a);
			j = lb_lookup(lb_idles, b);
			if (i < 0 || j < 0 ||
			    per_call != (calls ? ns / calls : 0))
				return -1;
			cost_seen[i][j]++;
			total += calls;
		} else if (sscanf(line, "hist %31s %31s%n", a, b, &pos) == 2) {
			if (lb_lookup(lb_arms, a) < 0 ||
			    lb_lookup(lb_idles, b) < 0)
				return -1;
			for (p = line + pos; *p; p++)
				if (*p != ' ' && (*p < '0' || *p > '9'))
					return -1;
		} else if (sscanf(line, "pass %d %31s %31s %31s %llu%n", &level,
				  a, b, c, &count, &pos) == 5 && !line[pos]) {
			if (level < 0 || lb_lookup(lb_states, a) < 0 ||
			    lb_lookup(lb_types, b) < 0 ||
			    lb_lookup(lb_outcomes, c) < 0 || !count)
				return -1;
			total += count;
		} else if (sscanf(line, "reason %d %31s %llu%n", &level, d,
				  &count, &pos) == 3 && !line[pos]) {
			if (level < 0 || lb_lookup(lb_reasons, d) < 0 || !count)
				return -1;
			total += count;
		} else {
			return -1;
		}
	}
	bad_line[0] = '\0';
	return total;
}

/* Read lb_stats into @buf and parse it; the total of its counts, or -1. */
static long long lb_stats_total(struct __test_metadata *_metadata, char *buf)
{
	int seen[2][3], i, j;
	long long total;
	char bad[256];

	if (lb_read_file(LB_STATS, buf, LB_STATS_LEN) <= 0) {
		TH_LOG("cannot read %s", LB_STATS);
		return -1;
	}
	total = lb_parse_stats(buf, seen, bad, sizeof(bad));
	if (total < 0) {
		TH_LOG("lb_stats line does not parse: \"%s\"", bad);
		return -1;
	}
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			if (seen[i][j] != 1) {
				TH_LOG("%d lines \"cost %s %s\" in lb_stats",
				       seen[i][j], lb_arms[i], lb_idles[j]);
				return -1;
			}
	return total;
}

/*
 * Run hogs until lb_stats counts at least LB_MIN_COUNTS (at most 10
 * times); the total, or -1.
 */
static long long lb_stats_fill(struct __test_metadata *_metadata,
			       pid_t *hogs, int ncpus, char *buf)
{
	long long total = -1;
	int i;

	for (i = 0; i < 10; i++) {
		if (lb_run_hogs(hogs, ncpus, LB_HOG_MS))
			return -1;
		total = lb_stats_total(_metadata, buf);
		if (total < 0 || total >= LB_MIN_COUNTS)
			break;
	}
	TH_LOG("lb_stats counts %lld", total);
	return total;
}

TEST_F(lb, stats_parse)
{
	ASSERT_EQ(0, lb_switch_set(1));
	ASSERT_EQ(0, lb_run_hogs(self->hogs, self->n, LB_HOG_MS));
	ASSERT_LT(0, lb_stats_total(_metadata, self->stats));
}

TEST_F(lb, stats_clear)
{
	long long before, after;

	ASSERT_EQ(0, lb_switch_set(1));
	before = lb_stats_fill(_metadata, self->hogs, self->n, self->stats);
	ASSERT_LE(LB_MIN_COUNTS, before);
	ASSERT_EQ(0, lb_write_str(LB_STATS, "0"));
	after = lb_stats_total(_metadata, self->stats);
	ASSERT_LE(0, after);
	/* Only the passes since the write, with the hogs gone. */
	ASSERT_GT(before / 4, after) {
		TH_LOG("counts %lld before clearing, %lld after",
		       before, after);
	}
	TH_LOG("counts %lld before clearing, %lld after", before, after);
	ASSERT_EQ(0, lb_write_str(LB_STATS, "0\n"));
	ASSERT_LE(0, lb_stats_total(_metadata, self->stats));
}

TEST_F(lb, stats_rejects_bad_writes)
{
	static const char * const bad[] = {
		"1", "abc", "", "00", "0 ", " 0", "-0", "0\n\n",
	};
	long long before, after;
	char shown[16];
	unsigned int i;

	ASSERT_EQ(0, lb_switch_set(1));
	before = lb_stats_fill(_metadata, self->hogs, self->n, self->stats);
	ASSERT_LE(LB_MIN_COUNTS, before);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		before = lb_stats_total(_metadata, self->stats);
		ASSERT_LE(LB_MIN_COUNTS, before);
		ASSERT_EQ(-EINVAL, lb_write_str(LB_STATS, bad[i])) {
			TH_LOG("write \"%s\" to lb_stats",
			       lb_show(bad[i], shown));
		}
		/* The counts only grow unless cleared. */
		after = lb_stats_total(_metadata, self->stats);
		ASSERT_LE(before, after) {
			TH_LOG("the refused \"%s\" cleared lb_stats",
			       lb_show(bad[i], shown));
		}
	}
}

/*
 * The fields of the event as it prints them, in order, with the names a
 * field may take, or NULL for a number.
 */
static const struct {
	const char *key;
	const char * const *names;
} lb_fields[] = {
	{ "cpu", NULL }, { "level", NULL }, { "idle", lb_idles },
	{ "busiest", lb_states }, { "local", lb_states + 1 },
	{ "type", lb_types }, { "imbalance", NULL },
	{ "reason", lb_reasons }, { "outcome", lb_outcomes },
	{ "moved", NULL }, { "nr_failed", NULL },
};

/*
 * Check the text of one sched_lb_decision event: every field, in order,
 * as "key=value", a number or a known name; the CPU below @ncpus.
 * Return 0 if it is good.
 */
static int lb_check_decision(const char *s, int ncpus)
{
	unsigned int i;
	char val[32];
	size_t len;

	for (i = 0; i < ARRAY_SIZE(lb_fields); i++) {
		len = strlen(lb_fields[i].key);
		if (i && *s++ != ' ')
			return -1;
		if (strncmp(s, lb_fields[i].key, len) || s[len] != '=')
			return -1;
		s += len + 1;
		len = strcspn(s, "\n ");
		if (!len || len >= sizeof(val))
			return -1;
		memcpy(val, s, len);
		val[len] = '\0';
		s += len;
		if (lb_fields[i].names) {
			if (lb_lookup(lb_fields[i].names, val) < 0)
				return -1;
		} else if (strspn(val, "0123456789") != len) {
			return -1;
		}
		if (!i && atoi(val) >= ncpus)
			return -1;
	}
	return *s && strcmp(s, "\n") ? -1 : 0;
}

TEST_F(lb, trace_decision)
{
	static const char * const fields[] = {
		"int cpu;", "int level;", "int idle;", "int busiest;",
		"int local;", "int type;", "unsigned long imbalance;",
		"int reason;", "int outcome;", "unsigned int moved;",
		"unsigned int nr_failed;",
	};
	int good = 0, bad = 0, fd, ncpus = sysconf(_SC_NPROCESSORS_CONF);
	const char *tag = "sched_lb_decision: ";
	char line[512], *p;
	unsigned int i;
	FILE *f;

	if (access(LB_TRACING "/tracing_on", F_OK))
		SKIP(return, "tracefs is not mounted at " LB_TRACING);
	ASSERT_LT(0, lb_read_file(LB_EVENT "/format", self->stats,
				  LB_STATS_LEN)) {
		TH_LOG("no trace event sched_lb:sched_lb_decision");
	}
	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		p = strstr(self->stats, fields[i]);
		if (!p)
			TH_LOG("no field \"%s\" in the event format",
			       fields[i]);
		ASSERT_NE(NULL, p);
	}

	ASSERT_EQ(0, lb_switch_set(1));
	ASSERT_EQ(0, lb_write_str(LB_EVENT "/enable", "1"));
	ASSERT_EQ(0, lb_write_str(LB_TRACING "/tracing_on", "1"));
	/* Opening the trace for writing with O_TRUNC clears it. */
	fd = open(LB_TRACING "/trace", O_WRONLY | O_TRUNC);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(0, lb_run_hogs(self->hogs, self->n, LB_HOG_MS));
	ASSERT_EQ(0, lb_write_str(LB_EVENT "/enable", "0"));

	f = fopen(LB_TRACING "/trace", "r");
	ASSERT_NE(NULL, f);
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, tag);
		if (!p)
			continue;
		if (!lb_check_decision(p + strlen(tag), ncpus))
			good++;
		else if (!bad++)
			TH_LOG("bad line: %s", line);
	}
	fclose(f);
	TH_LOG("%d sched_lb_decision lines, %d bad", good, bad);
	ASSERT_EQ(0, bad);
	ASSERT_LT(0, good);
}

TEST_HARNESS_MAIN
