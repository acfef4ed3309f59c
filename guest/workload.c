// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's workloads, in the guest: each task of a scenario forked,
 * placed and started at its time, then turned into what its spec says (a
 * hog, a periodic or ramping task, an RT task, one side of a pipe pair or
 * a fork/exit churner), and stopped at the end of the run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "workload.h"

double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void sleep_until(double t)
{
	struct timespec ts = { .tv_sec = t, .tv_nsec = (t - (long)t) * 1e9 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

struct shared *shm;

int set_cpus(pid_t pid, const struct cpulist *l, int ncpus)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (!l->n)
		for (int c = 0; c < ncpus; c++)
			CPU_SET(c, &set);
	for (int c = 0; c < l->n; c++)
		CPU_SET(l->cpu[c], &set);
	return sched_setaffinity(pid, sizeof(set), &set);
}

/* Run @duty percent of each @period_ms, the rest asleep; ramps move @duty. */
static void __attribute__((noreturn)) periodic(const struct spec *t, int slot)
{
	double t0 = mono(), next = t0, per = t->period_ms / 1000.0, d, x;

	for (;;) {
		x = t->ramp_ms ? (mono() - t0) * 1000 / t->ramp_ms : 1;
		d = t->duty + (t->duty_to - t->duty) * (x > 1 ? 1 : x);
		if (t->mark && d >= t->mark && !shm->mark[slot])
			shm->mark[slot] = mono();
		while (mono() < next + per * d / 100)
			;
		next += per;
		if (d < 100)
			sleep_until(next);
	}
}

/* One side of a pipe pair: pass a byte back and forth, count round trips. */
static void __attribute__((noreturn)) pipe_side(int rd, int wr, int slot, int first)
{
	char b = 0;

	if (first && write(wr, &b, 1) != 1)
		_exit(1);
	for (;;) {
		if (read(rd, &b, 1) != 1 || write(wr, &b, 1) != 1)
			_exit(1);
		shm->msgs[slot]++;
	}
}

/*
 * Fork and exit churn: every @period_ms a new child spins @duty percent
 * of the period and exits; the parent only forks and reaps. The children
 * are background load, like RT tasks, and are not scored.
 */
static void __attribute__((noreturn)) churn(const struct spec *t)
{
	double next = mono(), per = t->period_ms / 1000.0, end;

	for (;;) {
		end = next + per * t->duty / 100;
		if (fork() == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			while (mono() < end)
				;
			_exit(0);
		}
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		next += per;
		sleep_until(next);
	}
}

static void become(const struct spec *t, int slot)
{
	struct sched_param sp = { .sched_priority = t->prio };

	if (t->kind == RT)
		sched_setscheduler(0, SCHED_FIFO, &sp);
	else
		setpriority(PRIO_PROCESS, 0, t->nice);
	if (t->kind == CHURN)
		churn(t);
	if (t->kind == HOG)
		for (volatile unsigned long n = 0;; n++)
			;
	periodic(t, slot);
}

/* The run's CPU hogs: tasks that never sleep (become() spins them). */
int count_hogs(const struct run *r)
{
	int n = 0;

	for (int i = 0; i < r->n; i++)
		n += r->sc->s[r->t[i].spec].kind == HOG;
	return n;
}

static pid_t spawn(struct run *r, int spec, const struct cpulist *cpus)
{
	const struct spec *t = &r->sc->s[spec];
	int slot = r->n;
	pid_t pid = fork();

	if (pid == 0) {
		set_cpus(0, cpus, r->ncpus);
		become(t, slot);
	}
	r->t[r->n++] = (struct task){ .pid = pid, .spec = spec, .slot = slot };
	return pid;
}

static void spawn_pair(struct run *r, int spec)
{
	const struct cpulist *allow = &r->sc->s[spec].allow;
	int ab[2], ba[2], i, slot;
	pid_t pid;

	if (pipe(ab) || pipe(ba))
		return;
	for (i = 0; i < 2; i++) {
		slot = r->n;
		pid = fork();
		if (pid == 0) {
			set_cpus(0, allow, r->ncpus);
			setpriority(PRIO_PROCESS, 0, r->sc->s[spec].nice);
			pipe_side(i ? ab[0] : ba[0], i ? ba[1] : ab[1], slot, !i);
		}
		r->t[r->n++] = (struct task){ .pid = pid, .spec = spec,
					      .slot = slot };
	}
	close(ab[0]), close(ab[1]), close(ba[0]), close(ba[1]);
}

static void start_spec(struct run *r, int spec)
{
	const struct spec *t = &r->sc->s[spec];
	struct cpulist one = { .n = 1 };

	for (int k = 0; k < t->count; k++) {
		if (t->kind == PIPE) {
			spawn_pair(r, spec);
			continue;
		}
		if (t->place.n)
			one.cpu[0] = t->place.cpu[k % t->place.n];
		spawn(r, spec, t->place.n ? &one : &t->allow);
	}
}

static void release(struct run *r)
{
	for (int i = 0; i < r->n; i++)
		if (r->sc->s[r->t[i].spec].place.n)
			set_cpus(r->t[i].pid, &r->sc->s[r->t[i].spec].allow,
				 r->ncpus);
}

/* Start every task at its time and release the placed ones. */
void drive(struct run *r, double t0)
{
	int done[MAX_SPECS] = { 0 }, released = !r->sc->release_ms, i, next;

	for (;;) {
		next = -1;
		for (i = 0; i < r->sc->ns; i++)
			if (!done[i] && (next < 0 ||
			    r->sc->s[i].start_ms < r->sc->s[next].start_ms))
				next = i;
		if (!released && (next < 0 ||
		    r->sc->release_ms <= r->sc->s[next].start_ms)) {
			sleep_until(t0 + r->sc->release_ms / 1000.0);
			release(r);
			released = 1;
			continue;
		}
		if (next < 0)
			return;
		sleep_until(t0 + r->sc->s[next].start_ms / 1000.0);
		start_spec(r, next);
		done[next] = 1;
	}
}

unsigned long msgs(const struct run *r)
{
	unsigned long m = 0;

	for (int i = 0; i < r->n; i++)
		m += shm->msgs[r->t[i].slot];
	return m;
}

void stop_all(const struct run *r, int sig)
{
	for (int i = 0; i < r->n; i++)
		kill(r->t[i].pid, sig);
	for (int i = 0; i < r->n; i++)
		waitpid(r->t[i].pid, NULL, sig == SIGSTOP ? WUNTRACED : 0);
}
