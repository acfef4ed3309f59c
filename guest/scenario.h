/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A lab scenario as parsed from its file (scenario.c): the task specs,
 * the run's length and repetitions, and the expectations on its metrics.
 */
#ifndef LB_SCENARIO_H
#define LB_SCENARIO_H

#include <stdbool.h>

#define MAX_CPUS	256
#define MAX_SPECS	16
#define MAX_TASKS	128
#define MAX_EXPECT	16

enum kind { HOG, PERIODIC, RAMP, RT, PIPE, CHURN };

/* The name of each kind of task, as a scenario file spells it. */
extern const char * const kind_names[];

struct cpulist {
	unsigned char cpu[MAX_CPUS];
	int n;			/* entries, in order (a placement may repeat) */
	int line;		/* where it was given, for errors */
};

struct spec {
	enum kind kind;
	int count;		/* 0: each value of the sweep */
	int duty, duty_to, ramp_ms, period_ms, mark;
	int nice, prio, start_ms;
	struct cpulist allow, place;
	int line;
};

struct expect {
	char metric[32];
	char op[3];
	char ref[32];		/* a number, or stock, stock+N, stock*N */
};

struct scenario {
	const char *file;
	char name[64], topo[32];
	int topo_line;
	int reps, duration_ms, release_ms;
	bool icount;		/* "clock icount": counted instructions */
	char features[8][32];	/* "features": sched features to write */
	int nfeatures;
	int sweep[32], nsweep;	/* task counts to run the scenario with */
	struct spec s[MAX_SPECS];
	int ns;
	struct expect e[MAX_EXPECT];
	int ne;
};

/*
 * Parse sc->file for a machine of @ncpus CPUs (0: any); on an error,
 * print "FILE:LINE: ..." and return non-zero.
 */
int parse_scenario(struct scenario *sc, int ncpus);
/* The ms after the start at which a run's window opens. */
int t_ref_ms(const struct scenario *sc);
/* How many scenarios a sweep makes of @sc, and the @k-th of them. */
int instances(const struct scenario *sc);
struct scenario instance(const struct scenario *sc, int k);
/* "lbwork check FILE TOPODIR": the host's check; 0 if the file is good. */
int check_file(const char *file, const char *topodir);

#endif
