/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The decisions of the classification-driven load balancer
 * (kernel/sched/fair_lb.c): one event per balance pass that reached a
 * decision, with the states it was made from, what it chose and why, and
 * what came of it.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sched_lb

#if !defined(_TRACE_SCHED_LB_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SCHED_LB_H

#include <linux/sched/lb.h>
#include <linux/tracepoint.h>

#define lb_show_idle(i)						\
	__print_symbolic(i, { 0, "busy" }, { 1, "idle" }, { 2, "newidle" })

/*
 * Enabling the event also turns on the code in fair.c that gathers a
 * pass's note; that code is skipped while nobody traces or counts.
 */
TRACE_EVENT_FN(sched_lb_decision,
	       TP_PROTO(const struct lb_note *n),
	       TP_ARGS(n),
	       TP_STRUCT__entry(__field(int, cpu)
				__field(int, level)
				__field(int, idle)
				__string(busiest,
					 sched_lb_state_name(n->busiest))
				__string(local, sched_lb_state_name(n->local))
				__string(type, sched_lb_migration_name(n->type))
				__field(unsigned long, imbalance)
				__string(reason,
					 sched_lb_reason_name(n->reason))
				__string(outcome,
					 sched_lb_outcome_name(n->outcome))
				__field(unsigned int, moved)
				__field(unsigned int, nr_failed)),
	       TP_fast_assign(__entry->cpu = n->cpu;
			      __entry->level = n->level;
			      __entry->idle = n->idle;
			      __assign_str(busiest);
			      __assign_str(local);
			      __assign_str(type);
			      __entry->imbalance = n->imbalance;
			      __assign_str(reason);
			      __assign_str(outcome);
			      __entry->moved = n->moved;
			      __entry->nr_failed = n->nr_failed;),
	       TP_printk("cpu=%d level=%d idle=%s busiest=%s local=%s type=%s imbalance=%lu reason=%s outcome=%s moved=%u nr_failed=%u",
			 __entry->cpu, __entry->level,
			 lb_show_idle(__entry->idle), __get_str(busiest),
			 __get_str(local), __get_str(type), __entry->imbalance,
			 __get_str(reason), __get_str(outcome), __entry->moved,
			 __entry->nr_failed),
	       sched_lb_watch_get, sched_lb_watch_put
);

#endif /* _TRACE_SCHED_LB_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
