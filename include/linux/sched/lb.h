/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Vocabulary of the classification-driven load balancer.
 *
 * The group states are shared by the decision code in
 * kernel/sched/fair_lb.c, its KUnit tests and, through the trace event
 * that reports each decision, by tools reading the trace. They live here,
 * and not in a private kernel/sched header, because a trace event header
 * under include/trace/events/ has to name them too.
 */
#ifndef _LINUX_SCHED_LB_H
#define _LINUX_SCHED_LB_H

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
 * @LB_OVERLOADED:   More tasks than CPUs, and they compete for time.
 * @LB_NR_GROUP_STATES: Number of states.
 *
 * The states are ordered by how much a group needs help: the busiest
 * group of a domain is the one in the highest state.
 */
enum lb_group_state {
	LB_HAS_SPARE,
	LB_FULLY_BUSY,
	LB_MISFIT,
	LB_SMT_BALANCE,
	LB_ASYM_PACKING,
	LB_IMBALANCED,
	LB_OVERLOADED,
	LB_NR_GROUP_STATES
};

#endif /* _LINUX_SCHED_LB_H */
