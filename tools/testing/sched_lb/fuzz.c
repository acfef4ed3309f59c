// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz: a libFuzzer target for the load-balance engine of
 * kernel/sched/fair_lb.c, built with AddressSanitizer and
 * UndefinedBehaviorSanitizer.
 *
 * An input is a seed (its first 8 bytes) and edits (3 bytes each: where,
 * which field, what value; see lbo_edit()). The seed generates a scene as
 * the oracle does. Without edits, the engine
 * must decide as the model of stock 7.3 plus the engine's departures,
 * and keep its invariants. Edits then overwrite fields of the scene with
 * values from the ordinary to the absurd (0, ULONG_MAX, a capacity of
 * 0); the engine must still keep its invariants and decide the same
 * when it passes over the groups fair.c passes over, and the sanitizers
 * catch any overflow, division by zero or out-of-bounds access. Edits
 * keep only the structure that fair.c's gather always gives: no more
 * CFS tasks than tasks, no more idle CPUs or cores than CPUs, and a
 * local group that has no work for itself to pull.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lb_rules.h"
#include "tests/lb_oracle.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct lb_verdict e, m;
	struct lb_scene sc;
	const char *why;
	size_t i;
	u64 seed;

	if (size < sizeof(seed))
		return -1;
	memcpy(&seed, data, sizeof(seed));
	lbo_seed_scene(seed, &sc);
	for (i = sizeof(seed); i + 3 <= size; i += 3)
		lbo_edit(&sc, data[i], data[i + 1], data[i + 2]);
	lbo_repair(&sc);
	lbo_engine(&sc, &e);
	why = lbo_invariant(&sc, &e);
	if (why) {
		fprintf(stderr, "invariant broken: %s\n", why);
		abort();
	}
	lbo_engine_gathered(&sc, &m);
	if (!lbo_gathered_same(&e, &m)) {
		fprintf(stderr, "passing over groups changed the decision\n");
		abort();
	}
	if (size >= sizeof(seed) + 3)
		return 0;
	lbo_stock(&sc, LB_ENGINE_DEPARTURES, &m);
	if (!lbo_same(&e, &m, sc.nr)) {
		fprintf(stderr,
			"engine != stock + departures (oracle -s %#llx -n 1 -v)\n",
			(unsigned long long)seed);
		abort();
	}
	return 0;
}
