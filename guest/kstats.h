/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's side of a run (kstats.c): trace, schedstat, the rework's
 * counters and the switch.
 */
#ifndef LB_KSTATS_H
#define LB_KSTATS_H

#include <stddef.h>
#include <stdio.h>

#define TRACING "/sys/kernel/tracing/"

enum { LB_BUSY, LB_IDLE, LB_NEWIDLE, LB_GAINED, LB_FAILED, ALB_PUSHED, NSTAT };

extern const char * const stat_names[];

#define FBG_BUCKETS	64
#define FBG_LEVELS	4
#define NOUTCOMES	5
#define NTYPES		5

struct fbg {
	unsigned long long calls[3][FBG_LEVELS], ns[3][FBG_LEVELS];
	unsigned long hist[3][FBG_LEVELS][FBG_BUCKETS];
	unsigned long long outcomes[NOUTCOMES], types[NTYPES];
	unsigned long long notes, note_ns;
	unsigned long note_hist[FBG_BUCKETS];
};

/* Write @val to the file @path; 0 or -errno. */
int write_str(const char *path, const char *val);
/* Clear the trace and trace the events the analyzer reads; 0 or not. */
int trace_setup(void);
/*
 * Trace a child that sleeps and moves to another CPU (on @ncpus > 1),
 * and count the scheduler events the analyzer reads that the trace
 * lacks, naming them in @missing (@len bytes); -1 if it cannot.
 */
int trace_check(int ncpus, char *missing, size_t len);
/* Disable the events that trace_setup() enables. */
void trace_events_off(void);
/* Events the ring buffer overwrote or dropped, over @ncpus CPUs. */
long trace_lost(int ncpus);
/* Copy the trace to @out. */
void copy_trace(FILE *out);
/* The balancer's counters of /proc/schedstat, summed into @s[NSTAT]. */
void schedstat(unsigned long *s);
/*
 * The rework's counters (lb_stats) of @arm into @c and of @other into @o,
 * or zeros without them; one read of the file, which the cost plugin
 * (lab/plugin/tbprof.c) takes as an edge of the run's window.
 */
void fbg_cost(const char *arm, struct fbg *c, const char *other,
	      struct fbg *o);
/* The searches counted from @a to @b, over every idle type and level. */
unsigned long long fbg_calls(const struct fbg *a, const struct fbg *b);
/* The counters' change from @a to @b, as " key=value" words. */
void print_fbg(FILE *out, const struct fbg *a, const struct fbg *b);
/* Switch the balancer to @arm, "rework" or "stock". */
int set_arm(const char *arm);

#endif
