/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What fair.c's hook calls around the pure decisions of fair_lb.c: the
 * runtime switch between the stock and reworked balancers, and the
 * counters and trace event that watch both (fair_lb_debug.c).
 */
#ifndef _KERNEL_SCHED_LB_DEBUG_H
#define _KERNEL_SCHED_LB_DEBUG_H

#include <linux/jump_label.h>
#include <linux/sched/lb.h>
#include <linux/types.h>

void sched_lb_note(const struct lb_note *n);
void sched_lb_note_cost(bool rework, int idle, int level, u64 ns);

DECLARE_STATIC_KEY_TRUE(sched_lb_rework_key);
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

#endif /* _KERNEL_SCHED_LB_DEBUG_H */
