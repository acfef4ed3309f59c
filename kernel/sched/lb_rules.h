/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The per-group rules of the classification-driven load balancer.
 *
 * fair.c's gather loop calls these once per sched_group of the domain it
 * balances, as each group's statistics are complete: sched_lb_may_give()
 * first, on a few counts, and only for a group that could give work
 * sched_lb_classify() and sched_lb_busier() to keep the busiest group so
 * far. They are inline so that the loop calls no function per group, as
 * stock's group_classify() and update_sd_pick_busiest() are inlined into
 * it. The once-per-search decision, sched_lb_decide(), stays in
 * fair_lb.c, but for its most frequent answer, sched_lb_no_busiest().
 *
 * Like all of the engine's decisions these are pure: they read only their
 * arguments, the snapshots of lb_stats.h. KUnit (tests/fair_lb_kunit.c)
 * includes this header through fair_lb.c and checks them directly.
 *
 * All ratios are compared by cross-multiplying: "util is above capacity
 * shrunk by imbalance_pct" is util * pct > capacity * 100. The products
 * saturate at ULONG_MAX instead of wrapping, so absurd inputs still give
 * an ordered, if coarse, answer, and a capacity of 0 counts as 1.
 */
#ifndef _KERNEL_SCHED_LB_RULES_H
#define _KERNEL_SCHED_LB_RULES_H

#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/sched/topology.h>

#include "lb_stats.h"

/* Per-CPU capacities closer than this (5%) count as equal. */
#define LB_CAPACITY_MARGIN	1078

/* a * b, or ULONG_MAX when the product does not fit. */
static inline unsigned long lb_sat_mul(unsigned long a, unsigned long b)
{
	unsigned long r;

	if (check_mul_overflow(a, b, &r))
		return ULONG_MAX;
	return r;
}

/* Load per SCHED_CAPACITY_SCALE of capacity. */
static inline unsigned long lb_avg_load(const struct lb_group_snap *g)
{
	return lb_sat_mul(g->load, SCHED_CAPACITY_SCALE) /
	       max(g->capacity, 1UL);
}

/* Is capacity @a clearly (by more than 5%) above capacity @b? */
static inline bool lb_capacity_above(unsigned long a, unsigned long b)
{
	return lb_sat_mul(a, SCHED_CAPACITY_SCALE) >
	       lb_sat_mul(b, LB_CAPACITY_MARGIN);
}

/*
 * Asymmetric-capacity domains of up to this many CPUs are scanned whole
 * by a wakeup that looks for an idle CPU; see sched_lb_wake_scan_whole().
 */
#define LB_WAKE_SCAN_WHOLE_MAX	32

/**
 * sched_lb_wake_scan_whole() - Does a wakeup scan the whole asymmetric
 *                              domain for an idle CPU?
 * @span: CPUs in the domain (sd_asym_cpucapacity's span_weight).
 *
 * select_idle_capacity() visits the domain's CPUs in order from the
 * wakeup's target. SIS_UTIL's hint (the LLC's nr_idle_scan) stops it
 * after as many CPUs as the LLC's utilization leaves room for, counting
 * busy CPUs too. On a big.LITTLE part whose big cluster runs CPU hogs,
 * the first CPUs from a big target are those hogs' CPUs, so the scan
 * ends before it reaches an idle LITTLE CPU and the task queues behind
 * a hog. The rework scans a domain of up to %LB_WAKE_SCAN_WHOLE_MAX
 * CPUs whole, as 6.12 scanned every such domain; larger ones keep the hint,
 * which bounds the cost of a scan there.
 *
 * This is the wakeup path's only rule of the rework, and it is not a
 * rule of a group: it sits here because it is as pure as they are.
 *
 * Return: true when the scan may visit every CPU of the domain, false
 * when SIS_UTIL's hint limits it, as in stock 7.3.
 */
static inline bool sched_lb_wake_scan_whole(unsigned int span)
{
	return span <= LB_WAKE_SCAN_WHOLE_MAX;
}

/**
 * sched_lb_share_above() - Would a task lose capacity by moving to a CPU?
 * @src_capacity: Capacity of the task's CPU (arch_scale_cpu_capacity()).
 * @nr_running:   Tasks on that CPU, the task included.
 * @dst_capacity: Capacity of the destination CPU.
 *
 * Cache-aware scheduling (CONFIG_SCHED_CACHE) refuses, on an asymmetric
 * domain, every migration of a task to a CPU that it does not fit while
 * it fits its own (task_misfits_asym_cpu()). It flags the refusal
 * LBF_LLC_PINNED, which by design does not count as a failed balance, so
 * nr_balance_failed, which lifts the refusal, rises only by other
 * failures. A task queued behind another on a big CPU therefore stays
 * there while a LITTLE CPU in the other LLC idles. But a task that
 * shares its CPU has only its share of it: a second CPU hog on a 1024
 * CPU gets 512, what a whole 512 LITTLE CPU gives it. With the rework
 * the refusal stands only when the task's share of its CPU, the CPU's
 * capacity over its tasks, is clearly (5%) above the destination's
 * capacity. A task alone on its CPU keeps its whole CPU and is refused
 * as before; beside other tasks, the running one may go too, by active
 * balancing (alb_break_llc()).
 *
 * This is not a rule of a group either: it sits here because it is as
 * pure as they are.
 *
 * Context: Any; pure.
 * Return: true when the move would leave the task clearly less
 * capacity than it has, false when it would not (a count of 0 reads as
 * 1).
 */
static inline bool sched_lb_share_above(unsigned long src_capacity,
					unsigned int nr_running,
					unsigned long dst_capacity)
{
	return lb_capacity_above(src_capacity,
				 lb_sat_mul(dst_capacity, max(nr_running, 1U)));
}

/*
 * True when the group's CFS signals say it is short of capacity: either
 * utilization is within imbalance_pct of the capacity, or the runnable
 * average (which also counts waiting time) is beyond it by imbalance_pct.
 */
static inline bool lb_short_of_capacity(unsigned int pct,
					const struct lb_group_snap *g)
{
	if (lb_sat_mul(g->util, pct) > lb_sat_mul(g->capacity, 100))
		return true;
	return lb_sat_mul(g->runnable, 100) > lb_sat_mul(g->capacity, pct);
}

/**
 * sched_lb_group_overloaded() - Does a group have more work than CPUs?
 * @pct: The domain's imbalance_pct.
 * @energy_model: EAS is enabled.
 * @g:   The group.
 *
 * A group is overloaded when its tasks outnumber its CPUs and its CFS
 * signals confirm that they compete for time. Counting tasks alone would
 * call a group of short sleepers overloaded. Under EAS a group is
 * overloaded only if one of its CPUs is overutilized as well: below the
 * tipping point wakeup placement keeps the tasks where energy is best.
 *
 * Context: Any; pure.
 * Return: true if @g is overloaded.
 */
static inline bool sched_lb_group_overloaded(unsigned int pct,
					     bool energy_model,
					     const struct lb_group_snap *g)
{
	if (energy_model && !g->overutilized)
		return false;
	if (g->nr_running <= g->weight)
		return false;
	return lb_short_of_capacity(pct, g);
}

/**
 * sched_lb_group_has_spare() - Could a group run more work?
 * @pct: The domain's imbalance_pct.
 * @g:   The group.
 *
 * A group with fewer tasks than CPUs has an idle CPU to offer, and a group
 * without tasks has nothing that competes for its CPUs. A group with as
 * many tasks as CPUs or more still has spare capacity when its utilization
 * stays clear of the capacity by imbalance_pct and its tasks are not
 * waiting, e.g. several small tasks sharing one big CPU.
 *
 * Note that "not overloaded" does not imply "has spare": a group with one
 * CPU-bound task per CPU is neither; it is fully busy.
 *
 * Context: Any; pure.
 * Return: true if @g has spare capacity.
 */
static inline bool sched_lb_group_has_spare(unsigned int pct,
					    const struct lb_group_snap *g)
{
	if (g->nr_running < g->weight || !g->nr_running)
		return true;
	/* Tasks that wait mean no spare, whatever utilization says. */
	if (lb_sat_mul(g->runnable, 100) > lb_sat_mul(g->capacity, pct))
		return false;
	return lb_sat_mul(g->util, pct) < lb_sat_mul(g->capacity, 100);
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
 *   llc_balance   tasks prefer the destination's LLC;
 *   imbalanced    pinned tasks defeated an earlier balance;
 *   asym_packing  the destination CPU is preferred to the group's;
 *   smt_balance   CFS tasks share the SMT siblings of the group;
 *   misfit        a task does not fit the CPU it runs on;
 *   fully_busy    no spare capacity;
 *   has_spare     otherwise.
 *
 * The middle five describe work that should come to the destination CPU,
 * so they are not given to the local group, except "imbalanced": a local
 * group whose pinned tasks defeated an earlier balance is marked so too.
 *
 * Context: Any; pure.
 * Return: The group's state.
 */
static inline enum lb_group_state
sched_lb_classify(const struct lb_domain_snap *sd,
		  const struct lb_group_snap *g)
{
	if (sched_lb_group_overloaded(sd->imbalance_pct, sd->energy_model, g))
		return LB_OVERLOADED;
	if (!g->local) {
		if (g->llc_balance)
			return LB_LLC_BALANCE;
		if (g->imbalanced)
			return LB_IMBALANCED;
		if (g->asym_packing)
			return LB_ASYM_PACKING;
		if (g->smt_balance)
			return LB_SMT_BALANCE;
		if (g->misfit_load)
			return LB_MISFIT;
	} else if (g->imbalanced) {
		return LB_IMBALANCED;
	}
	if (!sched_lb_group_has_spare(sd->imbalance_pct, g))
		return LB_FULLY_BUSY;
	return LB_HAS_SPARE;
}

/**
 * sched_lb_counts() - The counts of a group that sched_lb_may_give() asks.
 * @g: The group's snapshot.
 *
 * fair.c reads the same counts from its statistics, before it takes a
 * snapshot.
 *
 * Context: Any; pure.
 * Return: The counts.
 */
static inline struct lb_group_counts
sched_lb_counts(const struct lb_group_snap *g)
{
	return (struct lb_group_counts){
		.nr_running	= g->nr_running,
		.cfs_running	= g->cfs_running,
		.weight		= g->weight,
		.misfit		= g->misfit_load,
		.must_move	= g->imbalanced || g->asym_packing ||
				  g->smt_balance || g->llc_balance,
		.overutilized	= g->overutilized,
	};
}

/**
 * sched_lb_may_give() - Could a group be the source of a migration?
 * @sd:    The domain being balanced; @dst_idle and @energy_model are
 *         read, and @flags with @local.
 * @local: The local group, with its state, or NULL when fair.c has not
 *         classified it yet; then a misfit task counts as able to move.
 * @c:     The counts of a group other than the local one.
 *
 * A group without CFS tasks has nothing to give. A busy destination
 * takes work only from a group that is overloaded or in one of the
 * states of work that must move (misfit, smt_balance, asym_packing,
 * imbalanced, llc_balance): were the busiest group has_spare or fully
 * busy, the decision would be "balanced" (the last rows of
 * sched_lb_decide()), and a group in any higher state beats it. A misfit
 * task on an asymmetric-capacity domain moves only into a local group
 * with spare capacity (lb_misfit_fits_local()). A group with no more
 * tasks than CPUs cannot be overloaded, nor can a group without an
 * overutilized CPU under EAS.
 *
 * fair.c asks this before it snapshots a group, and need not snapshot,
 * classify or compare a group that could give nothing. The searches of
 * busy CPUs in a balanced domain, the most frequent ones, end there for
 * every group. The oracle (tests/lb_oracle.h) checks on every generated
 * scene that passing over these groups changes no decision.
 *
 * Context: Any; pure.
 * Return: false if the group can be passed over without changing the
 * decision.
 */
static inline bool sched_lb_may_give(const struct lb_domain_snap *sd,
				     const struct lb_group_snap *local,
				     struct lb_group_counts c)
{
	if (!c.cfs_running)
		return false;
	if (sd->dst_idle || c.must_move)
		return true;
	if (c.misfit && (!local || !(sd->flags & SD_ASYM_CPUCAPACITY) ||
			 local->state == LB_HAS_SPARE))
		return true;
	if (c.nr_running <= c.weight)
		return false;
	return !sd->energy_model || c.overutilized;
}

/**
 * sched_lb_no_busiest() - The decision when no group could give work.
 * @sd: The domain being balanced.
 *
 * Balanced: "dst_busy" when sched_lb_may_give() passed over groups with
 * CFS tasks because the destination is busy, "no_busiest" otherwise.
 * Inline, so that the most frequent searches, which take no group, call
 * nothing to decide.
 *
 * Context: Any; pure.
 * Return: The decision.
 */
static inline struct lb_decision
sched_lb_no_busiest(const struct lb_domain_snap *sd)
{
	return (struct lb_decision){
		.type	= LB_MIGRATE_LOAD,
		.reason	= sd->passed_over ? LB_R_DST_BUSY : LB_R_NO_BUSIEST,
	};
}

/*
 * Would the misfit task of @g get more capacity on the destination CPU
 * than it has now? The local group must have spare capacity, the
 * destination's core must be idle, and the destination CPU must be
 * clearly bigger than the task's CPU.
 */
static inline bool lb_misfit_fits_local(const struct lb_domain_snap *sd,
					const struct lb_group_snap *local,
					const struct lb_group_snap *g)
{
	if (!sd->dst_core_idle || local->state != LB_HAS_SPARE)
		return false;
	return lb_capacity_above(sd->dst_capacity, g->max_capacity);
}

/*
 * Can the destination CPU take anything from @g at all? Not from its own
 * group, and a group without CFS tasks has nothing to give. On
 * asymmetric-capacity domains, a misfit task must fit the local group
 * better, and a group that is not overloaded keeps its tasks if its CPUs
 * are all clearly bigger than the destination.
 */
static inline bool lb_worth_pulling_from(const struct lb_domain_snap *sd,
					 const struct lb_group_snap *local,
					 const struct lb_group_snap *g)
{
	if (g->local || !g->cfs_running)
		return false;
	if (!(sd->flags & SD_ASYM_CPUCAPACITY))
		return true;
	if (g->state == LB_MISFIT && !lb_misfit_fits_local(sd, local, g))
		return false;
	if (g->state <= LB_FULLY_BUSY &&
	    lb_capacity_above(g->min_capacity, sd->dst_capacity))
		return false;
	return true;
}

/* Between two groups with idle CPUs: fewer idle CPUs, then more tasks. */
static inline bool lb_fewer_idle(const struct lb_group_snap *a,
				 const struct lb_group_snap *b)
{
	if (a->idle_cpus != b->idle_cpus)
		return a->idle_cpus < b->idle_cpus;
	return a->nr_running > b->nr_running;
}

/**
 * sched_lb_busier() - Is a group a better source than the busiest so far?
 * @sd:    The domain being balanced.
 * @local: The local group (holding the destination CPU).
 * @cand:  The candidate group.
 * @cur:   The busiest group so far, or NULL.
 *
 * The candidate must be worth pulling from. Then the higher state wins;
 * within one state, the state's own measure decides: load per capacity for
 * overloaded groups, the most tasks that prefer the destination's LLC,
 * the largest misfit task, the lowest asym_packing priority, and
 * otherwise fewer idle CPUs and more tasks. Among fully busy groups the
 * last one found wins unless an SMT group is already chosen. An SMT
 * group with a single task does not beat a non-SMT group, and the first
 * imbalanced group found is kept.
 *
 * Context: Any; pure.
 * Return: true if @cand should replace @cur as the busiest group.
 */
static inline bool sched_lb_busier(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *local,
				   const struct lb_group_snap *cand,
				   const struct lb_group_snap *cur)
{
	if (!lb_worth_pulling_from(sd, local, cand))
		return false;
	if (!cur)
		return true;
	if (cand->state != cur->state)
		return cand->state > cur->state;

	switch (cand->state) {
	case LB_OVERLOADED:
		return lb_avg_load(cand) > lb_avg_load(cur);
	case LB_LLC_BALANCE:
		return cand->nr_pref_llc > cur->nr_pref_llc;
	case LB_IMBALANCED:
		return false;
	case LB_ASYM_PACKING:
		return cand->asym_prio < cur->asym_prio;
	case LB_MISFIT:
		return cand->misfit_load > cur->misfit_load;
	case LB_SMT_BALANCE:
		if (cand->idle_cpus || cur->idle_cpus)
			return lb_fewer_idle(cand, cur);
		return !cur->smt;
	case LB_FULLY_BUSY:
		/* The later group wins, unless the one chosen is SMT. */
		return !cur->smt;
	default:
		if (cand->smt != cur->smt)
			return !cand->smt || cand->cfs_running > 1;
		return lb_fewer_idle(cand, cur);
	}
}

#endif /* _KERNEL_SCHED_LB_RULES_H */
