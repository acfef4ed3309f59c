// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: N CPU hogs on N CPUs end up one per CPU.
 *
 * The hogs are first pinned one per CPU, except that the last one shares
 * the first CPU with another and the last CPU is left idle: on 4 big and
 * 4 LITTLE CPUs, two hogs share a big CPU while a LITTLE one idles, the
 * placement the stock balancer of 6.12 never repairs. Then they are
 * allowed on every CPU, and the reworked balancer (the sched feature
 * LB_REWORK set for the test) must give each hog a CPU of its own within
 * 2 s, and keep it so for 300 ms: one
 * per CPU in every reading, 50 ms apart, for 300 ms. The hogs never
 * sleep, so wakeup placement cannot help.
 *
 * The test reads where the hogs run (/proc/PID/stat field 39) while they
 * run, as a SCHED_FIFO task that the balancer does not count: a CFS task
 * waking up beside the hogs makes its CPU's group look overloaded and
 * gets a hog moved. Stopping the hogs (SIGSTOP) to read them is no
 * better: each stopped hog frees a CPU, and the balancer moves the hogs
 * not yet stopped before they stop. A reading in the middle of a
 * migration cannot pass for one hog per CPU in every reading of 300 ms.
 */
#include "lb_util.h"
#include "../../kselftest_harness.h"

#define LB_PIN_MS	300
#define LB_BOUND_MS	2000
#define LB_HOLD_MS	300
#define LB_POLL_MS	50

FIXTURE(lb_spread) {
	int saved;
	int n;
	int cpus[LB_MAX_CPUS];
	cpu_set_t all;
	pid_t hogs[LB_MAX_CPUS];
};

FIXTURE_SETUP(lb_spread)
{
	const char *why;

	self->saved = lb_switch_get();
	why = lb_switch_missing(self->saved);
	if (why)
		SKIP(return, "%s; this test checks the reworked balancer", why);
	ASSERT_LE(0, self->saved);
	self->n = lb_cpus(&self->all, self->cpus);
	if (self->n < 2)
		SKIP(return, "needs at least 2 CPUs, has %d", self->n);
	ASSERT_EQ(0, lb_switch_set(1));
}

FIXTURE_TEARDOWN(lb_spread)
{
	lb_kill(self->hogs, self->n);
	if (self->saved >= 0)
		lb_switch_set(self->saved);
}

/* Whether the @n CPUs in @cpu are all different. */
static bool lb_distinct(const int *cpu, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (cpu[i] == cpu[j] || cpu[i] < 0)
				return false;
	return n > 0 && cpu[0] >= 0;
}

TEST_F(lb_spread, one_hog_per_cpu)
{
	int n = self->n, cpu[LB_MAX_CPUS], i;
	double t0, t, seen = -1, first = -1;
	char buf[4 * LB_MAX_CPUS];

	for (i = 0; i < n; i++) {
		self->hogs[i] = lb_hog(self->cpus[i < n - 1 ? i : 0]);
		ASSERT_LT(0, self->hogs[i]);
	}
	i = lb_measure_as_rt();
	if (i)
		TH_LOG("cannot measure as SCHED_FIFO (%s)", strerror(-i));
	lb_sleep_ms(LB_PIN_MS);
	for (i = 0; i < n; i++)
		ASSERT_EQ(self->cpus[i < n - 1 ? i : 0],
			  lb_task_cpu(self->hogs[i]));

	for (i = 0; i < n; i++)
		ASSERT_EQ(0, lb_allow(self->hogs[i], -1, &self->all));
	t0 = lb_now();
	for (t = 0; first >= 0 || t < LB_BOUND_MS / 1000.0;
	     t = lb_now() - t0) {
		for (i = 0; i < n; i++)
			cpu[i] = lb_task_cpu(self->hogs[i]);
		if (!lb_distinct(cpu, n)) {
			first = -1;
		} else if (first < 0) {
			first = t;
		} else if (t - first >= LB_HOLD_MS / 1000.0) {
			seen = first;
			break;
		}
		lb_sleep_ms(LB_POLL_MS);
	}

	lb_placement(self->hogs, n, buf, sizeof(buf));
	ASSERT_LE(0, seen) {
		TH_LOG("hogs not one per CPU for %d ms within %d ms of release",
		       LB_HOLD_MS, LB_BOUND_MS);
		TH_LOG("their CPUs at %.0f ms: %s", t * 1000, buf);
	}
	TH_LOG("one hog per CPU from %.0f ms after release, for %d ms (%s)",
	       seen * 1000, LB_HOLD_MS, buf);
}

TEST_HARNESS_MAIN
