// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: faults under load.
 *
 * CPU hogs run beside a pair of tasks that pass a byte to each other
 * through pipes, with the reworked balancer on (the sched feature
 * LB_REWORK, set for the test): as many hogs as leave one CPU spare
 * beside the pair when the most CPUs are taken away. Then, one step at a
 * time:
 *
 *  - hotplug: a CPU goes offline and comes back, and every other cycle
 *    the whole cluster of the last CPU (topology/cluster_cpus_list), if
 *    at most half of the CPUs are in it;
 *  - cpuset: a child cgroup takes the last two CPUs as a partition root,
 *    then as an isolated partition, then gives them back;
 *  - flips: LB_REWORK goes off and on.
 *
 * After every step the hogs must be one per CPU again, on CPUs they may
 * use, within 200 ms; at the end every task is alive, every hog has run
 * and the pair has kept passing bytes. 10 cycles of each and 100 flips
 * by default, to fit the directory's timeout; LB_FAULT_CYCLES and
 * LB_FAULT_FLIPS set other counts (100 and 1,000 for a soak).
 * LB_FAULT_ARM=stock runs the hotplug and cpuset steps on stock's arm
 * instead, to tell the rework's misses of the bound from the machine's.
 * The placement is read as a SCHED_FIFO task, as lb_spread does. Oopses,
 * lockdep reports and the like are the console's to catch: the harness
 * that boots the kernel fails the run on any.
 */
#include "lb_util.h"

#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>

#include "../../kselftest_harness.h"

#define LB_BOUND_MS	200
#define LB_POLL_MS	10
#define LB_PAIRS	1
#define LB_CG		"/sys/fs/cgroup"
#define LB_CG_CHILD	LB_CG "/lb_faults"

/* Write "0" or "1" to CPU @cpu's online file. */
static int lb_set_online(int cpu, bool on)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	return lb_write_str(path, on ? "1" : "0");
}

/* The CPUs of @cpu's cluster but the first allowed CPU, into @set. */
static int lb_cluster_of(int cpu, int first, cpu_set_t *set)
{
	char path[128], buf[256], *tok, *save;
	int a, b, n = 0;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/cluster_cpus_list",
		 cpu);
	CPU_ZERO(set);
	if (lb_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	for (tok = strtok_r(buf, ",\n", &save); tok;
	     tok = strtok_r(NULL, ",\n", &save)) {
		if (sscanf(tok, "%d-%d", &a, &b) != 2) {
			a = atoi(tok);
			b = a;
		}
		for (; a <= b && a < LB_MAX_CPUS; a++) {
			if (a != first) {
				CPU_SET(a, set);
				n++;
			}
		}
	}
	return n;
}

/* The load: hogs, pairs passing bytes, and what the checks saw. */
struct lb_load {
	int nhogs;
	pid_t hogs[LB_MAX_CPUS];
	long long ran[LB_MAX_CPUS];
	pid_t pairs[2 * LB_PAIRS];
	long *bytes;
	long worst_ms;
	/* Steps by return time, LB_POLL_MS a bucket; the last: missed. */
	unsigned int returns[LB_BOUND_MS / LB_POLL_MS + 2];
};

FIXTURE(lb_faults) {
	int saved;
	int n;
	int cpus[LB_MAX_CPUS];
	cpu_set_t all;
	cpu_set_t cluster;
	struct lb_load load;
};

/* The arm the steps run on: 0 for stock with LB_FAULT_ARM=stock, else 1. */
static int lb_fault_arm(void)
{
	const char *s = getenv("LB_FAULT_ARM");

	return s && !strcmp(s, "stock") ? 0 : 1;
}

/* A positive count from the environment variable @name, or @def. */
static long lb_env_count(const char *name, long def)
{
	const char *s = getenv(name);
	long v = s ? strtol(s, NULL, 10) : 0;

	return v > 0 ? v : def;
}

/* Pass a byte back and forth with the other end, counting in @count. */
static void lb_pair_loop(int rd, int wr, bool first, long *count)
{
	char c = 0;

	if (first && write(wr, &c, 1) != 1)
		_exit(1);
	for (;;) {
		if (read(rd, &c, 1) != 1 || write(wr, &c, 1) != 1)
			_exit(1);
		__atomic_add_fetch(count, 1, __ATOMIC_RELAXED);
	}
}

/* Start pair @i: two tasks ping-ponging a byte through two pipes. */
static int lb_start_pair(pid_t *pids, int i, long *count)
{
	int ab[2], ba[2], k;

	if (pipe(ab) || pipe(ba))
		return -errno;
	for (k = 0; k < 2; k++) {
		pids[2 * i + k] = fork();
		if (pids[2 * i + k] < 0)
			return -errno;
		if (!pids[2 * i + k]) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (k)
				lb_pair_loop(ab[0], ba[1], false, count);
			lb_pair_loop(ba[0], ab[1], true, count);
		}
	}
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return 0;
}

FIXTURE_SETUP(lb_faults)
{
	struct lb_load *l = &self->load;
	const char *why;
	int i, k;

	self->saved = -1;
	l->bytes = MAP_FAILED;
	self->n = lb_cpus(&self->all, self->cpus);
	if (self->n < 4)
		SKIP(return, "needs at least 4 CPUs, has %d", self->n);
	self->saved = lb_switch_get();
	why = lb_switch_missing(self->saved);
	if (why)
		SKIP(return, "%s; this test checks the reworked balancer", why);
	ASSERT_EQ(0, lb_switch_set(lb_fault_arm()));
	if (!lb_fault_arm())
		TH_LOG("the steps run on stock's arm (LB_FAULT_ARM)");
	/*
	 * The last CPU's cluster goes offline whole if at most half of the
	 * CPUs are left without it; the hogs, the pair and one spare CPU
	 * must fit in what is left then, and beside the two CPUs that the
	 * cpuset partition takes.
	 */
	k = lb_cluster_of(self->cpus[self->n - 1], self->cpus[0],
			  &self->cluster);
	if (k > self->n / 2) {
		CPU_ZERO(&self->cluster);
		k = 0;
	}
	l->nhogs = self->n - (k > 2 ? k : 2) - LB_PAIRS - 1;
	if (l->nhogs < 1)
		SKIP(return, "%d CPUs leave no room for a hog", self->n);
	for (i = 0; i < l->nhogs; i++) {
		l->hogs[i] = lb_hog(-1);
		ASSERT_LT(0, l->hogs[i]);
	}
	l->bytes = mmap(NULL, LB_PAIRS * sizeof(long), PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, l->bytes);
	for (i = 0; i < LB_PAIRS; i++)
		ASSERT_EQ(0, lb_start_pair(l->pairs, i, &l->bytes[i]));
	for (i = 0; i < l->nhogs; i++)
		l->ran[i] = lb_runtime_ns(l->hogs[i]);
	i = lb_measure_as_rt();
	if (i)
		TH_LOG("cannot measure as SCHED_FIFO (%s)", strerror(-i));
}

FIXTURE_TEARDOWN(lb_faults)
{
	int i;

	for (i = 1; i < self->n; i++)
		lb_set_online(self->cpus[i], true);
	lb_write_str(LB_CG_CHILD "/cpuset.cpus.partition", "member");
	rmdir(LB_CG_CHILD);
	lb_kill(self->load.hogs, self->load.nhogs);
	lb_kill(self->load.pairs, 2 * LB_PAIRS);
	if (self->load.bytes != MAP_FAILED)
		munmap(self->load.bytes, LB_PAIRS * sizeof(long));
	if (self->saved >= 0)
		lb_switch_set(self->saved);
}

/*
 * Whether the @n hogs of @pids run on distinct CPUs of @ok, read once:
 * the CPUs in @cpu.
 */
static bool lb_hogs_spread(pid_t *pids, int n, const cpu_set_t *ok, int *cpu)
{
	int i, j;

	for (i = 0; i < n; i++) {
		cpu[i] = lb_task_cpu(pids[i]);
		if (cpu[i] < 0 || !CPU_ISSET(cpu[i], ok))
			return false;
		for (j = 0; j < i; j++)
			if (cpu[j] == cpu[i])
				return false;
	}
	return true;
}

/*
 * Milliseconds until the hogs are one per CPU of @ok in two readings
 * LB_POLL_MS apart, or -1 if not within LB_BOUND_MS.
 */
static long lb_wait_spread(pid_t *pids, int n, const cpu_set_t *ok)
{
	int cpu[LB_MAX_CPUS], hits = 0;
	double t0 = lb_now(), t = 0;

	while (t * 1000 <= LB_BOUND_MS) {
		hits = lb_hogs_spread(pids, n, ok, cpu) ? hits + 1 : 0;
		if (hits == 2)
			return (long)(t * 1000);
		lb_sleep_ms(LB_POLL_MS);
		t = lb_now() - t0;
	}
	return -1;
}

/*
 * "within N ms", N the upper end of the bucket of l->returns below which
 * @pct percent of the steps returned, or "beyond the bound" when that
 * many steps missed it; into @buf.
 */
static const char *lb_returns_pct(const struct lb_load *l, unsigned int steps,
				  unsigned int pct, char *buf, size_t len)
{
	unsigned int i, seen = 0, nb = ARRAY_SIZE(l->returns) - 1;

	for (i = 0; i < nb; i++) {
		seen += l->returns[i];
		if (100ULL * seen < (unsigned long long)pct * steps)
			continue;
		snprintf(buf, len, "within %u ms", (i + 1) * LB_POLL_MS);
		return buf;
	}
	return "beyond the bound";
}

/*
 * How the steps' returns to one hog per CPU were spread, so that the two
 * arms (LB_FAULT_ARM) can be compared by more than their slowest step.
 */
static void lb_returns_log(struct __test_metadata *_metadata,
			   const struct lb_load *l)
{
	unsigned int i, steps = 0, nb = ARRAY_SIZE(l->returns) - 1;
	char half[32], most[32];

	for (i = 0; i <= nb; i++)
		steps += l->returns[i];
	if (!steps)
		return;
	TH_LOG("%u steps: half %s, 90%% %s, %u missed", steps,
	       lb_returns_pct(l, steps, 50, half, sizeof(half)),
	       lb_returns_pct(l, steps, 90, most, sizeof(most)),
	       l->returns[nb]);
}

/* Check the hogs after step @what and keep the slowest time seen. */
static void lb_after_step(struct __test_metadata *_metadata,
			  struct lb_load *l, const cpu_set_t *ok,
			  const char *what, int cycle)
{
	char buf[4 * LB_MAX_CPUS];
	long ms = lb_wait_spread(l->hogs, l->nhogs, ok);
	unsigned int nb = ARRAY_SIZE(l->returns) - 1, b = nb;

	if (ms >= 0)
		b = ms / LB_POLL_MS < nb ? ms / LB_POLL_MS : nb - 1;
	l->returns[b]++;
	lb_placement(l->hogs, l->nhogs, buf, sizeof(buf));
	ASSERT_LE(0, ms) {
		TH_LOG("cycle %d, %s: hogs not one per CPU within %d ms: %s",
		       cycle, what, LB_BOUND_MS, buf);
		lb_returns_log(_metadata, l);
	}
	if (ms > l->worst_ms)
		l->worst_ms = ms;
}

/* Every task alive, every hog run since the start, bytes still passed. */
static void lb_all_accounted(struct __test_metadata *_metadata,
			     struct lb_load *l)
{
	long before[LB_PAIRS];
	int i;

	for (i = 0; i < l->nhogs; i++) {
		ASSERT_EQ(0, kill(l->hogs[i], 0));
		ASSERT_LT(l->ran[i], lb_runtime_ns(l->hogs[i]));
	}
	for (i = 0; i < 2 * LB_PAIRS; i++)
		ASSERT_EQ(0, kill(l->pairs[i], 0));
	for (i = 0; i < LB_PAIRS; i++)
		before[i] = __atomic_load_n(&l->bytes[i], __ATOMIC_RELAXED);
	lb_sleep_ms(100);
	for (i = 0; i < LB_PAIRS; i++)
		ASSERT_LT(before[i],
			  __atomic_load_n(&l->bytes[i], __ATOMIC_RELAXED));
	TH_LOG("%d hogs and the pair alive; slowest return to one per CPU:",
	       l->nhogs);
	TH_LOG("%ld ms", l->worst_ms);
	lb_returns_log(_metadata, l);
}

/* Take the CPUs of @set offline, check, and bring them back, check. */
static void lb_hotplug_step(struct __test_metadata *_metadata,
			    struct lb_load *l, const cpu_set_t *all,
			    const cpu_set_t *set, int cycle)
{
	cpu_set_t online = *all;
	int i;

	for (i = 0; i < LB_MAX_CPUS; i++) {
		if (!CPU_ISSET(i, set))
			continue;
		ASSERT_EQ(0, lb_set_online(i, false));
		CPU_CLR(i, &online);
	}
	lb_after_step(_metadata, l, &online, "offline", cycle);
	for (i = 0; i < LB_MAX_CPUS; i++)
		if (CPU_ISSET(i, set))
			ASSERT_EQ(0, lb_set_online(i, true));
	lb_after_step(_metadata, l, all, "online", cycle);
}

TEST_F_TIMEOUT(lb_faults, hotplug, 1200)
{
	long cycles = lb_env_count("LB_FAULT_CYCLES", 10);
	int last = self->cpus[self->n - 1], whole = CPU_COUNT(&self->cluster);
	double t0 = lb_now();
	cpu_set_t one;
	int c;

	if (lb_set_online(last, true))
		SKIP(return, "CPU %d has no online file (CONFIG_HOTPLUG_CPU?)",
		     last);
	for (c = 0; c < cycles; c++) {
		CPU_ZERO(&one);
		CPU_SET(self->cpus[1 + c % (self->n - 1)], &one);
		lb_hotplug_step(_metadata, &self->load, &self->all,
				c % 2 && whole ? &self->cluster : &one, c);
		if (c % 10 == 9)
			TH_LOG("%d cycles in %.0f s", c + 1, lb_now() - t0);
	}
	TH_LOG("%ld hotplug cycles, %s", cycles,
	       whole ? "every other one a whole cluster" :
		       "one CPU each (no cluster fits)");
	lb_all_accounted(_metadata, &self->load);
}

/* Make sure cgroup2 is mounted with cpuset for children; 0 or -errno. */
static int lb_cpuset_ready(void)
{
	if (access(LB_CG "/cgroup.controllers", F_OK) &&
	    mount("none", LB_CG, "cgroup2", 0, NULL))
		return -errno;
	return lb_write_str(LB_CG "/cgroup.subtree_control", "+cpuset");
}

/* Set the child's partition to @mode and check that it took. */
static void lb_partition(struct __test_metadata *_metadata,
			 const char *mode)
{
	char buf[64];

	ASSERT_EQ(0, lb_write_str(LB_CG_CHILD "/cpuset.cpus.partition",
				  mode));
	ASSERT_LT(0, lb_read_file(LB_CG_CHILD "/cpuset.cpus.partition", buf,
				  sizeof(buf)));
	buf[strcspn(buf, "\n")] = '\0';
	ASSERT_STREQ(mode, buf);
}

TEST_F_TIMEOUT(lb_faults, cpuset_partitions, 240)
{
	static const char * const modes[] = { "root", "isolated" };
	long cycles = lb_env_count("LB_FAULT_CYCLES", 10);
	int a = self->cpus[self->n - 2], b = self->cpus[self->n - 1], c, err;
	cpu_set_t rest = self->all;
	char span[32];

	err = lb_cpuset_ready();
	if (err)
		SKIP(return, "no cgroup2 cpuset controller (%s)",
		     strerror(-err));
	if (mkdir(LB_CG_CHILD, 0755) && errno != EEXIST)
		SKIP(return, "cannot make %s (%s)", LB_CG_CHILD,
		     strerror(errno));
	snprintf(span, sizeof(span), "%d,%d", a, b);
	ASSERT_EQ(0, lb_write_str(LB_CG_CHILD "/cpuset.cpus", span));
	CPU_CLR(a, &rest);
	CPU_CLR(b, &rest);
	for (c = 0; c < cycles; c++) {
		lb_partition(_metadata, modes[c % 2]);
		lb_after_step(_metadata, &self->load, &rest, modes[c % 2], c);
		lb_partition(_metadata, "member");
		lb_after_step(_metadata, &self->load, &self->all, "member", c);
	}
	TH_LOG("%ld partition cycles of CPUs %s (root and isolated in turn)",
	       cycles, span);
	lb_all_accounted(_metadata, &self->load);
}

TEST_F_TIMEOUT(lb_faults, switch_flips, 240)
{
	long flips = lb_env_count("LB_FAULT_FLIPS", 100), f;

	for (f = 0; f < flips; f++) {
		ASSERT_EQ(0, lb_switch_set(f % 2 == 0 ? 0 : 1));
		lb_after_step(_metadata, &self->load, &self->all,
			      f % 2 == 0 ? "stock" : "rework", f);
	}
	ASSERT_EQ(0, lb_switch_set(lb_fault_arm()));
	TH_LOG("%ld flips of LB_REWORK", flips);
	lb_all_accounted(_metadata, &self->load);
}

TEST_HARNESS_MAIN
