// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: pinned tasks do not starve movable ones.
 *
 * On N CPUs, two CPU hogs are pinned for good on the first CPU, and N - 1
 * movable hogs start pinned there too and are then allowed on every CPU.
 * Every balance pass that pulls from the first CPU meets the pinned hogs,
 * yet after a settle time each movable hog must get at least 80% of a
 * CPU, measured from its runtime (/proc/PID/schedstat) over a 1 s
 * window, and no CPU but the first may be idle for more than 20% of that
 * window (/proc/stat). When the kernel has the lb-rework switch, the test
 * runs with the reworked balancer; without it, it checks the stock one.
 */
#include "lb_util.h"
#include "../../kselftest_harness.h"

#define LB_PIN_MS	200
#define LB_SETTLE_MS	1500
#define LB_WINDOW_MS	1000
#define LB_MIN_SHARE	0.80
#define LB_MAX_IDLE	0.20

FIXTURE(lb_pinned) {
	int saved;
	int n;
	int cpus[LB_MAX_CPUS];
	cpu_set_t all;
	pid_t hogs[LB_MAX_CPUS + 1];
};

FIXTURE_SETUP(lb_pinned)
{
	const char *why;

	self->n = lb_cpus(&self->all, self->cpus);
	if (self->n < 2)
		SKIP(return, "needs at least 2 CPUs, has %d", self->n);
	ASSERT_EQ(0, lb_rework_on(&self->saved, &why));
	if (why)
		TH_LOG("%s; testing the balancer the kernel has", why);
}

FIXTURE_TEARDOWN(lb_pinned)
{
	lb_kill(self->hogs, self->n + 1);
	if (self->saved >= 0)
		lb_switch_set(self->saved);
}

/*
 * Idle time of every CPU, in clock ticks, from /proc/stat (idle plus
 * iowait) into @idle, indexed by CPU number. Returns 0 or -1.
 */
static int lb_idle_ticks(long long *idle)
{
	long long v[5];
	char line[512];
	int cpu, ret = -1;
	FILE *f;

	f = fopen("/proc/stat", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "cpu%d %lld %lld %lld %lld %lld", &cpu, &v[0],
			   &v[1], &v[2], &v[3], &v[4]) != 6)
			continue;
		if (cpu >= 0 && cpu < LB_MAX_CPUS) {
			idle[cpu] = v[3] + v[4];
			ret = 0;
		}
	}
	fclose(f);
	return ret;
}

TEST_F(lb_pinned, movable_hogs_get_a_cpu)
{
	long long rt0[LB_MAX_CPUS], rt1, idle0[LB_MAX_CPUS], idle1[LB_MAX_CPUS];
	int n = self->n, first = self->cpus[0], i, cpu, bad = 0;
	pid_t *movable = &self->hogs[2];
	double t0, t1, share, hz = sysconf(_SC_CLK_TCK);
	double least = 1, most_idle = 0;
	char buf[4 * LB_MAX_CPUS];

	for (i = 0; i < n + 1; i++) {
		self->hogs[i] = lb_hog(first);
		ASSERT_LT(0, self->hogs[i]);
	}
	lb_sleep_ms(LB_PIN_MS);
	for (i = 0; i < n + 1; i++)
		ASSERT_EQ(first, lb_task_cpu(self->hogs[i]));
	for (i = 0; i < n - 1; i++)
		ASSERT_EQ(0, lb_allow(movable[i], -1, &self->all));
	lb_sleep_ms(LB_SETTLE_MS);

	memset(idle0, 0, sizeof(idle0));
	memset(idle1, 0, sizeof(idle1));
	ASSERT_EQ(0, lb_idle_ticks(idle0));
	t0 = lb_now();
	for (i = 0; i < n - 1; i++) {
		rt0[i] = lb_runtime_ns(movable[i]);
		ASSERT_LE(0, rt0[i]);
	}
	lb_sleep_ms(LB_WINDOW_MS);
	for (i = 0; i < n - 1; i++) {
		rt1 = lb_runtime_ns(movable[i]);
		t1 = lb_now();
		ASSERT_LE(0, rt1);
		/* Each task's window starts and ends at its own reading. */
		share = (rt1 - rt0[i]) / 1e9 / (t1 - t0);
		least = share < least ? share : least;
		if (share < LB_MIN_SHARE) {
			TH_LOG("movable hog %d (pid %d) got %.0f%% of a CPU",
			       i, movable[i], share * 100);
			bad++;
		}
	}
	t1 = lb_now();
	ASSERT_EQ(0, lb_idle_ticks(idle1));
	for (i = 1; i < n; i++) {
		cpu = self->cpus[i];
		share = (idle1[cpu] - idle0[cpu]) / hz / (t1 - t0);
		most_idle = share > most_idle ? share : most_idle;
		if (share > LB_MAX_IDLE) {
			TH_LOG("CPU %d was idle %.0f%% of the window",
			       cpu, share * 100);
			bad++;
		}
	}
	TH_LOG("CPUs of the hogs (2 pinned first): %s",
	       lb_placement(self->hogs, n + 1, buf, sizeof(buf)));
	TH_LOG("least CPU share of a movable hog: %.0f%% (at least %.0f%%)",
	       least * 100, LB_MIN_SHARE * 100);
	TH_LOG("most idle CPU but the first: %.0f%% (at most %.0f%%)",
	       most_idle * 100, LB_MAX_IDLE * 100);
	ASSERT_EQ(0, bad);
}

TEST_HARNESS_MAIN
