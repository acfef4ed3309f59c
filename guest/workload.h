/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tasks of one run of a scenario (workload.c).
 */
#ifndef LB_WORKLOAD_H
#define LB_WORKLOAD_H

#include <sys/types.h>

#include "scenario.h"

/* Shared with the tasks: when a ramp crossed its mark, and message counts. */
struct shared {
	double mark[MAX_TASKS];
	unsigned long msgs[MAX_TASKS];
};

extern struct shared *shm;

struct task {
	pid_t pid;
	int spec, slot;
};

struct run {
	const struct scenario *sc;
	struct task t[MAX_TASKS];
	int n, ncpus;
};

/* CLOCK_MONOTONIC in seconds, and a sleep until such a time. */
double mono(void);
void sleep_until(double t);
/* Allow @pid the CPUs of @l, or all @ncpus when @l is empty. */
int set_cpus(pid_t pid, const struct cpulist *l, int ncpus);
/* The run's CPU hogs. */
int count_hogs(const struct run *r);
/* Start every task at its time, from @t0, and release the placed ones. */
void drive(struct run *r, double t0);
/* The round trips of the run's pipe pairs so far. */
unsigned long msgs(const struct run *r);
/* Send @sig to every task of the run and wait for it to take effect. */
void stop_all(const struct run *r, int sig);

#endif
