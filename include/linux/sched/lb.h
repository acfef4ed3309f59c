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

/*
 * The group states, migration types, reasons and outcomes: the constants
 * are those of linux/sched/lb_names.h, which lists and documents each with
 * its name, then a count.
 */
#define LB_STATE(name, ...)	LB_##name,
enum lb_group_state {
#include <linux/sched/lb_names.h>
	LB_NR_GROUP_STATES
};

#define LB_MIGRATION(name, ...)	LB_MIGRATE_##name,
enum lb_migration {
#include <linux/sched/lb_names.h>
	LB_NR_MIGRATIONS
};

#define LB_REASON(name, ...)	LB_R_##name,
enum lb_reason {
#include <linux/sched/lb_names.h>
	LB_NR_REASONS
};

#define LB_OUTCOME(name, ...)	LB_O_##name,
enum lb_outcome {
#include <linux/sched/lb_names.h>
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
 * the trace event print them (linux/sched/lb_names.h). A state of -1
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
