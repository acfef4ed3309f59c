/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Snapshots fed to the load-balance decisions of fair_lb.c.
 *
 * fair.c gathers these from the runqueues and sched_groups of one domain,
 * hands them to the pure functions declared here, and applies the decision
 * they return. Nothing in fair_lb.c reads a runqueue, takes a lock or
 * touches a global: every fact it uses is in these structures, which is
 * what lets KUnit drive it with hand-built values. They are the
 * balancer's load-balance statistics, as fair.c's sg_lb_stats and
 * sd_lb_stats are stock's; the counters that watch the balancer are
 * declared in lb_watch.h.
 */
#ifndef _KERNEL_SCHED_LB_STATS_H
#define _KERNEL_SCHED_LB_STATS_H

#include <linux/sched/lb.h>
#include <linux/types.h>

/**
 * struct lb_group_snap - What the balancer knows about one sched_group.
 * @load:         Sum of the CPUs' CFS load.
 * @util:         Sum of the CPUs' CFS utilization.
 * @runnable:     Sum of the CPUs' CFS runnable average.
 * @capacity:     Capacity left to CFS on the group's CPUs that take part
 *                in this balance (sgc->capacity, unless a search run
 *                again after pinned tasks left some of them out).
 * @min_capacity: Smallest CFS capacity of one CPU in the group.
 * @max_capacity: Largest CFS capacity of one CPU in the group.
 * @misfit_load:  Largest misfit_task_load of a CPU in the group; 0 if none.
 * @nr_running:   Tasks of every class on the group's CPUs.
 * @cfs_running:  CFS tasks queued on the group's CPUs.
 * @idle_cpus:    CPUs of the group that are idle.
 * @weight:       CPUs in the group that take part in this balance.
 * @cores:        Cores in the group (SMT siblings count once).
 * @nr_pref_llc:  Tasks of the group that prefer the destination CPU's LLC
 *                (cache-aware scheduling); 0 without CONFIG_SCHED_CACHE.
 * @asym_prio:    asym_packing priority of the group's preferred CPU;
 *                a larger value is preferred. Only read in SD_ASYM_PACKING
 *                domains; 0 elsewhere.
 * @state:        The group's state, as sched_lb_classify() found it from
 *                the other members.
 * @local:        The group holds the destination CPU.
 * @imbalanced:   Pinned tasks defeated an earlier balance of this group.
 * @asym_packing: The destination CPU has asym_packing priority over the
 *                group's preferred CPU and could take its work.
 * @smt_balance:  The group is SMT and several CFS tasks share its siblings.
 * @llc_balance:  Tasks of the group may move to the destination CPU's LLC,
 *                which they prefer (cache-aware scheduling).
 * @overutilized: A CPU of the group is overutilized (EAS tipping point).
 * @smt:          The group's CPUs are SMT siblings (SD_SHARE_CPUCAPACITY).
 * @prefer_sibling: The group's child domain asks for its tasks to be
 *                spread to sibling groups first (SD_PREFER_SIBLING).
 *
 * The five flags from @imbalanced to @overutilized are u8, not bool: they
 * are copies of fair.c's 0 or 1 ints, which a bool would convert with a
 * comparison per flag and group.
 *
 * Of the local group, fair.c fills only what the decisions read: what
 * sched_lb_classify() reads, and @load, @idle_cpus, @cores and @smt. The
 * other members say whether work could leave a group, which is never
 * asked of the local group, and copying them would cost every search
 * that compares groups; the oracle (tests/lb_oracle.h) poisons them to
 * check that no decision reads them.
 */
struct lb_group_snap {
	unsigned long	load;
	unsigned long	util;
	unsigned long	runnable;
	unsigned long	capacity;
	unsigned long	min_capacity;
	unsigned long	max_capacity;
	unsigned long	misfit_load;
	unsigned int	nr_running;
	unsigned int	cfs_running;
	unsigned int	idle_cpus;
	unsigned int	weight;
	unsigned int	cores;
	unsigned int	nr_pref_llc;
	int		asym_prio;
	enum lb_group_state state;
	bool		local;
	u8		imbalanced;
	u8		asym_packing;
	u8		smt_balance;
	u8		llc_balance;
	u8		overutilized;
	bool		smt;
	bool		prefer_sibling;
};

/**
 * struct lb_group_counts - What decides whether a group could give work
 *                          at all (sched_lb_may_give()).
 * @nr_running:   Tasks of every class on the group's CPUs.
 * @cfs_running:  CFS tasks queued on the group's CPUs.
 * @weight:       CPUs in the group that take part in this balance.
 * @misfit:       A task of the group does not fit its CPU.
 * @must_move:    The group is imbalanced, asym_packing, smt_balance or
 *                llc_balance (see struct lb_group_snap).
 * @overutilized: A CPU of the group is overutilized.
 */
struct lb_group_counts {
	unsigned int	nr_running;
	unsigned int	cfs_running;
	unsigned int	weight;
	bool		misfit;
	bool		must_move;
	bool		overutilized;
};

/**
 * struct lb_domain_snap - What the balancer knows about the domain and the
 *                         CPU that balances it.
 * @flags:          The domain's SD_* flags.
 * @imbalance_pct:  The domain's imbalance_pct (e.g. 117 for 17%).
 * @imb_numa_nr:    Tasks of imbalance allowed between NUMA groups.
 * @total_load:     Sum of the load of all the domain's groups.
 * @total_capacity: Sum of the capacity of all the domain's groups.
 * @dst_capacity:   CFS capacity of the destination CPU.
 * @dst_util:       CFS utilization of the destination CPU. Only the
 *                  misfit_room departure reads it, of a misfit busiest
 *                  group.
 * @dst_idle:       The destination CPU is idle or newly idle.
 * @idle_type:      The destination's enum cpu_idle_type for this pass.
 *                  No rule reads it.
 * @nr_failed:      Balance passes of this domain that failed in a row.
 *                  No rule reads it.
 * @passed_over:    Not 0 when sched_lb_may_give() passed over a group
 *                  with CFS tasks because the destination is busy.
 * @dst_core_idle:  The destination CPU's whole core is idle.
 * @dst_idle_uncounted: The destination is newly idle: it has no task left
 *                  but still runs the one that is leaving, so the local
 *                  group's @idle_cpus does not count it. Only the
 *                  newidle_counted departure reads it.
 * @energy_model:   EAS is enabled (sched_energy_enabled()): a group is
 *                  then overloaded only if one of its CPUs is overutilized.
 * @energy_aware:   EAS is active and the root domain is not overutilized,
 *                  so regular balancing defers to wakeup placement.
 *
 * fair.c need not fill what no rule of its tree reads: @idle_type and
 * @nr_failed, which no rule reads, and @dst_util and @dst_idle_uncounted
 * unless the engine makes the departures that read them
 * (tests/lb_oracle.h lists them). The oracle checks with them poisoned
 * that no decision reads them.
 */
struct lb_domain_snap {
	unsigned int	flags;
	unsigned int	imbalance_pct;
	unsigned int	imb_numa_nr;
	unsigned long	total_load;
	unsigned long	total_capacity;
	unsigned long	dst_capacity;
	unsigned long	dst_util;
	unsigned int	idle_type;
	unsigned int	nr_failed;
	unsigned int	passed_over;
	bool		dst_idle;
	bool		dst_core_idle;
	bool		dst_idle_uncounted;
	bool		energy_model;
	bool		energy_aware;
};

/**
 * struct lb_decision - The outcome of balancing a domain.
 * @imbalance: How much, in the unit of @type; 0 means balanced.
 * @type:      What to migrate, an enum lb_migration.
 * @reason:    The rule that decided, an enum lb_reason, for tracing and
 *             tests.
 * @retry_pinned: An idle destination is to pull work: if every task the
 *             pass finds is pinned away from it, let the interval grow
 *             only as after a balanced pass, up to the domain's
 *             max_interval, not towards 512 ms.
 *
 * The names are u8 and @imbalance comes first so that the decision fits
 * in two registers, in which sched_lb_decide() returns it on arm64 and
 * x86_64, instead of through memory that both it and its caller clear
 * and copy.
 */
struct lb_decision {
	unsigned long		imbalance;
	u8			type;
	u8			reason;
	bool			retry_pinned;
};

struct lb_decision sched_lb_decide(const struct lb_domain_snap *sd,
				   const struct lb_group_snap *local,
				   const struct lb_group_snap *busiest);

enum lb_outcome sched_lb_outcome(const struct lb_decision *d,
				 unsigned int moved, bool all_pinned,
				 bool active);

#endif /* _KERNEL_SCHED_LB_STATS_H */
