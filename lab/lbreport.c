// SPDX-License-Identifier: GPL-2.0
/*
 * lbreport: the lab's judgements, as lbana's commands.
 *
 *   lbana report METRICS --runs FILE --expect FILE --data DIR [--icount-ns N]
 *       METRICS holds lbana's per-run lines ("scenario=S arm=A rep=R
 *       valid=1 key=value ..."). Writes DIR/ runs, metrics, compare,
 *       verdicts, targets, expectations, failures, bench and summary
 *       .csv: every number of the lab's report, which
 *       scripts/lab/lab-report.awk and lab-html.awk only format. Exits 1
 *       if a run was invalid or an expectation failed.
 *   lbana bench CONSOLE --list FILE --csv FILE --accel S --topo S
 *       The benchmarks' "@bench name=N arm=A rep=R value=V" lines: each
 *       arm's mean and deviation, the ratio with its 95 % interval and
 *       the verdict. Exits 1 if a benchmark has no value of an arm.
 *   lbana judge screen|confirm METRICS...
 *       The defect hunt's flags, one line per flag or scenario.
 *
 * The statistics are lbstat.c's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lbreport.h"
#include "lbstat.h"

#define MAX_FIELDS	256
#define MAX_KEYS	256
#define MAX_SCEN	1024
#define MAX_TEXT	512

enum { STOCK, REWORK, NR_ARMS };
static const char * const arm_name[NR_ARMS] = { "stock", "rework" };

/* ---- Lines of key=value fields ------------------------------------- */

struct fields {
	int n;
	char *k[MAX_FIELDS];
	char *v[MAX_FIELDS];
};

/* Split @line in place into its "key=value" words. */
static void split_fields(char *line, struct fields *f)
{
	char *w, *save = NULL, *eq;

	f->n = 0;
	for (w = strtok_r(line, " \t\r\n", &save); w && f->n < MAX_FIELDS;
	     w = strtok_r(NULL, " \t\r\n", &save)) {
		eq = strchr(w, '=');
		if (!eq)
			continue;
		*eq = 0;
		f->k[f->n] = w;
		f->v[f->n++] = eq + 1;
	}
}

static const char *get(const struct fields *f, const char *key)
{
	for (int i = f->n - 1; i >= 0; i--)
		if (!strcmp(f->k[i], key))
			return f->v[i];
	return NULL;
}

/* A field's number, as awk reads one: 0 when missing or not a number. */
static double num(const struct fields *f, const char *key)
{
	const char *v = get(f, key);

	return v ? strtod(v, NULL) : 0;
}

/* Is the field present and all digits? */
static bool digits(const char *v)
{
	if (!v || !*v)
		return false;
	for (; *v; v++)
		if (*v < '0' || *v > '9')
			return false;
	return true;
}

/* ---- CSV output ----------------------------------------------------- */

/* A field, quoted when it holds a comma, a quote or a space. */
static void csv_str(FILE *out, const char *s)
{
	if (!strpbrk(s, ", \"")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* A number for the CSV files: integers whole, others to 12 digits. */
static const char *num_str(double v, char *buf, size_t len)
{
	if (v == (long long)v && v > -1e15 && v < 1e15)
		snprintf(buf, len, "%lld", (long long)v);
	else
		snprintf(buf, len, "%.12g", v);
	return buf;
}

static void csv_num(FILE *out, double v)
{
	char b[40];

	fputs(num_str(v, b, sizeof(b)), out);
}

static FILE *open_csv(const char *dir, const char *name, const char *head)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.csv", dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "lbana: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	fprintf(f, "%s\n", head);
	return f;
}

static void close_csv(FILE *f)
{
	if (fclose(f)) {
		fprintf(stderr, "lbana: writing a CSV file: %s\n", strerror(errno));
		exit(2);
	}
}

/* ---- What a report knows ---------------------------------------------- */

struct cell {
	struct lbs_acc acc;
	unsigned int censored;
};

struct scen {
	char *name;
	double window_ms;
	bool listed;
	bool icount;
	unsigned int runs[NR_ARMS];
	double hogs, tasks, ncpus;
	bool has_hogs;
	struct cell cell[NR_ARMS][MAX_KEYS];
};

static struct scen *scen[MAX_SCEN];
static int nscen;
static char *key[MAX_KEYS];
static int nkeys;

static int find_key(const char *k)
{
	for (int i = 0; i < nkeys; i++)
		if (!strcmp(key[i], k))
			return i;
	return -1;
}

/* The index of metric key @k, which is added if it is new. */
static int key_index(const char *k)
{
	int i = find_key(k);

	if (i >= 0)
		return i;
	if (nkeys == MAX_KEYS) {
		fprintf(stderr, "lbana: more than %d metrics\n", MAX_KEYS);
		exit(2);
	}
	key[nkeys] = strdup(k);
	return nkeys++;
}

static struct scen *scen_of(const char *name, bool listed)
{
	struct scen *s;

	for (int i = 0; i < nscen; i++)
		if (!strcmp(scen[i]->name, name))
			return scen[i];
	if (nscen == MAX_SCEN) {
		fprintf(stderr, "lbana: more than %d scenarios\n", MAX_SCEN);
		exit(2);
	}
	s = calloc(1, sizeof(*s));
	s->name = strdup(name);
	s->listed = listed;
	scen[nscen++] = s;
	return s;
}

static void add(struct scen *s, int arm, const char *k, double v)
{
	lbs_add(&s->cell[arm][key_index(k)].acc, v);
}

static const struct lbs_acc *acc_of(const struct scen *s, int arm,
				    const char *k)
{
	int i = find_key(k);

	return i < 0 || !s->cell[arm][i].acc.n ? NULL : &s->cell[arm][i].acc;
}

static bool has(const struct scen *s, int arm, const char *k)
{
	return acc_of(s, arm, k);
}

static double mean(const struct scen *s, int arm, const char *k)
{
	const struct lbs_acc *a = acc_of(s, arm, k);

	return a ? lbs_mean(a) : 0;
}

static double sd(const struct scen *s, int arm, const char *k)
{
	const struct lbs_acc *a = acc_of(s, arm, k);

	return a ? lbs_sd(a) : 0;
}

static unsigned int count(const struct scen *s, int arm, const char *k)
{
	const struct lbs_acc *a = acc_of(s, arm, k);

	return a ? a->n : 0;
}

/* ---- The metrics, their labels and ideals ------------------------------ */

static const struct {
	const char *key, *label, *ideal;
} metric[] = {
	{ "wasted_pct", "wasted %", "0" },
	{ "misplaced_pct", "misplaced %", "0" },
	{ "smt_shared_pct", "SMT-shared core %", "0" },
	{ "eta", "η", "1" },
	{ "jain", "Jain", "1" },
	{ "t_bal_ms", "T_bal ms", "-" },
	{ "migr_rate", "migrations/task/s", "0" },
	{ "pingpong", "ping-pong", "0" },
	{ "misfit_ms", "misfit ms", "-" },
	{ "misfit_idle_ms",
	  "top CPUs idle while a misfit waits (CPU·ms)", "0" },
	{ "msgs_per_s", "msgs/s", "-" },
	{ "lb_per_s", "balance calls/s", "-" },
	{ "fbg_busy_p50_ns",
	  "median µs per busiest-group search (busy CPU)", "-" },
	{ "fbg_idle_p50_ns", "median µs (idle CPU)", "-" },
	{ "fbg_newidle_p50_ns", "median µs (newly idle)", "-" },
	{ "fbg_busy_ns_per_call", "mean µs (busy CPU)", "-" },
	{ "insn_busy",
	  "instructions per busiest-group search (busy CPU; icount)", "-" },
	{ "insn_exact",
	  "instructions per busiest-group search (periodic balance; exact count)",
	  "-" },
};

#define NR_METRICS	(sizeof(metric) / sizeof(metric[0]))

static const char * const outcome[] = {
	"balanced", "moved", "active", "pinned", "failed",
};
static const char * const mtype[] = { "load", "util", "task", "misfit", "llc" };
static const char * const idle_type[] = { "busy", "idle", "newidle" };

#define NR(a)	(sizeof(a) / sizeof((a)[0]))

/* The label of any metric key: the table's own, or one made from it. */
static const char *key_label(const char *k, char *buf, size_t len)
{
	size_t n = strlen(k);
	char idle[16];
	int lv;

	for (size_t i = 0; i < NR_METRICS; i++)
		if (!strcmp(metric[i].key, k))
			return metric[i].label;
	if (!strcmp(k, "lbc_passes_s"))
		return "balance passes/s";
	if (!strcmp(k, "note_p50_ns"))
		return "noting a pass, median ns";
	if (!strncmp(k, "lbc_", 4) && n > 8 && !strcmp(k + n - 4, "_pct")) {
		snprintf(buf, len, "%.*s %% of passes", (int)(n - 8), k + 4);
		return buf;
	}
	if (!strncmp(k, "lbc_", 4) && n > 6 && !strcmp(k + n - 2, "_s")) {
		snprintf(buf, len, "%.*s imbalances/s", (int)(n - 6), k + 4);
		return buf;
	}
	if (sscanf(k, "insn_%15[a-z]_l%d", idle, &lv) == 2 &&
	    (!strcmp(idle, "periodic") || !strcmp(idle, "newly"))) {
		snprintf(buf, len,
			 "instructions per search (%s balance, level %d; exact count)",
			 strcmp(idle, "newly") ? "periodic" : "newly idle", lv);
		return buf;
	}
	if (sscanf(k, "insn_%15[a-z]_l%d", idle, &lv) == 2) {
		snprintf(buf, len,
			 "instructions per search (%s CPU, level %d; icount)",
			 idle, lv);
		return buf;
	}
	if (sscanf(k, "fbg_%15[a-z]_l%d", idle, &lv) == 2) {
		snprintf(buf, len, "median µs per search (%s CPU, level %d)",
			 idle, lv);
		return buf;
	}
	return k;
}

/* A value of metric @m as the tables show it. */
static const char *fmt(const char *m, double v, char *buf, size_t len)
{
	size_t n = strlen(m);

	if (!strcmp(m, "eta") || !strcmp(m, "jain") || !strcmp(m, "migr_rate"))
		snprintf(buf, len, "%.3f", v);
	else if (n > 4 && !strcmp(m + n - 4, "_pct"))
		snprintf(buf, len, "%.2f", v);
	else if (!strncmp(m, "fbg_", 4))
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
	return buf;
}

/* ---- Reading the runs ------------------------------------------------ */

static const char * const run_col[] = {
	"scenario", "arm", "rep", "valid", "clock", "wasted_pct",
	"misplaced_pct", "smt_shared_pct", "eta", "jain", "t_bal_ms",
	"migr_rate", "pingpong", "misfit_ms", "misfit_idle_ms", "moves",
	"msgs_per_s", "lb_busy", "lb_idle", "lb_newidle",
	"fbg_busy_ns_per_call",
};

static unsigned int invalid;
static double icount_ns;

/*
 * The plugin's exact counts of an instruction-counted run, when the lab
 * joined them (scripts/lab/exact-merge.awk): instructions per search by
 * kind of balance and domain level, as insn_periodic_lL and insn_newly_lL.
 * They stand for the clock's figures, which disagree with them. Returns
 * whether the run had any.
 */
static bool add_exact(struct scen *s, int arm, const struct fields *f)
{
	static const char * const kind[][2] = {
		{ "periodic", "periodic" }, { "newidle", "newly" },
	};
	bool any = false;
	char k[48], k2[48];
	const char *v;

	for (size_t i = 0; i < NR(kind); i++)
		for (int lv = 0; lv < 4; lv++) {
			snprintf(k, sizeof(k), "exact_%s_l%d", kind[i][0], lv);
			v = get(f, k);
			if (!v || !*v)
				continue;
			snprintf(k2, sizeof(k2), "insn_%s_l%d", kind[i][1], lv);
			add(s, arm, k2, strtod(v, NULL));
			any = true;
		}
	return any;
}

/* The lb_stats counters of a run: passes per second and what came of
 * them, the search cost per idle type and domain level, the cost of
 * noting a pass.
 */
static void add_counters(struct scen *s, int arm, const struct fields *f,
			 double secs)
{
	const char *v, *clock = get(f, "clock");
	bool icount = clock && !strcmp(clock, "icount");
	double n = num(f, "lbc_passes");
	char k[64], k2[64];
	bool exact;

	if (!get(f, "lbc_passes") || secs <= 0)
		return;
	add(s, arm, "lbc_passes_s", n / secs);
	for (size_t i = 0; i < NR(outcome); i++) {
		snprintf(k, sizeof(k), "lbc_%s", outcome[i]);
		snprintf(k2, sizeof(k2), "lbc_%s_pct", outcome[i]);
		add(s, arm, k2, n ? 100 * num(f, k) / n : 0);
	}
	for (size_t i = 0; i < NR(mtype); i++) {
		snprintf(k, sizeof(k), "lbc_%s", mtype[i]);
		snprintf(k2, sizeof(k2), "lbc_%s_s", mtype[i]);
		add(s, arm, k2, num(f, k) / secs);
	}
	v = get(f, "note_p50_ns");
	if (v && *v && strcmp(v, "-"))
		add(s, arm, "note_p50_ns", strtod(v, NULL));
	exact = add_exact(s, arm, f);
	for (size_t i = 0; i < NR(idle_type); i++)
		for (int lv = 0; lv < 4; lv++) {
			snprintf(k, sizeof(k), "fbg_%s_l%d_p50_ns", idle_type[i], lv);
			v = get(f, k);
			if (!icount && digits(v))
				add(s, arm, k, strtod(v, NULL) / 1000);
			snprintf(k, sizeof(k), "fbg_%s_l%d_ns_per_call",
				 idle_type[i], lv);
			snprintf(k2, sizeof(k2), "insn_%s_l%d", idle_type[i], lv);
			v = get(f, k);
			if (icount && !exact && digits(v) && icount_ns > 0)
				add(s, arm, k2, strtod(v, NULL) / icount_ns);
		}
}

/* A run's exact instructions per periodic search, all levels; 0 if none. */
static double exact_periodic(const struct fields *f)
{
	double insns = 0, n = 0, c;
	char k[48];

	for (int lv = 0; lv < 4; lv++) {
		snprintf(k, sizeof(k), "exact_periodic_l%d_n", lv);
		c = num(f, k);
		if (c <= 0)
			continue;
		snprintf(k, sizeof(k), "exact_periodic_l%d", lv);
		n += c;
		insns += c * num(f, k);
	}
	return n > 0 ? insns / n : 0;
}

/* The table's metrics of a valid run. */
static void add_metrics(struct scen *s, int arm, const struct fields *f)
{
	const char *clock = get(f, "clock"), *v;
	bool icount = clock && !strcmp(clock, "icount");
	double x;

	for (size_t i = 0; i < NR_METRICS; i++) {
		const char *m = metric[i].key;
		bool fbg = !strncmp(m, "fbg_", 4);

		v = get(f, m);
		if (!v || !strcmp(v, "-"))
			continue;
		/*
		 * A kernel without the rework's counters reports no searches;
		 * under icount the search times are instruction counts.
		 */
		if (fbg && (num(f, "fbg_calls") == 0 || icount))
			continue;
		x = strtod(v, NULL) / (fbg ? 1000 : 1);
		/* "Never" within the window counts as the whole window. */
		if ((!strcmp(m, "t_bal_ms") || !strcmp(m, "misfit_ms")) && x < 0) {
			x = s->window_ms;
			s->cell[arm][key_index(m)].censored++;
		}
		add(s, arm, m, x);
	}
	x = exact_periodic(f);
	v = get(f, "fbg_busy_ns_per_call");
	if (icount && x > 0) {
		add(s, arm, "insn_exact", x);
		s->icount = true;
	} else if (icount && digits(v) && icount_ns > 0) {
		add(s, arm, "insn_busy", strtod(v, NULL) / icount_ns);
		s->icount = true;
	}
}

static void runs_csv_row(FILE *out, const struct fields *f)
{
	for (size_t i = 0; i < NR(run_col); i++) {
		const char *v = get(f, run_col[i]);

		if (i)
			fputc(',', out);
		csv_str(out, v ? v : "");
	}
	fputc('\n', out);
}

/*
 * The cost of a search of the whole machine against CPU count: of the
 * cost-sym* scenarios under the instruction-counted clock with one hog
 * per CPU (every CPU busy, so both arms balance the same domains), the
 * instructions a busy CPU spent per search of its highest level.
 */
#define MAX_CPU_COUNTS	16

static struct {
	double cpus;
	struct lbs_acc acc[NR_ARMS];
} by_cpus[MAX_CPU_COUNTS];
static int ncpu_counts;

static void add_cost(const struct fields *f, int arm)
{
	const char *clock = get(f, "clock"), *sn = get(f, "scenario"), *v;
	double top = -1, cpus = num(f, "ncpus");
	bool exact;
	char k[40];
	int i;

	if (!clock || strcmp(clock, "icount") || strncmp(sn, "cost-sym", 8) ||
	    num(f, "hogs") != cpus || num(f, "tasks") != cpus || icount_ns <= 0)
		return;
	/* The exact counts where the plugin gave them, else the clock. */
	for (int lv = 0; lv < 4; lv++) {
		snprintf(k, sizeof(k), "exact_periodic_l%d", lv);
		v = get(f, k);
		if (v && *v)
			top = strtod(v, NULL);
	}
	exact = top >= 0;
	for (int lv = 0; !exact && lv < 4; lv++) {
		snprintf(k, sizeof(k), "fbg_busy_l%d_ns_per_call", lv);
		v = get(f, k);
		if (digits(v))
			top = strtod(v, NULL) / icount_ns;
	}
	if (top < 0)
		return;
	for (i = 0; i < ncpu_counts && by_cpus[i].cpus != cpus; i++)
		;
	if (i == MAX_CPU_COUNTS)
		return;
	if (i == ncpu_counts)
		by_cpus[ncpu_counts++].cpus = cpus;
	lbs_add(&by_cpus[i].acc[arm], top);
}

static int by_cpu_count(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* cost.csv: CPUs, each arm's mean instructions per search, the ratio. */
static void cost_csv(const char *dir)
{
	FILE *f = open_csv(dir, "cost", "cpus,stock_mean,rework_mean,ratio");

	qsort(by_cpus, ncpu_counts, sizeof(by_cpus[0]), by_cpu_count);
	for (int i = 0; i < ncpu_counts; i++) {
		const struct lbs_acc *st = &by_cpus[i].acc[STOCK];
		const struct lbs_acc *r = &by_cpus[i].acc[REWORK];

		csv_num(f, by_cpus[i].cpus);
		fputc(',', f);
		if (st->n)
			csv_num(f, lbs_mean(st));
		fputc(',', f);
		if (r->n)
			csv_num(f, lbs_mean(r));
		fputc(',', f);
		if (st->n && r->n && lbs_mean(st))
			fprintf(f, "%.2f", lbs_mean(r) / lbs_mean(st));
		fputc('\n', f);
	}
	close_csv(f);
}

/* One run's line: "scenario=S arm=A rep=R valid=V key=value ...". */
static void take_run(char *line, FILE *runs_csv)
{
	char copy[8192], lb_per_s[40];
	struct fields f;
	const char *sn, *an, *v;
	struct scen *s;
	double secs;
	int arm;

	snprintf(copy, sizeof(copy), "%s", line);
	split_fields(line, &f);
	runs_csv_row(runs_csv, &f);
	sn = get(&f, "scenario");
	an = get(&f, "arm");
	if (!sn || !an)
		return;
	arm = !strcmp(an, "rework") ? REWORK : !strcmp(an, "stock") ? STOCK : -1;
	s = scen_of(sn, false);
	if (arm < 0)
		return;
	s->runs[arm]++;
	v = get(&f, "valid");
	if (!v || strcmp(v, "1")) {
		invalid++;
		printf("invalid run: %s\n", copy);
		return;
	}
	secs = s->window_ms / 1000;
	if (get(&f, "hogs") && *get(&f, "hogs")) {
		s->has_hogs = true;
		s->hogs = num(&f, "hogs");
		s->tasks = num(&f, "tasks");
		s->ncpus = num(&f, "ncpus");
	}
	if (secs > 0 && f.n < MAX_FIELDS) {
		snprintf(lb_per_s, sizeof(lb_per_s), "%.17g",
			 (num(&f, "lb_busy") + num(&f, "lb_idle") +
			  num(&f, "lb_newidle")) / secs);
		f.k[f.n] = "lb_per_s";
		f.v[f.n++] = lb_per_s;
	}
	add_metrics(s, arm, &f);
	add_counters(s, arm, &f, secs);
	add_cost(&f, arm);
}

/* The lab's scenarios in order: "SCENARIO FILE WINDOW_MS" lines. */
static int read_runs(const char *path)
{
	char line[4096], name[1024];
	double window;
	FILE *in = fopen(path, "r");
	struct scen *s;
	int n;

	if (!in) {
		fprintf(stderr, "lbana: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), in)) {
		n = sscanf(line, "%1023s %*s %lf", name, &window);
		if (n < 1)
			continue;
		s = scen_of(name, true);
		if (n == 2)
			s->window_ms = window;
	}
	fclose(in);
	return 0;
}

/* ---- Targets --------------------------------------------------------- */

enum { MET, NOISE, MISSED, NR_VERDICTS };
static const char * const verdict_name[] = { "met", "within noise", "missed" };

static const struct {
	const char *name, *label;
} target[] = {
	{ "wasted", "wasted time at most stock's" },
	{ "eta", "η ≥ 0.98 with at most as many hogs as CPUs (hogs only)" },
	{ "misfit", "misfit latency at most stock's" },
	{ "migrations",
	  "migrations at most stock's + 10%, unless fairness improves" },
	{ "cost",
	  "instructions per search at most stock's, level by level (icount scenarios: exact counts of periodic searches on arm64, else the busy CPU's clock)" },
};

static unsigned int tcount[NR(target)][NR_VERDICTS];
static FILE *verdicts_csv;

/*
 * Is the rework's mean of @m at most @limit? Within noise when above it
 * by less than the two arms' standard deviations added.
 */
static int verdict(const struct scen *s, const char *m, double limit)
{
	double r = mean(s, REWORK, m);

	if (!has(s, REWORK, m) || r <= limit + 1e-9)
		return MET;
	if (r - limit <= sd(s, REWORK, m) + sd(s, STOCK, m))
		return NOISE;
	return MISSED;
}

static void tally(int t, const struct scen *s, int v, const char *why)
{
	tcount[t][v]++;
	csv_str(verdicts_csv, target[t].name);
	fputc(',', verdicts_csv);
	csv_str(verdicts_csv, s->name);
	fputc(',', verdicts_csv);
	csv_str(verdicts_csv, verdict_name[v]);
	fputc(',', verdicts_csv);
	csv_str(verdicts_csv, why);
	fputc('\n', verdicts_csv);
}

/* The cost target of an instruction-counted scenario, level by level. */
static void cost_target(const struct scen *s)
{
	char k[32], worst[MAX_TEXT] = "", why[MAX_TEXT + 16];
	size_t used = 0;
	int v = MET, w;

	for (int lv = 0; lv < 4; lv++) {
		/* The exact counts where the plugin gave them, else the clock. */
		snprintf(k, sizeof(k), "insn_periodic_l%d", lv);
		if (!has(s, REWORK, k) && !has(s, STOCK, k))
			snprintf(k, sizeof(k), "insn_busy_l%d", lv);
		if (!has(s, REWORK, k) || !has(s, STOCK, k))
			continue;
		w = verdict(s, k, mean(s, STOCK, k));
		if (w == MISSED || (w == NOISE && v == MET))
			v = w;
		used += snprintf(worst + used, sizeof(worst) - used,
				 "%sL%d %.0f vs %.0f", used ? ", " : "", lv,
				 mean(s, REWORK, k), mean(s, STOCK, k));
		if (used >= sizeof(worst))
			used = sizeof(worst) - 1;
	}
	if (!used)
		return;
	snprintf(why, sizeof(why), "instructions %s", worst);
	tally(4, s, v, v == MET ? "" : why);
}

static void migrations_target(const struct scen *s)
{
	double st = mean(s, STOCK, "migr_rate"), r = mean(s, REWORK, "migr_rate");
	double jr = mean(s, REWORK, "jain"), js = mean(s, STOCK, "jain");
	int v = verdict(s, "migr_rate", st * 1.1);
	char w[MAX_TEXT];
	size_t n;

	n = snprintf(w, sizeof(w), "%.3f vs %.3f per task per s", r, st);
	if (v != MET && jr > js) {
		v = MET;
		snprintf(w + n, sizeof(w) - n,
			 "; more migrations, but fairness improved: Jain %.3f vs %.3f",
			 jr, js);
	} else if (v == MET) {
		w[0] = 0;
	}
	tally(3, s, v, w);
}

/* The placement targets of a scenario on the real clock. */
static void placement_targets(const struct scen *s)
{
	char w[MAX_TEXT];
	double r, st;
	int v;

	st = mean(s, STOCK, "wasted_pct");
	v = verdict(s, "wasted_pct", st);
	snprintf(w, sizeof(w), "%.2f vs %.2f %%", mean(s, REWORK, "wasted_pct"), st);
	tally(0, s, v, v == MET ? "" : w);
	if (s->has_hogs && s->hogs > 0 && s->hogs == s->tasks &&
	    s->hogs <= s->ncpus) {
		r = mean(s, REWORK, "eta");
		st = mean(s, STOCK, "eta");
		v = has(s, REWORK, "eta") && r >= 0.98 ? MET : MISSED;
		snprintf(w, sizeof(w), "%.3f; stock %.3f", r, st);
		tally(1, s, v, v == MET ? "" : w);
	}
	if (has(s, REWORK, "misfit_ms") && has(s, STOCK, "misfit_ms")) {
		st = mean(s, STOCK, "misfit_ms");
		v = verdict(s, "misfit_ms", st);
		snprintf(w, sizeof(w), "%.0f vs %.0f ms",
			 mean(s, REWORK, "misfit_ms"), st);
		tally(2, s, v, v == MET ? "" : w);
	}
	migrations_target(s);
}

/*
 * The targets, judged on every scenario they apply to: the
 * placement targets on real-clock scenarios, the cost target on
 * instruction-counted ones.
 */
static void targets(const char *dir)
{
	FILE *f;

	for (int i = 0; i < nscen; i++) {
		const struct scen *s = scen[i];

		if (!s->listed || !has(s, REWORK, "wasted_pct") ||
		    !has(s, STOCK, "wasted_pct"))
			continue;
		if (s->icount)
			cost_target(s);
		else
			placement_targets(s);
	}
	f = open_csv(dir, "targets", "target,label,met,within_noise,missed");
	for (size_t t = 0; t < NR(target); t++) {
		fprintf(f, "%s,", target[t].name);
		csv_str(f, target[t].label);
		fprintf(f, ",%u,%u,%u\n", tcount[t][MET], tcount[t][NOISE],
			tcount[t][MISSED]);
	}
	close_csv(f);
}

/* ---- Expectations ------------------------------------------------------ */

/*
 * Is the rework's mean beyond the limit in the wrong direction by a
 * significant margin? Welch's test against the stock arm when the
 * reference is stock's, a one-sample test otherwise.
 */
static bool significant(const struct scen *s, const char *m, double excess,
			bool vs_stock, char *tstat, size_t len)
{
	unsigned int nr = count(s, REWORK, m), ns = vs_stock ? count(s, STOCK, m) : 0;
	double vr = nr > 1 ? sd(s, REWORK, m) * sd(s, REWORK, m) / nr : 0;
	double vs = ns > 1 ? sd(s, STOCK, m) * sd(s, STOCK, m) / ns : 0;

	return lbs_beyond_noise(excess, vr, nr, vs, ns, tstat, len);
}

/*
 * "METRIC OP REF" on the rework's mean of @s over its repetitions (REF: a
 * number, stock, stock+N, stock-N or stock*N). A miss counts only when it
 * is significant and, against stock, larger than lbs_small(). Returns
 * false and says why in @why when it fails.
 */
static bool check(const struct scen *s, const char *m, const char *op,
		  const char *ref, char *why, size_t len)
{
	bool vs_stock = !strncmp(ref, "stock", 5), less = op[0] == '<';
	double r = mean(s, REWORK, m), want, excess;
	char tstat[128], a[40], b[40];

	if (!has(s, REWORK, m))
		return snprintf(why, len, "no rework value"), false;
	want = strtod(ref, NULL);
	if (vs_stock) {
		if (!has(s, STOCK, m))
			return snprintf(why, len, "no stock value"), false;
		want = mean(s, STOCK, m);
		if (ref[5] == '+')
			want += strtod(ref + 6, NULL);
		else if (ref[5] == '-')
			want -= strtod(ref + 6, NULL);
		else if (ref[5] == '*')
			want *= strtod(ref + 6, NULL);
	}
	excess = less ? r - want : want - r;
	if (excess < 0 || (excess == 0 && op[strlen(op) - 1] == '='))
		return true;
	if (vs_stock && excess <= lbs_small(m))
		return true;
	if (!significant(s, m, excess, vs_stock, tstat, sizeof(tstat)))
		return true;
	snprintf(why, len, "rework %s = %s, wanted %s %s (%s; %s)", m,
		 fmt(m, r, a, sizeof(a)), op, fmt(m, want, b, sizeof(b)), ref,
		 tstat);
	return false;
}

static unsigned int nexpect, nfailed;

static void failure(FILE *f, const char *scenario, const char *why)
{
	nfailed++;
	csv_str(f, scenario);
	fputc(',', f);
	csv_str(f, why);
	fputc('\n', f);
}

/* Check every "SCENARIO METRIC OP REF" line of @path. */
static int expectations(const char *path, const char *dir)
{
	char line[4096], sn[1024], m[128], op[8], ref[64], why[MAX_TEXT];
	FILE *in = fopen(path, "r"), *ex, *fl;
	bool held;

	if (!in) {
		fprintf(stderr, "lbana: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ex = open_csv(dir, "expectations", "scenario,metric,op,ref,result,detail");
	fl = open_csv(dir, "failures", "scenario,detail");
	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "%1023s %127s %7s %63s", sn, m, op, ref) != 4)
			continue;
		nexpect++;
		why[0] = 0;
		held = check(scen_of(sn, false), m, op, ref, why, sizeof(why));
		fprintf(ex, "%s,%s,", sn, m);
		csv_str(ex, op);
		fputc(',', ex);
		csv_str(ex, ref);
		fprintf(ex, ",%s,", held ? "held" : "failed");
		csv_str(ex, held ? "" : why);
		fputc('\n', ex);
		if (!held)
			failure(fl, sn, why);
	}
	fclose(in);
	close_csv(ex);
	for (int i = 0; i < nscen; i++)
		for (int a = NR_ARMS - 1; a >= 0; a--) {
			if (!scen[i]->listed || scen[i]->runs[a])
				continue;
			snprintf(why, sizeof(why), "no %s run came back", arm_name[a]);
			failure(fl, scen[i]->name, why);
		}
	close_csv(fl);
	return 0;
}

/* ---- The CSV files ------------------------------------------------------ */

/* The rework/stock ratio of the means, as the table shows it. */
static const char *ratio(const struct scen *s, const char *m, char *buf,
			 size_t len)
{
	double r = mean(s, REWORK, m), st = mean(s, STOCK, m);

	if (!has(s, REWORK, m) || !has(s, STOCK, m))
		return "-";
	if (st == 0)
		return r == 0 ? "1.00" : "inf";
	snprintf(buf, len, "%.2f", r / st);
	return buf;
}

static const char *ideal(const char *m)
{
	for (size_t i = 0; i < NR_METRICS; i++)
		if (!strcmp(metric[i].key, m))
			return metric[i].ideal;
	return "-";
}

/* metrics.csv: every metric of every scenario, both arms. */
static void metrics_csv(const char *dir)
{
	FILE *f = open_csv(dir, "metrics",
		"scenario,metric,label,stock_mean,stock_sd,stock_n,stock_censored,"
		"rework_mean,rework_sd,rework_n,rework_censored,ratio,ideal");
	char lb[128], rb[16];

	for (int i = 0; i < nscen; i++)
		for (int k = 0; k < nkeys; k++) {
			const struct scen *s = scen[i];

			if (!s->listed || (!s->cell[STOCK][k].acc.n &&
					   !s->cell[REWORK][k].acc.n))
				continue;
			csv_str(f, s->name);
			fprintf(f, ",%s,", key[k]);
			csv_str(f, key_label(key[k], lb, sizeof(lb)));
			for (int a = 0; a < NR_ARMS; a++) {
				const struct cell *c = &s->cell[a][k];

				fputc(',', f);
				if (c->acc.n) {
					csv_num(f, lbs_mean(&c->acc));
					fputc(',', f);
					csv_num(f, lbs_sd(&c->acc));
				} else {
					fputc(',', f);
				}
				fprintf(f, ",%u,%u", c->acc.n, c->censored);
			}
			fprintf(f, ",%s,%s\n", ratio(s, key[k], rb, sizeof(rb)),
				ideal(key[k]));
		}
	close_csv(f);
}

static unsigned int wasted_better, wasted_worse;

/*
 * compare.csv: where the rework's wasted time or misfit latency is below
 * or above stock's significantly ("better", "worse": Welch's test,
 * one-sided at 5 %, as the expectations are judged, and by at least
 * lbs_small()), or not ("same"), scenario by scenario.
 */
static void compare_csv(const char *dir)
{
	static const char * const cm[] = { "wasted_pct", "misfit_ms" };
	FILE *f = open_csv(dir, "compare",
			   "scenario,metric,verdict,stock_mean,rework_mean,test");
	char tstat[128], b[40];

	for (int i = 0; i < nscen; i++)
		for (size_t j = 0; j < NR(cm); j++) {
			const struct scen *s = scen[i];
			const char *m = cm[j], *v = "same";
			double r = mean(s, REWORK, m), st = mean(s, STOCK, m);
			double small = lbs_small(m);

			if (!s->listed || s->icount || !has(s, REWORK, m) ||
			    !has(s, STOCK, m))
				continue;
			snprintf(tstat, sizeof(tstat), "apart by less than %s%s",
				 num_str(small, b, sizeof(b)), j ? " ms" : " point");
			if (r < st - small &&
			    significant(s, m, st - r, true, tstat, sizeof(tstat)))
				v = "better";
			else if (r > st + small &&
				 significant(s, m, r - st, true, tstat, sizeof(tstat)))
				v = "worse";
			if (!j && !strcmp(v, "better"))
				wasted_better++;
			if (!j && !strcmp(v, "worse"))
				wasted_worse++;
			csv_str(f, s->name);
			fprintf(f, ",%s,%s,", m, v);
			csv_num(f, st);
			fputc(',', f);
			csv_num(f, r);
			fputc(',', f);
			csv_str(f, tstat);
			fputc('\n', f);
		}
	close_csv(f);
}

/*
 * bench.csv: a scenario's throughput as the ratio of the arms' means with
 * its 95 % interval. Guests under TCG run at emulated speed.
 */
static void bench_csv(const char *dir)
{
	FILE *f = open_csv(dir, "bench",
		"scenario,metric,label,stock_mean,rework_mean,n_stock,n_rework,ratio,ci_low,ci_high");
	const char *m = "msgs_per_s";
	double lo, hi;

	for (int i = 0; i < nscen; i++) {
		const struct scen *s = scen[i];
		const struct lbs_acc *r = acc_of(s, REWORK, m), *st = acc_of(s, STOCK, m);

		if (!s->listed || !r || !st || lbs_mean(st) <= 0 || lbs_mean(r) <= 0)
			continue;
		lbs_ratio_ci(lbs_mean(r), lbs_var(r), r->n, lbs_mean(st),
			     lbs_var(st), st->n, &lo, &hi);
		csv_str(f, s->name);
		fprintf(f, ",%s,", m);
		csv_str(f, "msgs/s");
		fputc(',', f);
		csv_num(f, lbs_mean(st));
		fputc(',', f);
		csv_num(f, lbs_mean(r));
		fprintf(f, ",%u,%u,", st->n, r->n);
		csv_num(f, lbs_mean(r) / lbs_mean(st));
		fputc(',', f);
		csv_num(f, lo);
		fputc(',', f);
		csv_num(f, hi);
		fputc('\n', f);
	}
	close_csv(f);
}

/*
 * summary.csv, and its answer to "is the rework better than stock?": "no"
 * if an expectation failed or a run was invalid, "not everywhere" if a
 * target was missed, "yes" otherwise.
 */
static void summary_csv(const char *dir)
{
	FILE *f = open_csv(dir, "summary", "key,value");
	unsigned int met = 0, noise = 0, missed = 0, listed = 0;
	const char *ans;

	for (size_t t = 0; t < NR(target); t++) {
		met += tcount[t][MET];
		noise += tcount[t][NOISE];
		missed += tcount[t][MISSED];
	}
	for (int i = 0; i < nscen; i++)
		listed += scen[i]->listed;
	ans = nfailed || invalid ? "no" : missed ? "not everywhere" : "yes";
	fputs("answer,", f);
	csv_str(f, ans);
	fprintf(f, "\nscenarios,%u\nchecks_met,%u\nchecks_within_noise,%u\n"
		"checks_missed,%u\nwasted_better,%u\nwasted_worse,%u\n"
		"expectations_checked,%u\nexpectations_failed,%u\n"
		"invalid_runs,%u\n", listed, met, noise, missed, wasted_better,
		wasted_worse, nexpect, nfailed, invalid);
	close_csv(f);
}

/* An option "--NAME VALUE" of a command, and where its value goes. */
struct opt {
	const char *name;
	const char **value;
};

/*
 * Take @argv's options of @opts and its one file argument, into @file.
 * Returns false on an unknown option or a second file.
 */
static bool take_opts(int argc, char **argv, const struct opt *opts,
		      size_t nopts, const char **file)
{
	for (int i = 0; i < argc; i++) {
		size_t o;

		for (o = 0; o < nopts; o++)
			if (!strcmp(argv[i], opts[o].name) && i + 1 < argc)
				break;
		if (o < nopts)
			*opts[o].value = argv[++i];
		else if (!*file)
			*file = argv[i];
		else
			return false;
	}
	return true;
}

/* Make @dir and its parents, as "mkdir -p" does. */
static int mkdir_p(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s", dir);
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(path, 0777) && errno != EEXIST)
			break;
		*p = '/';
	}
	if (mkdir(path, 0777) && errno != EEXIST) {
		fprintf(stderr, "lbana: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int report_usage(void)
{
	fprintf(stderr, "usage: lbana report METRICS --runs FILE --expect FILE --data DIR [--icount-ns N]\n");
	return 2;
}

static int cmd_report(int argc, char **argv)
{
	const char *file = NULL, *runs = NULL, *expect = NULL, *dir = NULL;
	const char *ns = "0";
	char *line = NULL, head[1024];
	const struct opt opts[] = {
		{ "--runs", &runs }, { "--expect", &expect },
		{ "--data", &dir }, { "--icount-ns", &ns },
	};
	size_t cap = 0;
	FILE *in, *rc;
	ssize_t n;

	if (!take_opts(argc, argv, opts, NR(opts), &file) || !file || !runs ||
	    !expect || !dir)
		return report_usage();
	icount_ns = strtod(ns, NULL);
	if (mkdir_p(dir) || read_runs(runs))
		return 2;
	in = strcmp(file, "-") ? fopen(file, "r") : stdin;
	if (!in) {
		fprintf(stderr, "lbana: %s: %s\n", file, strerror(errno));
		return 2;
	}
	for (size_t i = 0, n = 0; i < NR(run_col); i++)
		n += snprintf(head + n, sizeof(head) - n, "%s%s", i ? "," : "",
			      run_col[i]);
	rc = open_csv(dir, "runs", head);
	while ((n = getline(&line, &cap, in)) >= 0)
		take_run(line, rc);
	free(line);
	if (in != stdin)
		fclose(in);
	close_csv(rc);
	verdicts_csv = open_csv(dir, "verdicts", "target,scenario,verdict,detail");
	if (expectations(expect, dir))
		return 2;
	targets(dir);
	close_csv(verdicts_csv);
	metrics_csv(dir);
	compare_csv(dir);
	bench_csv(dir);
	cost_csv(dir);
	summary_csv(dir);
	return nfailed || invalid ? 1 : 0;
}

/* ---- lbana bench ----------------------------------------------------------- */

#define MAX_BENCH	64

static int bench_usage(void)
{
	fprintf(stderr, "usage: lbana bench CONSOLE --list FILE --csv FILE --accel S --topo S\n");
	return 2;
}

struct bench {
	char name[128];
	char better[16];
	struct lbs_acc acc[NR_ARMS];
};

static int read_bench_list(const char *path, struct bench *b)
{
	char line[4096];
	FILE *in = fopen(path, "r");
	int n = 0;

	if (!in) {
		fprintf(stderr, "lbana: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (n < MAX_BENCH && fgets(line, sizeof(line), in))
		if (sscanf(line, "%127s %15s", b[n].name, b[n].better) == 2)
			n++;
	fclose(in);
	return n;
}

/* One "@bench name=N arm=A rep=R value=V" line of the console. */
static void take_bench(char *line, struct bench *b, int nb)
{
	struct fields f;
	const char *name, *arm;

	if (strncmp(line, "@bench ", 7))
		return;
	split_fields(line + 7, &f);
	name = get(&f, "name");
	arm = get(&f, "arm");
	if (!name || !arm)
		return;
	for (int i = 0; i < nb; i++)
		if (!strcmp(b[i].name, name))
			lbs_add(&b[i].acc[!strcmp(arm, "rework") ? REWORK : STOCK],
				num(&f, "value"));
}

/* A benchmark's row: means, ratio, interval and verdict. */
static bool bench_row(FILE *out, const struct bench *b, const char *topo,
		      const char *accel)
{
	const struct lbs_acc *s = &b->acc[STOCK], *r = &b->acc[REWORK];
	bool lower = !strcmp(b->better, "lower");
	const char *v = "same";
	double lo, hi;

	if (!s->n || !r->n || lbs_mean(s) <= 0) {
		fprintf(out, "%s,%s,%s,", b->name, topo, b->better);
		csv_str(out, accel);
		fputs(",,,0,,,0,,,,no result\n", out);
		return false;
	}
	lbs_ratio_ci(lbs_mean(r), lbs_var(r), r->n, lbs_mean(s), lbs_var(s),
		     s->n, &lo, &hi);
	if (hi < 1)
		v = lower ? "better" : "worse";
	else if (lo > 1)
		v = lower ? "worse" : "better";
	fprintf(out, "%s,%s,%s,\"%s\",%g,%g,%u,%g,%g,%u,%.4f,%.4f,%.4f,%s\n",
		b->name, topo, b->better, accel, lbs_mean(s), lbs_sd(s), s->n,
		lbs_mean(r), lbs_sd(r), r->n, lbs_mean(r) / lbs_mean(s), lo, hi,
		v);
	return true;
}

static int cmd_bench(int argc, char **argv)
{
	const char *file = NULL, *list = NULL, *csv = NULL;
	const char *accel = "", *topo = "";
	static struct bench b[MAX_BENCH];
	char *line = NULL;
	size_t cap = 0;
	bool ok = true;
	const struct opt opts[] = {
		{ "--list", &list }, { "--csv", &csv },
		{ "--accel", &accel }, { "--topo", &topo },
	};
	FILE *in, *out;
	int nb;

	if (!take_opts(argc, argv, opts, NR(opts), &file) || !file || !list ||
	    !csv)
		return bench_usage();
	nb = read_bench_list(list, b);
	in = strcmp(file, "-") ? fopen(file, "r") : stdin;
	out = fopen(csv, "w");
	if (nb < 0 || !in || !out) {
		fprintf(stderr, "lbana: bench: %s\n", strerror(errno));
		return 2;
	}
	while (getline(&line, &cap, in) >= 0)
		take_bench(line, b, nb);
	free(line);
	fputs("benchmark,topology,better,accel,stock_mean,stock_sd,stock_n,rework_mean,rework_sd,rework_n,ratio,ci_low,ci_high,verdict\n", out);
	for (int i = 0; i < nb; i++)
		ok &= bench_row(out, &b[i], topo, accel);
	if (in != stdin)
		fclose(in);
	if (fclose(out)) {
		fprintf(stderr, "lbana: %s: %s\n", csv, strerror(errno));
		return 2;
	}
	return ok ? 0 : 1;
}

/* ---- lbana judge ----------------------------------------------------------- */

/*
 * The defect hunt's flags. A scenario's arm is flagged when its mean of
 * wasted or misplaced time is above 3 points of all CPU time, or of
 * misfit latency above 150 ms; the rework is flagged when it is worse
 * than stock by more than lbs_small() (wasted, misplaced, misfit, Jain).
 * "screen" compares means alone, with three times that margin; "confirm"
 * counts a flag only when the one-sided test at 5 % says it is beyond
 * the noise (one-sample against the limit, Welch's against stock).
 */
static const struct {
	const char *key;
	double limit;	/* 0: no limit, only "worse than stock" */
} judged[] = {
	{ "wasted_pct", 3 }, { "misplaced_pct", 3 }, { "misfit_ms", 150 },
	{ "jain", 0 },
};

static bool screen;

/* "mean ± sd (n)" of one arm, the variance of the mean in @vmean. */
static const char *show(const struct lbs_acc *a, char *buf, size_t len)
{
	if (!a)
		return "-";
	snprintf(buf, len, "%.3g ± %.2g (%u)", lbs_mean(a), lbs_sd(a), a->n);
	return buf;
}

static double vmean(const struct lbs_acc *a)
{
	return a->n < 2 ? 0 : lbs_var(a) / a->n;
}

static void flag(const struct scen *s, const char *what, const char *m,
		 const char *tstat, unsigned int *flags)
{
	char a[64], b[64];

	printf("%s|%s:%s|%s|%s|%s\n", s->name, m, what,
	       show(acc_of(s, STOCK, m), a, sizeof(a)),
	       show(acc_of(s, REWORK, m), b, sizeof(b)),
	       screen ? "means" : tstat);
	(*flags)++;
}

static bool over_limit(const struct scen *s, int arm, size_t j, char *tstat,
		       size_t len)
{
	const struct lbs_acc *a = acc_of(s, arm, judged[j].key);
	double excess;

	if (!judged[j].limit || !a)
		return false;
	excess = lbs_mean(a) - judged[j].limit;
	if (excess <= 0)
		return false;
	return screen || lbs_beyond_noise(excess, vmean(a), a->n, 0, 0, tstat, len);
}

static bool worse(const struct scen *s, size_t j, char *tstat, size_t len)
{
	const char *m = judged[j].key;
	const struct lbs_acc *st = acc_of(s, STOCK, m), *r = acc_of(s, REWORK, m);
	double d;

	if (!st || !r)
		return false;
	d = !strcmp(m, "jain") ? lbs_mean(st) - lbs_mean(r) :
				 lbs_mean(r) - lbs_mean(st);
	if (d <= lbs_small(m) * (screen ? 3 : 1))
		return false;
	return screen || lbs_beyond_noise(d, vmean(r), r->n, vmean(st), st->n,
					  tstat, len);
}

static void judge_scenario(const struct scen *s)
{
	unsigned int flags = 0;
	char t[128] = "";

	if (!s->runs[STOCK] || !s->runs[REWORK]) {
		printf("%s|invalid\n", s->name);
		return;
	}
	for (size_t j = 0; j < NR(judged); j++) {
		if (over_limit(s, STOCK, j, t, sizeof(t)))
			flag(s, "stock", judged[j].key, t, &flags);
		if (over_limit(s, REWORK, j, t, sizeof(t)))
			flag(s, "rework", judged[j].key, t, &flags);
		if (worse(s, j, t, sizeof(t)))
			flag(s, "worse", judged[j].key, t, &flags);
	}
	if (!flags)
		printf("%s|ok\n", s->name);
}

/* One run's line, as the hunt counts it: valid runs' judged metrics. */
static void take_judged(char *line)
{
	struct fields f;
	const char *sn, *an, *v, *valid;
	struct scen *s;
	int arm;

	split_fields(line, &f);
	sn = get(&f, "scenario");
	an = get(&f, "arm");
	if (!sn || !an || !*sn || !*an)
		return;
	s = scen_of(sn, true);
	valid = get(&f, "valid");
	if (!valid || strcmp(valid, "1"))
		return;
	arm = !strcmp(an, "rework") ? REWORK : STOCK;
	s->runs[arm]++;
	for (size_t j = 0; j < NR(judged); j++) {
		v = get(&f, judged[j].key);
		if (v && *v && strcmp(v, "-"))
			add(s, arm, judged[j].key, strtod(v, NULL));
	}
}

static int cmd_judge(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	FILE *in;

	if (argc < 2 || (strcmp(argv[0], "screen") && strcmp(argv[0], "confirm"))) {
		fprintf(stderr, "usage: lbana judge screen|confirm METRICS...\n");
		return 2;
	}
	screen = !strcmp(argv[0], "screen");
	for (int i = 1; i < argc; i++) {
		in = fopen(argv[i], "r");
		if (!in) {
			fprintf(stderr, "lbana: %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		while (getline(&line, &cap, in) >= 0)
			take_judged(line);
		fclose(in);
	}
	free(line);
	for (int i = 0; i < nscen; i++)
		judge_scenario(scen[i]);
	return 0;
}

/**
 * lbreport_main() - lbana's report, bench and judge commands.
 * @argc: Arguments from the command's name on.
 * @argv: The arguments.
 *
 * Return: the exit status, or -1 when @argv[0] is no such command.
 */
int lbreport_main(int argc, char **argv)
{
	if (!strcmp(argv[0], "report"))
		return cmd_report(argc - 1, argv + 1);
	if (!strcmp(argv[0], "bench"))
		return cmd_bench(argc - 1, argv + 1);
	if (!strcmp(argv[0], "judge"))
		return cmd_judge(argc - 1, argv + 1);
	return -1;
}
