/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words of the classification-driven load balancer, each listed once.
 *
 * This file is read several times, as kernel/sched/features.h is. Before
 * each #include, define one or more of LB_STATE(), LB_MIGRATION(),
 * LB_REASON() and LB_OUTCOME() to expand an entry as needed there: an
 * enum constant in linux/sched/lb.h, a name in kernel/sched/fair_lb.c.
 * An entry gives the constant's suffix and the name that debugfs, the
 * trace event and the KUnit messages print. Each list is in the order of
 * its enum. A macro left undefined expands to nothing, and the file
 * undefines all four at its end, so it has no include guard.
 */

#ifndef LB_STATE
#define LB_STATE(...)
#endif
#ifndef LB_MIGRATION
#define LB_MIGRATION(...)
#endif
#ifndef LB_REASON
#define LB_REASON(...)
#endif
#ifndef LB_OUTCOME
#define LB_OUTCOME(...)
#endif

/**
 * DOC: Balancer group states
 *
 * enum lb_group_state, LB_HAS_SPARE to LB_OVERLOADED. The states are
 * ordered by how much a group needs help: the busiest group of a domain
 * is the one in the highest state. The values are those of fair.c's enum
 * group_type.
 *
 * has_spare
 *   The group could run more tasks: it has an idle CPU, or its tasks
 *   leave capacity unused.
 * fully_busy
 *   Every CPU is used and no task waits for one.
 * misfit
 *   A task is too big for the CPU it runs on.
 * smt_balance
 *   Tasks share the siblings of an SMT core while another core could take
 *   one of them.
 * asym_packing
 *   The balancing CPU has asym_packing priority over the CPU the group's
 *   work runs on.
 * imbalanced
 *   Pinned tasks defeated an earlier balance of the group.
 * llc_balance
 *   Tasks of the group prefer the balancing CPU's LLC (cache-aware
 *   scheduling, CONFIG_SCHED_CACHE).
 * overloaded
 *   More tasks than CPUs, and they compete for time.
 */
LB_STATE(HAS_SPARE,		has_spare)
LB_STATE(FULLY_BUSY,		fully_busy)
LB_STATE(MISFIT,		misfit)
LB_STATE(SMT_BALANCE,		smt_balance)
LB_STATE(ASYM_PACKING,		asym_packing)
LB_STATE(IMBALANCED,		imbalanced)
LB_STATE(LLC_BALANCE,		llc_balance)
LB_STATE(OVERLOADED,		overloaded)

/**
 * DOC: Balancer migration types
 *
 * enum lb_migration, LB_MIGRATE_LOAD to LB_MIGRATE_LLC: what the
 * balancer migrates to fix an imbalance, and the unit of the amount.
 *
 * load
 *   Load (task_h_load), to even out time sharing.
 * util
 *   Utilization, to fill spare capacity.
 * task
 *   A number of tasks, to fill idle CPUs.
 * misfit
 *   The one task that does not fit its CPU.
 * llc
 *   One task that prefers the destination's LLC.
 */
LB_MIGRATION(LOAD,		load)
LB_MIGRATION(UTIL,		util)
LB_MIGRATION(TASK,		task)
LB_MIGRATION(MISFIT,		misfit)
LB_MIGRATION(LLC,		llc)

/**
 * DOC: Balancer decision reasons
 *
 * enum lb_reason, LB_R_NO_BUSIEST to LB_R_AVG_LOAD: why a balance
 * decision came out the way it did. The reasons up to ``even`` leave the
 * domain balanced.
 *
 * no_busiest
 *   No group has a CFS task the destination may take.
 * energy_aware
 *   EAS is on and nothing is overutilized: placement is left to wakeups.
 * local_busier
 *   The local group is in a higher state, or as loaded.
 * above_average
 *   The local group is at or above the domain's load.
 * within_pct
 *   Both groups are overloaded and their loads are within the domain's
 *   imbalance_pct.
 * dst_busy
 *   Nothing is overloaded and the destination is busy; an idle CPU will
 *   pull instead.
 * no_wait
 *   The busiest group has more tasks than CPUs but they do not wait yet
 *   (a short task just woke); a local group that is not overloaded would
 *   only trade places with it.
 * even
 *   Idle CPUs or tasks are already as even as they can usefully be.
 * misfit
 *   Move the task that does not fit its CPU.
 * asym_packing
 *   Move work to the preferred (asym_packing) CPU.
 * smt
 *   Move a task off a shared SMT core.
 * pinned
 *   Pinned tasks defeated the last balance: move any task, at least one.
 * llc
 *   Move a task to the LLC it prefers.
 * fill_spare
 *   Fill the local group's spare capacity (util).
 * one_task
 *   No spare utilization left, but the destination is idle: move one
 *   task.
 * spread
 *   Even out idle CPUs or running tasks between groups that are not
 *   overloaded.
 * avg_load
 *   Even out the load of overloaded groups.
 */
LB_REASON(NO_BUSIEST,		no_busiest)
LB_REASON(ENERGY_AWARE,		energy_aware)
LB_REASON(LOCAL_BUSIER,		local_busier)
LB_REASON(ABOVE_AVERAGE,	above_average)
LB_REASON(WITHIN_PCT,		within_pct)
LB_REASON(DST_BUSY,		dst_busy)
LB_REASON(NO_WAIT,		no_wait)
LB_REASON(EVEN,			even)
LB_REASON(MISFIT,		misfit)
LB_REASON(ASYM_PACKING,		asym_packing)
LB_REASON(SMT,			smt)
LB_REASON(PINNED,		pinned)
LB_REASON(LLC,			llc)
LB_REASON(FILL_SPARE,		fill_spare)
LB_REASON(ONE_TASK,		one_task)
LB_REASON(SPREAD,		spread)
LB_REASON(AVG_LOAD,		avg_load)

/**
 * DOC: Balancer pass outcomes
 *
 * enum lb_outcome, LB_O_BALANCED to LB_O_FAILED: what came of a balance
 * decision.
 *
 * balanced
 *   The decision was that the domain is balanced.
 * moved
 *   Tasks were migrated.
 * active
 *   Nothing could be pulled, so the running task of the busiest CPU is
 *   pushed by the stopper (active balance).
 * pinned
 *   Every task the pass could take was pinned elsewhere.
 * failed
 *   An imbalance was found but nothing moved (no busiest CPU, or its
 *   tasks were cache hot or too big).
 */
LB_OUTCOME(BALANCED,		balanced)
LB_OUTCOME(MOVED,		moved)
LB_OUTCOME(ACTIVE,		active)
LB_OUTCOME(PINNED,		pinned)
LB_OUTCOME(FAILED,		failed)

#undef LB_STATE
#undef LB_MIGRATION
#undef LB_REASON
#undef LB_OUTCOME
