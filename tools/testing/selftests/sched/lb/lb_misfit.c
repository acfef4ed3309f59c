// SPDX-License-Identifier: GPL-2.0
/*
 * Load-balancer selftest: a misfit task moves up to a big CPU.
 *
 * On a machine whose CPUs differ in capacity (big.LITTLE), a CPU hog is
 * started pinned on a CPU of the lowest capacity, where it runs long
 * enough to outgrow it, and is then allowed on every CPU. Nothing wakes
 * it up, so only the load balancer's misfit migration can move it: it
 * must run on a CPU of the highest capacity within 1 s. With equal
 * capacities the test is skipped. When the kernel has the lb-rework
 * switch, the test runs with the reworked balancer; without it, it
 * checks the stock one.
 */
#include "lb_util.h"
#include "../../kselftest_harness.h"

#define LB_PIN_MS	300
#define LB_BOUND_MS	1000
#define LB_POLL_MS	10

FIXTURE(lb_misfit) {
	int saved;
	int n;
	int cpus[LB_MAX_CPUS];
	long cap[LB_MAX_CPUS];
	long min, max;
	int little;
	cpu_set_t all;
	pid_t hog;
};

FIXTURE_SETUP(lb_misfit)
{
	const char *why;
	int i;

	self->n = lb_cpus(&self->all, self->cpus);
	ASSERT_LT(0, self->n);
	self->min = -1;
	self->max = -1;
	for (i = 0; i < self->n; i++) {
		self->cap[i] = lb_capacity(self->cpus[i]);
		if (self->cap[i] < 0)
			SKIP(return, "no cpu%d/cpu_capacity in sysfs",
			     self->cpus[i]);
		if (self->min < 0 || self->cap[i] < self->min) {
			self->min = self->cap[i];
			self->little = self->cpus[i];
		}
		if (self->cap[i] > self->max)
			self->max = self->cap[i];
	}
	if (self->min == self->max)
		SKIP(return, "no capacity asymmetry: all capacities are %ld",
		     self->max);

	ASSERT_EQ(0, lb_rework_on(&self->saved, &why));
	if (why)
		TH_LOG("%s; testing the balancer the kernel has", why);
}

FIXTURE_TEARDOWN(lb_misfit)
{
	lb_kill(&self->hog, 1);
	if (self->saved >= 0)
		lb_switch_set(self->saved);
}

/* The capacity of @cpu, from the @n CPUs of @cpus and @cap, or -1. */
static long lb_cap_of(const int *cpus, const long *cap, int n, int cpu)
{
	int i;

	for (i = 0; i < n; i++)
		if (cpus[i] == cpu)
			return cap[i];
	return -1;
}

TEST_F(lb_misfit, reaches_big_cpu)
{
	double t0, seen = -1;
	int cpu = -1;
	long cap;

	self->hog = lb_hog(self->little);
	ASSERT_LT(0, self->hog);
	lb_sleep_ms(LB_PIN_MS);
	ASSERT_EQ(self->little, lb_task_cpu(self->hog));

	ASSERT_EQ(0, lb_allow(self->hog, -1, &self->all));
	t0 = lb_now();
	while (lb_now() - t0 < LB_BOUND_MS / 1000.0) {
		cpu = lb_task_cpu(self->hog);
		if (lb_cap_of(self->cpus, self->cap, self->n, cpu) ==
		    self->max) {
			seen = lb_now() - t0;
			break;
		}
		lb_sleep_ms(LB_POLL_MS);
	}

	ASSERT_EQ(0, lb_signal_all(&self->hog, 1, SIGSTOP));
	cpu = lb_task_cpu(self->hog);
	lb_signal_all(&self->hog, 1, SIGCONT);
	cap = lb_cap_of(self->cpus, self->cap, self->n, cpu);
	ASSERT_LE(0, seen) {
		TH_LOG("%d ms after its release from CPU %d (capacity %ld)",
		       LB_BOUND_MS, self->little, self->min);
		TH_LOG("the hog is on CPU %d (capacity %ld), not %ld",
		       cpu, cap, self->max);
	}
	ASSERT_EQ(self->max, cap) {
		TH_LOG("on a big CPU at %.0f ms, stopped it is on CPU %d",
		       seen * 1000, cpu);
	}
	TH_LOG("from CPU %d (capacity %ld) to CPU %d (%ld) in %.0f ms",
	       self->little, self->min, cpu, cap, seen * 1000);
}

TEST_HARNESS_MAIN
