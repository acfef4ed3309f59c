// SPDX-License-Identifier: GPL-2.0
/*
 * Classification-driven load-balance decisions.
 *
 * Balancing a sched domain happens in three phases:
 *
 *   gather   fair.c walks the domain's groups and fills one
 *            struct lb_group_snap per group and a struct lb_domain_snap
 *            for the domain and the CPU that balances it;
 *   decide   the functions of this file put every group in a state, pick
 *            the busiest group and decide what to migrate and how much;
 *   act      fair.c detaches and attaches tasks as the decision says.
 *
 * The decide phase is pure: it reads only its arguments and returns a
 * value, so the same snapshot always gives the same decision and KUnit
 * (tests/fair_lb_kunit.c) can check every rule without a runqueue.
 *
 * All ratios below are compared by cross-multiplying: "util is above
 * capacity shrunk by imbalance_pct" is util * pct > capacity * 100. The
 * products saturate at ULONG_MAX instead of wrapping, so absurd inputs
 * still give an ordered, if coarse, answer.
 */
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/sched/topology.h>

#include "lb_stats.h"

/* a * b, or ULONG_MAX when the product does not fit. */
static unsigned long sat_mul(unsigned long a, unsigned long b)
{
	unsigned long r;

	if (check_mul_overflow(a, b, &r))
		return ULONG_MAX;
	return r;
}

/*
 * True when the group's CFS signals say it is short of capacity: either
 * utilization is within imbalance_pct of the capacity, or the runnable
 * average (which also counts waiting time) is beyond it by imbalance_pct.
 */
static bool group_short_of_capacity(unsigned int pct,
				    const struct lb_group_snap *g)
{
	if (sat_mul(g->util, pct) > sat_mul(g->capacity, 100))
		return true;
	return sat_mul(g->runnable, 100) > sat_mul(g->capacity, pct);
}

/**
 * sched_lb_group_overloaded() - Does a group have more work than CPUs?
 * @pct: The domain's imbalance_pct.
 * @g:   The group.
 *
 * A group is overloaded when its tasks outnumber its CPUs and its CFS
 * signals confirm that they compete for time. Counting tasks alone would
 * call a group of short sleepers overloaded.
 *
 * Context: Any; pure.
 * Return: true if @g is overloaded.
 */
bool sched_lb_group_overloaded(unsigned int pct, const struct lb_group_snap *g)
{
	if (g->nr_running <= g->weight)
		return false;
	return group_short_of_capacity(pct, g);
}

/**
 * sched_lb_group_has_spare() - Could a group run more work?
 * @pct: The domain's imbalance_pct.
 * @g:   The group.
 *
 * A group with fewer tasks than CPUs has an idle CPU to offer, and a group
 * without tasks has nothing that competes for its CPUs. A group
 * with as many tasks as CPUs or more still has spare capacity when its
 * utilization stays clear of the capacity by imbalance_pct and its tasks
 * are not waiting, e.g. several small tasks sharing one big CPU.
 *
 * Note that "not overloaded" does not imply "has spare": a group with one
 * CPU-bound task per CPU is neither; it is fully busy.
 *
 * Context: Any; pure.
 * Return: true if @g has spare capacity.
 */
bool sched_lb_group_has_spare(unsigned int pct, const struct lb_group_snap *g)
{
	if (g->nr_running < g->weight || !g->nr_running)
		return true;
	/* Tasks that wait mean no spare, whatever utilization says. */
	if (sat_mul(g->runnable, 100) > sat_mul(g->capacity, pct))
		return false;
	return sat_mul(g->util, pct) < sat_mul(g->capacity, 100);
}

/**
 * sched_lb_classify() - Put a group in a load-balance state.
 * @sd: The domain being balanced.
 * @g:  One of its groups.
 *
 * The rules are tried from the most urgent state down, and the first that
 * matches wins:
 *
 *   overloaded    more tasks than CPUs and short of capacity;
 *   imbalanced    pinned tasks defeated an earlier balance;
 *   asym_packing  the destination CPU is preferred to the group's;
 *   smt_balance   CFS tasks share the SMT siblings of the group;
 *   misfit        a task does not fit the CPU it runs on;
 *   fully_busy    no spare capacity;
 *   has_spare     otherwise.
 *
 * Context: Any; pure.
 * Return: The group's state.
 */
enum lb_group_state sched_lb_classify(const struct lb_domain_snap *sd,
				      const struct lb_group_snap *g)
{
	if (sched_lb_group_overloaded(sd->imbalance_pct, g))
		return LB_OVERLOADED;
	if (g->imbalanced)
		return LB_IMBALANCED;
	if (g->asym_packing)
		return LB_ASYM_PACKING;
	if (g->smt_balance)
		return LB_SMT_BALANCE;
	if (g->misfit_load)
		return LB_MISFIT;
	if (!sched_lb_group_has_spare(sd->imbalance_pct, g))
		return LB_FULLY_BUSY;
	return LB_HAS_SPARE;
}

#ifdef CONFIG_SCHED_LB_KUNIT_TEST
#include "tests/fair_lb_kunit.c"
#endif
