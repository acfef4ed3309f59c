// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the lb-rework test guests.
 *
 * Mounts the pseudo file systems, then runs the programs listed in
 * /etc/lb/run, one per line as "TIMEOUT NAME [VAR=VALUE...] ARGV...",
 * each in its own process group, with those variables in its environment,
 * and under its own timeout. Results go to the console as
 * marker lines the host parses:
 *
 *   @@LB BEGIN name
 *   @@LB END name rc=N secs=S
 *   @@LB SUMMARY passed=N failed=M
 *
 * A program that exits 0 passes; any other status, a signal or a timeout
 * fails. The guest then powers off.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ARGS 32

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void mount_fs(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY)
		printf("@@LB WARN mount %s on %s: %s\n", type, dir, strerror(errno));
}

static void setup(void)
{
	sigset_t chld;
	int fd;

	mount_fs("proc", "/proc", "proc");
	mount_fs("sysfs", "/sys", "sysfs");
	mount_fs("devtmpfs", "/dev", "devtmpfs");
	mount_fs("debugfs", "/sys/kernel/debug", "debugfs");
	mount_fs("tracefs", "/sys/kernel/tracing", "tracefs");
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* SIGCHLD stays pending for sigtimedwait() in wait_limited(). */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	setenv("PATH", "/bin", 1);
}

/*
 * Reap children until @pid exits; 1 with its status in @status, 0 if it
 * still runs. Orphans reparented to init are reaped on the way.
 */
static int reap(pid_t pid, int *status)
{
	int st;
	pid_t r;

	while ((r = waitpid(-1, &st, WNOHANG)) > 0)
		if (r == pid) {
			*status = st;
			return 1;
		}
	return r < 0 && errno == ECHILD ? -1 : 0;
}

/*
 * Wait for @pid at most @limit seconds; kill its group on timeout. init
 * sleeps in sigtimedwait() until a child exits: a waiter that polled
 * would wake every few milliseconds on some CPU and disturb the very
 * balancing the guest measures.
 */
static int wait_limited(pid_t pid, double limit, int *timed_out)
{
	double end = now() + limit, left;
	struct timespec ts;
	int status = -1, r;
	sigset_t set;

	*timed_out = 0;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	for (;;) {
		r = reap(pid, &status);
		if (r)
			return r > 0 ? status : -1;
		left = end - now();
		if (left <= 0) {
			*timed_out = 1;
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			return status;
		}
		ts.tv_sec = left;
		ts.tv_nsec = (left - ts.tv_sec) * 1e9;
		sigtimedwait(&set, NULL, &ts);
	}
}

static int run_one(char *line)
{
	char *argv[MAX_ARGS + 1], *name, *tok, *save;
	int argc = 0, nenv, i, status, timed_out = 0, ok;
	double limit, t0;
	pid_t pid;

	tok = strtok_r(line, " \t\n", &save);
	if (!tok || tok[0] == '#')
		return -1;
	limit = atof(tok);
	name = strtok_r(NULL, " \t\n", &save);
	while (name && argc < MAX_ARGS &&
	       (tok = strtok_r(NULL, " \t\n", &save)))
		argv[argc++] = tok;
	argv[argc] = NULL;
	/* Leading VAR=VALUE words are the program's environment. */
	for (nenv = 0; nenv < argc && strchr(argv[nenv], '='); nenv++)
		;
	if (!name || nenv == argc || limit <= 0) {
		printf("@@LB BADLINE %s\n", line);
		return 0;
	}

	printf("@@LB BEGIN %s\n", name);
	t0 = now();
	pid = fork();
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setpgid(0, 0);
		for (i = 0; i < nenv; i++)
			putenv(argv[i]);
		execv(argv[nenv], argv + nenv);
		printf("@@LB exec %s: %s\n", argv[nenv], strerror(errno));
		_exit(127);
	}
	status = pid < 0 ? -1 : wait_limited(pid, limit, &timed_out);
	ok = status >= 0 && !timed_out && WIFEXITED(status) &&
	     WEXITSTATUS(status) == 0;
	if (timed_out)
		printf("@@LB TIMEOUT %s after %.0f s\n", name, limit);
	printf("@@LB END %s rc=%d secs=%.2f\n", name,
	       status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : 255,
	       now() - t0);
	return ok;
}

int main(void)
{
	int passed = 0, failed = 0, r;
	char line[1024];
	FILE *f;

	setup();
	f = fopen("/etc/lb/run", "r");
	if (!f) {
		printf("@@LB BADLINE no /etc/lb/run\n");
		failed++;
	}
	while (f && fgets(line, sizeof(line), f)) {
		r = run_one(line);
		if (r > 0)
			passed++;
		else if (r == 0)
			failed++;
	}
	printf("@@LB SUMMARY passed=%d failed=%d\n", passed, failed);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
