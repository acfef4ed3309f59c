// SPDX-License-Identifier: GPL-2.0
/*
 * lbguest: the guest-side helper of the lb-rework lab.
 *
 *   lbguest info   print every CPU's capacity and sched domains
 *   lbguest hang   never return (used to test the host's guest timeout)
 *   lbguest sh     a minimal interactive shell for "make shell"
 *   lbguest release PLACEMENT REPS [PIN_MS WATCH_MS]
 *                  start one CPU hog per entry of PLACEMENT (a CPU list
 *                  such as 0,1,2,3,0,4,5,6), pinned there for PIN_MS, then
 *                  allow every CPU and watch until each hog has a CPU of its
 *                  own; REPS times per arm, alternating rework and stock.
 *                  An entry such as "0p" stays pinned for good.
 *
 * "info" prints lines the host checks against the topology file:
 *
 *   @cap CPU CAPACITY
 *   @dom CPU LEVEL NAME SPAN FLAGS...
 *
 * SPAN is a CPU list ("0-3"); domains come from /proc/schedstat (spans)
 * and /sys/kernel/debug/sched/domains (names and flags, which need the
 * sched_verbose boot parameter).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CPUS 256

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* Convert a schedstat mask ("ff" or "00000000,000000ff") to a CPU list. */
static void mask_to_list(const char *mask, char *out, size_t len)
{
	unsigned char bits[MAX_CPUS] = { 0 };
	int nbits = 0, i, start, n = 0;
	const char *p;

	for (p = mask + strlen(mask) - 1; p >= mask && nbits < MAX_CPUS; p--) {
		int v;

		if (*p == ',')
			continue;
		v = *p >= 'a' ? *p - 'a' + 10 : *p >= 'A' ? *p - 'A' + 10 : *p - '0';
		for (i = 0; i < 4 && nbits < MAX_CPUS; i++)
			bits[nbits++] = (v >> i) & 1;
	}
	out[0] = 0;
	for (i = 0; i < nbits; i++) {
		if (!bits[i])
			continue;
		start = i;
		while (i + 1 < nbits && bits[i + 1])
			i++;
		if (start == i)
			n += snprintf(out + n, len - n, "%s%d", n ? "," : "", i);
		else
			n += snprintf(out + n, len - n, "%s%d-%d", n ? "," : "",
				      start, i);
	}
}

/*
 * The level and span mask of a "domainN" line of /proc/schedstat: version
 * 16 (6.12) writes "domainN MASK ...", version 17 (7.3) "domainN NAME
 * MASK ...". A mask is hex digits and commas; a name never is.
 */
static int domain_mask(const char *line, int *level, char *mask, size_t len)
{
	char a[128], b[128];

	if (sscanf(line, "domain%d %127s %127s", level, a, b) != 3)
		return -1;
	snprintf(mask, len, "%s", strspn(a, "0123456789abcdef,") == strlen(a) ?
		 a : b);
	return 0;
}

static int info(void)
{
	char path[256], buf[1024], name[64], flags[512], span[256], mask[128];
	int cpu = -1, level = 0, ncpus = 0;
	FILE *f;

	/*
	 * Only architectures that scale capacities (arm64's device tree)
	 * have cpu_capacity; every CPU of the others has the full 1024.
	 */
	for (int c = 0; c < MAX_CPUS; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		if (read_line(path, buf, sizeof(buf))) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu%d", c);
			if (access(path, F_OK))
				break;
			strcpy(buf, "1024");
		}
		printf("@cap %d %s\n", c, buf);
		ncpus++;
	}
	f = fopen("/proc/schedstat", "r");
	if (!f) {
		perror("/proc/schedstat");
		return 1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		if (sscanf(buf, "cpu%d", &cpu) == 1) {
			level = 0;
			continue;
		}
		if (domain_mask(buf, &level, mask, sizeof(mask)))
			continue;
		mask_to_list(mask, span, sizeof(span));
		snprintf(path, sizeof(path),
			 "/sys/kernel/debug/sched/domains/cpu%d/domain%d/name",
			 cpu, level);
		if (read_line(path, name, sizeof(name)))
			strcpy(name, "?");
		snprintf(path, sizeof(path),
			 "/sys/kernel/debug/sched/domains/cpu%d/domain%d/flags",
			 cpu, level);
		if (read_line(path, flags, sizeof(flags)))
			strcpy(flags, "?");
		printf("@dom %d %d %s %s %s\n", cpu, level, name, span, flags);
	}
	fclose(f);
	return ncpus ? 0 : 1;
}

/* ---- CPU hogs released from a placement ------------------------------ */

#define MAX_HOGS 64

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY), r;

	if (fd < 0)
		return -errno;
	r = write(fd, val, strlen(val)) < 0 ? -errno : 0;
	close(fd);
	return r;
}

static int ncpus(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN);
}

static pid_t start_hog(int cpu)
{
	pid_t pid = fork();
	cpu_set_t set;

	if (pid)
		return pid;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		_exit(1);
	for (volatile unsigned long n = 0;; n++)
		;
}

static void release_all(pid_t *pids, const int *pinned, int n)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < ncpus(); i++)
		CPU_SET(i, &set);
	for (i = 0; i < n; i++)
		if (!pinned[i])
			sched_setaffinity(pids[i], sizeof(set), &set);
}

/* The CPU a task is queued on: field 39 of /proc/PID/stat. */
static int task_cpu(pid_t pid)
{
	char path[64], buf[1024], *p;
	int field = 2, cpu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f)) {
		p = strrchr(buf, ')');
		for (p = p ? p + 1 : buf; *p && field < 39; p++)
			if (*p == ' ')
				field++;
		cpu = atoi(p);
	}
	fclose(f);
	return cpu;
}

/*
 * Every hog that may move has a CPU of its own, and no CPU without a hog
 * is bigger than one of theirs. Hogs pinned for good (@pinned) stay where
 * they are and may share their CPU.
 */
static int placement_ok(const int *where, int n, const int *cap,
			const int *pinned)
{
	int used[MAX_CPUS] = { 0 }, i, c, minbusy = 1 << 30, maxidle = 0;

	for (i = 0; i < n; i++) {
		if (where[i] < 0 || where[i] >= MAX_CPUS)
			return 0;
		used[where[i]]++;
	}
	for (i = 0; i < n; i++) {
		if (pinned[i])
			continue;
		if (used[where[i]] > 1)
			return 0;
		if (cap[where[i]] < minbusy)
			minbusy = cap[where[i]];
	}
	for (c = 0; c < ncpus(); c++)
		if (!used[c] && cap[c] > maxidle)
			maxidle = cap[c];
	return maxidle <= minbusy;
}

struct release_opts {
	int place[MAX_HOGS];
	int pinned[MAX_HOGS];
	int n;
	int pin_ms;
	int watch_ms;
};

#define TRACING "/sys/kernel/tracing/"

/* Trace the hogs' migrations, and nothing else, from now on. */
static int trace_start(const pid_t *pids, int n)
{
	char filter[MAX_HOGS * 16] = "", *p = filter;
	int i;

	for (i = 0; i < n; i++)
		p += sprintf(p, "%spid == %d", i ? " || " : "", pids[i]);
	if (write_str(TRACING "tracing_on", "0") ||
	    write_str(TRACING "trace_clock", "mono") ||
	    write_str(TRACING "buffer_size_kb", "1024") ||
	    write_str(TRACING "events/sched/sched_migrate_task/filter", filter) ||
	    write_str(TRACING "events/sched/sched_migrate_task/enable", "1") ||
	    write_str(TRACING "trace", ""))
		return -1;
	return write_str(TRACING "tracing_on", "1");
}

/* How long the right placement must hold to count as reached. */
#define HOLD_S	1.0

/* Parse one sched_migrate_task line of the trace; 0 on success. */
static int parse_migrate(char *line, double *ts, int *pid, int *dest)
{
	char *ev = strstr(line, ": sched_migrate_task:"), *t = ev;
	int orig;

	if (line[0] == '#' || !ev)
		return -1;
	while (t > line && t[-1] != ' ')
		t--;
	*ts = atof(t);
	if (sscanf(strstr(ev, "pid="), "pid=%d", pid) != 1 ||
	    sscanf(strstr(ev, "orig_cpu="), "orig_cpu=%d dest_cpu=%d",
		   &orig, dest) != 2)
		return -1;
	return 0;
}

struct replay {
	int first_ms;		/* first time the placement was right */
	int reached_ms;		/* first time the placement held HOLD_S */
	int moves;		/* migrations within the watch */
	int breaks;		/* times a right placement was lost again */
};

/* The placement changed at @ts: note when it became right or broke. */
static void replay_step(struct replay *r, double t0, double ts, int *ok,
			int now_ok, double *since)
{
	if (!*ok && now_ok) {
		*since = ts;
		if (r->first_ms < 0)
			r->first_ms = (ts - t0) * 1000;
	}
	if (*ok && !now_ok) {
		if (r->reached_ms < 0 && ts - *since >= HOLD_S)
			r->reached_ms = (*since - t0) * 1000;
		r->breaks++;
	}
	*ok = now_ok;
}

/*
 * Replay the traced migrations from the placement at @t0. The placement
 * is reached at the first moment from which it stays right for HOLD_S,
 * within the @watch seconds after @t0 (the time-to-balance of the
 * measuring guide). Later events (the measuring process waking up is one
 * cause) still move @where, which ends as the final placement. Returns
 * -2 if the trace lost events.
 */
static int trace_replay(double t0, double watch, const pid_t *pids,
			const struct release_opts *o, const int *cap,
			int *where, struct replay *r)
{
	int ok = placement_ok(where, o->n, cap, o->pinned), pid, dest, i;
	double since = t0, ts;
	char line[512];
	FILE *f;

	*r = (struct replay){ .reached_ms = -1, .first_ms = ok ? 0 : -1 };
	f = fopen(TRACING "trace", "r");
	if (!f)
		return -2;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "LOST")) {
			fclose(f);
			return -2;
		}
		if (parse_migrate(line, &ts, &pid, &dest))
			continue;
		for (i = 0; i < o->n && pids[i] != pid; i++)
			;
		if (i == o->n || ts < t0)
			continue;
		where[i] = dest;
		if (ts > t0 + watch)
			continue;
		r->moves++;
		if (getenv("LB_VERBOSE"))
			printf("@move %.1f ms hog %d: -> %d\n",
			       (ts - t0) * 1000, i, dest);
		replay_step(r, t0, ts, &ok, placement_ok(where, o->n, cap,
							  o->pinned), &since);
	}
	fclose(f);
	/* Still right at the end of the watch, and for long enough. */
	if (ok && r->reached_ms < 0 && t0 + watch - since >= HOLD_S)
		r->reached_ms = (since - t0) * 1000;
	return 0;
}

/* ---- The runtime switch ---------------------------------------------- */

/* The switch is the sched feature LB_REWORK. */
#define KNOB "/sys/kernel/debug/sched/features"

/* 1 if LB_REWORK is on, 0 if it is off, -1 without the feature. */
static int knob_value(void)
{
	char buf[4096], *tok, *save;
	FILE *f = fopen(KNOB, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (!strcmp(tok, "LB_REWORK"))
			return 1;
		if (!strcmp(tok, "NO_LB_REWORK"))
			return 0;
	}
	return -1;
}

/* Write @val as it is; return 0 or the errno of the failed write. */
static int knob_write(const char *val, size_t len)
{
	int fd = open(KNOB, O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, val, len) < 0)
		err = errno;
	close(fd);
	return err;
}

static int knob_set(int on)
{
	const char *v = on ? "LB_REWORK" : "NO_LB_REWORK";

	return knob_write(v, strlen(v));
}

static int set_arm(const char *arm)
{
	int on = !strcmp(arm, "rework");

	/* A stock kernel has no switch: it can only run the stock arm. */
	if (knob_value() < 0)
		return on ? -ENOENT : 0;
	return -knob_set(on);
}

/* Long enough for stopped hogs to leave their runqueues for good. */
#define SETTLE_MS	20

/*
 * Start the hogs pinned where @o says, let them run pinned, release them
 * and sleep through the watch: the measuring process must not occupy the
 * CPUs it measures. Returns the ms after release from which every hog had
 * a CPU of its own for at least HOLD_S, -1 if that never happened within
 * the watch, or -2 if the measurement is invalid; @out gets the replay,
 * with the first moment the placement was right and how often it broke.
 */
static int release_once(const struct release_opts *o, const int *cap,
			struct replay *out)
{
	int i, where[MAX_HOGS], now[MAX_HOGS], traced, bad;
	struct replay r = { .reached_ms = -2 };
	pid_t pids[MAX_HOGS];
	double t0;

	for (i = 0; i < o->n; i++) {
		pids[i] = start_hog(o->place[i]);
		where[i] = o->place[i];
	}
	usleep(o->pin_ms * 1000);
	traced = !trace_start(pids, o->n);
	t0 = mono();
	release_all(pids, o->pinned, o->n);
	usleep(o->watch_ms * 1000);
	/*
	 * Stop the hogs (a stopped task is not migrated), then the trace,
	 * then read where they are: the trace and /proc must agree.
	 */
	for (i = 0; i < o->n; i++)
		kill(pids[i], SIGSTOP);
	for (i = 0; i < o->n; i++)
		waitpid(pids[i], NULL, WUNTRACED);
	/*
	 * A stopped task can stay queued for a moment (DELAY_DEQUEUE), and
	 * the balancer may still move it: let that happen while the trace
	 * still runs.
	 */
	usleep(SETTLE_MS * 1000);
	write_str(TRACING "tracing_on", "0");
	write_str(TRACING "events/sched/sched_migrate_task/enable", "0");
	for (i = 0; i < o->n; i++)
		now[i] = task_cpu(pids[i]);
	bad = !traced || trace_replay(t0, o->watch_ms / 1000.0, pids, o, cap,
				      where, &r);
	for (i = 0; i < o->n; i++)
		kill(pids[i], SIGKILL);
	for (i = 0; i < o->n; i++)
		waitpid(pids[i], NULL, 0);
	/* The replayed placement must be the one the kernel reports. */
	if (!bad && memcmp(now, where, o->n * sizeof(int))) {
		printf("@release trace and /proc disagree on the placement\n");
		bad = 1;
	}
	printf("@where moves=%d breaks=%d", r.moves, r.breaks);
	for (i = 0; i < o->n; i++)
		printf(" %d", now[i]);
	printf("\n");
	*out = r;
	return bad ? -2 : r.reached_ms;
}

static int read_caps(int *cap)
{
	char path[128], buf[32];
	int c;

	for (c = 0; c < ncpus() && c < MAX_CPUS; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		cap[c] = read_line(path, buf, sizeof(buf)) ? 1024 : atoi(buf);
	}
	return 0;
}

static int parse_place(const char *s, struct release_opts *o)
{
	char *end;

	for (o->n = 0; *s && o->n < MAX_HOGS; o->n++) {
		o->place[o->n] = strtol(s, &end, 10);
		if (end == s || o->place[o->n] < 0 || o->place[o->n] >= ncpus())
			return -1;
		/* "3p": pinned to CPU 3 for good. */
		o->pinned[o->n] = *end == 'p';
		if (*end == 'p')
			end++;
		if (*end && *end != ',')
			return -1;
		s = *end == ',' ? end + 1 : end;
	}
	return o->n ? 0 : -1;
}

static int release(int argc, char **argv)
{
	static const char * const arms[] = { "rework", "stock" };
	struct release_opts o = { .pin_ms = 300, .watch_ms = 6000 };
	int cap[MAX_CPUS], reps, r, a, ms;
	struct replay rp;

	if (argc < 4 || parse_place(argv[2], &o)) {
		fprintf(stderr, "usage: lbguest release CPU,CPU,... REPS [PIN_MS WATCH_MS]\n");
		return 2;
	}
	reps = atoi(argv[3]);
	if (argc > 5) {
		o.pin_ms = atoi(argv[4]);
		o.watch_ms = atoi(argv[5]);
	}
	read_caps(cap);
	for (r = 1; r <= reps; r++) {
		for (a = 0; a < 2; a++) {
			if (set_arm(arms[a])) {
				printf("@release arm=%s unavailable\n", arms[a]);
				continue;
			}
			ms = release_once(&o, cap, &rp);
			printf("@release arm=%s place=%s rep=%d first_ms=%d balanced_ms=%d breaks=%d watch_ms=%d\n",
			       arms[a], argv[2], r, ms == -2 ? -2 : rp.first_ms,
			       ms, rp.breaks, o.watch_ms);
		}
	}
	set_arm("rework");
	return 0;
}

static void sh_cat(char **argv)
{
	char buf[4096];
	size_t n;

	for (; *argv; argv++) {
		FILE *f = fopen(*argv, "r");

		if (!f) {
			printf("cat: %s: %s\n", *argv, strerror(errno));
			continue;
		}
		while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
			fwrite(buf, 1, n, stdout);
		fclose(f);
	}
}

static void sh_ls(const char *dir)
{
	DIR *d = opendir(dir ? dir : ".");
	struct dirent *e;

	if (!d) {
		printf("ls: %s: %s\n", dir, strerror(errno));
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			printf("%s%s\n", e->d_name, e->d_type == DT_DIR ? "/" : "");
	closedir(d);
}

/* echo WORDS [> FILE]: writes go to sysfs/debugfs knobs, so report errors. */
static void sh_echo(char **argv)
{
	char line[1024] = "";
	FILE *out = stdout;
	int i;

	for (i = 0; argv[i]; i++) {
		if (!strcmp(argv[i], ">") && argv[i + 1]) {
			out = fopen(argv[i + 1], "w");
			if (!out) {
				printf("echo: %s: %s\n", argv[i + 1], strerror(errno));
				return;
			}
			break;
		}
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
			 "%s%s", i ? " " : "", argv[i]);
	}
	fprintf(out, "%s\n", line);
	if (out != stdout && fclose(out))
		printf("echo: write: %s\n", strerror(errno));
}

static void sh_exec(char **argv)
{
	char path[256];
	int status;
	pid_t pid;

	snprintf(path, sizeof(path), "%s%s", strchr(argv[0], '/') ? "" : "/bin/",
		 argv[0]);
	pid = fork();
	if (pid == 0) {
		execv(path, argv);
		printf("%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
}

static int shell(void)
{
	char line[1024], *argv[64], *save;
	int argc;

	printf("lb-rework guest shell: cat, ls, cd, echo [> file], poweroff;\n"
	       "other words run /bin/WORD (try: lbguest info)\n");
	for (;;) {
		printf("# ");
		fflush(stdout);
		if (!fgets(line, sizeof(line), stdin))
			return 0;
		argc = 0;
		for (char *t = strtok_r(line, " \t\n", &save); t && argc < 63;
		     t = strtok_r(NULL, " \t\n", &save))
			argv[argc++] = t;
		argv[argc] = NULL;
		if (!argc)
			continue;
		if (!strcmp(argv[0], "poweroff") || !strcmp(argv[0], "exit"))
			return 0;
		if (!strcmp(argv[0], "cat"))
			sh_cat(argv + 1);
		else if (!strcmp(argv[0], "ls"))
			sh_ls(argv[1]);
		else if (!strcmp(argv[0], "cd")) {
			if (chdir(argc > 1 ? argv[1] : "/"))
				printf("cd: %s\n", strerror(errno));
		} else if (!strcmp(argv[0], "echo"))
			sh_echo(argv + 1);
		else
			sh_exec(argv);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "info"))
		return info();
	if (argc > 1 && !strcmp(argv[1], "hang")) {
		for (;;)
			pause();
	}
	if (argc > 1 && !strcmp(argv[1], "sh"))
		return shell();
	if (argc > 1 && !strcmp(argv[1], "release"))
		return release(argc, argv);
	fprintf(stderr, "usage: lbguest info|hang|sh|release\n");
	return 2;
}
