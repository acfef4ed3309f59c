// SPDX-License-Identifier: GPL-2.0
/*
 * lbbench: a benchmark on both arms of the runtime switch, in one boot.
 *
 *   lbbench NAME REPS after:WORD[:N]|before:WORD PROGRAM ARGS...
 *
 * Each repetition runs PROGRAM once with the rework and once with stock
 * (the sched feature LB_REWORK on and off), the first arm alternating,
 * and takes from its output the number that follows (after:; the N-th
 * number, default the first) or precedes (before:) the last occurrence
 * of WORD. Each run prints
 *
 *   @bench name=NAME arm=ARM rep=R value=V secs=S
 *
 * A run that fails, or whose output has no such number, fails the
 * benchmark (exit 1) after printing its output. The switch is left on.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define KNOB	"/sys/kernel/debug/sched/features"
#define OUT_MAX	(1 << 20)

static char out[OUT_MAX + 1];

static double mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int set_rework(int on)
{
	const char *v = on ? "LB_REWORK" : "NO_LB_REWORK";
	int fd = open(KNOB, O_WRONLY), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, v, strlen(v)) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* Run @argv with stdout and stderr into out[]; its exit status or -1. */
static int run(char **argv)
{
	int p[2], status;
	size_t n = 0;
	ssize_t r;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		execv(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	close(p[1]);
	while ((r = read(p[0], out + n, OUT_MAX - n)) > 0 && n < OUT_MAX)
		n += r;
	/* Drain what does not fit, so the child never blocks. */
	while (r > 0) {
		char sink[4096];

		r = read(p[0], sink, sizeof(sink));
	}
	out[n] = 0;
	close(p[0]);
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * The @nth number after the last @word in out[], or the number before it;
 * 0 if there is none.
 */
static int pick(const char *mode, const char *word, int nth, double *v)
{
	char *at = NULL, *p = out, *end;

	while ((p = strstr(p, word))) {
		at = p;
		p += strlen(word);
	}
	if (!at)
		return 0;
	if (!strcmp(mode, "after")) {
		for (p = at + strlen(word); nth > 0; nth--) {
			p += strcspn(p, "0123456789.-");
			*v = strtod(p, &end);
			if (end == p)
				return 0;
			if (nth > 1)
				p = end;
		}
	} else {
		/* Back over blanks, then to the start of the number. */
		p = at;
		while (p > out && (p[-1] == ' ' || p[-1] == '\t'))
			p--;
		while (p > out && strchr("0123456789.eE+-", p[-1]))
			p--;
	}
	*v = strtod(p, &end);
	return end != p;
}

int main(int argc, char **argv)
{
	char mode[8], *word, *last;
	int reps, rep, i, nth = 1;

	if (argc < 5 || (reps = atoi(argv[2])) < 1 ||
	    !(word = strchr(argv[3], ':')) || word - argv[3] >= 8) {
		fprintf(stderr, "usage: lbbench NAME REPS after:WORD[:N]|before:WORD PROGRAM ARGS...\n");
		return 2;
	}
	memcpy(mode, argv[3], word - argv[3]);
	mode[word - argv[3]] = 0;
	word++;
	/* "after:cpu:5": the fifth number after "cpu". */
	last = strrchr(word, ':');
	if (last && last > word && last[1] && !last[1 + strspn(last + 1, "0123456789")]) {
		nth = atoi(last + 1);
		*last = 0;
	}
	if (strcmp(mode, "after") && strcmp(mode, "before")) {
		fprintf(stderr, "lbbench: mode '%s' is neither after nor before\n", mode);
		return 2;
	}
	for (rep = 1; rep <= reps; rep++) {
		for (i = 0; i < 2; i++) {
			/* Odd repetitions start with the rework, even ones with stock. */
			int rework = (rep & 1) ^ i;
			double t0, v;
			int rc;

			if (set_rework(rework)) {
				fprintf(stderr, "lbbench: cannot write %s\n", KNOB);
				return 1;
			}
			t0 = mono();
			rc = run(argv + 4);
			if (rc || nth < 1 || !pick(mode, word, nth, &v)) {
				printf("lbbench: %s exited %d; its output:\n%s\n", argv[4], rc, out);
				set_rework(1);
				return 1;
			}
			printf("@bench name=%s arm=%s rep=%d value=%g secs=%.2f\n", argv[1],
			       rework ? "rework" : "stock", rep, v, mono() - t0);
			fflush(stdout);
		}
	}
	set_rework(1);
	return 0;
}
