/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What fair.c's hook calls to watch the balance passes of both arms: the
 * counters of /sys/kernel/debug/sched/lb_stats and the decision trace
 * event (fair_lb_watch.c).
 */
#ifndef _KERNEL_SCHED_LB_WATCH_H
#define _KERNEL_SCHED_LB_WATCH_H

#include <linux/jump_label.h>
#include <linux/sched/lb.h>
#include <linux/types.h>

void sched_lb_note(const struct lb_note *n);
void sched_lb_note_cost(bool rework, int idle, int level, u64 ns);

DECLARE_STATIC_KEY_FALSE(sched_lb_count_key);
DECLARE_STATIC_KEY_FALSE(sched_lb_watch_key);

/* Are the debugfs counters on? Then searches are timed and passes counted. */
static inline bool sched_lb_counting(void)
{
	return static_branch_unlikely(&sched_lb_count_key);
}

/* Does anything count or trace balance passes? */
static inline bool sched_lb_watched(void)
{
	return static_branch_unlikely(&sched_lb_watch_key);
}

#endif /* _KERNEL_SCHED_LB_WATCH_H */
