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

/* Let user space tools resolve the names in the print format. */
TRACE_DEFINE_ENUM(LB_HAS_SPARE);
TRACE_DEFINE_ENUM(LB_FULLY_BUSY);
TRACE_DEFINE_ENUM(LB_MISFIT);
TRACE_DEFINE_ENUM(LB_SMT_BALANCE);
TRACE_DEFINE_ENUM(LB_ASYM_PACKING);
TRACE_DEFINE_ENUM(LB_IMBALANCED);
TRACE_DEFINE_ENUM(LB_OVERLOADED);
TRACE_DEFINE_ENUM(LB_MIGRATE_LOAD);
TRACE_DEFINE_ENUM(LB_MIGRATE_UTIL);
TRACE_DEFINE_ENUM(LB_MIGRATE_TASK);
TRACE_DEFINE_ENUM(LB_MIGRATE_MISFIT);
TRACE_DEFINE_ENUM(LB_O_BALANCED);
TRACE_DEFINE_ENUM(LB_O_MOVED);
TRACE_DEFINE_ENUM(LB_O_ACTIVE);
TRACE_DEFINE_ENUM(LB_O_PINNED);
TRACE_DEFINE_ENUM(LB_O_FAILED);
TRACE_DEFINE_ENUM(LB_R_NO_BUSIEST);
TRACE_DEFINE_ENUM(LB_R_ENERGY_AWARE);
TRACE_DEFINE_ENUM(LB_R_LOCAL_BUSIER);
TRACE_DEFINE_ENUM(LB_R_ABOVE_AVERAGE);
TRACE_DEFINE_ENUM(LB_R_WITHIN_PCT);
TRACE_DEFINE_ENUM(LB_R_DST_BUSY);
TRACE_DEFINE_ENUM(LB_R_NO_WAIT);
TRACE_DEFINE_ENUM(LB_R_EVEN);
TRACE_DEFINE_ENUM(LB_R_MISFIT);
TRACE_DEFINE_ENUM(LB_R_ASYM_PACKING);
TRACE_DEFINE_ENUM(LB_R_SMT);
TRACE_DEFINE_ENUM(LB_R_PINNED);
TRACE_DEFINE_ENUM(LB_R_IDLE_CPUS);
TRACE_DEFINE_ENUM(LB_R_FILL_SPARE);
TRACE_DEFINE_ENUM(LB_R_ONE_TASK);
TRACE_DEFINE_ENUM(LB_R_SPREAD);
TRACE_DEFINE_ENUM(LB_R_AVG_LOAD);

#define lb_show_idle(i)						\
	__print_symbolic(i, { 0, "busy" }, { 1, "idle" }, { 2, "newidle" })

#define lb_show_state(s)					\
	__print_symbolic(s, { -1, "none" },			\
			 { LB_HAS_SPARE, "has_spare" },		\
			 { LB_FULLY_BUSY, "fully_busy" },	\
			 { LB_MISFIT, "misfit" },		\
			 { LB_SMT_BALANCE, "smt_balance" },	\
			 { LB_ASYM_PACKING, "asym_packing" },	\
			 { LB_IMBALANCED, "imbalanced" },	\
			 { LB_OVERLOADED, "overloaded" })

#define lb_show_type(t)						\
	__print_symbolic(t, { LB_MIGRATE_LOAD, "load" },	\
			 { LB_MIGRATE_UTIL, "util" },		\
			 { LB_MIGRATE_TASK, "task" },		\
			 { LB_MIGRATE_MISFIT, "misfit" })

#define lb_show_outcome(o)					\
	__print_symbolic(o, { LB_O_BALANCED, "balanced" },	\
			 { LB_O_MOVED, "moved" },		\
			 { LB_O_ACTIVE, "active" },		\
			 { LB_O_PINNED, "pinned" },		\
			 { LB_O_FAILED, "failed" })

#define lb_show_reason(r)					\
	__print_symbolic(r, { LB_R_NO_BUSIEST, "no_busiest" },	\
			 { LB_R_ENERGY_AWARE, "energy_aware" },	\
			 { LB_R_LOCAL_BUSIER, "local_busier" },	\
			 { LB_R_ABOVE_AVERAGE, "above_average" }, \
			 { LB_R_WITHIN_PCT, "within_pct" },	\
			 { LB_R_DST_BUSY, "dst_busy" },		\
			 { LB_R_NO_WAIT, "no_wait" },		\
			 { LB_R_EVEN, "even" },			\
			 { LB_R_MISFIT, "misfit" },		\
			 { LB_R_ASYM_PACKING, "asym_packing" },	\
			 { LB_R_SMT, "smt" },			\
			 { LB_R_PINNED, "pinned" },		\
			 { LB_R_IDLE_CPUS, "idle_cpus" },	\
			 { LB_R_FILL_SPARE, "fill_spare" },	\
			 { LB_R_ONE_TASK, "one_task" },		\
			 { LB_R_SPREAD, "spread" },		\
			 { LB_R_AVG_LOAD, "avg_load" })

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
				__field(int, busiest)
				__field(int, local)
				__field(int, type)
				__field(unsigned long, imbalance)
				__field(int, reason)
				__field(int, outcome)
				__field(unsigned int, moved)
				__field(unsigned int, nr_failed)),
	       TP_fast_assign(__entry->cpu = n->cpu;
			      __entry->level = n->level;
			      __entry->idle = n->idle;
			      __entry->busiest = n->busiest;
			      __entry->local = n->local;
			      __entry->type = n->type;
			      __entry->imbalance = n->imbalance;
			      __entry->reason = n->reason;
			      __entry->outcome = n->outcome;
			      __entry->moved = n->moved;
			      __entry->nr_failed = n->nr_failed;),
	       TP_printk("cpu=%d level=%d idle=%s busiest=%s local=%s type=%s imbalance=%lu reason=%s outcome=%s moved=%u nr_failed=%u",
			 __entry->cpu, __entry->level,
			 lb_show_idle(__entry->idle),
			 lb_show_state(__entry->busiest),
			 lb_show_state(__entry->local),
			 lb_show_type(__entry->type),
			 __entry->imbalance, lb_show_reason(__entry->reason),
			 lb_show_outcome(__entry->outcome), __entry->moved,
			 __entry->nr_failed),
	       sched_lb_watch_get, sched_lb_watch_put
);

#endif /* _TRACE_SCHED_LB_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
