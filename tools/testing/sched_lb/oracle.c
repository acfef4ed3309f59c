// SPDX-License-Identifier: GPL-2.0
/*
 * oracle: the load-balance engine of kernel/sched/fair_lb.c against the
 * model of stock 7.3 in kernel/sched/tests/lb_oracle.h, on generated
 * scenes.
 *
 * It checks that the engine decides exactly as stock plus its listed
 * departures on every scene, that each departure changes the decision of
 * some scene (or it is not a departure), that fair.c's way of gathering,
 * which passes over the groups sched_lb_may_give() rejects, changes no
 * decision, and that the engine's invariants hold. It prints how often
 * each departure, and all of them together, change a decision, and how
 * the scenes cover the states and migration types. Exit status 0 means
 * every check held.
 *
 *   oracle [-n SCENES] [-s SEED] [-v]
 *
 * Scene i is generated from SEED + i alone, so "-s SEED+i -n 1 -v" shows
 * any scene the summary points at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lb_rules.h"
#include "tests/lb_oracle.h"

static void print_verdict(const char *who, const struct lb_verdict *v,
			  int nr)
{
	int i;

	printf("  %-22s states", who);
	for (i = 0; i < nr; i++)
		printf(" %s", sched_lb_state_name(v->state[i]));
	printf("; busiest %d; %s %lu\n", v->busiest,
	       v->d.imbalance ? sched_lb_migration_name(v->d.type) : "balanced",
	       v->d.imbalance);
}

static void print_scene(u64 seed, const struct lb_scene *sc)
{
	const struct lb_domain_snap *sd = &sc->sd;
	int i;

	printf("scene %#llx: flags %#x pct %u numa_nr %u", seed,
	       sd->flags, sd->imbalance_pct, sd->imb_numa_nr);
	printf(" dst cap %lu util %lu idle_type %u%s%s%s%s\n",
	       sd->dst_capacity, sd->dst_util, sd->idle_type,
	       sd->dst_idle_uncounted ? " uncounted" : "",
	       sd->dst_core_idle ? " core_idle" : "",
	       sd->energy_model ? " eas" : "",
	       sd->energy_aware ? " energy_aware" : "");
	printf("  total load %lu capacity %lu\n", sd->total_load,
	       sd->total_capacity);
	for (i = 0; i < sc->nr; i++) {
		const struct lb_group_snap *g = &sc->g[i];

		printf("  g%d w%u cores %u nr %u cfs %u idle %u", i, g->weight,
		       g->cores, g->nr_running, g->cfs_running, g->idle_cpus);
		printf(" load %lu util %lu runnable %lu", g->load, g->util,
		       g->runnable);
		printf(" cap %lu [%lu..%lu] misfit %lu prio %d pref_llc %u",
		       g->capacity, g->min_capacity, g->max_capacity,
		       g->misfit_load, g->asym_prio, g->nr_pref_llc);
		printf("%s%s%s%s%s%s%s\n",
		       g->imbalanced ? " imbalanced" : "",
		       g->asym_packing ? " asym" : "",
		       g->smt_balance ? " smt_balance" : "",
		       g->llc_balance ? " llc" : "",
		       g->overutilized ? " overutilized" : "",
		       g->smt ? " smt" : "",
		       g->prefer_sibling ? " prefer_sibling" : "");
	}
}

struct tally {
	unsigned long	scenes, differ_all, stock_differs, broken;
	unsigned long	gather_differs, passed_over;
	unsigned long	changes[LB_NR_DEPARTURES];
	u64		first[LB_NR_DEPARTURES];
	unsigned long	busiest[LB_NR_GROUP_STATES + 1];
	unsigned long	types[LB_NR_MIGRATIONS + 1];
	u64		first_bad;
};

static void one_scene(u64 seed, struct tally *t, bool verbose)
{
	struct lb_verdict e, m;
	struct lb_scene sc;
	const char *why;
	int i;

	lbo_seed_scene(seed, &sc);
	lbo_engine(&sc, &e);
	lbo_engine_gathered(&sc, &m);
	t->scenes++;
	t->passed_over += m.d.reason == LB_R_DST_BUSY;
	if (!lbo_gathered_same(&e, &m)) {
		if (!t->gather_differs++)
			t->first_bad = seed;
		if (verbose)
			print_verdict("engine as fair.c gathers", &m, sc.nr);
	}
	t->busiest[e.busiest < 0 ? LB_NR_GROUP_STATES : e.state[e.busiest]]++;
	t->types[e.d.imbalance ? e.d.type : LB_NR_MIGRATIONS]++;
	why = lbo_invariant(&sc, &e);
	if (why) {
		if (!t->broken++)
			t->first_bad = seed;
		if (verbose)
			printf("invariant broken: %s\n", why);
	}
	lbo_stock(&sc, LB_ENGINE_DEPARTURES, &m);
	if (!lbo_same(&e, &m, sc.nr) && !t->differ_all++)
		t->first_bad = seed;
	if (verbose) {
		print_scene(seed, &sc);
		print_verdict("engine", &e, sc.nr);
		print_verdict("stock + departures", &m, sc.nr);
	}
	lbo_stock(&sc, 0, &m);
	t->stock_differs += !lbo_same(&e, &m, sc.nr);
	if (verbose)
		print_verdict("stock 7.3", &m, sc.nr);
	for (i = 0; i < LB_NR_DEPARTURES; i++) {
		lbo_stock(&sc, LB_ENGINE_DEPARTURES ^ (1U << i), &m);
		if (lbo_same(&e, &m, sc.nr))
			continue;
		if (!t->changes[i]++)
			t->first[i] = seed;
		if (verbose)
			print_verdict(lb_departure_names[i], &m, sc.nr);
	}
}

static void report(const struct tally *t, u64 seed)
{
	int i, missing = 0;

	printf("oracle: %lu scenes from seed %#llx\n", t->scenes, seed);
	printf("  engine == stock 7.3 + its %d departures: %lu of %lu scenes\n",
	       __builtin_popcount(LB_ENGINE_DEPARTURES),
	       t->scenes - t->differ_all, t->scenes);
	printf("  engine == stock 7.3 alone:              %lu of %lu scenes\n",
	       t->scenes - t->stock_differs, t->scenes);
	printf("  invariants broken:                      %lu\n", t->broken);
	printf("  passing over groups changes a decision: %lu",
	       t->gather_differs);
	printf(" (%lu scenes passed over all)\n", t->passed_over);
	printf("  %-22s %-9s %12s  %s\n", "departure", "engine", "changes",
	       "first scene");
	for (i = 0; i < LB_NR_DEPARTURES; i++) {
		printf("  %-22s %-9s %12lu  %#llx\n", lb_departure_names[i],
		       lbo_has(LB_ENGINE_DEPARTURES, i) ? "makes it" : "no",
		       t->changes[i], t->changes[i] ? t->first[i] : 0);
		missing += !t->changes[i];
	}
	printf("  busiest group:");
	for (i = 0; i < LB_NR_GROUP_STATES; i++)
		printf(" %s %lu", sched_lb_state_name(i), t->busiest[i]);
	printf(" none %lu\n  decision:", t->busiest[LB_NR_GROUP_STATES]);
	for (i = 0; i < LB_NR_MIGRATIONS; i++)
		printf(" %s %lu", sched_lb_migration_name(i), t->types[i]);
	printf(" balanced %lu\n", t->types[LB_NR_MIGRATIONS]);
	if (t->differ_all || t->broken || t->gather_differs)
		printf("FAIL: scene %#llx (oracle -s %#llx -n 1 -v)\n",
		       t->first_bad, t->first_bad);
	if (missing)
		printf("FAIL: %d departures changed no decision\n", missing);
}

int main(int argc, char **argv)
{
	unsigned long n = 100000, i;
	bool verbose = false;
	struct tally t = { };
	u64 seed = 0x1b5eed;
	int opt;

	while ((opt = getopt(argc, argv, "n:s:v")) != -1) {
		switch (opt) {
		case 'n':
			n = strtoul(optarg, NULL, 0);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'v':
			verbose = true;
			break;
		default:
			fprintf(stderr,
				"usage: %s [-n SCENES] [-s SEED] [-v]\n",
				argv[0]);
			return 2;
		}
	}
	for (i = 0; i < n; i++)
		one_scene(seed + i, &t, verbose);
	report(&t, seed);
	if (t.differ_all || t.broken || t.gather_differs)
		return 1;
	for (i = 0; i < LB_NR_DEPARTURES; i++)
		if (!t.changes[i] && n >= 100000)
			return 1;
	return 0;
}
