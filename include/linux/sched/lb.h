/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Vocabulary of the classification-driven load balancer.
 *
 * The group states, migration types and reason codes are the words in
 * which kernel/sched/fair_lb.c states its decisions. Its KUnit tests use
 * them, and so does the trace event that reports each decision: a trace
 * event header lives under include/trace/events/ and cannot include a
 * private kernel/sched header, hence this file.
 */
#ifndef _LINUX_SCHED_LB_H
#define _LINUX_SCHED_LB_H

#include <linux/types.h>

/**
 * enum lb_group_state - State of a sched_group for load balancing.
 * @LB_HAS_SPARE:    The group could run more tasks: it has an idle CPU,
 *                   or its tasks leave capacity unused.
 * @LB_FULLY_BUSY:   Every CPU is used and no task waits for one.
 * @LB_MISFIT:       A task is too big for the CPU it runs on.
 * @LB_SMT_BALANCE:  Tasks share the siblings of an SMT core while another
 *                   core could take one of them.
 * @LB_ASYM_PACKING: The balancing CPU has asym_packing priority over the
 *                   CPU the group's work runs on.
 * @LB_IMBALANCED:   Pinned tasks defeated an earlier balance of the group.
 * @LB_LLC_BALANCE:  Tasks of the group prefer the balancing CPU's LLC
 *                   (cache-aware scheduling, CONFIG_SCHED_CACHE).
 * @LB_OVERLOADED:   More tasks than CPUs, and they compete for time.
 * @LB_NR_GROUP_STATES: Number of states.
 *
 * The states are ordered by how much a group needs help: the busiest
 * group of a domain is the one in the highest state. The values are those
 * of fair.c's enum group_type.
 */
enum lb_group_state {
	LB_HAS_SPARE,
	LB_FULLY_BUSY,
	LB_MISFIT,
	LB_SMT_BALANCE,
	LB_ASYM_PACKING,
	LB_IMBALANCED,
	LB_LLC_BALANCE,
	LB_OVERLOADED,
	LB_NR_GROUP_STATES
};

/**
 * enum lb_migration - What the balancer migrates to fix an imbalance, and
 *                     the unit of the amount.
 * @LB_MIGRATE_LOAD:   Load (task_h_load), to even out time sharing.
 * @LB_MIGRATE_UTIL:   Utilization, to fill spare capacity.
 * @LB_MIGRATE_TASK:   A number of tasks, to fill idle CPUs.
 * @LB_MIGRATE_MISFIT: The one task that does not fit its CPU.
 * @LB_MIGRATE_LLC:    One task that prefers the destination's LLC.
 * @LB_NR_MIGRATIONS:  Number of migration types.
 */
enum lb_migration {
	LB_MIGRATE_LOAD,
	LB_MIGRATE_UTIL,
	LB_MIGRATE_TASK,
	LB_MIGRATE_MISFIT,
	LB_MIGRATE_LLC,
	LB_NR_MIGRATIONS
};

/**
 * enum lb_reason - Why a balance decision came out the way it did.
 * @LB_R_NO_BUSIEST:   No group has a CFS task the destination may take.
 * @LB_R_ENERGY_AWARE: EAS is on and nothing is overutilized: placement is
 *                     left to wakeups.
 * @LB_R_LOCAL_BUSIER: The local group is in a higher state, or as loaded.
 * @LB_R_ABOVE_AVERAGE: The local group is at or above the domain's load.
 * @LB_R_WITHIN_PCT:   Both groups are overloaded and their loads are
 *                     within the domain's imbalance_pct.
 * @LB_R_DST_BUSY:     Nothing is overloaded and the destination is busy;
 *                     an idle CPU will pull instead.
 * @LB_R_NO_WAIT:      The busiest group has more tasks than CPUs but they
 *                     do not wait yet (a short task just woke); a local
 *                     group that is not overloaded would only trade places
 *                     with it.
 * @LB_R_EVEN:         Idle CPUs or tasks are already as even as they can
 *                     usefully be.
 * @LB_R_MISFIT:       Move the task that does not fit its CPU.
 * @LB_R_ASYM_PACKING: Move work to the preferred (asym_packing) CPU.
 * @LB_R_SMT:          Move a task off a shared SMT core.
 * @LB_R_PINNED:       Pinned tasks defeated the last balance: move any
 *                     task, at least one.
 * @LB_R_LLC:          Move a task to the LLC it prefers.
 * @LB_R_FILL_SPARE:   Fill the local group's spare capacity (util).
 * @LB_R_ONE_TASK:     No spare utilization left, but the destination is
 *                     idle: move one task.
 * @LB_R_SPREAD:       Even out idle CPUs or running tasks between groups
 *                     that are not overloaded.
 * @LB_R_AVG_LOAD:     Even out the load of overloaded groups.
 * @LB_NR_REASONS:     Number of reasons.
 *
 * The reasons up to %LB_R_EVEN leave the domain balanced.
 */
enum lb_reason {
	LB_R_NO_BUSIEST,
	LB_R_ENERGY_AWARE,
	LB_R_LOCAL_BUSIER,
	LB_R_ABOVE_AVERAGE,
	LB_R_WITHIN_PCT,
	LB_R_DST_BUSY,
	LB_R_NO_WAIT,
	LB_R_EVEN,
	LB_R_MISFIT,
	LB_R_ASYM_PACKING,
	LB_R_SMT,
	LB_R_PINNED,
	LB_R_LLC,
	LB_R_FILL_SPARE,
	LB_R_ONE_TASK,
	LB_R_SPREAD,
	LB_R_AVG_LOAD,
	LB_NR_REASONS
};

/**
 * enum lb_outcome - What came of a balance decision.
 * @LB_O_BALANCED: The decision was that the domain is balanced.
 * @LB_O_MOVED:    Tasks were migrated.
 * @LB_O_ACTIVE:   Nothing could be pulled, so the running task of the
 *                 busiest CPU is pushed by the stopper (active balance).
 * @LB_O_PINNED:   Every task the pass could take was pinned elsewhere.
 * @LB_O_FAILED:   An imbalance was found but nothing moved (no busiest
 *                 CPU, or its tasks were cache hot or too big).
 * @LB_NR_OUTCOMES: Number of outcomes.
 */
enum lb_outcome {
	LB_O_BALANCED,
	LB_O_MOVED,
	LB_O_ACTIVE,
	LB_O_PINNED,
	LB_O_FAILED,
	LB_NR_OUTCOMES
};

/**
 * struct lb_note - One balance pass, as the decision trace event and the
 *                  debugfs counters see it.
 * @rework:    The pass was the reworked balancer's; otherwise stock's,
 *             whose passes are counted but not traced and have no @reason.
 * @cpu:       The CPU that balanced.
 * @level:     The domain's level (0 is the smallest domain).
 * @idle:      The balancing CPU's enum cpu_idle_type.
 * @busiest:   The busiest group's enum lb_group_state, or -1 if none.
 * @local:     The local group's enum lb_group_state, or -1 when the
 *             rework's search found no group that could give work and so
 *             did not classify the local group.
 * @type:      The enum lb_migration decided.
 * @imbalance: The amount decided, in the unit of @type; 0 if balanced.
 * @reason:    The enum lb_reason of the decision (rework passes only).
 * @outcome:   The enum lb_outcome.
 * @moved:     Tasks migrated by the pass.
 * @nr_failed: The domain's count of failed balance passes before this one.
 */
struct lb_note {
	bool		rework;
	int		cpu;
	int		level;
	int		idle;
	int		busiest;
	int		local;
	int		type;
	unsigned long	imbalance;
	int		reason;
	int		outcome;
	unsigned int	moved;
	unsigned int	nr_failed;
};

/*
 * The names of the states, types, reasons and outcomes, as debugfs and
 * the trace event print them; defined once, in fair_lb.c. A state of -1
 * (no busiest group) is "none", and a value out of range is "?".
 */
const char *sched_lb_state_name(int state);
const char *sched_lb_migration_name(int type);
const char *sched_lb_reason_name(int reason);
const char *sched_lb_outcome_name(int outcome);

/* Someone traces or counts passes: fair.c must gather their notes. */
int sched_lb_watch_get(void);
void sched_lb_watch_put(void);

#endif /* _LINUX_SCHED_LB_H */
