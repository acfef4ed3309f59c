// SPDX-License-Identifier: GPL-2.0
/*
 * tbprof: a QEMU TCG plugin that counts, per vCPU and exactly, the guest
 * instructions of the kernel's searches for the busiest group, and says
 * which functions they went to.
 *
 * A search starts when a translation block starting at @start (the entry
 * of sched_balance_find_src_group()) runs, and ends at one of the @stop
 * addresses (where its callers resume). Only searches that the guest then
 * times (a block at @commit, sched_lb_note_cost(), runs before the next
 * search) count: those are the lab's, while its counters are on. With
 * @loop and @cpus, a search counts only if a block at @loop (the return
 * from a call made once per CPU of the domain) ran @cpus times in it: the
 * searches of one domain level.
 *
 * At exit it writes to @out the number of searches, their mean
 * instructions, and for each kernel function (from the System.map @map)
 * its instructions per search, the largest first; with @insns, also each
 * instruction's executions per search.
 *
 * With @open and @reset, only the searches of the lab guest's runs
 * (guest/lbwork.c) in the window where the guest reads the search times
 * count: between its two reads of lb_stats. @open is the entry of the
 * file's open, @reset that of its write, which each run makes first ("1"
 * starts counting). A window opens at the first open after a write and
 * closes at the second. With @windows, each closed window's searches are
 * also written there by kind and domain size (the blocks at @loop in a
 * search, one per CPU searched): "window K KIND cpus N searches S insns
 * I", K from 1 in the order of the runs. KIND is "periodic" for the
 * searches of the periodic balance, which runs from the entry @periodic
 * (sched_balance_domains()) to one of the @done addresses where its
 * caller resumes, and "newidle" for the others.
 *
 *   -plugin tbprof.so,start=HEX,stop=HEX[,stop=HEX...],commit=HEX,
 *           lo=HEX,hi=HEX,map=FILE,out=FILE[,insns=FILE]
 *           [,loop=HEX][,cpus=N][,open=HEX,reset=HEX]
 *           [,periodic=HEX,done=HEX[,done=HEX...],windows=FILE]
 *
 * lo and hi bound the kernel text. The plugin API is QEMU's, version 1
 * (QEMU 7.x); its few declarations are below, as the Debian package ships
 * no header. Counting needs one vCPU thread at a time, as -icount gives.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The QEMU plugin API, version 1 ---------------------------------- */

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  qemu_plugin_vcpu_udata_cb_t cb,
					  int flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* ---- Blocks and searches --------------------------------------------- */

#define MAX_STOPS	8
#define MAX_VCPUS	256
#define MAX_PENDING	8192
#define NR_BLOCKS	(1 << 20)
#define MAX_WINDOWS	4096
#define MAX_CPUS_SEARCHED	256

/* A translated block: where it starts, its instructions, its count. */
struct block {
	uint64_t vaddr;
	uint64_t insns;
	uint64_t count;
};

/*
 * A vCPU's search in progress: the blocks it ran, not yet counted; and
 * whether the vCPU is in the periodic balance.
 */
struct vcpu {
	enum { OUTSIDE, SEARCHING, ENDED } state;
	bool periodic;
	unsigned int npending;
	uint64_t insns, loops;
	struct block *pending[MAX_PENDING];
};

static struct block *blocks;
static struct vcpu vcpus[MAX_VCPUS];
static uint64_t start, stops[MAX_STOPS], commit, loop, lo, hi, want_loops;
static unsigned int nstops;
static uint64_t searches, search_insns;
static const char *out_path, *map_path, *insns_path, *windows_path;

/*
 * The runs' windows: @phase counts the opens of lb_stats since its last
 * write (1: the window is open), @nwindows the windows closed so far.
 */
static uint64_t open_at, reset_at, periodic_at, dones[MAX_STOPS];
static unsigned int phase, nwindows, ndones;
static struct {
	uint64_t searches, insns;
} (*win)[2][MAX_CPUS_SEARCHED + 1];
static const char * const kind_name[] = { "newidle", "periodic" };

static struct block *block_of(uint64_t vaddr, uint64_t insns)
{
	uint64_t h = (vaddr * 0x9e3779b97f4a7c15ull ^ insns) & (NR_BLOCKS - 1);

	while (blocks[h].vaddr &&
	       (blocks[h].vaddr != vaddr || blocks[h].insns != insns))
		h = (h + 1) & (NR_BLOCKS - 1);
	blocks[h].vaddr = vaddr;
	blocks[h].insns = insns;
	return &blocks[h];
}

static bool is_in(const uint64_t *set, unsigned int n, uint64_t vaddr)
{
	for (unsigned int i = 0; i < n; i++)
		if (set[i] == vaddr)
			return true;
	return false;
}

/* The search of @v was timed: count its blocks. */
static void commit_search(struct vcpu *v)
{
	if ((want_loops && v->loops != want_loops) || (open_at && phase != 1))
		return;
	for (unsigned int i = 0; i < v->npending; i++)
		v->pending[i]->count++;
	searches++;
	search_insns += v->insns;
	if (win && nwindows < MAX_WINDOWS &&
	    v->loops <= MAX_CPUS_SEARCHED) {
		win[nwindows][v->periodic][v->loops].searches++;
		win[nwindows][v->periodic][v->loops].insns += v->insns;
	}
}

/* The guest opened or wrote lb_stats: move the window along. */
static void window_mark(uint64_t vaddr)
{
	if (vaddr == reset_at) {
		phase = 0;
	} else if (++phase == 2) {
		if (nwindows < MAX_WINDOWS)
			nwindows++;
	}
}

static void exec_cb(unsigned int cpu, void *udata)
{
	struct vcpu *v = &vcpus[cpu % MAX_VCPUS];
	struct block *b = udata;

	if (open_at && (b->vaddr == open_at || b->vaddr == reset_at))
		window_mark(b->vaddr);
	if (b->vaddr == periodic_at)
		v->periodic = true;
	else if (v->periodic && is_in(dones, ndones, b->vaddr))
		v->periodic = false;
	if (b->vaddr == start) {
		v->state = SEARCHING;
		v->npending = 0;
		v->insns = 0;
		v->loops = 0;
	} else if (b->vaddr == commit) {
		if (v->state == ENDED)
			commit_search(v);
		v->state = OUTSIDE;
	} else if (v->state == SEARCHING && is_in(stops, nstops, b->vaddr)) {
		v->state = ENDED;
	}
	if (v->state != SEARCHING)
		return;
	if (b->vaddr == loop)
		v->loops++;
	if (v->npending < MAX_PENDING)
		v->pending[v->npending++] = b;
	v->insns += b->insns;
}

static void trans_cb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t vaddr = qemu_plugin_tb_vaddr(tb);

	(void)id;
	if (vaddr < lo || vaddr >= hi)
		return;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, exec_cb, 0,
		block_of(vaddr, qemu_plugin_tb_n_insns(tb)));
}

/* ---- Functions --------------------------------------------------------- */

struct func {
	uint64_t addr;
	char name[64];
	uint64_t insns;
};

static struct func *funcs;
static size_t nfuncs;

static int by_addr(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	return (x->addr > y->addr) - (x->addr < y->addr);
}

static int by_insns(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	return (x->insns < y->insns) - (x->insns > y->insns);
}

/* The text symbols of System.map, sorted by address. */
static int read_map(const char *path)
{
	char line[512], type, name[64];
	size_t cap = 0;
	uint64_t addr;
	FILE *in = fopen(path, "r");

	if (!in)
		return -1;
	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "%" SCNx64 " %c %63s", &addr, &type, name) != 3 ||
		    !strchr("tTwW", type))
			continue;
		if (nfuncs == cap) {
			cap = cap ? 2 * cap : 4096;
			funcs = realloc(funcs, cap * sizeof(*funcs));
		}
		funcs[nfuncs].addr = addr;
		funcs[nfuncs].insns = 0;
		snprintf(funcs[nfuncs].name, sizeof(funcs[nfuncs].name), "%s", name);
		nfuncs++;
	}
	fclose(in);
	qsort(funcs, nfuncs, sizeof(*funcs), by_addr);
	return nfuncs ? 0 : -1;
}

static struct func *func_of(uint64_t addr)
{
	size_t l = 0, r = nfuncs;

	if (!nfuncs || addr < funcs[0].addr)
		return NULL;
	while (r - l > 1) {
		size_t m = (l + r) / 2;

		if (funcs[m].addr <= addr)
			l = m;
		else
			r = m;
	}
	return &funcs[l];
}

/*
 * Each counted block's instructions go to the functions they lie in;
 * arm64 instructions are 4 bytes.
 */
static void attribute(void)
{
	for (size_t i = 0; i < NR_BLOCKS; i++) {
		const struct block *b = &blocks[i];

		for (uint64_t k = 0; b->count && k < b->insns; k++) {
			struct func *f = func_of(b->vaddr + 4 * k);

			if (f)
				f->insns += b->count;
		}
	}
}

/*
 * With insns=PATH, each counted instruction's address and its executions
 * per search, for reading beside a disassembly. Blocks may overlap (a
 * branch into the middle of one starts another), so an address can have
 * several lines; their sum is its count.
 */
static void write_insns(void)
{
	FILE *out = fopen(insns_path, "w");

	if (!out)
		return;
	for (size_t i = 0; i < NR_BLOCKS; i++) {
		const struct block *b = &blocks[i];

		for (uint64_t k = 0; b->count && k < b->insns; k++)
			fprintf(out, "%" PRIx64 " %.3f\n", b->vaddr + 4 * k,
				(double)b->count / searches);
	}
	fclose(out);
}

static void write_windows(void)
{
	FILE *out = fopen(windows_path, "w");

	if (!out)
		return;
	for (unsigned int k = 0; k < nwindows; k++)
		for (int p = 0; p < 2; p++)
			for (unsigned int n = 1; n <= MAX_CPUS_SEARCHED; n++)
				if (win[k][p][n].searches)
					fprintf(out, "window %u %s cpus %u searches %"
						PRIu64 " insns %" PRIu64 "\n", k + 1,
						kind_name[p], n,
						win[k][p][n].searches,
						win[k][p][n].insns);
	fclose(out);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	FILE *out = fopen(out_path, "w");

	(void)id;
	(void)p;
	if (win)
		write_windows();
	if (!out)
		return;
	attribute();
	qsort(funcs, nfuncs, sizeof(*funcs), by_insns);
	fprintf(out, "searches %" PRIu64 "\n", searches);
	fprintf(out, "mean %.1f\n",
		searches ? (double)search_insns / searches : 0.0);
	for (size_t i = 0; i < nfuncs && funcs[i].insns; i++)
		fprintf(out, "%s %.1f\n", funcs[i].name,
			(double)funcs[i].insns / searches);
	fclose(out);
	if (insns_path && searches)
		write_insns();
}

static bool hex_arg(const char *arg, const char *key, uint64_t *v)
{
	size_t n = strlen(key);

	if (strncmp(arg, key, n) || arg[n] != '=')
		return false;
	*v = strtoull(arg + n + 1, NULL, 16);
	return true;
}

static void take_arg(const char *a)
{
	uint64_t v;

	if (hex_arg(a, "stop", &v) && nstops < MAX_STOPS)
		stops[nstops++] = v;
	else if (hex_arg(a, "done", &v) && ndones < MAX_STOPS)
		dones[ndones++] = v;
	else if (!hex_arg(a, "start", &start) && !hex_arg(a, "commit", &commit) &&
		 !hex_arg(a, "loop", &loop) && !hex_arg(a, "lo", &lo) &&
		 !hex_arg(a, "hi", &hi) && !hex_arg(a, "open", &open_at) &&
		 !hex_arg(a, "reset", &reset_at) &&
		 !hex_arg(a, "periodic", &periodic_at)) {
		if (!strncmp(a, "cpus=", 5))
			want_loops = strtoull(a + 5, NULL, 10);
		else if (!strncmp(a, "map=", 4))
			map_path = a + 4;
		else if (!strncmp(a, "out=", 4))
			out_path = a + 4;
		else if (!strncmp(a, "insns=", 6))
			insns_path = a + 6;
		else if (!strncmp(a, "windows=", 8))
			windows_path = a + 8;
	}
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++)
		take_arg(argv[i]);
	if (!start || !nstops || !commit || !lo || !hi || !map_path ||
	    !out_path || (want_loops && !loop) ||
	    (windows_path && (!loop || !open_at || !reset_at || !periodic_at ||
			      !ndones || want_loops))) {
		fprintf(stderr, "tbprof: needs start, stop, commit, lo, hi, map and out (and loop with cpus; loop, open, reset, periodic and done without cpus with windows)\n");
		return 1;
	}
	if (read_map(map_path)) {
		fprintf(stderr, "tbprof: no text symbols in %s\n", map_path);
		return 1;
	}
	blocks = calloc(NR_BLOCKS, sizeof(*blocks));
	if (!blocks)
		return 1;
	if (windows_path) {
		win = calloc(MAX_WINDOWS, sizeof(*win));
		if (!win)
			return 1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, trans_cb);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
