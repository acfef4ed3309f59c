// SPDX-License-Identifier: GPL-2.0
/*
 * lbwork: the lab's scenario parser and workload generator.
 *
 *   lbwork check FILE TOPODIR   (host) parse FILE, check it against the
 *                               topology TOPODIR/NAME.topo and print the
 *                               scenario in normal form; exit 1 with
 *                               "FILE:LINE: ..." on the first error
 *   lbwork run FILE [OUT]       (guest) run the scenario: every repetition
 *                               on the rework arm, then on the stock arm,
 *                               tracing each run; the results stream goes
 *                               to OUT (default /dev/hvc0)
 *
 * The file format is described in scenarios/README.md. One parser serves
 * both sides, so a file the host accepts is a file the guest runs.
 *
 * This file runs a scenario and writes its results. The parser is in
 * scenario.c, the tasks in workload.c, and what is read of the kernel
 * (trace, schedstat, the rework's counters, the switch) in kstats.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include "kstats.h"
#include "scenario.h"
#include "workload.h"

static void print_cpus(FILE *out, const struct cpulist *l, int ncpus)
{
	if (!l->n) {
		fprintf(out, "0-%d", ncpus - 1);
		return;
	}
	for (int c = 0; c < l->n; c++)
		fprintf(out, "%s%d", c ? "," : "", l->cpu[c]);
}

static void print_header(FILE *out, const struct run *r, const char *arm,
			 int rep, double t_ref, double t_end)
{
	char path[128], buf[32];

	fprintf(out, "@run scenario=%s arm=%s rep=%d topo=%s ncpus=%d t_ref=%.6f t_end=%.6f\n",
		r->sc->name, arm, rep, r->sc->topo, r->ncpus, t_ref, t_end);
	for (int c = 0; c < r->ncpus; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		FILE *f = fopen(path, "r");

		if (!f || !fgets(buf, sizeof(buf), f))
			strcpy(buf, "1024\n");
		if (f)
			fclose(f);
		fprintf(out, "@cap %d %s", c, buf);
	}
	/* The SMT core of each CPU, named by its lowest CPU. */
	for (int c = 0; c < r->ncpus; c++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
		FILE *f = fopen(path, "r");
		int first;

		if (f && fscanf(f, "%d", &first) == 1 && first >= 0 && first <= c)
			fprintf(out, "@core %d %d\n", c, first);
		if (f)
			fclose(f);
	}
	for (int i = 0; i < r->n; i++) {
		const struct spec *t = &r->sc->s[r->t[i].spec];

		/*
		 * RT tasks are the background that takes capacity away;
		 * churn's children live too briefly to be scored.
		 */
		if (t->kind == RT || t->kind == CHURN)
			continue;
		fprintf(out, "@task %d allowed=", r->t[i].pid);
		print_cpus(out, &t->allow, r->ncpus);
		fprintf(out, " name=%s%d\n", kind_names[t->kind], i);
		if (shm->mark[r->t[i].slot] > 0)
			fprintf(out, "@mark %.6f misfit %d\n",
				shm->mark[r->t[i].slot], r->t[i].pid);
	}
}

#define LB_STATS "/sys/kernel/debug/sched/lb_stats"

static const char *other_arm(const char *arm)
{
	return strcmp(arm, "rework") ? "rework" : "stock";
}

/*
 * Did the run's window hold its own arm's balancing? In the lab's QEMU
 * TCG guests a static key's branch now and then keeps running as it was
 * before the key flipped, for a second or more (lb-rework.rst, "Flips
 * that do not take effect"). The switch that lags shows as searches of
 * the other arm, counted in the window; the counters' key that lags, as
 * no search counted while schedstat saw the kernel balance. What went
 * wrong, or NULL (also on a kernel without the counters).
 */
static const char *arm_missed(const unsigned long *s0, const unsigned long *s1,
			      unsigned long long own, unsigned long long other)
{
	unsigned long balanced = 0;

	if (other)
		return "the other arm searched in the window";
	if (access(LB_STATS, F_OK))
		return NULL;
	for (int i = LB_BUSY; i <= LB_NEWIDLE; i++)
		balanced += s1[i] - s0[i];
	return !own && balanced >= 50 ?
		"no search counted while the kernel balanced" : NULL;
}

/*
 * One run: start the tasks as the scenario says, measure for its duration
 * after the last start or release, stop the tasks (a stopped task is not
 * migrated), stop the trace, and write the run to @out. A run whose
 * window did not hold its arm's balancing (arm_missed()) is dropped and
 * 1 returned, unless it is the @last try: then it is written with
 * "arm_ok=0", which makes it invalid.
 */
static int run_once(const struct scenario *sc, const char *arm, int rep,
		    FILE *out, int last)
{
	unsigned long s0[NSTAT], s1[NSTAT], m0, m1;
	struct fbg c0, c1, o0, o1;
	struct run r = { .sc = sc, .ncpus = sysconf(_SC_NPROCESSORS_ONLN) };
	unsigned long long other;
	double t0, t_ref, t_end;
	const char *missed;
	long lost;

	memset(shm, 0, sizeof(*shm));
	if (set_arm(arm) || trace_setup())
		return -1;
	/* Count passes and time searches; a kernel without counters says no */
	write_str(LB_STATS, "1");
	t0 = mono();
	drive(&r, t0);
	/*
	 * The window opens at the last start or release, or when the last
	 * task has really been forked, if that took longer.
	 */
	t_ref = t0 + t_ref_ms(sc) / 1000.0;
	if (mono() > t_ref)
		t_ref = mono();
	t_end = t_ref + sc->duration_ms / 1000.0;
	sleep_until(t_ref);
	schedstat(s0);
	fbg_cost(arm, &c0, other_arm(arm), &o0);
	m0 = msgs(&r);
	sleep_until(t_end);
	schedstat(s1);
	fbg_cost(arm, &c1, other_arm(arm), &o1);
	m1 = msgs(&r);
	stop_all(&r, SIGSTOP);
	write_str(TRACING "tracing_on", "0");
	other = fbg_calls(&o0, &o1);
	missed = arm_missed(s0, s1, fbg_calls(&c0, &c1), other);
	if (missed) {
		printf("@lab arm missed: %s rep %d arm %s: %s; %s\n",
		       sc->name, rep, arm, missed,
		       last ? "kept as an invalid run" : "running it again");
		fflush(stdout);
		if (!last) {
			/* Keeps the cost plugin's windows in step with runs */
			fprintf(out, "@dropped scenario=%s arm=%s rep=%d\n",
				sc->name, arm, rep);
			fflush(out);
			stop_all(&r, SIGKILL);
			return 1;
		}
	}
	lost = trace_lost(r.ncpus);
	print_header(out, &r, arm, rep, t_ref, t_end);
	fprintf(out, "@cost");
	for (int i = 0; i < NSTAT; i++)
		fprintf(out, " %s=%lu", stat_names[i], s1[i] - s0[i]);
	fprintf(out, " msgs_per_s=%.0f", (m1 - m0) / (t_end - t_ref));
	fprintf(out, " tasks=%d hogs=%d clock=%s", r.n, count_hogs(&r),
		sc->icount ? "icount" : "real");
	print_fbg(out, &c0, &c1);
	fprintf(out, " lbc_other_calls=%llu", other);
	if (missed)
		fprintf(out, " arm_ok=0");
	fputc('\n', out);
	fprintf(out, "@trace-begin\n");
	copy_trace(out);
	fprintf(out, "@trace-end lost=%ld\n@end\n", lost);
	fflush(out);
	stop_all(&r, SIGKILL);
	return 0;
}

/* A tty must not turn "\n" into "\r\n" in the results stream. */
static void raw_output(FILE *out)
{
	struct termios tio;
	int fd = fileno(out);

	if (isatty(fd) && !tcgetattr(fd, &tio)) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
	}
}

/*
 * Enable the trace events before the first run, and see that each of
 * them is traced: enabling an event flips a static key, and in the
 * lab's QEMU TCG guests such a flip now and then does not take effect
 * for a second or more (lb-rework.rst, "Flips that do not take
 * effect"). An event missing is disabled and enabled again, twice at
 * most.
 */
static void trace_ready(void)
{
	int ncpus = sysconf(_SC_NPROCESSORS_ONLN), n;
	char missing[128];

	for (int again = 0; again < 3; again++) {
		n = trace_check(ncpus, missing, sizeof(missing));
		if (!n)
			return;
		if (n < 0) {
			printf("@lab trace events: cannot check them\n");
			return;
		}
		printf("@lab trace events missing: %s; %s\n", missing,
		       again < 2 ? "enabling them again" :
		       "the runs may be invalid");
		fflush(stdout);
		trace_events_off();
		usleep(50000);
	}
}

/*
 * The measurement conditions of both arms: the sched features at the
 * kernel's defaults unless the scenario names some.
 */
static void lab_setup(const struct scenario *sc)
{
	for (int i = 0; i < sc->nfeatures; i++)
		write_str("/sys/kernel/debug/sched/features", sc->features[i]);
	write_str("/proc/sys/kernel/sched_autogroup_enabled", "0");
	write_str("/proc/sys/kernel/sched_schedstats", "1");
	trace_ready();
}

/* Give the next scenario of the boot the defaults that this one changed. */
static void lab_restore(const struct scenario *sc)
{
	char undo[40];

	for (int i = 0; i < sc->nfeatures; i++) {
		const char *f = sc->features[i];

		if (!strncmp(f, "NO_", 3))
			snprintf(undo, sizeof(undo), "%s", f + 3);
		else
			snprintf(undo, sizeof(undo), "NO_%s", f);
		write_str("/sys/kernel/debug/sched/features", undo);
	}
}

/*
 * One repetition on @arm. A run that missed its arm is run again after
 * flipping the switch and the counters away and back (at most twice),
 * which has so far always made the flip take effect. 0, or -1.
 */
static int run_arm(const struct scenario *sc, const char *arm, int rep,
		   FILE *out)
{
	int ret, again;

	for (again = 0; ; again++) {
		ret = run_once(sc, arm, rep, out, again == 2);
		usleep(200000);
		if (ret <= 0)
			return ret;
		set_arm(other_arm(arm));
		write_str(LB_STATS, "0");
		usleep(50000);
	}
}

/*
 * Every repetition on both arms, alternating which arm goes first, or on
 * @only alone when it names one (a profile of one arm: lab.sh LAB_ARM).
 */
static int run_reps(const struct scenario *sc, FILE *out, const char *only)
{
	static const char * const arms[] = { "rework", "stock" };
	int rep, a, arm, bad = 0;

	for (rep = 1; rep <= sc->reps; rep++) {
		for (a = 0; a < 2; a++) {
			arm = (a + rep + 1) % 2;
			if (only && strcmp(only, arms[arm]))
				continue;
			printf("@lab scenario=%s rep=%d/%d arm=%s\n", sc->name,
			       rep, sc->reps, arms[arm]);
			fflush(stdout);
			if (run_arm(sc, arms[arm], rep, out)) {
				printf("@lab cannot run arm %s: %s\n", arms[arm],
				       strerror(errno));
				bad = 1;
			}
		}
	}
	return bad;
}

static int run_file(const char *file, const char *outpath, const char *only)
{
	struct scenario sc = { .file = file, .reps = 3, .duration_ms = 3000 };
	struct scenario one;
	FILE *out;
	int bad = 0;

	if (parse_scenario(&sc, sysconf(_SC_NPROCESSORS_ONLN)))
		return 2;
	out = fopen(outpath, "w");
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!out || shm == MAP_FAILED) {
		fprintf(stderr, "lbwork: %s: %s\n", outpath, strerror(errno));
		return 1;
	}
	raw_output(out);
	lab_setup(&sc);
	for (int k = 0; k < instances(&sc); k++) {
		one = instance(&sc, k);
		bad |= run_reps(&one, out, only);
	}
	set_arm("rework");
	lab_restore(&sc);
	fclose(out);
	return bad;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "check"))
		return check_file(argv[2], argv[3]);
	if (argc >= 3 && argc <= 5 && !strcmp(argv[1], "run") &&
	    (argc < 5 || !strcmp(argv[4], "rework") || !strcmp(argv[4], "stock")))
		return run_file(argv[2], argc >= 4 ? argv[3] : "/dev/hvc0",
				argc == 5 ? argv[4] : NULL);
	fprintf(stderr, "usage: lbwork check FILE TOPODIR | lbwork run FILE [OUT [rework|stock]]\n");
	return 2;
}
