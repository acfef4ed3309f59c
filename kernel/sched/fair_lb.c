// SPDX-License-Identifier: GPL-2.0
/*
 * Classification-driven load-balance decisions.
 *
 * Balancing a sched domain happens in three phases:
 *
 *   gather   fair.c walks the domain's groups and asks of each, from a
 *            few counts, whether it could give work at all
 *            (sched_lb_may_give()); it fills a struct lb_group_snap for
 *            each group that could and for the local group, and a
 *            struct lb_domain_snap for the domain and the CPU that
 *            balances it;
 *   decide   the per-group rules of lb_rules.h put those groups in a
 *            state and pick the busiest group, inline in the gather loop;
 *            then sched_lb_decide(), here, decides what to migrate and
 *            how much. When no group could give work, nothing was
 *            snapshotted and sched_lb_no_busiest() says "balanced";
 *   act      fair.c detaches and attaches tasks as the decision says.
 *
 * The decide phase is pure: it reads only its arguments and returns a
 * value, so the same snapshot always gives the same decision and KUnit
 * (tests/fair_lb_kunit.c) can check every rule without a runqueue. This
 * file holds nothing else, and includes nothing that needs a running
 * kernel: tools/testing/sched_lb/ builds it as it is into host programs
 * that compare it with a model of stock's decisions and fuzz it. The
 * runtime switch is the sched feature LB_REWORK, which fair.c reads once
 * per balance pass; the counters and the trace event are in
 * fair_lb_watch.c.
 *
 * The decision starts from the state of the busiest group (rows) and of
 * the local group (columns); the local group is never misfit, smt_balance,
 * asym_packing or llc_balance, since those states describe work that
 * could come *to* the destination CPU. A local group whose pinned tasks
 * defeated an earlier balance is imbalanced, and then takes nothing from
 * a busiest group in a lower state:
 *
 *   busiest \ local   has_spare        fully_busy      overloaded
 *   has_spare         spread [1]       balanced        balanced
 *   fully_busy        spread [1]       balanced        balanced
 *   misfit            misfit task      misfit task     misfit task  [2]
 *   smt_balance       1 task [1]       1 task [1]      balanced
 *   asym_packing      all tasks        all tasks       all tasks
 *   imbalanced        1 task           1 task          1 task
 *   llc_balance       1 llc task [5]   1 llc task [1]  balanced
 *   overloaded        fill [3]         load [4]        load [4]
 *
 *   [1] only from an idle CPU and when idle CPUs or tasks are uneven by
 *       more than one (or the child domain prefers siblings);
 *   [2] misfit is only picked as busiest when the local group has spare
 *       capacity and the destination CPU is clearly bigger than the
 *       task's CPU (see lb_misfit_fits_local());
 *   [3] outside shared-LLC domains the local group's spare utilization,
 *       or one task for an idle destination without any; inside one,
 *       half the gap of idle CPUs (or of tasks, as in [1]);
 *   [4] load that evens the average load of the groups, if the gap is
 *       beyond imbalance_pct;
 *   [5] at once when the busiest group's child domain prefers siblings,
 *       otherwise as [1]. llc_balance exists only with cache-aware
 *       scheduling (CONFIG_SCHED_CACHE) between LLCs.
 *
 * Ratios are compared by cross-multiplying, with products that saturate
 * instead of wrapping (lb_sat_mul() in lb_rules.h).
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/sched/topology.h>

#include "lb_rules.h"

/* Imbalances of at most this many tasks between NUMA nodes are kept. */
#define LB_NUMA_IMBALANCE_MIN	2

static struct lb_decision balanced(enum lb_reason reason)
{
	return (struct lb_decision){
		.type = LB_MIGRATE_LOAD,
		.reason = reason,
	};
}

static struct lb_decision migrate(enum lb_migration type, unsigned long amount,
				  enum lb_reason reason)
{
	/* fair.c keeps the amount in a long. */
	amount = min_t(unsigned long, amount, LONG_MAX);
	if (!amount)
		return balanced(LB_R_EVEN);
	return (struct lb_decision){
		.type = type,
		.imbalance = amount,
		.reason = reason,
	};
}

/*
 * Tasks by which @busiest leads @local, for spreading them evenly. When
 * the groups have different numbers of cores, the tasks per core are made
 * equal, rounding to the nearest task; an empty local group facing
 * several tasks asks for at least one.
 */
static unsigned long sibling_gap(const struct lb_domain_snap *sd,
				 const struct lb_group_snap *local,
				 const struct lb_group_snap *busiest)
{
	unsigned long lc = max(local->cores, 1U), bc = max(busiest->cores, 1U);
	unsigned long gap, b, l;

	if (!sd->dst_idle || !busiest->nr_running)
		return 0;
	if (lc == bc) {
		if (busiest->nr_running <= local->nr_running)
			return 0;
		return busiest->nr_running - local->nr_running;
	}
	b = lc * busiest->nr_running;
	l = bc * local->nr_running;
	gap = b > l ? (2 * (b - l) + lc + bc) / (lc + bc) : 0;
	if (gap <= 1 && !local->nr_running && busiest->nr_running > 1)
		gap = 2;
	return gap;
}

/*
 * Half the gap between the groups moves: of tasks per core when the
 * busiest group is a single CPU or its child domain prefers siblings, of
 * idle CPUs otherwise. Between NUMA nodes, a lightly loaded node may keep
 * a small gap.
 */
static struct lb_decision even_out(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *local,
				   const struct lb_group_snap *busiest,
				   unsigned int idle)
{
	unsigned long gap = 0;

	if (busiest->weight == 1 || busiest->prefer_sibling)
		gap = sibling_gap(sd, local, busiest);
	else if (idle > busiest->idle_cpus)
		gap = idle - busiest->idle_cpus;
	if ((sd->flags & SD_NUMA) && local->nr_running + 1 <= sd->imb_numa_nr &&
	    gap <= LB_NUMA_IMBALANCE_MIN)
		gap = 0;
	return migrate(LB_MIGRATE_TASK, gap / 2, LB_R_SPREAD);
}

/*
 * Do the group's tasks wait for CPU time? A CPU's runnable average counts
 * every task that is runnable there, its utilization only the one that
 * runs, so what runnable has beyond util is time spent waiting. The tasks
 * wait when that excess is above imbalance_pct of one of the group's
 * CPUs (174 on a 1024 CPU with 117), or when the runnable average is
 * beyond the whole group's capacity by imbalance_pct.
 *
 * The first test does not depend on the size of the group: two hogs on
 * one CPU wait as much in a group of eight as in a group of two, though
 * the group's runnable total, 9216 against 8192 * 1.17 for 9 hogs on 8
 * CPUs, no longer shows it from 6 CPUs on. A task that has just woken
 * beside CPU hogs makes a group overloaded at once, but it has waited
 * little: moving a hog into a fully busy group for it would only make a
 * CPU there shared and, once the short task sleeps, an idle CPU here pull
 * a hog back.
 */
static bool tasks_wait(unsigned int pct, const struct lb_group_snap *g)
{
	unsigned long excess;

	if (lb_sat_mul(g->runnable, 100) > lb_sat_mul(g->capacity, pct))
		return true;
	if (g->runnable <= g->util || pct <= 100)
		return false;
	excess = g->runnable - g->util;
	return lb_sat_mul(lb_sat_mul(excess, g->weight), 100) >
	       lb_sat_mul(g->capacity, pct - 100);
}

/* Both groups overloaded: even out their load per capacity. */
static struct lb_decision even_load(const struct lb_domain_snap *sd,
				    const struct lb_group_snap *local,
				    const struct lb_group_snap *busiest)
{
	unsigned long la = lb_avg_load(local), ba = lb_avg_load(busiest), da;
	unsigned long excess, room;

	if (la >= ba)
		return balanced(LB_R_LOCAL_BUSIER);
	da = lb_sat_mul(sd->total_load, SCHED_CAPACITY_SCALE) /
	     max(sd->total_capacity, 1UL);
	if (la >= da)
		return balanced(LB_R_ABOVE_AVERAGE);
	if (local->state == LB_OVERLOADED &&
	    lb_sat_mul(ba, 100) <= lb_sat_mul(la, sd->imbalance_pct))
		return balanced(LB_R_WITHIN_PCT);
	/* Neither push busiest below the average nor pull local above it. */
	excess = lb_sat_mul(ba - da, busiest->capacity);
	room = lb_sat_mul(da - la, local->capacity);
	return migrate(LB_MIGRATE_LOAD,
		       min(excess, room) / SCHED_CAPACITY_SCALE, LB_R_AVG_LOAD);
}

/*
 * The local group has spare capacity and the busiest is overloaded.
 * Outside a shared LLC the local group's spare utilization is filled, or
 * one task moves to an idle destination that has none left. Within one,
 * where wakeups already spread load, idle CPUs are evened out as when
 * nothing is overloaded. sched_lb_decide() has already checked that the
 * busiest group's tasks waited.
 */
static struct lb_decision fill_local(const struct lb_domain_snap *sd,
				     const struct lb_group_snap *local,
				     const struct lb_group_snap *busiest)
{
	unsigned long spare = 0;

	if (sd->flags & SD_SHARE_LLC)
		return even_out(sd, local, busiest, local->idle_cpus);
	if (local->capacity > local->util)
		spare = local->capacity - local->util;
	if (spare)
		return migrate(LB_MIGRATE_UTIL, spare, LB_R_FILL_SPARE);
	if (sd->dst_idle)
		return migrate(LB_MIGRATE_TASK, 1, LB_R_ONE_TASK);
	return balanced(LB_R_EVEN);
}

/*
 * Nothing is overloaded; the local group has spare capacity. Only an idle
 * CPU pulls, and only when the groups' idle CPUs differ by more than one
 * (less would just move the imbalance), or when the busiest group's child
 * domain prefers its tasks on siblings and its tasks per core lead by
 * more than one.
 */
static struct lb_decision spread(const struct lb_domain_snap *sd,
				 const struct lb_group_snap *local,
				 const struct lb_group_snap *busiest)
{
	unsigned int idle = local->idle_cpus;

	if (busiest->prefer_sibling && sibling_gap(sd, local, busiest) > 1)
		return even_out(sd, local, busiest, idle);
	if (!sd->dst_idle)
		return balanced(LB_R_DST_BUSY);
	if (busiest->weight > 1 && idle <= busiest->idle_cpus + 1)
		return balanced(LB_R_EVEN);
	if (busiest->cfs_running == 1)
		return balanced(LB_R_EVEN);
	return even_out(sd, local, busiest, idle);
}

/*
 * Busiest groups that must be relieved whatever the local state: a misfit
 * task (first, even before the energy-aware check), work for a preferred
 * asym_packing CPU, and a group that pinned tasks kept imbalanced. Returns
 * false when the busiest group is none of these.
 */
static __always_inline bool forced(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *busiest,
				   struct lb_decision *d)
{
	switch (busiest->state) {
	case LB_MISFIT:
		/*
		 * Off asymmetric domains "misfit" is a task on a CPU whose
		 * capacity RT, IRQ or pressure took; its load moves.
		 */
		if (sd->flags & SD_ASYM_CPUCAPACITY)
			*d = migrate(LB_MIGRATE_MISFIT, 1, LB_R_MISFIT);
		else
			*d = migrate(LB_MIGRATE_LOAD, busiest->misfit_load,
				     LB_R_MISFIT);
		return true;
	case LB_ASYM_PACKING:
		*d = migrate(LB_MIGRATE_TASK, busiest->cfs_running,
			     LB_R_ASYM_PACKING);
		break;
	case LB_IMBALANCED:
		*d = migrate(LB_MIGRATE_TASK, 1, LB_R_PINNED);
		break;
	default:
		return false;
	}
	if (sd->energy_aware)
		*d = balanced(LB_R_ENERGY_AWARE);
	return true;
}

/* An SMT group with tasks sharing a core gives one to an idle CPU. */
static struct lb_decision unshare_smt(const struct lb_domain_snap *sd,
				      const struct lb_group_snap *local,
				      const struct lb_group_snap *busiest)
{
	if (local->state == LB_HAS_SPARE && busiest->prefer_sibling &&
	    sibling_gap(sd, local, busiest) > 1)
		return migrate(LB_MIGRATE_TASK, 1, LB_R_SMT);
	if (!sd->dst_idle)
		return balanced(LB_R_DST_BUSY);
	if (local->smt == busiest->smt &&
	    ((busiest->weight > 1 &&
	      local->idle_cpus <= busiest->idle_cpus + 1) ||
	     busiest->cfs_running == 1))
		return balanced(LB_R_EVEN);
	return migrate(LB_MIGRATE_TASK, 1, LB_R_SMT);
}

/*
 * Tasks of the busiest group prefer the destination's LLC (cache-aware
 * scheduling): one of them moves, on the terms on which idle CPUs are
 * spread. When the busiest group's child domain prefers siblings, a local
 * group with spare capacity takes it at once; otherwise only an idle
 * destination does, and only while the groups' idle CPUs differ by more
 * than one and the busiest group has more than one task. These are stock
 * 7.3's terms, with stock's count of the local idle CPUs.
 */
static struct lb_decision pull_llc(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *local,
				   const struct lb_group_snap *busiest)
{
	if (local->state == LB_HAS_SPARE && busiest->prefer_sibling)
		return migrate(LB_MIGRATE_LLC, 1, LB_R_LLC);
	if (!sd->dst_idle)
		return balanced(LB_R_DST_BUSY);
	if (busiest->weight > 1 && local->idle_cpus <= busiest->idle_cpus + 1)
		return balanced(LB_R_EVEN);
	if (busiest->cfs_running == 1)
		return balanced(LB_R_EVEN);
	return migrate(LB_MIGRATE_LLC, 1, LB_R_LLC);
}

/*
 * The decision matrix at the top of this file, cell by cell; inline in its
 * one caller, as the calls cost a search that decides about a tenth of
 * what it adds to stock's.
 */
static __always_inline struct lb_decision
decide_cell(const struct lb_domain_snap *sd, const struct lb_group_snap *local,
	    const struct lb_group_snap *busiest)
{
	struct lb_decision d;

	if (forced(sd, busiest, &d))
		return d;
	if (sd->energy_aware)
		return balanced(LB_R_ENERGY_AWARE);
	if (local->state > busiest->state)
		return balanced(LB_R_LOCAL_BUSIER);
	if (busiest->state == LB_OVERLOADED) {
		/*
		 * A local group that is not overloaded itself takes only
		 * tasks that have waited (tasks_wait()). One task more than
		 * CPUs is often a short task just woken beside busy CPUs,
		 * which runs in a moment: pulling what waits behind it, often
		 * a hog, to a busy CPU only makes that CPU shared, and to a
		 * smaller CPU only has the hog pushed back as misfit. An idle
		 * CPU of a domain of equal capacities still pulls, as stock
		 * does: there the task it takes runs at once and at full
		 * speed, and refusing it left CPUs idle beside queued
		 * periodic tasks.
		 */
		if (local->state != LB_OVERLOADED &&
		    (!sd->dst_idle || (sd->flags & SD_ASYM_CPUCAPACITY)) &&
		    !tasks_wait(sd->imbalance_pct, busiest))
			return balanced(LB_R_NO_WAIT);
		if (local->state == LB_HAS_SPARE)
			return fill_local(sd, local, busiest);
		return even_load(sd, local, busiest);
	}
	if (busiest->state == LB_LLC_BALANCE)
		return pull_llc(sd, local, busiest);
	if (busiest->state == LB_SMT_BALANCE)
		return unshare_smt(sd, local, busiest);
	if (local->state == LB_HAS_SPARE)
		return spread(sd, local, busiest);
	return balanced(LB_R_EVEN);
}

/**
 * sched_lb_decide() - Decide what to migrate within a domain.
 * @sd:      The domain being balanced.
 * @local:   The local group (holding the destination CPU).
 * @busiest: The busiest group sched_lb_busier() chose, or NULL.
 *
 * Applies the decision matrix at the top of this file. Every outcome
 * carries a reason; a balanced one has an imbalance of 0.
 *
 * An idle destination that is to pull work also asks that, should every
 * task it finds be pinned away from it, its interval grow only as after
 * a balanced pass, up to the domain's max_interval. Stock doubles the
 * interval after such a pass up to 512 ms, so that CPUs stop searching
 * tasks they can never take; but an affinity widened meanwhile (a job
 * started under taskset, a cpuset grown) frees those tasks at once, and
 * an idle CPU then waits out the whole backed-off interval beside them.
 * A busy destination backs off as before, and a newly idle one never
 * did.
 *
 * Context: Any; pure.
 * Return: The migration type, amount and reason.
 */
struct lb_decision sched_lb_decide(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *local,
				   const struct lb_group_snap *busiest)
{
	struct lb_decision d;

	if (!busiest)
		return sched_lb_no_busiest(sd);
	d = decide_cell(sd, local, busiest);
	d.retry_pinned = sd->dst_idle && d.imbalance;
	return d;
}

/**
 * sched_lb_outcome() - Classify what came of a balance pass.
 * @d:          The decision of the pass.
 * @moved:      Tasks the pass migrated.
 * @all_pinned: Every task it looked at was pinned away from the
 *              destination.
 * @active:     It kicked an active balance.
 *
 * Context: Any; pure.
 * Return: The enum lb_outcome of the pass.
 */
enum lb_outcome sched_lb_outcome(const struct lb_decision *d,
				 unsigned int moved, bool all_pinned,
				 bool active)
{
	if (!d->imbalance)
		return LB_O_BALANCED;
	if (moved)
		return LB_O_MOVED;
	if (active)
		return LB_O_ACTIVE;
	return all_pinned ? LB_O_PINNED : LB_O_FAILED;
}

/*
 * The names of each kind, expanded from linux/sched/lb_names.h in the
 * order of their enums: debugfs prints them, the trace event records them,
 * and the KUnit messages use them.
 */
static const char * const lb_state_names[] = {
#define LB_STATE(name, word) \
	[LB_##name] = #word,
#include <linux/sched/lb_names.h>
};

static const char * const lb_migration_names[] = {
#define LB_MIGRATION(name, word) \
	[LB_MIGRATE_##name] = #word,
#include <linux/sched/lb_names.h>
};

static const char * const lb_reason_names[] = {
#define LB_REASON(name, word) \
	[LB_R_##name] = #word,
#include <linux/sched/lb_names.h>
};

static const char * const lb_outcome_names[] = {
#define LB_OUTCOME(name, word) \
	[LB_O_##name] = #word,
#include <linux/sched/lb_names.h>
};

static const char *lb_name(const char * const *names, int n, int i)
{
	return i >= 0 && i < n && names[i] ? names[i] : "?";
}

/**
 * sched_lb_state_name() - The name of a group state.
 * @state: An enum lb_group_state, or -1 for "no busiest group".
 *
 * Context: Any.
 * Return: The name, "none" for -1, "?" for a value out of range.
 */
const char *sched_lb_state_name(int state)
{
	if (state == -1)
		return "none";
	return lb_name(lb_state_names, LB_NR_GROUP_STATES, state);
}

/**
 * sched_lb_migration_name() - The name of a migration type.
 * @type: An enum lb_migration.
 *
 * Context: Any.
 * Return: The name, or "?" for a value out of range.
 */
const char *sched_lb_migration_name(int type)
{
	return lb_name(lb_migration_names, LB_NR_MIGRATIONS, type);
}

/**
 * sched_lb_reason_name() - The name of a decision's reason.
 * @reason: An enum lb_reason.
 *
 * Context: Any.
 * Return: The name, or "?" for a value out of range.
 */
const char *sched_lb_reason_name(int reason)
{
	return lb_name(lb_reason_names, LB_NR_REASONS, reason);
}

/**
 * sched_lb_outcome_name() - The name of a pass's outcome.
 * @outcome: An enum lb_outcome.
 *
 * Context: Any.
 * Return: The name, or "?" for a value out of range.
 */
const char *sched_lb_outcome_name(int outcome)
{
	return lb_name(lb_outcome_names, LB_NR_OUTCOMES, outcome);
}

#ifdef CONFIG_SCHED_LB_KUNIT_TEST
#include "tests/fair_lb_kunit.c"
#endif
