/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the load-balancer selftests: the lb-rework debugfs
 * files, CPU hogs, and what /proc and sysfs say about tasks and CPUs.
 */
#ifndef LB_UTIL_H
#define LB_UTIL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LB_SWITCH	"/sys/kernel/debug/sched/features"
/* What separates the names in LB_SWITCH. */
#define LB_SEPARATORS	"\t\n "
#define LB_STATS	"/sys/kernel/debug/sched/lb_stats"
#define LB_MAX_CPUS	256
#define LB_MAX_HOGS	(2 * LB_MAX_CPUS)

static inline double lb_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline void lb_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * Read the whole file at @path into @buf (NUL-terminated, at most
 * @len - 1 bytes). Return the length, or -errno.
 */
static inline ssize_t lb_read_file(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t r;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while (got < len - 1) {
		r = read(fd, buf + got, len - 1 - got);
		if (r < 0) {
			r = -errno;
			close(fd);
			return r;
		}
		if (!r)
			break;
		got += r;
	}
	buf[got] = '\0';
	close(fd);
	return got;
}

/*
 * Write the @len bytes of @s to @path with one write() on a fresh file
 * descriptor. Return 0 if all were taken, -errno if the write failed,
 * -EIO if it was short.
 */
static inline int lb_write(const char *path, const char *s, size_t len)
{
	ssize_t r;
	int fd, err;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	r = write(fd, s, len);
	err = r < 0 ? -errno : (size_t)r == len ? 0 : -EIO;
	close(fd);
	return err;
}

static inline int lb_write_str(const char *path, const char *s)
{
	return lb_write(path, s, strlen(s));
}

/*
 * The runtime switch is the sched feature LB_REWORK: 1 (rework) or 0
 * (stock, NO_LB_REWORK), -ENOENT if the kernel has no such feature, or
 * another -errno.
 */
static inline int lb_switch_get(void)
{
	static char buf[4096];
	char *tok, *save;
	ssize_t n = lb_read_file(LB_SWITCH, buf, sizeof(buf));

	if (n < 0)
		return n;
	for (tok = strtok_r(buf, LB_SEPARATORS, &save); tok;
	     tok = strtok_r(NULL, LB_SEPARATORS, &save)) {
		if (!strcmp(tok, "LB_REWORK"))
			return 1;
		if (!strcmp(tok, "NO_LB_REWORK"))
			return 0;
	}
	return -ENOENT;
}

static inline int lb_switch_set(int on)
{
	return lb_write_str(LB_SWITCH, on ? "LB_REWORK" : "NO_LB_REWORK");
}

/*
 * Why the switch cannot be used, or NULL if it can. @errnum is what
 * lb_switch_get() returned.
 */
static inline const char *lb_switch_missing(int errnum)
{
	if (errnum >= 0)
		return NULL;
	if (access("/sys/kernel/debug/sched", F_OK))
		return "no /sys/kernel/debug/sched (debugfs not mounted?)";
	if (errnum == -ENOENT)
		return "no sched feature LB_REWORK (CONFIG_SCHED_LB_REWORK=n)";
	if (errnum == -EACCES || errnum == -EPERM)
		return "cannot open " LB_SWITCH ": the test needs root";
	return NULL;
}

/*
 * Save the switch in @saved and turn the rework on. @why is set to why
 * there is no switch to turn (then the kernel's own balancer is tested),
 * or NULL. Returns 0, or the error of a switch that refused 1.
 */
static inline int lb_rework_on(int *saved, const char **why)
{
	*saved = lb_switch_get();
	*why = lb_switch_missing(*saved);
	return *why ? 0 : lb_switch_set(1);
}

/* The CPUs this process may run on, in @cpus; returns how many. */
static inline int lb_cpus(cpu_set_t *set, int *cpus)
{
	int cpu, n = 0;

	CPU_ZERO(set);
	if (sched_getaffinity(0, sizeof(*set), set))
		return -errno;
	for (cpu = 0; cpu < LB_MAX_CPUS && cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, set))
			cpus[n++] = cpu;
	return n;
}

/* Allow @pid on @cpu only, or on @set if @cpu is negative. */
static inline int lb_allow(pid_t pid, int cpu, const cpu_set_t *set)
{
	cpu_set_t one;

	if (cpu < 0)
		return sched_setaffinity(pid, sizeof(*set), set) ? -errno : 0;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return sched_setaffinity(pid, sizeof(one), &one) ? -errno : 0;
}

/*
 * Fork a task that spins until it is killed, on @cpu only if @cpu is
 * not negative. It dies with its parent. Returns its pid, or -errno.
 */
static inline pid_t lb_hog(int cpu)
{
	pid_t parent = getpid(), pid;

	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(0);
	if (cpu >= 0 && lb_allow(0, cpu, NULL))
		_exit(1);
	for (;;)
		__asm__ __volatile__("" ::: "memory");
}

/* Kill and reap the @n hogs of @pids (entries <= 0 are ignored). */
static inline void lb_kill(pid_t *pids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	for (i = 0; i < n; i++)
		if (pids[i] > 0) {
			waitpid(pids[i], NULL, 0);
			pids[i] = 0;
		}
}

/*
 * Field @field (numbered from 1 as in proc(5)) of /proc/@pid/stat, as a
 * number; the state (field 3) is returned as its character. -1 on error.
 */
static inline long long lb_stat_field(pid_t pid, int field)
{
	char path[64], buf[1024], *p;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (lb_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	/* The command may hold spaces and ')': field 3 follows the last ')'. */
	p = strrchr(buf, ')');
	if (!p || field < 3)
		return -1;
	p++;
	for (i = 3; i <= field; i++) {
		while (*p == ' ')
			p++;
		if (!*p)
			return -1;
		if (i == field)
			return i == 3 ? *p : strtoll(p, NULL, 10);
		while (*p && *p != ' ')
			p++;
	}
	return -1;
}

/* The CPU @pid last ran on (field 39 of /proc/PID/stat), or -1. */
static inline int lb_task_cpu(pid_t pid)
{
	return lb_stat_field(pid, 39);
}

/* CPU time @pid has had in ns (field 1 of /proc/PID/schedstat), or -1. */
static inline long long lb_runtime_ns(pid_t pid)
{
	char path[64], buf[128];

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	if (lb_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/*
 * Send @sig to the @n tasks of @pids. For SIGSTOP, wait (at most 2 s)
 * until every one is stopped, so that none is in the middle of a
 * migration. Returns 0, or -1 if one did not stop.
 */
static inline int lb_signal_all(pid_t *pids, int n, int sig)
{
	double end = lb_now() + 2;
	int i;

	for (i = 0; i < n; i++)
		kill(pids[i], sig);
	if (sig != SIGSTOP)
		return 0;
	for (i = 0; i < n; i++)
		while (lb_stat_field(pids[i], 3) != 'T') {
			if (lb_now() > end)
				return -1;
			lb_sleep_ms(1);
		}
	return 0;
}

/*
 * Make the calling task SCHED_FIFO, so that the balancer does not count
 * it: a CFS task that wakes up beside the hogs to measure them makes its
 * CPU's group look overloaded and gets a hog moved. Returns 0 or -errno.
 */
static inline int lb_measure_as_rt(void)
{
	struct sched_param sp = { .sched_priority = 1 };

	return sched_setscheduler(0, SCHED_FIFO, &sp) ? -errno : 0;
}

/* The capacity of @cpu from sysfs, or -1. */
static inline long lb_capacity(int cpu)
{
	char path[96], buf[32];

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/cpu_capacity", cpu);
	if (lb_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

/* Print "pid@cpu ..." for the @n tasks of @pids into @buf. */
static inline const char *lb_placement(pid_t *pids, int n, char *buf,
				       size_t len)
{
	size_t off = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && off < len; i++)
		off += snprintf(buf + off, len - off, "%s%d", i ? "," : "",
				lb_task_cpu(pids[i]));
	return buf;
}

#endif /* LB_UTIL_H */
