// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the load-balance decisions of kernel/sched/fair_lb.c.
 *
 * Included at the end of fair_lb.c, so the tests see its static helpers.
 * Every case builds snapshots by hand; nothing here touches a runqueue, so
 * the suite gives the same verdicts on any machine.
 */
#include <kunit/test.h>

/* A 4-CPU group of 1024-capacity CPUs, idle and with nothing queued. */
#define BIG4 .capacity = 4096, .min_capacity = 1024, .max_capacity = 1024, \
	     .weight = 4, .cores = 4

/* The domain of the bl44 MC level as seen from an idle CPU. */
static const struct lb_domain_snap mc_domain = {
	.flags = SD_ASYM_CPUCAPACITY | SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 1024,
	.dst_idle = true,
	.dst_core_idle = true,
};

struct classify_case {
	const char *desc;
	struct lb_group_snap g;
	enum lb_group_state want;
};

static const struct classify_case classify_cases[] = {
	{ "idle_group_has_spare", { BIG4 }, LB_HAS_SPARE },
	{ "fewer_tasks_than_cpus_has_spare_even_at_full_util",
	  { BIG4, .nr_running = 3, .cfs_running = 3, .util = 4096,
	    .runnable = 8192 }, LB_HAS_SPARE },
	{ "one_hog_per_cpu_is_fully_busy",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 4000,
	    .runnable = 4000 }, LB_FULLY_BUSY },
	{ "small_tasks_one_per_cpu_keep_spare",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 400,
	    .runnable = 400 }, LB_HAS_SPARE },
	/* 3500 * 117 = 409500 against 4096 * 100 = 409600: just under. */
	{ "util_just_under_pct_threshold_has_spare",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 3500,
	    .runnable = 3500 }, LB_HAS_SPARE },
	/* 3501 * 117 = 409617 > 409600. */
	{ "util_just_over_pct_threshold_is_fully_busy",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 3501,
	    .runnable = 3501 }, LB_FULLY_BUSY },
	/* Runnable exactly at capacity * pct is not yet waiting. */
	{ "runnable_exactly_at_pct_keeps_spare",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 1000,
	    .runnable = 4792 }, LB_HAS_SPARE },
	{ "runnable_one_over_pct_is_fully_busy",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 1000,
	    .runnable = 4793 }, LB_FULLY_BUSY },
	{ "five_hogs_on_four_cpus_is_overloaded",
	  { BIG4, .nr_running = 5, .cfs_running = 5, .util = 4096,
	    .runnable = 5120 }, LB_OVERLOADED },
	{ "five_sleepy_tasks_on_four_cpus_is_not_overloaded",
	  { BIG4, .nr_running = 5, .cfs_running = 5, .util = 1000,
	    .runnable = 1200 }, LB_HAS_SPARE },
	{ "overloaded_beats_pinned",
	  { BIG4, .nr_running = 6, .cfs_running = 6, .util = 4096,
	    .runnable = 6144, .imbalanced = true }, LB_OVERLOADED },
	{ "pinned_group_is_imbalanced",
	  { BIG4, .nr_running = 4, .cfs_running = 4, .util = 4000,
	    .runnable = 4000, .imbalanced = true }, LB_IMBALANCED },
	{ "imbalanced_beats_asym_packing",
	  { BIG4, .nr_running = 1, .cfs_running = 1, .util = 1000,
	    .runnable = 1000, .imbalanced = true, .asym_packing = true },
	  LB_IMBALANCED },
	{ "asym_packing_beats_misfit",
	  { BIG4, .nr_running = 1, .cfs_running = 1, .util = 1000,
	    .runnable = 1000, .asym_packing = true, .misfit_load = 900 },
	  LB_ASYM_PACKING },
	{ "smt_balance_beats_misfit",
	  { BIG4, .nr_running = 2, .cfs_running = 2, .util = 800,
	    .runnable = 800, .smt = true, .smt_balance = true,
	    .misfit_load = 900 }, LB_SMT_BALANCE },
	{ "misfit_task_makes_group_misfit",
	  { .capacity = 2048, .min_capacity = 512, .max_capacity = 512,
	    .weight = 4, .cores = 4, .nr_running = 1, .cfs_running = 1,
	    .util = 600, .runnable = 600, .misfit_load = 600 }, LB_MISFIT },
	{ "misfit_on_fully_busy_group_is_misfit",
	  { .capacity = 2048, .min_capacity = 512, .max_capacity = 512,
	    .weight = 4, .cores = 4, .nr_running = 4, .cfs_running = 4,
	    .util = 2048, .runnable = 2048, .misfit_load = 600 }, LB_MISFIT },
	{ "zero_capacity_group_with_tasks_is_fully_busy",
	  { .weight = 1, .cores = 1, .nr_running = 1, .cfs_running = 1,
	    .util = 10, .runnable = 10 }, LB_FULLY_BUSY },
	{ "empty_weight_zero_group_has_spare", { }, LB_HAS_SPARE },
	{ "loads_near_ulong_max_do_not_wrap",
	  { BIG4, .nr_running = 5, .cfs_running = 5, .util = ULONG_MAX - 1,
	    .runnable = ULONG_MAX, .load = ULONG_MAX }, LB_OVERLOADED },
};

static void classify_case_desc(const struct classify_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(classify, classify_cases, classify_case_desc);

static const char * const state_names[] = {
	[LB_HAS_SPARE]		= "has_spare",
	[LB_FULLY_BUSY]		= "fully_busy",
	[LB_MISFIT]		= "misfit",
	[LB_SMT_BALANCE]	= "smt_balance",
	[LB_ASYM_PACKING]	= "asym_packing",
	[LB_IMBALANCED]		= "imbalanced",
	[LB_OVERLOADED]		= "overloaded",
};

static_assert(ARRAY_SIZE(state_names) == LB_NR_GROUP_STATES);

static void classify_matches_table(struct kunit *test)
{
	const struct classify_case *c = test->param_value;
	enum lb_group_state got = sched_lb_classify(&mc_domain, &c->g);

	KUNIT_EXPECT_EQ_MSG(test, got, c->want, "got %s, want %s",
			    state_names[got], state_names[c->want]);
}

/*
 * Overloaded and has-spare exclude each other, and a group with fewer
 * tasks than CPUs is never overloaded, whatever its signals.
 */
static void overloaded_and_spare_are_exclusive(struct kunit *test)
{
	struct lb_group_snap g = { BIG4 };
	bool over, spare;
	unsigned int nr;
	unsigned long u;

	for (nr = 0; nr <= 8; nr++) {
		for (u = 0; u <= 8192; u += 64) {
			g.nr_running = nr;
			g.util = u;
			g.runnable = u + (nr > 4 ? 1024 : 0);
			over = sched_lb_group_overloaded(117, &g);
			spare = sched_lb_group_has_spare(117, &g);
			KUNIT_EXPECT_FALSE_MSG(test, over && spare,
					       "nr=%u util=%lu", nr, u);
			if (nr < g.weight)
				KUNIT_EXPECT_FALSE(test, over);
		}
	}
}

static struct kunit_case sched_lb_cases[] = {
	KUNIT_CASE_PARAM(classify_matches_table, classify_gen_params),
	KUNIT_CASE(overloaded_and_spare_are_exclusive),
	{}
};

static struct kunit_suite sched_lb_suite = {
	.name = "sched_lb",
	.test_cases = sched_lb_cases,
};

kunit_test_suite(sched_lb_suite);
