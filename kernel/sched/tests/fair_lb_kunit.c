// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the load-balance decisions of kernel/sched/fair_lb.c.
 *
 * Included at the end of fair_lb.c, so the tests see its static helpers.
 * The tables build snapshots by hand; the oracle cases at the end
 * generate them (lb_oracle.h) and compare the engine with a model of
 * stock 7.3. Nothing here touches a runqueue, so the suite gives the same
 * verdicts on any machine.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "lb_oracle.h"

/* Four 1024 CPUs (a big cluster) and four 512 CPUs (a LITTLE cluster). */
#define BIG4	.capacity = 4096, .min_capacity = 1024, \
		.max_capacity = 1024, .weight = 4, .cores = 4
#define LITTLE4	.capacity = 2048, .min_capacity = 512, \
		.max_capacity = 512, .weight = 4, .cores = 4

/**
 * struct tgroup - A group as the tables write it.
 * @hogs: CFS tasks that always run, added to @g.
 * @each: Utilization (and runnable average) of each of them.
 * @load: Their total load; 0 means nice 0 (1024 each).
 * @g:    The rest of the snapshot.
 */
struct tgroup {
	unsigned int		hogs;
	unsigned long		each;
	unsigned long		load;
	struct lb_group_snap	g;
};

#define HOGS(n, u)	.hogs = (n), .each = (u)
#define TASKS(n, u, l)	.hogs = (n), .each = (u), .load = (l)
#define BIG_HOGS(n)	{ HOGS(n, 1024), .g = { BIG4 } }
#define LOCAL_BIG	{ .g = { BIG4, .local = true } }
#define LITTLE_MISFIT(m) \
	{ HOGS(1, 600), .g = { LITTLE4, .misfit_load = (m), .idle_cpus = 3 } }

static struct lb_group_snap build(const struct tgroup *t)
{
	struct lb_group_snap g = t->g;

	if (t->hogs) {
		g.nr_running = t->hogs;
		g.cfs_running = t->hogs;
		g.util = t->hogs * t->each;
		g.runnable = t->hogs * t->each;
		g.load = t->load ?: t->hogs * 1024UL;
	}
	return g;
}

/* The bl44 MC level: asymmetric, shared LLC; the balancing CPU is idle. */
static const struct lb_domain_snap mc_big = {
	.flags = SD_ASYM_CPUCAPACITY | SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 1024,
	.dst_idle = true,
	.dst_core_idle = true,
};

static const struct lb_domain_snap mc_little = {
	.flags = SD_ASYM_CPUCAPACITY | SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 512,
	.dst_idle = true,
	.dst_core_idle = true,
};

/* The same CPU entering newidle balance: not yet counted as idle. */
static const struct lb_domain_snap mc_little_newidle = {
	.flags = SD_ASYM_CPUCAPACITY | SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 512,
	.idle_type = CPU_NEWLY_IDLE,
	.dst_idle = true,
	.dst_core_idle = true,
	.dst_idle_uncounted = true,
};

/* A symmetric LLC level seen from an idle CPU. */
static const struct lb_domain_snap mc_sym = {
	.flags = SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 1024,
	.dst_idle = true,
	.dst_core_idle = true,
};

/* The same, balanced by a busy CPU. */
static const struct lb_domain_snap mc_busy = {
	.flags = SD_SHARE_LLC,
	.imbalance_pct = 117,
	.dst_capacity = 1024,
};

/* A symmetric level whose groups do not share caches. */
static const struct lb_domain_snap pkg_sym = {
	.imbalance_pct = 117,
	.dst_capacity = 1024,
	.dst_idle = true,
	.dst_core_idle = true,
};

/* A NUMA level that tolerates up to 4 tasks on a lightly loaded node. */
static const struct lb_domain_snap numa_sym = {
	.flags = SD_NUMA,
	.imbalance_pct = 117,
	.imb_numa_nr = 4,
	.dst_capacity = 1024,
	.dst_idle = true,
	.dst_core_idle = true,
};

/*
 * Under EAS (7.3) a group is overloaded only if one of its CPUs is
 * overutilized; six hogs on four CPUs that none overutilizes stay fully
 * busy, and the same group with an overutilized CPU is overloaded.
 */
static void eas_overload_needs_an_overutilized_cpu(struct kunit *test)
{
	struct lb_domain_snap sd = mc_sym;
	struct tgroup t = BIG_HOGS(6);
	struct lb_group_snap g = build(&t);

	sd.energy_model = true;
	KUNIT_EXPECT_EQ(test, sched_lb_classify(&sd, &g), LB_FULLY_BUSY);
	KUNIT_EXPECT_FALSE(test, sched_lb_group_overloaded(117, true, &g));
	g.overutilized = true;
	KUNIT_EXPECT_EQ(test, sched_lb_classify(&sd, &g), LB_OVERLOADED);
	sd.energy_model = false;
	g.overutilized = false;
	KUNIT_EXPECT_EQ(test, sched_lb_classify(&sd, &g), LB_OVERLOADED);
}

/* Classify @g in place and return it, as fair.c's gather does. */
static struct lb_group_snap *classified(const struct lb_domain_snap *sd,
					struct lb_group_snap *g)
{
	g->state = sched_lb_classify(sd, g);
	return g;
}

/* ---- Classification ---------------------------------------------------- */

struct classify_case {
	const char *desc;
	struct tgroup g;
	enum lb_group_state want;
};

static const struct classify_case classify_cases[] = {
	{ .desc = "idle_group_has_spare", .g = { .g = { BIG4 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "fewer_tasks_than_cpus_has_spare_even_at_full_util",
	  .g = { .g = { BIG4, .nr_running = 3, .cfs_running = 3,
			.util = 4096, .runnable = 8192 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "one_hog_per_cpu_is_fully_busy",
	  .g = { HOGS(4, 1000), .g = { BIG4 } }, .want = LB_FULLY_BUSY },
	{ .desc = "small_tasks_one_per_cpu_keep_spare",
	  .g = { HOGS(4, 100), .g = { BIG4 } }, .want = LB_HAS_SPARE },
	/* 3500 * 117 = 409500 against 4096 * 100 = 409600: just under. */
	{ .desc = "util_just_under_pct_threshold_has_spare",
	  .g = { .g = { BIG4, .nr_running = 4, .cfs_running = 4,
			.util = 3500, .runnable = 3500 } },
	  .want = LB_HAS_SPARE },
	/* 3501 * 117 = 409617 > 409600. */
	{ .desc = "util_just_over_pct_threshold_is_fully_busy",
	  .g = { .g = { BIG4, .nr_running = 4, .cfs_running = 4,
			.util = 3501, .runnable = 3501 } },
	  .want = LB_FULLY_BUSY },
	/* 4792 * 100 = 479200 <= 4096 * 117 = 479232: not yet waiting. */
	{ .desc = "runnable_exactly_under_pct_keeps_spare",
	  .g = { .g = { BIG4, .nr_running = 4, .cfs_running = 4,
			.util = 1000, .runnable = 4792 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "runnable_one_over_pct_is_fully_busy",
	  .g = { .g = { BIG4, .nr_running = 4, .cfs_running = 4,
			.util = 1000, .runnable = 4793 } },
	  .want = LB_FULLY_BUSY },
	{ .desc = "five_hogs_on_four_cpus_is_overloaded",
	  .g = BIG_HOGS(5), .want = LB_OVERLOADED },
	{ .desc = "five_tasks_with_util_at_pct_threshold_not_overloaded",
	  .g = { .g = { BIG4, .nr_running = 5, .cfs_running = 5,
			.util = 3500, .runnable = 3500 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "five_tasks_with_util_over_pct_threshold_overloaded",
	  .g = { .g = { BIG4, .nr_running = 5, .cfs_running = 5,
			.util = 3501, .runnable = 3501 } },
	  .want = LB_OVERLOADED },
	{ .desc = "five_tasks_waiting_by_runnable_overloaded",
	  .g = { .g = { BIG4, .nr_running = 5, .cfs_running = 5,
			.util = 1000, .runnable = 4793 } },
	  .want = LB_OVERLOADED },
	{ .desc = "five_sleepy_tasks_on_four_cpus_is_not_overloaded",
	  .g = { .g = { BIG4, .nr_running = 5, .cfs_running = 5,
			.util = 1000, .runnable = 1200 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "overloaded_beats_pinned",
	  .g = { HOGS(6, 1024), .g = { BIG4, .imbalanced = true } },
	  .want = LB_OVERLOADED },
	{ .desc = "pinned_group_is_imbalanced",
	  .g = { HOGS(4, 1000), .g = { BIG4, .imbalanced = true } },
	  .want = LB_IMBALANCED },
	{ .desc = "imbalanced_beats_asym_packing",
	  .g = { HOGS(1, 1000),
		 .g = { BIG4, .imbalanced = true, .asym_packing = true } },
	  .want = LB_IMBALANCED },
	{ .desc = "asym_packing_beats_smt_balance",
	  .g = { HOGS(2, 500), .g = { BIG4, .asym_packing = true,
				      .smt = true, .smt_balance = true } },
	  .want = LB_ASYM_PACKING },
	{ .desc = "smt_balance_beats_misfit",
	  .g = { HOGS(2, 400), .g = { BIG4, .smt = true, .smt_balance = true,
				      .misfit_load = 900 } },
	  .want = LB_SMT_BALANCE },
	{ .desc = "misfit_task_makes_group_misfit",
	  .g = { HOGS(1, 600), .g = { LITTLE4, .misfit_load = 600 } },
	  .want = LB_MISFIT },
	{ .desc = "misfit_on_fully_busy_group_is_misfit",
	  .g = { HOGS(4, 512), .g = { LITTLE4, .misfit_load = 600 } },
	  .want = LB_MISFIT },
	{ .desc = "local_group_with_pinned_tasks_is_imbalanced",
	  .g = { HOGS(1, 1000),
		 .g = { BIG4, .local = true, .imbalanced = true } },
	  .want = LB_IMBALANCED },
	{ .desc = "local_group_is_never_misfit",
	  .g = { HOGS(1, 600),
		 .g = { LITTLE4, .local = true, .misfit_load = 600 } },
	  .want = LB_HAS_SPARE },
	{ .desc = "local_overloaded_group_is_overloaded",
	  .g = { HOGS(5, 1024), .g = { BIG4, .local = true } },
	  .want = LB_OVERLOADED },
	{ .desc = "zero_capacity_group_with_tasks_is_fully_busy",
	  .g = { .g = { .weight = 1, .cores = 1, .nr_running = 1,
			.cfs_running = 1, .util = 10, .runnable = 10 } },
	  .want = LB_FULLY_BUSY },
	{ .desc = "empty_weight_zero_group_has_spare", .g = { },
	  .want = LB_HAS_SPARE },
	{ .desc = "loads_near_ulong_max_do_not_wrap",
	  .g = { .g = { BIG4, .nr_running = 5, .cfs_running = 5,
			.util = ULONG_MAX - 1, .runnable = ULONG_MAX,
			.load = ULONG_MAX } },
	  .want = LB_OVERLOADED },
	/* Cache-aware scheduling (7.3): below overloaded, above the rest. */
	{ .desc = "overloaded_beats_llc_balance",
	  .g = { HOGS(6, 1024), .g = { BIG4, .llc_balance = true } },
	  .want = LB_OVERLOADED },
	{ .desc = "llc_balance_beats_imbalanced",
	  .g = { HOGS(2, 500),
		 .g = { BIG4, .llc_balance = true, .imbalanced = true } },
	  .want = LB_LLC_BALANCE },
	{ .desc = "local_group_is_never_llc_balance",
	  .g = { HOGS(2, 500),
		 .g = { BIG4, .local = true, .llc_balance = true } },
	  .want = LB_HAS_SPARE },
};

KUNIT_ARRAY_PARAM_DESC(classify, classify_cases, desc);

static void classify_matches_table(struct kunit *test)
{
	const struct classify_case *c = test->param_value;
	struct lb_group_snap g = build(&c->g);
	enum lb_group_state got = sched_lb_classify(&mc_sym, &g);

	KUNIT_EXPECT_EQ_MSG(test, got, c->want, "got %s, want %s",
			    sched_lb_state_name(got),
			    sched_lb_state_name(c->want));
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
			over = sched_lb_group_overloaded(117, false, &g);
			spare = sched_lb_group_has_spare(117, &g);
			KUNIT_EXPECT_FALSE_MSG(test, over && spare,
					       "nr=%u util=%lu", nr, u);
			if (nr < g.weight)
				KUNIT_EXPECT_FALSE(test, over);
		}
	}
}

/* ---- Picking the busiest group ---------------------------------------- */

struct busier_case {
	const char *desc;
	const struct lb_domain_snap *sd;
	struct tgroup local, cand, cur;
	bool no_cur;
	bool want;
};

static const struct busier_case busier_cases[] = {
	{ .desc = "group_without_cfs_task_is_never_busiest", .sd = &mc_sym,
	  .local = { HOGS(1, 1024), .g = { BIG4, .local = true } },
	  .cand = { .g = { BIG4, .nr_running = 6, .util = 4096,
			   .runnable = 6144 } },
	  .no_cur = true, .want = false },
	{ .desc = "local_group_is_never_busiest", .sd = &mc_sym,
	  .local = { HOGS(1, 1024), .g = { BIG4, .local = true } },
	  .cand = { HOGS(6, 1024), .g = { BIG4, .local = true } },
	  .no_cur = true, .want = false },
	{ .desc = "first_candidate_with_tasks_is_busiest", .sd = &mc_sym,
	  .local = LOCAL_BIG, .cand = BIG_HOGS(1), .no_cur = true,
	  .want = true },
	{ .desc = "higher_state_wins", .sd = &mc_sym, .local = LOCAL_BIG,
	  .cand = BIG_HOGS(4), .cur = BIG_HOGS(3), .want = true },
	{ .desc = "lower_state_loses", .sd = &mc_sym, .local = LOCAL_BIG,
	  .cand = BIG_HOGS(3), .cur = BIG_HOGS(4), .want = false },
	{ .desc = "overloaded_higher_avg_load_wins", .sd = &mc_sym,
	  .local = LOCAL_BIG, .cand = BIG_HOGS(7), .cur = BIG_HOGS(6),
	  .want = true },
	{ .desc = "overloaded_lower_avg_load_loses", .sd = &mc_sym,
	  .local = LOCAL_BIG, .cand = BIG_HOGS(5), .cur = BIG_HOGS(6),
	  .want = false },
	{ .desc = "fully_busy_tie_keeps_smt_group", .sd = &mc_sym,
	  .local = LOCAL_BIG, .cand = BIG_HOGS(4),
	  .cur = { HOGS(4, 1024), .g = { BIG4, .smt = true } },
	  .want = false },
	{ .desc = "fully_busy_tie_takes_later_non_smt_group", .sd = &mc_sym,
	  .local = LOCAL_BIG, .cand = BIG_HOGS(4), .cur = BIG_HOGS(4),
	  .want = true },
	{ .desc = "has_spare_fewer_idle_cpus_wins", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { HOGS(3, 1024), .g = { BIG4, .idle_cpus = 1 } },
	  .cur = { HOGS(2, 1024), .g = { BIG4, .idle_cpus = 2 } },
	  .want = true },
	{ .desc = "has_spare_same_idle_more_tasks_wins", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { .g = { BIG4, .nr_running = 3, .cfs_running = 3,
			   .util = 900, .runnable = 900, .idle_cpus = 2 } },
	  .cur = { HOGS(2, 400), .g = { BIG4, .idle_cpus = 2 } },
	  .want = true },
	{ .desc = "has_spare_same_idle_same_tasks_keeps_first", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { HOGS(2, 400), .g = { BIG4, .idle_cpus = 2 } },
	  .cur = { HOGS(2, 400), .g = { BIG4, .idle_cpus = 2 } },
	  .want = false },
	{ .desc = "single_task_smt_group_loses_to_non_smt", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { HOGS(1, 400), .g = { BIG4, .idle_cpus = 3, .smt = true } },
	  .cur = { HOGS(1, 400), .g = { BIG4, .idle_cpus = 3 } },
	  .want = false },
	{ .desc = "non_smt_group_beats_single_task_smt", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { HOGS(1, 400), .g = { BIG4, .idle_cpus = 3 } },
	  .cur = { HOGS(1, 400), .g = { BIG4, .idle_cpus = 3, .smt = true } },
	  .want = true },
	{ .desc = "bigger_misfit_task_wins", .sd = &mc_big, .local = LOCAL_BIG,
	  .cand = LITTLE_MISFIT(700), .cur = LITTLE_MISFIT(600),
	  .want = true },
	{ .desc = "misfit_not_pulled_into_fully_busy_local", .sd = &mc_big,
	  .local = { HOGS(4, 1024), .g = { BIG4, .local = true } },
	  .cand = LITTLE_MISFIT(600), .no_cur = true, .want = false },
	{ .desc = "misfit_not_pulled_to_same_capacity_cpu", .sd = &mc_little,
	  .local = { .g = { LITTLE4, .local = true } },
	  .cand = LITTLE_MISFIT(600), .no_cur = true, .want = false },
	{ .desc = "fully_busy_bigs_not_pulled_to_little", .sd = &mc_little,
	  .local = { .g = { LITTLE4, .local = true } },
	  .cand = BIG_HOGS(4), .no_cur = true, .want = false },
	{ .desc = "overloaded_bigs_pulled_to_little", .sd = &mc_little,
	  .local = { .g = { LITTLE4, .local = true } },
	  .cand = BIG_HOGS(5), .no_cur = true, .want = true },
	{ .desc = "lower_asym_priority_wins", .sd = &mc_sym, .local = LOCAL_BIG,
	  .cand = { HOGS(1, 500),
		    .g = { BIG4, .asym_packing = true, .asym_prio = 1 } },
	  .cur = { HOGS(1, 500),
		   .g = { BIG4, .asym_packing = true, .asym_prio = 5 } },
	  .want = true },
	{ .desc = "first_imbalanced_group_is_kept", .sd = &mc_sym,
	  .local = LOCAL_BIG,
	  .cand = { HOGS(4, 1024), .g = { BIG4, .imbalanced = true } },
	  .cur = { HOGS(3, 1024), .g = { BIG4, .imbalanced = true } },
	  .want = false },
};

KUNIT_ARRAY_PARAM_DESC(busier, busier_cases, desc);

/* Of two llc_balance groups, more tasks preferring the destination wins. */
static void llc_balance_busier_by_tasks_preferring_dst(struct kunit *test)
{
	struct tgroup tl = { .g = { BIG4, .local = true } };
	struct tgroup tc = { HOGS(3, 1024),
			     .g = { BIG4, .idle_cpus = 1, .llc_balance = true,
				    .nr_pref_llc = 3 } };
	struct lb_group_snap local = build(&tl), cand = build(&tc), cur;

	local.state = sched_lb_classify(&pkg_sym, &local);
	cand.state = sched_lb_classify(&pkg_sym, &cand);
	KUNIT_ASSERT_EQ(test, cand.state, LB_LLC_BALANCE);
	cur = cand;
	cur.nr_pref_llc = 2;
	KUNIT_EXPECT_TRUE(test,
			  sched_lb_busier(&pkg_sym, &local, &cand, &cur));
	KUNIT_EXPECT_FALSE(test,
			   sched_lb_busier(&pkg_sym, &local, &cur, &cand));
	KUNIT_EXPECT_FALSE(test,
			   sched_lb_busier(&pkg_sym, &local, &cur, &cur));
}

static void busier_matches_table(struct kunit *test)
{
	const struct busier_case *c = test->param_value;
	struct lb_group_snap local = build(&c->local), cand = build(&c->cand);
	struct lb_group_snap cur = build(&c->cur);

	classified(c->sd, &local);
	classified(c->sd, &cand);
	classified(c->sd, &cur);
	KUNIT_EXPECT_EQ_MSG(test, sched_lb_busier(c->sd, &local, &cand,
						  c->no_cur ? NULL : &cur),
			    c->want, "candidate %s, current %s",
			    sched_lb_state_name(cand.state),
			    sched_lb_state_name(cur.state));
}

/* ---- Deciding: every cell of the busiest x local matrix --------------- */

struct decide_case {
	const char *desc;
	const struct lb_domain_snap *sd;
	bool energy_aware;
	struct tgroup local, busiest;
	bool no_busiest;
	unsigned long other_load, other_capacity;
	enum lb_group_state want_local, want_busiest;
	enum lb_migration type;
	unsigned long imbalance;
	enum lb_reason reason;
};

/* The local group of each column. */
#define L_SPARE		{ HOGS(1, 1024), .g = { BIG4, .idle_cpus = 3, \
					      .local = true } }
#define L_BUSY		{ HOGS(4, 1024), .g = { BIG4, .local = true } }
#define L_OVER		{ HOGS(5, 1024), .g = { BIG4, .local = true } }
#define L_OVER_AT(l)	{ TASKS(5, 1024, l), .g = { BIG4, .local = true } }
#define L_BUSY_AT(l)	{ TASKS(4, 1024, l), .g = { BIG4, .local = true } }
#define L_SPARE_IDLE2	{ HOGS(2, 1024), .g = { BIG4, .idle_cpus = 2, \
					      .local = true } }
#define L_SPARE_NO_IDLE	{ HOGS(4, 200), .g = { BIG4, .local = true } }
#define L_SMALL3	{ HOGS(3, 100), .g = { BIG4, .idle_cpus = 1, \
					     .local = true } }

/* The busiest group of each row. */
#define B_SPARE		{ HOGS(3, 1024), .g = { BIG4, .idle_cpus = 1 } }
#define B_BUSY		BIG_HOGS(4)
#define B_MISFIT	{ HOGS(1, 600), .g = { LITTLE4, .misfit_load = 600, \
			  .idle_cpus = 3 } }
#define B_SMT		{ HOGS(2, 1024), .g = { BIG4, .idle_cpus = 2, \
			  .smt = true, .smt_balance = true } }
#define B_ASYM		{ HOGS(2, 1024), .g = { BIG4, .idle_cpus = 2, \
			  .asym_packing = true } }
#define B_PINNED	{ HOGS(4, 1024), .g = { BIG4, .imbalanced = true } }
#define B_OVER		BIG_HOGS(6)
#define B_OVER_AT(l)	{ TASKS(6, 1024, l), .g = { BIG4 } }
#define B_JUST_OVER	{ .g = { BIG4, .nr_running = 5, .cfs_running = 5, \
			  .load = 5120, .util = 4096, .runnable = 4096 } }
#define B_SMALL6	{ HOGS(6, 100), .g = { BIG4 } }
#define B_LLC		{ HOGS(3, 1024), .g = { BIG4, .idle_cpus = 1, \
			  .llc_balance = true, .nr_pref_llc = 2 } }
#define B_LLC_SIBLING	{ HOGS(3, 1024), .g = { BIG4, .idle_cpus = 1, \
			  .llc_balance = true, .nr_pref_llc = 2, \
			  .prefer_sibling = true } }
#define B_SMALL6_SIBLING \
			{ HOGS(6, 100), .g = { BIG4, .prefer_sibling = true } }

static const struct decide_case decide_cases[] = {
	{ .desc = "has_spare_from_llc_balance_sibling_moves_one_llc_task",
	  .sd = &pkg_sym, .local = L_SPARE, .busiest = B_LLC_SIBLING,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_LLC_BALANCE,
	  .type = LB_MIGRATE_LLC, .imbalance = 1, .reason = LB_R_LLC },
	{ .desc = "has_spare_from_llc_balance_moves_one_llc_task",
	  .sd = &pkg_sym, .local = L_SPARE, .busiest = B_LLC,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_LLC_BALANCE,
	  .type = LB_MIGRATE_LLC, .imbalance = 1, .reason = LB_R_LLC },
	{ .desc = "llc_balance_with_even_idle_cpus_is_balanced",
	  .sd = &pkg_sym, .local = L_SPARE_IDLE2, .busiest = B_LLC,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_LLC_BALANCE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "llc_balance_to_a_busy_cpu_is_left_to_idle_ones",
	  .sd = &mc_busy, .local = L_BUSY, .busiest = B_LLC,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_LLC_BALANCE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_DST_BUSY },
	{ .desc = "overloaded_from_llc_balance_is_local_busier",
	  .sd = &pkg_sym, .local = L_OVER, .busiest = B_LLC,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_LLC_BALANCE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	{ .desc = "has_spare_from_has_spare_spreads_idle_cpus",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_SPARE,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
	{ .desc = "fully_busy_from_has_spare_is_local_busier",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_SPARE,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	{ .desc = "overloaded_from_has_spare_is_local_busier",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_SPARE,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	{ .desc = "has_spare_from_fully_busy_spreads_idle_cpus",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_BUSY,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_FULLY_BUSY,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
	{ .desc = "fully_busy_from_fully_busy_is_balanced",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_BUSY,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_FULLY_BUSY,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "overloaded_from_fully_busy_is_local_busier",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_BUSY,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_FULLY_BUSY,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	{ .desc = "has_spare_from_misfit_moves_the_misfit_task",
	  .sd = &mc_big, .local = L_SPARE, .busiest = B_MISFIT,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_MISFIT,
	  .type = LB_MIGRATE_MISFIT, .imbalance = 1, .reason = LB_R_MISFIT },
	{ .desc = "fully_busy_from_misfit_moves_the_misfit_task",
	  .sd = &mc_big, .local = L_BUSY, .busiest = B_MISFIT,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_MISFIT,
	  .type = LB_MIGRATE_MISFIT, .imbalance = 1, .reason = LB_R_MISFIT },
	{ .desc = "overloaded_from_misfit_moves_the_misfit_task",
	  .sd = &mc_big, .local = L_OVER, .busiest = B_MISFIT,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_MISFIT,
	  .type = LB_MIGRATE_MISFIT, .imbalance = 1, .reason = LB_R_MISFIT },
	{ .desc = "reduced_capacity_misfit_moves_its_load",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_MISFIT,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_MISFIT,
	  .type = LB_MIGRATE_LOAD, .imbalance = 600, .reason = LB_R_MISFIT },
	{ .desc = "has_spare_from_smt_takes_one_task",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_SMT,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_SMT_BALANCE,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SMT },
	{ .desc = "fully_busy_from_smt_takes_one_task",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_SMT,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_SMT_BALANCE,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SMT },
	{ .desc = "overloaded_from_smt_is_local_busier",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_SMT,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_SMT_BALANCE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	{ .desc = "has_spare_from_asym_packing_takes_all_tasks",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_ASYM,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_ASYM_PACKING,
	  .type = LB_MIGRATE_TASK, .imbalance = 2,
	  .reason = LB_R_ASYM_PACKING },
	{ .desc = "fully_busy_from_asym_packing_takes_all_tasks",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_ASYM,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_ASYM_PACKING,
	  .type = LB_MIGRATE_TASK, .imbalance = 2,
	  .reason = LB_R_ASYM_PACKING },
	{ .desc = "overloaded_from_asym_packing_takes_all_tasks",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_ASYM,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_ASYM_PACKING,
	  .type = LB_MIGRATE_TASK, .imbalance = 2,
	  .reason = LB_R_ASYM_PACKING },
	{ .desc = "has_spare_from_pinned_takes_one_task",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_PINNED,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_IMBALANCED,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_PINNED },
	{ .desc = "fully_busy_from_pinned_takes_one_task",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_PINNED,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_IMBALANCED,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_PINNED },
	{ .desc = "overloaded_from_pinned_takes_one_task",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_PINNED,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_IMBALANCED,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_PINNED },
	{ .desc = "has_spare_from_overloaded_halves_the_idle_cpu_gap",
	  .sd = &mc_sym, .local = L_SPARE, .busiest = B_OVER,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
	/* Averages 1024, 1536, domain 1280: (1280 - 1024) * 4096 / 1024. */
	{ .desc = "fully_busy_from_overloaded_evens_avg_load",
	  .sd = &mc_sym, .local = L_BUSY, .busiest = B_OVER,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 1024, .reason = LB_R_AVG_LOAD },
	/* One task more than CPUs, but none has waited yet. */
	{ .desc = "fully_busy_from_just_overloaded_group_waits",
	  .sd = &mc_busy, .local = L_BUSY, .busiest = B_JUST_OVER,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_NO_WAIT },
	/* Averages 1280, 1536, domain 1408. */
	{ .desc = "overloaded_from_overloaded_evens_avg_load",
	  .sd = &mc_sym, .local = L_OVER, .busiest = B_OVER,
	  .want_local = LB_OVERLOADED, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 512, .reason = LB_R_AVG_LOAD },
	/* 1521 * 100 == 1300 * 117: not beyond imbalance_pct. */
	{ .desc = "overloaded_pair_exactly_at_pct_is_balanced",
	  .sd = &mc_sym, .local = L_OVER_AT(5200), .busiest = B_OVER_AT(6084),
	  .want_local = LB_OVERLOADED, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_WITHIN_PCT },
	{ .desc = "overloaded_pair_one_over_pct_moves_load",
	  .sd = &mc_sym, .local = L_OVER_AT(5200), .busiest = B_OVER_AT(6088),
	  .want_local = LB_OVERLOADED, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 444, .reason = LB_R_AVG_LOAD },
	{ .desc = "local_as_loaded_as_busiest_pulls_nothing",
	  .sd = &mc_sym, .local = L_BUSY_AT(5120), .busiest = B_OVER_AT(5120),
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_LOCAL_BUSIER },
	/* A third, idle group of 4096 brings the domain average to 938. */
	{ .desc = "local_above_domain_average_pulls_nothing", .sd = &mc_sym,
	  .energy_aware = false, .local = L_BUSY_AT(5120), .busiest = B_OVER,
	  .no_busiest = false, .other_load = 0, .other_capacity = 4096,
	  .want_local = LB_FULLY_BUSY, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_ABOVE_AVERAGE },
	{ .desc = "no_busiest_group_is_balanced", .sd = &mc_sym,
	  .energy_aware = false, .local = L_SPARE, .busiest = { },
	  .no_busiest = true, .other_load = 0, .other_capacity = 0,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_NO_BUSIEST },
	{ .desc = "energy_aware_leaves_overload_to_wakeups", .sd = &mc_sym,
	  .energy_aware = true, .local = L_SPARE, .busiest = B_OVER,
	  .no_busiest = false, .other_load = 0, .other_capacity = 0,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0,
	  .reason = LB_R_ENERGY_AWARE },
	{ .desc = "energy_aware_still_moves_misfit", .sd = &mc_big,
	  .energy_aware = true, .local = L_SPARE, .busiest = B_MISFIT,
	  .no_busiest = false, .other_load = 0, .other_capacity = 0,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_MISFIT,
	  .type = LB_MIGRATE_MISFIT, .imbalance = 1, .reason = LB_R_MISFIT },
	{ .desc = "busy_dst_does_not_spread",
	  .sd = &mc_busy, .local = L_SPARE, .busiest = B_SPARE,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_DST_BUSY },
	{ .desc = "idle_cpus_differing_by_one_are_even",
	  .sd = &mc_sym, .local = L_SPARE_IDLE2, .busiest = B_SPARE,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "shared_llc_without_idle_local_cpu_is_even",
	  .sd = &mc_sym, .local = L_SPARE_NO_IDLE, .busiest = B_OVER,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "private_llc_without_idle_local_cpu_fills_spare_util",
	  .sd = &pkg_sym, .local = L_SPARE_NO_IDLE, .busiest = B_OVER,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_UTIL, .imbalance = 4096 - 800,
	  .reason = LB_R_FILL_SPARE },
	{ .desc = "prefer_sibling_spreads_tasks_evenly",
	  .sd = &mc_sym, .local = L_SMALL3, .busiest = B_SMALL6_SIBLING,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
	{ .desc = "without_prefer_sibling_one_idle_cpu_gap_is_even",
	  .sd = &mc_sym, .local = L_SMALL3, .busiest = B_SMALL6,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_HAS_SPARE,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "numa_keeps_a_small_gap_on_a_light_node",
	  .sd = &numa_sym, .local = L_SPARE_IDLE2, .busiest = B_BUSY,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_FULLY_BUSY,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_EVEN },
	{ .desc = "same_gap_moves_a_task_without_numa",
	  .sd = &mc_sym, .local = L_SPARE_IDLE2, .busiest = B_BUSY,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_FULLY_BUSY,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
};

KUNIT_ARRAY_PARAM_DESC(decide, decide_cases, desc);

static void check_decision(struct kunit *test, const struct decide_case *c)
{
	struct lb_group_snap local = build(&c->local);
	struct lb_group_snap busiest = build(&c->busiest);
	struct lb_domain_snap sd = *c->sd;
	struct lb_decision d;

	sd.energy_aware = c->energy_aware;
	sd.total_load = local.load + busiest.load + c->other_load;
	sd.total_capacity = local.capacity + busiest.capacity +
			    c->other_capacity;
	classified(&sd, &local);
	classified(&sd, &busiest);
	/* The row must really sit in the cell it claims. */
	KUNIT_ASSERT_EQ_MSG(test, local.state, c->want_local, "local is %s",
			    sched_lb_state_name(local.state));
	if (!c->no_busiest)
		KUNIT_ASSERT_EQ_MSG(test, busiest.state, c->want_busiest,
				    "busiest is %s",
				    sched_lb_state_name(busiest.state));

	d = sched_lb_decide(&sd, &local, c->no_busiest ? NULL : &busiest);
	KUNIT_EXPECT_EQ_MSG(test, d.reason, c->reason, "reason %s, want %s",
			    sched_lb_reason_name(d.reason),
			    sched_lb_reason_name(c->reason));
	KUNIT_EXPECT_EQ(test, d.imbalance, c->imbalance);
	KUNIT_EXPECT_EQ(test, d.type, c->type);
}

static void decide_matches_table(struct kunit *test)
{
	check_decision(test, test->param_value);
}

/* ---- The stock defects this engine fixes ------------------------------ */

#define LITTLE_3_IDLE_1	{ HOGS(3, 512), .g = { LITTLE4, .idle_cpus = 1, \
					     .local = true } }
#define LITTLE_3	{ HOGS(3, 512), .g = { LITTLE4, .local = true } }
/* Four hogs and a task that has just woken: overloaded, nothing waited. */
#define BIG_4_WOKEN	{ HOGS(5, 859), .g = { BIG4 } }

static const struct decide_case defect_cases[] = {
	/*
	 * A short task that just woke beside four hogs on the big CPUs:
	 * nothing has waited yet, and pulling a hog to a LITTLE CPU would
	 * only have it pushed back as misfit.
	 */
	{ .desc = "newly_idle_little_leaves_hogs_beside_a_fresh_wakeup",
	  .sd = &mc_little_newidle, .local = LITTLE_3, .busiest = BIG_4_WOKEN,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_NO_WAIT },
	/*
	 * Nor at an idle LITTLE CPU's periodic balance: in the lab, 4 hogs
	 * on 4 big CPUs went back and forth between big and LITTLE whenever
	 * a short task woke beside them.
	 */
	{ .desc = "idle_little_leaves_hogs_beside_a_fresh_wakeup",
	  .sd = &mc_little, .local = LITTLE_3_IDLE_1, .busiest = BIG_4_WOKEN,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_LOAD, .imbalance = 0, .reason = LB_R_NO_WAIT },
	/*
	 * Between CPUs of equal capacity an idle CPU still takes one: in
	 * the lab, refusing it left CPUs idle beside queued periodic tasks
	 * (scenarios/hunt/h5-10.scen).
	 */
	{ .desc = "idle_cpu_of_equal_capacity_takes_from_a_fresh_wakeup",
	  .sd = &mc_sym, .local = L_SPARE_IDLE2, .busiest = B_JUST_OVER,
	  .want_local = LB_HAS_SPARE, .want_busiest = LB_OVERLOADED,
	  .type = LB_MIGRATE_TASK, .imbalance = 1, .reason = LB_R_SPREAD },
};

KUNIT_ARRAY_PARAM_DESC(defect, defect_cases, desc);

static void defect_is_fixed(struct kunit *test)
{
	check_decision(test, test->param_value);
}

/* ---- Degenerate snapshots --------------------------------------------- */

static unsigned long sat_sum(unsigned long a, unsigned long b)
{
	unsigned long r;

	return check_add_overflow(a, b, &r) ? ULONG_MAX : r;
}

struct degenerate_case {
	const char *desc;
	struct tgroup local, a, b;
};

static const struct degenerate_case degenerate_cases[] = {
	{ .desc = "zero_capacity_everywhere",
	  .local = { .g = { .weight = 4, .nr_running = 4, .cfs_running = 4,
			    .load = 4096, .util = 100, .runnable = 100,
			    .local = true } },
	  .a = { .g = { .weight = 4, .nr_running = 4, .cfs_running = 4,
			.load = 4096, .util = 100, .runnable = 100 } },
	  .b = { .g = { .weight = 4 } } },
	{ .desc = "zero_weight_groups", .local = { .g = { .local = true } },
	  .a = { }, .b = { } },
	{ .desc = "every_cpu_idle",
	  .local = { .g = { BIG4, .idle_cpus = 4, .local = true } },
	  .a = { .g = { BIG4, .idle_cpus = 4 } },
	  .b = { .g = { LITTLE4, .idle_cpus = 4 } } },
	{ .desc = "loads_near_ulong_max_everywhere",
	  .local = { .g = { BIG4, .nr_running = 8, .cfs_running = 8,
			    .load = ULONG_MAX, .util = ULONG_MAX,
			    .runnable = ULONG_MAX, .local = true } },
	  .a = { .g = { BIG4, .nr_running = 8, .cfs_running = 8,
			.load = ULONG_MAX, .util = ULONG_MAX,
			.runnable = ULONG_MAX } },
	  .b = { .g = { BIG4, .nr_running = 8, .cfs_running = 8,
			.load = ULONG_MAX - 1, .util = ULONG_MAX,
			.runnable = ULONG_MAX } } },
};

KUNIT_ARRAY_PARAM_DESC(degenerate, degenerate_cases, desc);

static void degenerate_snapshot_is_balanced(struct kunit *test)
{
	const struct degenerate_case *c = test->param_value;
	struct lb_group_snap local = build(&c->local), a = build(&c->a);
	struct lb_group_snap b = build(&c->b);
	const struct lb_group_snap *busiest = NULL;
	struct lb_domain_snap sd = mc_big;
	struct lb_decision d;

	sd.total_load = sat_sum(sat_sum(local.load, a.load), b.load);
	sd.total_capacity = local.capacity + a.capacity + b.capacity;
	classified(&sd, &local);
	classified(&sd, &a);
	classified(&sd, &b);
	if (sched_lb_busier(&sd, &local, &a, busiest))
		busiest = &a;
	if (sched_lb_busier(&sd, &local, &b, busiest))
		busiest = &b;
	d = sched_lb_decide(&sd, &local, busiest);
	KUNIT_EXPECT_EQ_MSG(test, d.imbalance, 0UL, "reason %s",
			    sched_lb_reason_name(d.reason));
	KUNIT_EXPECT_LE(test, d.reason, LB_R_EVEN);
}

/* ---- The differential oracle: the engine against stock 7.3 ------------ */

#define LB_ORACLE_SCENES	100000
#define LB_ORACLE_SEED		0x1b5eedULL

/*
 * On every generated scene the engine decides exactly as the model of
 * stock 7.3 does with the engine's departures, and keeps its invariants.
 * The host's tools/testing/sched_lb/oracle runs the same scenes, and
 * prints any of them in full with "-s SEED -n 1 -v".
 */
static void engine_is_stock_plus_departures(struct kunit *test)
{
	unsigned long differ = 0, stock = 0, broken = 0;
	struct lb_verdict e, m;
	struct lb_scene sc;
	const char *why;
	u64 seed;

	for (seed = LB_ORACLE_SEED; seed < LB_ORACLE_SEED + LB_ORACLE_SCENES;
	     seed++) {
		lbo_seed_scene(seed, &sc);
		lbo_engine(&sc, &e);
		why = lbo_invariant(&sc, &e);
		if (why && !broken++)
			KUNIT_FAIL(test, "scene %#llx: %s", seed, why);
		lbo_stock(&sc, LB_ENGINE_DEPARTURES, &m);
		if (!lbo_same(&e, &m, sc.nr) && !differ++)
			KUNIT_FAIL(test, "scene %#llx: not stock + departures",
				   seed);
		lbo_stock(&sc, 0, &m);
		stock += !lbo_same(&e, &m, sc.nr);
	}
	KUNIT_EXPECT_EQ(test, differ, 0UL);
	KUNIT_EXPECT_EQ(test, broken, 0UL);
	kunit_info(test, "%d scenes; the departures change %lu decisions of stock 7.3\n",
		   LB_ORACLE_SCENES, stock);
}

static const enum lb_departure departures[] = {
	LB_D_LOCAL_NOT_IMBALANCED, LB_D_BUSY_BY_LOAD, LB_D_MISFIT_ROOM,
	LB_D_NO_WAIT, LB_D_IDLE_CPUS, LB_D_NEWIDLE_COUNTED,
	LB_D_BELOW_AVERAGE,
};

static_assert(ARRAY_SIZE(departures) == LB_NR_DEPARTURES);

/* The name of a departure is kept once, in lb_oracle.h. */
static void departure_desc(const enum lb_departure *d, char *desc)
{
	strscpy(desc, lb_departure_names[*d], KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(departure, departures, departure_desc);

/*
 * Each departure changes the decision of some scene: the model with that
 * one rule toggled (left out if the engine makes it, taken if not) no
 * longer matches the engine. A departure the engine makes that changed
 * nothing would be a claim it does not make, and one it does not make
 * yet would be a patch that changed nothing.
 */
static void departure_changes_a_decision(struct kunit *test)
{
	const enum lb_departure *d = test->param_value;
	unsigned int dep = LB_ENGINE_DEPARTURES ^ (1U << *d);
	struct lb_verdict e, m;
	struct lb_scene sc;
	u64 seed;

	for (seed = LB_ORACLE_SEED; seed < LB_ORACLE_SEED + LB_ORACLE_SCENES;
	     seed++) {
		lbo_seed_scene(seed, &sc);
		lbo_engine(&sc, &e);
		lbo_stock(&sc, dep, &m);
		if (!lbo_same(&e, &m, sc.nr)) {
			kunit_info(test, "first changed scene %#llx\n", seed);
			return;
		}
	}
	KUNIT_FAIL(test, "no decision of %d scenes changes", LB_ORACLE_SCENES);
}

/*
 * Scenes with absurd values (0, ULONG_MAX, a capacity of 0, more tasks
 * than any CPU holds) still get decisions that keep the invariants, and
 * never a division by zero. The host's fuzzer (tools/testing/sched_lb)
 * explores the same edits under ASan and UBSan.
 */
static void edited_scenes_keep_invariants(struct kunit *test)
{
	unsigned long broken = 0;
	struct lb_verdict e;
	struct lb_scene sc;
	u64 s = 0xed17ed, i;
	const char *why;
	int k;

	for (i = 0; i < LB_ORACLE_SCENES; i++) {
		lbo_seed_scene(lbo_rand(&s), &sc);
		for (k = 1 + lbo_pick(&s, 4); k; k--)
			lbo_edit(&sc, lbo_rand(&s), lbo_rand(&s), lbo_rand(&s));
		lbo_repair(&sc);
		lbo_engine(&sc, &e);
		why = lbo_invariant(&sc, &e);
		if (why && !broken++)
			KUNIT_FAIL(test, "edited scene %llu: %s", i, why);
	}
	KUNIT_EXPECT_EQ(test, broken, 0UL);
}

/* Which groups fair.c may pass over, from their counts alone. */
struct may_give_case {
	const char *desc;
	struct lb_domain_snap sd;
	const struct lb_group_snap *local;
	struct lb_group_counts c;
	bool want;
};

static const struct lb_group_snap local_spare = {
	.local = true, .state = LB_HAS_SPARE,
};

static const struct lb_group_snap local_busy = {
	.local = true, .state = LB_FULLY_BUSY,
};

static const struct lb_group_snap local_overloaded = {
	.local = true, .state = LB_OVERLOADED,
};

static const struct may_give_case may_give_cases[] = {
	{ .desc = "no_cfs_task_gives_nothing", .sd = { .dst_idle = true },
	  .c = { .nr_running = 2, .cfs_running = 0, .weight = 4 },
	  .want = false },
	{ .desc = "idle_dst_asks_any_group_with_cfs_tasks",
	  .sd = { .dst_idle = true },
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4 },
	  .want = true },
	{ .desc = "busy_dst_passes_over_fully_busy",
	  .c = { .nr_running = 4, .cfs_running = 4, .weight = 4 },
	  .want = false },
	{ .desc = "busy_dst_asks_more_tasks_than_cpus",
	  .c = { .nr_running = 5, .cfs_running = 5, .weight = 4 },
	  .want = true },
	{ .desc = "busy_dst_under_eas_passes_over_without_overutilized",
	  .sd = { .energy_model = true },
	  .c = { .nr_running = 5, .cfs_running = 5, .weight = 4 },
	  .want = false },
	{ .desc = "busy_dst_under_eas_asks_overutilized",
	  .sd = { .energy_model = true },
	  .c = { .nr_running = 5, .cfs_running = 5, .weight = 4,
		 .overutilized = true },
	  .want = true },
	{ .desc = "busy_dst_asks_work_that_must_move",
	  .c = { .nr_running = 2, .cfs_running = 2, .weight = 4,
		 .must_move = true },
	  .want = true },
	{ .desc = "misfit_asked_before_local_is_known",
	  .sd = { .flags = SD_ASYM_CPUCAPACITY },
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4,
		 .misfit = true },
	  .want = true },
	{ .desc = "misfit_passed_over_by_fully_busy_local",
	  .sd = { .flags = SD_ASYM_CPUCAPACITY }, .local = &local_busy,
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4,
		 .misfit = true },
	  .want = false },
	{ .desc = "misfit_passed_over_by_overloaded_local",
	  .sd = { .flags = SD_ASYM_CPUCAPACITY }, .local = &local_overloaded,
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4,
		 .misfit = true },
	  .want = false },
	{ .desc = "misfit_asked_by_local_with_spare",
	  .sd = { .flags = SD_ASYM_CPUCAPACITY }, .local = &local_spare,
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4,
		 .misfit = true },
	  .want = true },
	{ .desc = "reduced_capacity_misfit_asked_off_asym_domains",
	  .local = &local_busy,
	  .c = { .nr_running = 1, .cfs_running = 1, .weight = 4,
		 .misfit = true },
	  .want = true },
};

KUNIT_ARRAY_PARAM_DESC(may_give, may_give_cases, desc);

static void may_give_matches_table(struct kunit *test)
{
	const struct may_give_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, sched_lb_may_give(&c->sd, c->local, c->c),
			c->want);
}

/*
 * On every generated scene, and on as many with absurd edits, fair.c's
 * way of gathering (passing over the groups sched_lb_may_give() rejects)
 * decides as the engine does with every group classified and compared.
 * Some scenes must end with no group compared, or the test shows nothing.
 */
static void passing_over_changes_no_decision(struct kunit *test)
{
	unsigned long differ = 0, passed = 0, i;
	struct lb_verdict e, g;
	struct lb_scene sc;
	u64 s = 0x9a55ed;
	int k;

	for (i = 0; i < 2 * LB_ORACLE_SCENES; i++) {
		lbo_seed_scene(i < LB_ORACLE_SCENES ? LB_ORACLE_SEED + i :
			       lbo_rand(&s), &sc);
		if (i >= LB_ORACLE_SCENES) {
			for (k = 1 + lbo_pick(&s, 4); k; k--)
				lbo_edit(&sc, lbo_rand(&s), lbo_rand(&s),
					 lbo_rand(&s));
			lbo_repair(&sc);
		}
		lbo_engine(&sc, &e);
		lbo_engine_gathered(&sc, &g);
		passed += g.d.reason == LB_R_DST_BUSY;
		if (!lbo_gathered_same(&e, &g) && !differ++)
			KUNIT_FAIL(test, "scene %lu: %s %lu, gathered %s %lu",
				   i, sched_lb_reason_name(e.d.reason),
				   e.d.imbalance,
				   sched_lb_reason_name(g.d.reason),
				   g.d.imbalance);
	}
	KUNIT_EXPECT_EQ(test, differ, 0UL);
	KUNIT_EXPECT_GT(test, passed, 0UL);
	kunit_info(test, "%lu of %d searches passed over every group\n",
		   passed, 2 * LB_ORACLE_SCENES);
}

/* What came of a pass, from its decision and what the act phase saw. */
struct outcome_case {
	const char *desc;
	unsigned long imbalance;
	unsigned int moved;
	bool all_pinned;
	bool active;
	enum lb_outcome want;
};

static const struct outcome_case outcome_cases[] = {
	{ .desc = "no_imbalance_is_balanced_even_if_pinned", .imbalance = 0,
	  .moved = 0, .all_pinned = true, .active = false,
	  .want = LB_O_BALANCED },
	{ .desc = "moved_tasks_win_over_pinned_ones", .imbalance = 2,
	  .moved = 1, .all_pinned = true, .active = false,
	  .want = LB_O_MOVED },
	{ .desc = "nothing_moved_but_active_push", .imbalance = 1, .moved = 0,
	  .all_pinned = false, .active = true, .want = LB_O_ACTIVE },
	{ .desc = "nothing_moved_all_pinned", .imbalance = 1, .moved = 0,
	  .all_pinned = true, .active = false, .want = LB_O_PINNED },
	{ .desc = "nothing_moved_nothing_pinned_failed", .imbalance = 1,
	  .moved = 0, .all_pinned = false, .active = false,
	  .want = LB_O_FAILED },
};

KUNIT_ARRAY_PARAM_DESC(outcome, outcome_cases, desc);

static void outcome_matches_table(struct kunit *test)
{
	const struct outcome_case *c = test->param_value;
	struct lb_decision d = { .type = LB_MIGRATE_TASK,
				 .imbalance = c->imbalance };

	KUNIT_EXPECT_EQ(test, sched_lb_outcome(&d, c->moved, c->all_pinned,
					       c->active), c->want);
}

/* ---- The wakeup's scan of an asymmetric domain ---------------------- */

struct wake_scan_case {
	const char *desc;
	unsigned int span;
	bool whole;
};

/*
 * The lab's big.LITTLE domains (bl44, bl88) have 8 and 16 CPUs and are
 * scanned whole; a domain beyond LB_WAKE_SCAN_WHOLE_MAX CPUs keeps
 * SIS_UTIL's hint.
 */
static const struct wake_scan_case wake_scan_cases[] = {
	{ .desc = "bl44_whole", .span = 8, .whole = true },
	{ .desc = "bl88_whole", .span = 16, .whole = true },
	{ .desc = "largest_scanned_whole", .span = LB_WAKE_SCAN_WHOLE_MAX,
	  .whole = true },
	{ .desc = "one_more_keeps_the_hint",
	  .span = LB_WAKE_SCAN_WHOLE_MAX + 1, .whole = false },
	{ .desc = "server_keeps_the_hint", .span = 176, .whole = false },
};

KUNIT_ARRAY_PARAM_DESC(wake_scan, wake_scan_cases, desc);

static void wake_scan_matches_table(struct kunit *test)
{
	const struct wake_scan_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, sched_lb_wake_scan_whole(c->span), c->whole);
}

/* ---- Cache-aware scheduling and a task's share of its CPU ----------- */

struct share_case {
	const char *desc;
	unsigned long src_capacity;
	unsigned int nr_running;
	unsigned long dst_capacity;
	bool above;
};

/*
 * The lab's big (1024) and LITTLE (512) CPUs: a hog alone on a big CPU
 * keeps it, a second one there has no more than a LITTLE CPU gives, and
 * the 5% margin decides near the boundary.
 */
static const struct share_case share_cases[] = {
	{ .desc = "alone_on_big_keeps_it", .src_capacity = 1024,
	  .nr_running = 1, .dst_capacity = 512, .above = true },
	{ .desc = "shared_big_is_a_little", .src_capacity = 1024,
	  .nr_running = 2, .dst_capacity = 512, .above = false },
	{ .desc = "three_on_big_gain_on_little", .src_capacity = 1024,
	  .nr_running = 3, .dst_capacity = 512, .above = false },
	{ .desc = "within_the_margin", .src_capacity = 1024,
	  .nr_running = 2, .dst_capacity = 487, .above = false },
	{ .desc = "beyond_the_margin", .src_capacity = 1024,
	  .nr_running = 2, .dst_capacity = 486, .above = true },
	{ .desc = "to_a_bigger_cpu", .src_capacity = 512,
	  .nr_running = 1, .dst_capacity = 1024, .above = false },
	{ .desc = "no_tasks_reads_as_one", .src_capacity = 1024,
	  .nr_running = 0, .dst_capacity = 512, .above = true },
	{ .desc = "saturates", .src_capacity = ULONG_MAX,
	  .nr_running = UINT_MAX, .dst_capacity = ULONG_MAX, .above = false },
};

KUNIT_ARRAY_PARAM_DESC(share, share_cases, desc);

static void share_matches_table(struct kunit *test)
{
	const struct share_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, sched_lb_share_above(c->src_capacity,
						   c->nr_running,
						   c->dst_capacity), c->above);
}

/* ---- Groups as searched again without a CPU of pinned tasks ----------- */

/*
 * llc4's PKG level, from the idle CPU 7: LLC 1 has three hogs. LLC 0 has
 * two hogs pinned to CPU 0 and two movable ones sharing CPU 1, one each
 * on CPUs 2 and 3. The pass picks CPU 0, finds only pinned tasks and
 * searches again without it: the three CPUs left hold four hogs (util
 * 3072, runnable 4096). fair.c counts the group's CPUs and capacity over
 * the CPUs still searched, as it sums their tasks; counted whole, the
 * same sums read as a group of four CPUs with room, and nothing moved.
 */
#define LLC0_TASKS	.nr_running = 4, .cfs_running = 4, .util = 3072, \
			.runnable = 4096, .load = 4096, .min_capacity = 1024, \
			.max_capacity = 1024
#define LLC1_ONE_IDLE	{ HOGS(3, 1024), .g = { BIG4, .idle_cpus = 1, \
						.local = true } }

/* Decide with @local and @busiest as the domain's only groups. */
static struct lb_decision decide_two(struct lb_domain_snap *sd,
				     const struct lb_group_snap *local,
				     const struct lb_group_snap *busiest)
{
	sd->total_load = local->load + busiest->load;
	sd->total_capacity = local->capacity + busiest->capacity;
	return sched_lb_decide(sd, local, busiest);
}

static void group_without_pinned_cpu_gives_work(struct kunit *test)
{
	const struct tgroup lt = LLC1_ONE_IDLE;
	const struct tgroup searched = {
		.g = { LLC0_TASKS, .weight = 3, .cores = 3, .capacity = 3072 }
	};
	const struct tgroup whole = {
		.g = { LLC0_TASKS, .weight = 4, .cores = 4, .capacity = 4096 }
	};
	struct lb_group_snap local = build(&lt), b3 = build(&searched);
	struct lb_group_snap b4 = build(&whole);
	struct lb_domain_snap sd = pkg_sym;
	struct lb_decision d;

	classified(&sd, &local);
	classified(&sd, &b3);
	classified(&sd, &b4);
	KUNIT_ASSERT_EQ(test, local.state, LB_HAS_SPARE);

	/* As searched: four hogs on three CPUs wait, and one moves. */
	KUNIT_EXPECT_EQ(test, b3.state, LB_OVERLOADED);
	d = decide_two(&sd, &local, &b3);
	KUNIT_EXPECT_GT(test, d.imbalance, 0UL);

	/* Counted whole, as stock counts it: room, and nothing moves. */
	KUNIT_EXPECT_EQ(test, b4.state, LB_HAS_SPARE);
	d = decide_two(&sd, &local, &b4);
	KUNIT_EXPECT_EQ(test, d.imbalance, 0UL);
}

/* ---- Pinned tasks: retried, not backed off from --------------------- */

/*
 * llc4's PKG level: eight hogs wait on CPU 0 of LLC 0, where an affinity
 * keeps them until it is widened. An idle CPU of LLC 1 is to pull them,
 * and asks to come back at the usual interval should all still be pinned.
 * A busy CPU facing the same group backs off, as stock does, and so does
 * any balanced decision.
 */
#define LLC0_ON_CPU0	{ .g = { BIG4, .nr_running = 8, .cfs_running = 8, \
				 .util = 1024, .runnable = 8192, \
				 .load = 8192, .idle_cpus = 3 } }
#define LLC1_IDLE	{ .g = { BIG4, .idle_cpus = 4, .local = true } }
#define LLC1_BUSY	{ HOGS(4, 1024), .g = { BIG4, .local = true } }

static void idle_cpu_retries_pinned_tasks(struct kunit *test)
{
	const struct tgroup tb = LLC0_ON_CPU0, ti = LLC1_IDLE;
	const struct tgroup tbusy = LLC1_BUSY, teven = B_SPARE;
	struct lb_group_snap busiest = build(&tb), idle = build(&ti);
	struct lb_group_snap busy = build(&tbusy), even = build(&teven);
	struct lb_domain_snap sd = pkg_sym;
	struct lb_decision d;

	classified(&sd, &busiest);
	classified(&sd, &idle);
	classified(&sd, &even);
	KUNIT_ASSERT_EQ(test, busiest.state, LB_OVERLOADED);
	d = decide_two(&sd, &idle, &busiest);
	KUNIT_EXPECT_GT(test, d.imbalance, 0UL);
	KUNIT_EXPECT_TRUE(test, d.retry_pinned);

	/* Three hogs on four CPUs, beside none: spread one, retry too. */
	d = sched_lb_decide(&sd, &idle, &even);
	KUNIT_EXPECT_GT(test, d.imbalance, 0UL);
	KUNIT_EXPECT_TRUE(test, d.retry_pinned);

	/* Nothing to pull: nothing to retry. */
	d = sched_lb_decide(&sd, &idle, NULL);
	KUNIT_EXPECT_FALSE(test, d.retry_pinned);

	/* A busy CPU may take load, but backs off if it is all pinned. */
	sd = pkg_sym;
	sd.dst_idle = false;
	sd.dst_core_idle = false;
	classified(&sd, &busy);
	KUNIT_ASSERT_EQ(test, busy.state, LB_FULLY_BUSY);
	d = decide_two(&sd, &busy, &busiest);
	KUNIT_EXPECT_GT(test, d.imbalance, 0UL);
	KUNIT_EXPECT_FALSE(test, d.retry_pinned);
}

static struct kunit_case sched_lb_cases[] = {
	KUNIT_CASE_PARAM(classify_matches_table, classify_gen_params),
	KUNIT_CASE(overloaded_and_spare_are_exclusive),
	KUNIT_CASE(eas_overload_needs_an_overutilized_cpu),
	KUNIT_CASE_PARAM(wake_scan_matches_table, wake_scan_gen_params),
	KUNIT_CASE_PARAM(share_matches_table, share_gen_params),
	KUNIT_CASE(llc_balance_busier_by_tasks_preferring_dst),
	KUNIT_CASE_PARAM(busier_matches_table, busier_gen_params),
	KUNIT_CASE_PARAM(decide_matches_table, decide_gen_params),
	KUNIT_CASE_PARAM(defect_is_fixed, defect_gen_params),
	KUNIT_CASE_PARAM(degenerate_snapshot_is_balanced,
			 degenerate_gen_params),
	KUNIT_CASE(engine_is_stock_plus_departures),
	KUNIT_CASE_PARAM(departure_changes_a_decision, departure_gen_params),
	KUNIT_CASE(edited_scenes_keep_invariants),
	KUNIT_CASE_PARAM(may_give_matches_table, may_give_gen_params),
	KUNIT_CASE(passing_over_changes_no_decision),
	KUNIT_CASE_PARAM(outcome_matches_table, outcome_gen_params),
	KUNIT_CASE(group_without_pinned_cpu_gives_work),
	KUNIT_CASE(idle_cpu_retries_pinned_tasks),
	{}
};

static struct kunit_suite sched_lb_suite = {
	.name = "sched_lb",
	.test_cases = sched_lb_cases,
};

kunit_test_suite(sched_lb_suite);
