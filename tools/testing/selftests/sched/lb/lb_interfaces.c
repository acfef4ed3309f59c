// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: the user interfaces of CONFIG_SCHED_LB_REWORK.
 *
 * - the sched feature LB_REWORK, the runtime switch, is listed in
 *   /sys/kernel/debug/sched/features, switches with "LB_REWORK" and
 *   "NO_LB_REWORK" (with or without a newline), and names that are not
 *   features are refused with EINVAL without changing it;
 * - /sys/kernel/debug/sched/lb_stats parses, has a cost line for each
 *   arm, idle type and level, starts counting afresh on "1", stops on "0",
 *   counts the passes of both arms, and refuses other writes with EINVAL
 *   without clearing or stopping;
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
#define LB_LEVELS	4
#define LB_BUCKETS	64

/* The names lb_stats and the trace event use, each list ending in NULL. */
static const char * const lb_arms[] = { "stock", "rework", NULL };
static const char * const lb_idles[] = { "busy", "idle", "newidle", NULL };
static const char * const lb_states[] = {
	"none", "has_spare", "fully_busy", "misfit", "smt_balance",
	"asym_packing", "imbalanced", "llc_balance", "overloaded", NULL,
};

static const char * const lb_types[] = {
	"load", "util", "task", "misfit", "llc", NULL,
};

static const char * const lb_outcomes[] = {
	"balanced", "moved", "active", "pinned", "failed", NULL,
};

/* Every reason either series may give (idle_cpus: only the 6.12 backport). */
static const char * const lb_reasons[] = {
	"no_busiest", "energy_aware", "local_busier", "above_average",
	"within_pct", "dst_busy", "no_wait", "even", "misfit", "asym_packing",
	"smt", "pinned", "llc", "idle_cpus", "fill_spare", "one_task", "spread",
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

/* @s with its newlines as "\n", in @buf of 32 bytes, for messages. */
static const char *lb_show(const char *s, char *buf)
{
	int i = 0;

	for (; *s && i < 29; s++) {
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

/* Whether lb_stats counts (1 or 0), read into @buf; -1 if unknown. */
static int lb_counting_get(char *buf)
{
	if (lb_read_file(LB_STATS, buf, LB_STATS_LEN) <= 0)
		return -1;
	if (strstr(buf, "# counting on\n"))
		return 1;
	return strstr(buf, "# counting off\n") ? 0 : -1;
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
	int counting;
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
	self->counting = lb_counting_get(self->stats);
}

FIXTURE_TEARDOWN(lb)
{
	lb_kill(self->hogs, LB_MAX_HOGS);
	if (self->event_on[0])
		lb_write(LB_EVENT "/enable", self->event_on, 1);
	if (self->tracing_on[0])
		lb_write(LB_TRACING "/tracing_on", self->tracing_on, 1);
	lb_switch_set(self->saved);
	/* Counting again starts from zero: the old counts are lost. */
	if (self->counting >= 0)
		lb_write_str(LB_STATS, self->counting ? "1" : "0");
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
	static const char * const good[] = {
		"NO_LB_REWORK", "LB_REWORK", "NO_LB_REWORK\n", "LB_REWORK\n",
		"LB_REWORK", "NO_LB_REWORK",
	};
	unsigned int i;
	char shown[32];

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		ASSERT_EQ(0, lb_write_str(LB_SWITCH, good[i])) {
			TH_LOG("write \"%s\"", lb_show(good[i], shown));
		}
		ASSERT_EQ(strncmp(good[i], "NO_", 3) != 0, lb_switch_get());
	}
}

TEST_F(lb, switch_rejects_bad_writes)
{
	static const char * const bad[] = {
		"0", "1", "lb_rework", "LB_REWORKS", "NO_LB_REWOR",
		"NO_NO_LB_REWORK", "LB_REWORK NO_LB_REWORK", "LB_REWORK=0",
		"\n", "NO_",
	};
	char shown[32];
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

/* What lb_stats says, as lb_parse_stats() reads it. */
struct lb_stats {
	int counting;			/* 1 on, 0 off, -1 not said */
	int cost_seen[2][3][LB_LEVELS];	/* cost lines per arm, idle, level */
	long long passes[2];		/* pass counts per arm */
	long long searches[2];		/* searches (cost calls) per arm */
	long long notes[2];		/* passes noted per arm */
	long long total;		/* calls, passes, reasons, notes */
};

/* Check one "cost" or "hist" line (after its keyword) into @st. */
static int lb_parse_cost(const char *line, bool hist, struct lb_stats *st)
{
	unsigned long long calls, ns, per_call;
	char a[32], b[32];
	int level, i, j, pos = 0;
	const char *p;

	if (hist) {
		if (sscanf(line, "%31s %31s %d%n", a, b, &level, &pos) != 3)
			return -1;
		for (p = line + pos; *p; p++)
			if (*p != ' ' && (*p < '0' || *p > '9'))
				return -1;
	} else if (sscanf(line, "%31s %31s %d %llu %llu %llu%n", a, b, &level,
			  &calls, &ns, &per_call, &pos) != 6 || line[pos] ||
		   per_call != (calls ? ns / calls : 0)) {
		return -1;
	}
	i = lb_lookup(lb_arms, a);
	j = lb_lookup(lb_idles, b);
	if (i < 0 || j < 0 || level < 0 || level >= LB_LEVELS)
		return -1;
	if (!hist) {
		st->cost_seen[i][j][level]++;
		st->searches[i] += calls;
		st->total += calls;
	}
	return 0;
}

/* Check one "pass", "reason" or "note" line (after its keyword). */
static int lb_parse_count(const char *key, const char *line,
			  struct lb_stats *st)
{
	unsigned long long count, ns, per;
	char a[32], b[32], c[32], d[32];
	int level, arm, pos = 0;

	if (!strcmp(key, "pass")) {
		if (sscanf(line, "%31s %d %31s %31s %31s %llu%n", d, &level, a,
			   b, c, &count, &pos) != 6 || line[pos])
			return -1;
		arm = lb_lookup(lb_arms, d);
		if (arm < 0 || level < 0 || level >= LB_LEVELS ||
		    lb_lookup(lb_states, a) < 0 || lb_lookup(lb_types, b) < 0 ||
		    lb_lookup(lb_outcomes, c) < 0 || !count)
			return -1;
		st->passes[arm] += count;
	} else if (!strcmp(key, "reason")) {
		if (sscanf(line, "%d %31s %llu%n", &level, d, &count,
			   &pos) != 3 || line[pos] || level < 0 ||
		    level >= LB_LEVELS || lb_lookup(lb_reasons, d) < 0 ||
		    !count)
			return -1;
	} else if (!strcmp(key, "note")) {
		if (sscanf(line, "%31s %llu %llu %llu%n", d, &count, &ns, &per,
			   &pos) != 4 || line[pos])
			return -1;
		arm = lb_lookup(lb_arms, d);
		if (arm < 0 || per != (count ? ns / count : 0))
			return -1;
		st->notes[arm] += count;
	} else {
		return -1;
	}
	st->total += count;
	return 0;
}

/* Check a "notehist" line (after its keyword): an arm, then counts. */
static int lb_parse_notehist(const char *line)
{
	int pos = 0, n = 0;
	char arm[32];

	if (sscanf(line, "%31s%n", arm, &pos) != 1 ||
	    lb_lookup(lb_arms, arm) < 0)
		return -1;
	for (line += pos; *line; n++) {
		if (*line++ != ' ' || *line < '0' || *line > '9')
			return -1;
		while (*line >= '0' && *line <= '9')
			line++;
	}
	return n == LB_BUCKETS ? 0 : -1;
}

/*
 * Parse lb_stats in @text into @st; 0, or -1 with the offending line in
 * @bad_line on a line that does not parse.
 */
static int lb_parse_stats(char *text, struct lb_stats *st, char *bad_line,
			  size_t len)
{
	char key[16], *line, *save;
	int pos, r;

	memset(st, 0, sizeof(*st));
	st->counting = -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		snprintf(bad_line, len, "%s", line);
		if (!strcmp(line, "# counting on") ||
		    !strcmp(line, "# counting off")) {
			st->counting = !strcmp(line, "# counting on");
			continue;
		}
		if (line[0] == '#')
			continue;
		pos = 0;
		if (sscanf(line, "%15s %n", key, &pos) != 1)
			return -1;
		if (!strcmp(key, "cost") || !strcmp(key, "hist"))
			r = lb_parse_cost(line + pos, key[0] == 'h', st);
		else if (!strcmp(key, "notehist"))
			r = lb_parse_notehist(line + pos);
		else
			r = lb_parse_count(key, line + pos, st);
		if (r)
			return -1;
	}
	bad_line[0] = '\0';
	return st->counting < 0 ? -1 : 0;
}

/* Read lb_stats into @buf and parse it into @st; 0 or -1. */
static int lb_stats_read(struct __test_metadata *_metadata, char *buf,
			 struct lb_stats *st)
{
	char bad[256];
	int i, j, l;

	if (lb_read_file(LB_STATS, buf, LB_STATS_LEN) <= 0) {
		TH_LOG("cannot read %s", LB_STATS);
		return -1;
	}
	if (lb_parse_stats(buf, st, bad, sizeof(bad))) {
		TH_LOG("lb_stats does not parse at \"%s\"", bad);
		return -1;
	}
	for (i = 0; i < 2; i++)
		for (j = 0; j < 3; j++)
			for (l = 0; l < LB_LEVELS; l++)
				if (st->cost_seen[i][j][l] != 1) {
					TH_LOG("%d lines \"cost %s %s %d\"",
					       st->cost_seen[i][j][l],
					       lb_arms[i], lb_idles[j], l);
					return -1;
				}
	return 0;
}

/* The total of lb_stats' counts, or -1; @on is set to its counting. */
static long long lb_stats_total(struct __test_metadata *_metadata, char *buf,
				int *on)
{
	struct lb_stats st;

	if (lb_stats_read(_metadata, buf, &st))
		return -1;
	if (on)
		*on = st.counting;
	return st.total;
}

/*
 * A static key's branch can run as it was before the key flipped, for a
 * second or more, in our QEMU TCG guests: at the branch the kernel's own
 * count of the key said "on" while the code ran "off" (seen with
 * printks there, for the switch and for the counters' keys). The kernel
 * patches the branch and then makes every CPU take an IPI, which is all
 * the architecture asks; the emulator most likely keeps a translation of
 * the code made while it was being patched. Patching it again has
 * cleared it each time. So a test that needs a flip to have taken effect
 * waits LB_QUIET_MS for the CPUs to go idle before it flips (fewer
 * translations under way), and when the flip shows no effect it logs
 * what it saw and flips the keys again: at most LB_REFLIPS times, and
 * the test fails if they still have not taken effect.
 */
#define LB_REFLIPS	2
#define LB_QUIET_MS	50

/*
 * Turn the counters on ("1": cleared) and run hogs until they count at
 * least LB_MIN_COUNTS (at most 10 windows). Three windows that count
 * nothing at all mean that the flip has not taken effect, and the
 * counters are turned off and on again. The total, or -1.
 */
static long long lb_stats_fill(struct __test_metadata *_metadata,
			       pid_t *hogs, int ncpus, char *buf)
{
	long long total = -1;
	int i, flips = 0;

	lb_sleep_ms(LB_QUIET_MS);
	if (lb_write_str(LB_STATS, "1"))
		return -1;
	for (i = 0; i < 10; i++) {
		if (lb_run_hogs(hogs, ncpus, LB_HOG_MS))
			return -1;
		total = lb_stats_total(_metadata, buf, NULL);
		if (total < 0 || total >= LB_MIN_COUNTS)
			break;
		if (!total && i % 3 == 2 && flips++ < LB_REFLIPS) {
			TH_LOG("no count: flipping the counters again");
			lb_sleep_ms(LB_QUIET_MS);
			if (lb_write_str(LB_STATS, "0") ||
			    lb_write_str(LB_STATS, "1"))
				return -1;
		}
	}
	TH_LOG("lb_stats counts %lld", total);
	return total;
}

TEST_F(lb, stats_parse)
{
	ASSERT_EQ(0, lb_switch_set(1));
	ASSERT_LT(0, lb_stats_fill(_metadata, self->hogs, self->n,
				   self->stats));
}

/* "1" clears the counts and counts; "0" stops counting and keeps them. */
TEST_F(lb, stats_on_and_off)
{
	long long before, after, slack = 4 * self->n;
	int on = -1, flips;

	ASSERT_EQ(0, lb_switch_set(1));
	for (flips = 0; flips <= LB_REFLIPS; flips++) {
		before = lb_stats_fill(_metadata, self->hogs, self->n,
				       self->stats);
		ASSERT_LE(LB_MIN_COUNTS, before);
		lb_sleep_ms(LB_QUIET_MS);
		ASSERT_EQ(0, lb_write_str(LB_STATS, "0\n"));
		before = lb_stats_total(_metadata, self->stats, &on);
		ASSERT_EQ(0, on);
		ASSERT_LE(LB_MIN_COUNTS, before);
		ASSERT_EQ(0, lb_run_hogs(self->hogs, self->n, LB_HOG_MS));
		after = lb_stats_total(_metadata, self->stats, &on);
		/* A pass under way when counting stopped may still count. */
		if (before + slack >= after)
			break;
		TH_LOG("counts went from %lld to %lld while off%s", before,
		       after, flips < LB_REFLIPS ?
		       ": the flip had not taken effect, again" : "");
	}
	ASSERT_GE(before + slack, after);
	ASSERT_LE(before, after);
	ASSERT_EQ(0, lb_write_str(LB_STATS, "1\n"));
	after = lb_stats_total(_metadata, self->stats, &on);
	ASSERT_EQ(1, on);
	/* Only the passes since the write, with the hogs gone. */
	ASSERT_GT(before / 4, after) {
		TH_LOG("counts %lld before clearing, %lld after",
		       before, after);
	}
	TH_LOG("counts %lld before clearing, %lld after", before, after);
}

/*
 * Run the hogs for up to five windows until the passes of @arm are
 * counted into @st: on a guest's emulated CPUs one window of 200 ms now
 * and then holds no balance pass of an arm at all (seen once for stock,
 * with 125 rework passes in the next window). 1 if they were, 0 if not,
 * -1 on an error.
 */
static int lb_count_arm(struct __test_metadata *_metadata, pid_t *hogs,
			int n, char *buf, int arm, struct lb_stats *st)
{
	int windows, i;

	for (windows = 1; ; windows++) {
		if (lb_run_hogs(hogs, n, LB_HOG_MS) ||
		    lb_stats_read(_metadata, buf, st))
			return -1;
		if (st->passes[arm] > 0 || windows == 5)
			break;
	}
	/*
	 * The other arm's count tells a miscounted pass from none, and the
	 * searches a pass not noted from a search not timed.
	 */
	TH_LOG("%s: %d window(s)", lb_arms[arm], windows);
	for (i = 0; i < 2; i++)
		TH_LOG("  %s: %lld passes, %lld noted, %lld searches",
		       lb_arms[i], st->passes[i], st->notes[i],
		       st->searches[i]);
	return st->passes[arm] > 0;
}

/*
 * Passes of both arms of the switch are counted apart: each arm in turn
 * runs the hogs until its passes are counted, and the passes of the
 * first arm must still be there after the second's. An arm without a
 * counted pass is a flip of the switch or of the counters that has not
 * taken effect, or a miscount: both are flipped again, and the test
 * fails if that does not help.
 */
TEST_F(lb, stats_count_both_arms)
{
	int arm = 0, counted = 0, flips;
	struct lb_stats st;

	for (flips = 0; flips <= LB_REFLIPS; flips++) {
		lb_sleep_ms(LB_QUIET_MS);
		if (flips) {
			/* Flip both away; this round flips them back. */
			TH_LOG("flipping the switch and the counters again");
			ASSERT_EQ(0, lb_switch_set(!arm));
			ASSERT_EQ(0, lb_write_str(LB_STATS, "0"));
			lb_sleep_ms(LB_QUIET_MS);
		}
		ASSERT_EQ(0, lb_write_str(LB_STATS, "1"));
		for (arm = 0; arm < 2; arm++) {
			lb_sleep_ms(LB_QUIET_MS);
			ASSERT_EQ(0, lb_switch_set(arm));
			counted = lb_count_arm(_metadata, self->hogs, self->n,
					       self->stats, arm, &st);
			ASSERT_LE(0, counted);
			if (!counted)
				break;
		}
		if (counted)
			break;
	}
	ASSERT_EQ(1, counted);
	TH_LOG("passes: stock %lld, rework %lld", st.passes[0], st.passes[1]);
	ASSERT_LT(0, st.passes[0]);
}

TEST_F(lb, stats_rejects_bad_writes)
{
	static const char * const bad[] = {
		"2", "abc", "", "00", "0 ", " 1", "-0", "1\n\n", "on",
	};
	long long before, after;
	unsigned int i;
	char shown[32];
	int on;

	ASSERT_EQ(0, lb_switch_set(1));
	before = lb_stats_fill(_metadata, self->hogs, self->n, self->stats);
	ASSERT_LE(LB_MIN_COUNTS, before);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		before = lb_stats_total(_metadata, self->stats, NULL);
		ASSERT_LE(LB_MIN_COUNTS, before);
		ASSERT_EQ(-EINVAL, lb_write_str(LB_STATS, bad[i])) {
			TH_LOG("write \"%s\" to lb_stats",
			       lb_show(bad[i], shown));
		}
		/* Still counting, and the counts only grow unless cleared. */
		after = lb_stats_total(_metadata, self->stats, &on);
		ASSERT_EQ(1, on);
		ASSERT_LE(before, after) {
			TH_LOG("the refused \"%s\" cleared lb_stats",
			       lb_show(bad[i], shown));
		}
	}
}

/*
 * The fields of the event as it prints them, in order, with the names a
 * field may take, or NULL for a number. The local group is "none" only
 * when there was no busiest group either: the rework then did not need
 * to classify it.
 */
static const struct {
	const char *key;
	const char * const *names;
} lb_fields[] = {
	{ "cpu", NULL }, { "level", NULL }, { "idle", lb_idles },
	{ "busiest", lb_states }, { "local", lb_states },
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
	bool no_busiest = false;
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
			if (!strcmp(lb_fields[i].key, "busiest"))
				no_busiest = !strcmp(val, "none");
			if (!strcmp(lb_fields[i].key, "local") &&
			    !strcmp(val, "none") && !no_busiest)
				return -1;
		} else if (strspn(val, "0123456789") != len) {
			return -1;
		}
		if (!i && atoi(val) >= ncpus)
			return -1;
	}
	return *s && strcmp(s, "\n") ? -1 : 0;
}

/*
 * Clear the trace, run the hogs, and check the decision lines traced:
 * @good and @bad of them. 0, or -1 if the trace cannot be read.
 */
static int lb_trace_hogs(struct __test_metadata *_metadata, pid_t *hogs,
			 int n, int ncpus, int *good, int *bad)
{
	const char *tag = "sched_lb_decision: ";
	char line[512], *p;
	FILE *f;
	int fd;

	/* Opening the trace for writing with O_TRUNC clears it. */
	fd = open(LB_TRACING "/trace", O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	close(fd);
	if (lb_run_hogs(hogs, n, LB_HOG_MS))
		return -1;
	f = fopen(LB_TRACING "/trace", "r");
	if (!f)
		return -1;
	*good = *bad = 0;
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, tag);
		if (!p)
			continue;
		if (!lb_check_decision(p + strlen(tag), ncpus))
			(*good)++;
		else if (!(*bad)++)
			TH_LOG("bad line: %s", line);
	}
	fclose(f);
	return 0;
}

TEST_F(lb, trace_decision)
{
	/* The names are recorded as strings: no symbol table is needed */
	static const char * const fields[] = {
		"int cpu;", "int level;", "int idle;",
		"__data_loc char[] busiest;", "__data_loc char[] local;",
		"__data_loc char[] type;", "unsigned long imbalance;",
		"__data_loc char[] reason;", "__data_loc char[] outcome;",
		"unsigned int moved;", "unsigned int nr_failed;",
	};
	int good = 0, bad = 0, flips, ncpus = sysconf(_SC_NPROCESSORS_CONF);
	unsigned int i;
	char *p;

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

	for (flips = 0; flips <= LB_REFLIPS; flips++) {
		lb_sleep_ms(LB_QUIET_MS);
		if (flips) {
			/* Flip both keys away; this round flips them back. */
			TH_LOG("none traced: flipping switch and event again");
			ASSERT_EQ(0, lb_switch_set(0));
			lb_sleep_ms(LB_QUIET_MS);
		}
		ASSERT_EQ(0, lb_switch_set(1));
		ASSERT_EQ(0, lb_write_str(LB_EVENT "/enable", "1"));
		ASSERT_EQ(0, lb_write_str(LB_TRACING "/tracing_on", "1"));
		ASSERT_EQ(0, lb_trace_hogs(_metadata, self->hogs, self->n,
					   ncpus, &good, &bad));
		ASSERT_EQ(0, lb_write_str(LB_EVENT "/enable", "0"));
		TH_LOG("%d sched_lb_decision lines, %d bad", good, bad);
		ASSERT_EQ(0, bad);
		if (good)
			break;
	}
	ASSERT_LT(0, good);
}

TEST_HARNESS_MAIN
