/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Vocabulary of the classification-driven load balancer.
 *
 * The group states, migration types and reason codes are shared by the
 * decision code in kernel/sched/fair_lb.c, its KUnit tests, the trace event
 * that reports each decision and the debugfs counters. They live here, and
 * not in a private kernel/sched header, because the trace event header
 * under include/trace/events/ must name them too.
 */
#ifndef _LINUX_SCHED_LB_H
#define _LINUX_SCHED_LB_H

/*
 * Each list is an X-macro of (enumerator, name) pairs so that the enum and
 * the names printed by tracing and debugfs cannot drift apart.
 */

/*
 * Group states, in increasing order of how much a group needs help. The
 * busiest group of a domain is the one in the highest state; ties are
 * broken by a rule of that state.
 */
#define LB_GROUP_STATES(S)				\
	S(LB_HAS_SPARE,		"has_spare")		\
	S(LB_FULLY_BUSY,	"fully_busy")		\
	S(LB_MISFIT,		"misfit")		\
	S(LB_SMT_BALANCE,	"smt_balance")		\
	S(LB_ASYM_PACKING,	"asym_packing")		\
	S(LB_IMBALANCED,	"imbalanced")		\
	S(LB_OVERLOADED,	"overloaded")

/* What the act phase should move, and in which unit env->imbalance is. */
#define LB_MIGRATIONS(S)				\
	S(LB_MIGRATE_LOAD,	"load")			\
	S(LB_MIGRATE_UTIL,	"util")			\
	S(LB_MIGRATE_TASK,	"task")			\
	S(LB_MIGRATE_MISFIT,	"misfit")

/*
 * Why a decision came out the way it did. The first group ends balanced
 * (nothing moves); the second asks the act phase to migrate.
 */
#define LB_REASONS(S)					\
	S(LB_R_NO_BUSIEST,	"no_busiest")		\
	S(LB_R_ENERGY_AWARE,	"energy_aware")		\
	S(LB_R_LOCAL_BUSIER,	"local_busier")		\
	S(LB_R_WITHIN_PCT,	"within_pct")		\
	S(LB_R_ABOVE_AVERAGE,	"above_average")	\
	S(LB_R_DST_BUSY,	"dst_busy")		\
	S(LB_R_EVEN,		"even")			\
	S(LB_R_MISFIT,		"misfit")		\
	S(LB_R_ASYM_PACKING,	"asym_packing")		\
	S(LB_R_SMT,		"smt")			\
	S(LB_R_PINNED,		"pinned")		\
	S(LB_R_LOCAL_PINNED,	"local_pinned")		\
	S(LB_R_FILL_SPARE,	"fill_spare")		\
	S(LB_R_ONE_TASK,	"one_task")		\
	S(LB_R_IDLE_CPUS,	"idle_cpus")		\
	S(LB_R_SIBLING,		"sibling")		\
	S(LB_R_CAPACITY,	"capacity")		\
	S(LB_R_AVG_LOAD,	"avg_load")

#define LB_ENUM_ENTRY(e, name)	e,

enum lb_group_state {
	LB_GROUP_STATES(LB_ENUM_ENTRY)
	LB_NR_GROUP_STATES
};

enum lb_migration {
	LB_MIGRATIONS(LB_ENUM_ENTRY)
	LB_NR_MIGRATIONS
};

enum lb_reason {
	LB_REASONS(LB_ENUM_ENTRY)
	LB_NR_REASONS
};

/* Reasons up to and including this one leave the domain balanced. */
#define LB_R_LAST_BALANCED	LB_R_EVEN

#endif /* _LINUX_SCHED_LB_H */
