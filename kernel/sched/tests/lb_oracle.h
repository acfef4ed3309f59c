/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The differential oracle of the classification-driven load balancer: a
 * model of how stock 7.3's fair.c searches a domain for its busiest group
 * and sizes the imbalance, a generator of the snapshots that fair.c's
 * gather could hand to both, and a runner that compares them.
 *
 * The model is written from the behaviour of stock 7.3.4's
 * update_sg_lb_stats(), group_classify(), update_sd_pick_busiest(),
 * sched_balance_find_src_group() and calculate_imbalance(), expressed on
 * the engine's snapshots. Where the engine decides differently on
 * purpose, the model can adopt the engine's rule: each such rule is a
 * departure, one bit of a mask. The oracle's claim is then
 *
 *   engine == model(all departures)        on every snapshot, and
 *   engine != model(all but departure i)   on some snapshot, for each i,
 *
 * that is, the engine is stock 7.3 plus exactly the listed departures,
 * each of which changes some decision. KUnit (fair_lb_kunit.c) and the
 * host programs of tools/testing/sched_lb/ include this file.
 *
 * Arithmetic follows stock's: plain unsigned long products and
 * differences. The generator keeps every value far from overflow, so the
 * engine's saturating products never differ from them.
 */
#ifndef _KERNEL_SCHED_TESTS_LB_ORACLE_H
#define _KERNEL_SCHED_TESTS_LB_ORACLE_H

/* Groups of one generated domain; groups[0] is the local group. */
#define LB_ORACLE_GROUPS	8
/* CPUs of one generated group. */
#define LB_ORACLE_WEIGHT	32

/**
 * enum lb_departure - The rules in which the engine departs from stock 7.3.
 * @LB_D_LOCAL_NOT_IMBALANCED: A local group whose pinned tasks defeated
 *		an earlier balance is not classed imbalanced, so it can
 *		still pull (stock: it outranks a has_spare or fully_busy
 *		busiest group and pulls nothing).
 * @LB_D_BUSY_BY_LOAD: Fully busy groups, and SMT groups without an idle
 *		CPU, are compared by load per capacity (stock computes no
 *		avg_load for them and keeps the last one found).
 * @LB_D_MISFIT_ROOM: A misfit task is pulled by a busy destination only
 *		if the capacity it has left, not its whole capacity, is
 *		clearly above the task's CPU.
 * @LB_D_NO_WAIT: A local group that is not overloaded takes nothing from
 *		an overloaded group whose tasks have not waited yet: neither
 *		its runnable average beyond its capacity by imbalance_pct,
 *		nor runnable beyond util by imbalance_pct of one CPU; an idle
 *		destination in a domain of equal capacities still takes.
 * @LB_D_IDLE_CPUS: With idle local CPUs, an overloaded busiest group
 *		gives one waiting task per idle CPU, in any domain (stock
 *		fills spare utilization outside an LLC and halves the idle
 *		CPU gap inside one).
 * @LB_D_NEWIDLE_COUNTED: A newly idle destination counts as an idle CPU
 *		of the local group when idle CPUs are compared.
 * @LB_D_BELOW_AVERAGE: An overloaded busiest group already at or below
 *		the domain's average load gives nothing (stock's unsigned
 *		difference wraps and it moves the local group's room).
 * @LB_NR_DEPARTURES: Number of departures.
 */
enum lb_departure {
	LB_D_LOCAL_NOT_IMBALANCED,
	LB_D_BUSY_BY_LOAD,
	LB_D_MISFIT_ROOM,
	LB_D_NO_WAIT,
	LB_D_IDLE_CPUS,
	LB_D_NEWIDLE_COUNTED,
	LB_D_BELOW_AVERAGE,
	LB_NR_DEPARTURES
};

/*
 * The departures that the engine of this tree makes. The series adds them
 * one patch each, after the patch that brings the engine deciding as
 * stock does, and each of those patches adds its line here.
 */
#define LB_ENGINE_DEPARTURES (				\
	BIT(LB_D_NO_WAIT) |				\
	0)

static const char * const lb_departure_names[] = {
	[LB_D_LOCAL_NOT_IMBALANCED]	= "local_not_imbalanced",
	[LB_D_BUSY_BY_LOAD]		= "busy_by_load",
	[LB_D_MISFIT_ROOM]		= "misfit_room",
	[LB_D_NO_WAIT]			= "no_wait",
	[LB_D_IDLE_CPUS]		= "idle_cpus",
	[LB_D_NEWIDLE_COUNTED]		= "newidle_counted",
	[LB_D_BELOW_AVERAGE]		= "below_average",
};

/**
 * struct lb_scene - One domain as a balance pass would gather it.
 * @sd:     The domain and the destination CPU.
 * @g:      Its groups; @g[0] is the local group.
 * @nr:     Number of groups, 2 to %LB_ORACLE_GROUPS.
 * @dst_nr: Tasks on the destination CPU, the first of @g[0].
 */
struct lb_scene {
	struct lb_domain_snap	sd;
	struct lb_group_snap	g[LB_ORACLE_GROUPS];
	int			nr;
	unsigned int		dst_nr;
};

/**
 * struct lb_verdict - What a balancer made of a scene.
 * @state:   The state of every group.
 * @busiest: Index of the busiest group, or -1.
 * @d:       The decision.
 */
struct lb_verdict {
	enum lb_group_state	state[LB_ORACLE_GROUPS];
	int			busiest;
	struct lb_decision	d;
};

static inline bool lbo_has(unsigned int dep, enum lb_departure d)
{
	return dep & (1U << d);
}

/* ---- The model of stock 7.3 ------------------------------------------ */

/* capacity_greater(): more than about 5% above. */
static inline bool lbo_cap_greater(unsigned long a, unsigned long b)
{
	return a * 1024 > b * 1078;
}

static inline bool lbo_overloaded(const struct lb_domain_snap *sd,
				  const struct lb_group_snap *g)
{
	unsigned long pct = sd->imbalance_pct;

	if (sd->energy_model && !g->overutilized)
		return false;
	if (g->nr_running <= g->weight)
		return false;
	return g->capacity * 100 < g->util * pct ||
	       g->capacity * pct < g->runnable * 100;
}

static inline bool lbo_has_capacity(const struct lb_domain_snap *sd,
				    const struct lb_group_snap *g)
{
	unsigned long pct = sd->imbalance_pct;

	if (g->nr_running < g->weight)
		return true;
	if (g->capacity * pct < g->runnable * 100)
		return false;
	return g->capacity * 100 > g->util * pct;
}

static inline enum lb_group_state
lbo_classify(const struct lb_domain_snap *sd, const struct lb_group_snap *g,
	     unsigned int dep)
{
	if (lbo_overloaded(sd, g))
		return LB_OVERLOADED;
	if (g->llc_balance)
		return LB_LLC_BALANCE;
	if (g->imbalanced &&
	    !(g->local && lbo_has(dep, LB_D_LOCAL_NOT_IMBALANCED)))
		return LB_IMBALANCED;
	if (g->asym_packing)
		return LB_ASYM_PACKING;
	if (g->smt_balance)
		return LB_SMT_BALANCE;
	if (g->misfit_load)
		return LB_MISFIT;
	return lbo_has_capacity(sd, g) ? LB_HAS_SPARE : LB_FULLY_BUSY;
}

/* Stock computes avg_load for overloaded groups only. */
static inline unsigned long lbo_avg(const struct lb_group_snap *g,
				    enum lb_group_state state, bool always)
{
	if (state != LB_OVERLOADED && !always)
		return 0;
	return g->load * SCHED_CAPACITY_SCALE / g->capacity;
}

/* The engine's test that an overloaded group's tasks have waited. */
static inline bool lbo_waited(const struct lb_group_snap *g,
			      unsigned long pct)
{
	if (g->runnable * 100 > g->capacity * pct)
		return true;
	return g->runnable > g->util &&
	       (g->runnable - g->util) * g->weight * 100 >
	       g->capacity * (pct - 100);
}

/* The idle CPUs of the local group, as the decision counts them. */
static inline unsigned int lbo_local_idle(const struct lb_domain_snap *sd,
					  const struct lb_group_snap *local,
					  unsigned int dep)
{
	return local->idle_cpus +
	       (lbo_has(dep, LB_D_NEWIDLE_COUNTED) && sd->dst_idle_uncounted);
}

/* Can the destination take the misfit task of @g (stock's filter)? */
static inline bool lbo_misfit_ok(const struct lb_domain_snap *sd,
				 enum lb_group_state local_state,
				 const struct lb_group_snap *g,
				 unsigned int dep)
{
	unsigned long cap = sd->dst_capacity;

	if (lbo_has(dep, LB_D_MISFIT_ROOM) && !sd->dst_idle)
		cap = cap > sd->dst_util ? cap - sd->dst_util : 0;
	return sd->dst_core_idle && lbo_cap_greater(cap, g->max_capacity) &&
	       local_state == LB_HAS_SPARE;
}

/* Fewer idle CPUs, then more tasks: stock's has_spare order. */
static inline bool lbo_fewer_idle(const struct lb_group_snap *c,
				  const struct lb_group_snap *b)
{
	if (c->idle_cpus != b->idle_cpus)
		return c->idle_cpus < b->idle_cpus;
	return c->nr_running > b->nr_running;
}

/* Same state, both fully busy (or SMT without idle CPUs). */
static inline bool lbo_busier_busy(const struct lb_group_snap *c,
				   enum lb_group_state cs,
				   const struct lb_group_snap *b,
				   enum lb_group_state bs, unsigned int dep)
{
	bool by_load = lbo_has(dep, LB_D_BUSY_BY_LOAD);
	unsigned long ca = lbo_avg(c, cs, by_load);
	unsigned long ba = lbo_avg(b, bs, by_load);

	if (ca != ba)
		return ca > ba;
	return !b->smt;
}

/* update_sd_pick_busiest(): does @c (in state @cs) beat @b (in @bs)? */
static inline bool lbo_busier(const struct lb_domain_snap *sd,
			      enum lb_group_state local_state,
			      const struct lb_group_snap *c,
			      enum lb_group_state cs,
			      const struct lb_group_snap *b,
			      enum lb_group_state bs, unsigned int dep)
{
	bool asym = sd->flags & SD_ASYM_CPUCAPACITY;

	if (!c->cfs_running)
		return false;
	if (asym && cs == LB_MISFIT && !lbo_misfit_ok(sd, local_state, c, dep))
		return false;
	if (asym && cs <= LB_FULLY_BUSY &&
	    lbo_cap_greater(c->min_capacity, sd->dst_capacity))
		return false;
	if (!b || cs != bs)
		return !b || cs > bs;

	switch (cs) {
	case LB_OVERLOADED:
		return lbo_avg(c, cs, false) > lbo_avg(b, bs, false);
	case LB_LLC_BALANCE:
		return c->nr_pref_llc > b->nr_pref_llc;
	case LB_IMBALANCED:
		return false;
	case LB_ASYM_PACKING:
		return b->asym_prio > c->asym_prio;
	case LB_MISFIT:
		return c->misfit_load > b->misfit_load;
	case LB_SMT_BALANCE:
		if (c->idle_cpus || b->idle_cpus)
			return lbo_fewer_idle(c, b);
		return lbo_busier_busy(c, cs, b, bs, dep);
	case LB_FULLY_BUSY:
		return lbo_busier_busy(c, cs, b, bs, dep);
	default:
		if (c->smt != b->smt)
			return !(c->smt && c->cfs_running <= 1);
		return lbo_fewer_idle(c, b);
	}
}

/* sibling_imbalance(): tasks to move for equal tasks per core. */
static inline unsigned long lbo_sibling(const struct lb_domain_snap *sd,
					const struct lb_group_snap *local,
					const struct lb_group_snap *busiest)
{
	unsigned long lc = local->cores, bc = busiest->cores;
	unsigned long b = lc * busiest->nr_running;
	unsigned long l = bc * local->nr_running;
	unsigned long imb;

	if (!sd->dst_idle || !busiest->nr_running)
		return 0;
	if (lc == bc)
		return busiest->nr_running > local->nr_running ?
		       busiest->nr_running - local->nr_running : 0;
	imb = b > l ? b - l : 0;
	imb = (2 * imb + lc + bc) / (lc + bc);
	if (imb <= 1 && !local->nr_running && busiest->nr_running > 1)
		imb = 2;
	return imb;
}

static inline struct lb_decision lbo_move(enum lb_migration type,
					  unsigned long amount)
{
	return (struct lb_decision){ .type = type, .imbalance = amount };
}

/* The engine's rule for an overloaded busiest group and idle local CPUs. */
static inline struct lb_decision
lbo_fill_idle(const struct lb_domain_snap *sd,
	      const struct lb_group_snap *local,
	      const struct lb_group_snap *busiest, unsigned int idle)
{
	unsigned long n = busiest->nr_running - busiest->weight;

	n = min_t(unsigned long, n, idle);
	n = min_t(unsigned long, n, busiest->cfs_running);
	if (busiest->prefer_sibling || busiest->weight == 1)
		n = max(n, lbo_sibling(sd, local, busiest) / 2);
	return lbo_move(LB_MIGRATE_TASK, n);
}

/* calculate_imbalance() with a has_spare local group. */
static inline struct lb_decision
lbo_spare(const struct lb_domain_snap *sd, const struct lb_group_snap *local,
	  const struct lb_group_snap *busiest, enum lb_group_state bs,
	  unsigned int dep)
{
	unsigned int idle = lbo_local_idle(sd, local, dep);
	unsigned long imb;

	if (bs == LB_OVERLOADED && lbo_has(dep, LB_D_IDLE_CPUS)) {
		if (idle)
			return lbo_fill_idle(sd, local, busiest, idle);
		if (sd->flags & SD_SHARE_LLC)
			return lbo_move(LB_MIGRATE_LOAD, 0);
	}
	if (bs == LB_OVERLOADED && !(sd->flags & SD_SHARE_LLC)) {
		imb = max(local->capacity, local->util) - local->util;
		if (!imb && sd->dst_idle)
			return lbo_move(LB_MIGRATE_TASK, 1);
		return lbo_move(LB_MIGRATE_UTIL, imb);
	}
	if (busiest->weight == 1 || busiest->prefer_sibling)
		imb = lbo_sibling(sd, local, busiest);
	else
		imb = idle > busiest->idle_cpus ? idle - busiest->idle_cpus : 0;
	if ((sd->flags & SD_NUMA) && local->nr_running + 1 <= sd->imb_numa_nr &&
	    imb <= 2)
		imb = 0;
	return lbo_move(LB_MIGRATE_TASK, imb / 2);
}

/* calculate_imbalance() when both groups are, or will be, overloaded. */
static inline struct lb_decision
lbo_load(const struct lb_domain_snap *sd, const struct lb_group_snap *local,
	 const struct lb_group_snap *busiest, enum lb_group_state bs,
	 unsigned int dep)
{
	unsigned long la = lbo_avg(local, LB_OVERLOADED, true);
	unsigned long ba = lbo_avg(busiest, bs, false);
	unsigned long avg = sd->total_load * SCHED_CAPACITY_SCALE /
			    sd->total_capacity;

	if (la >= ba || la >= avg)
		return lbo_move(LB_MIGRATE_LOAD, 0);
	if (lbo_has(dep, LB_D_BELOW_AVERAGE) && ba <= avg)
		return lbo_move(LB_MIGRATE_LOAD, 0);
	return lbo_move(LB_MIGRATE_LOAD,
			min((ba - avg) * busiest->capacity,
			    (avg - la) * local->capacity) /
			SCHED_CAPACITY_SCALE);
}

/* calculate_imbalance(), once the search has decided to force a move. */
static inline struct lb_decision
lbo_imbalance(const struct lb_domain_snap *sd,
	      const struct lb_group_snap *local, enum lb_group_state ls,
	      const struct lb_group_snap *busiest, enum lb_group_state bs,
	      unsigned int dep)
{
	switch (bs) {
	case LB_MISFIT:
		if (sd->flags & SD_ASYM_CPUCAPACITY)
			return lbo_move(LB_MIGRATE_MISFIT, 1);
		return lbo_move(LB_MIGRATE_LOAD, busiest->misfit_load);
	case LB_ASYM_PACKING:
		return lbo_move(LB_MIGRATE_TASK, busiest->cfs_running);
	case LB_SMT_BALANCE:
	case LB_IMBALANCED:
		return lbo_move(LB_MIGRATE_TASK, 1);
	case LB_LLC_BALANCE:
		return lbo_move(LB_MIGRATE_LLC, 1);
	default:
		break;
	}
	if (ls == LB_HAS_SPARE)
		return lbo_spare(sd, local, busiest, bs, dep);
	return lbo_load(sd, local, busiest, bs, dep);
}

/*
 * sched_balance_find_src_group() after the gather: true when it goes on
 * to calculate_imbalance(), false when it finds the domain balanced.
 */
static inline bool lbo_force(const struct lb_domain_snap *sd,
			     const struct lb_group_snap *local,
			     enum lb_group_state ls,
			     const struct lb_group_snap *busiest,
			     enum lb_group_state bs, unsigned int dep)
{
	unsigned long pct = sd->imbalance_pct, la, ba, avg;
	unsigned int idle;

	if (bs == LB_MISFIT)
		return true;
	if (sd->energy_aware)
		return false;
	if (bs == LB_ASYM_PACKING || bs == LB_IMBALANCED)
		return true;
	if (ls > bs)
		return false;
	if (ls == LB_OVERLOADED) {
		la = lbo_avg(local, ls, false);
		ba = lbo_avg(busiest, bs, false);
		avg = sd->total_load * SCHED_CAPACITY_SCALE /
		      sd->total_capacity;
		if (la >= ba || la >= avg || 100 * ba <= pct * la)
			return false;
	}
	if (lbo_has(dep, LB_D_NO_WAIT) && bs == LB_OVERLOADED &&
	    ls != LB_OVERLOADED && !lbo_waited(busiest, pct) &&
	    (!sd->dst_idle || (sd->flags & SD_ASYM_CPUCAPACITY)))
		return false;
	if (busiest->prefer_sibling && ls == LB_HAS_SPARE &&
	    (bs == LB_LLC_BALANCE || lbo_sibling(sd, local, busiest) > 1))
		return true;
	if (bs == LB_OVERLOADED)
		return true;
	if (!sd->dst_idle)
		return false;
	if (bs == LB_SMT_BALANCE && local->smt != busiest->smt)
		return true;
	/* Cache-aware pulls count the local idle CPUs as stock does. */
	idle = bs == LB_LLC_BALANCE ? local->idle_cpus :
	       lbo_local_idle(sd, local, dep);
	if (busiest->weight > 1 && idle <= busiest->idle_cpus + 1)
		return false;
	return busiest->cfs_running != 1;
}

/**
 * lbo_stock() - Stock 7.3's verdict on a scene, with some departures.
 * @sc:  The scene.
 * @dep: Mask of enum lb_departure rules to take from the engine.
 * @v:   The verdict.
 */
static inline void lbo_stock(const struct lb_scene *sc, unsigned int dep,
			     struct lb_verdict *v)
{
	const struct lb_domain_snap *sd = &sc->sd;
	const struct lb_group_snap *b = NULL;
	enum lb_group_state bs = LB_HAS_SPARE;
	int i;

	v->busiest = -1;
	for (i = 0; i < sc->nr; i++) {
		v->state[i] = lbo_classify(sd, &sc->g[i], dep);
		if (i && lbo_busier(sd, v->state[0], &sc->g[i], v->state[i],
				    b, bs, dep)) {
			b = &sc->g[i];
			bs = v->state[i];
			v->busiest = i;
		}
	}
	v->d = lbo_move(LB_MIGRATE_LOAD, 0);
	if (b && lbo_force(sd, &sc->g[0], v->state[0], b, bs, dep))
		v->d = lbo_imbalance(sd, &sc->g[0], v->state[0], b, bs, dep);
}

/**
 * lbo_engine() - The engine's verdict on a scene, gathered as fair.c's
 *                hook gathers it.
 * @sc: The scene; the engine writes its states into the groups.
 * @v:  The verdict.
 */
static inline void lbo_engine(struct lb_scene *sc, struct lb_verdict *v)
{
	const struct lb_group_snap *b = NULL;
	int i;

	v->busiest = -1;
	for (i = 0; i < sc->nr; i++) {
		sc->g[i].state = sched_lb_classify(&sc->sd, &sc->g[i]);
		v->state[i] = sc->g[i].state;
		if (i && sched_lb_busier(&sc->sd, &sc->g[0], &sc->g[i], b)) {
			b = &sc->g[i];
			v->busiest = i;
		}
	}
	v->d = sched_lb_decide(&sc->sd, &sc->g[0], b);
}

/* Do two verdicts agree? The type of a balanced decision does not count. */
static inline bool lbo_same(const struct lb_verdict *a,
			    const struct lb_verdict *b, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		if (a->state[i] != b->state[i])
			return false;
	if (a->busiest != b->busiest || a->d.imbalance != b->d.imbalance)
		return false;
	return !a->d.imbalance || a->d.type == b->d.type;
}

/* ---- Invariants -------------------------------------------------------- */

/* Is the decision's type one that the busiest group's state can give? */
static inline bool lbo_type_fits(const struct lb_domain_snap *sd,
				 enum lb_group_state ls,
				 enum lb_group_state bs, enum lb_migration t)
{
	switch (t) {
	case LB_MIGRATE_MISFIT:
		return bs == LB_MISFIT && (sd->flags & SD_ASYM_CPUCAPACITY);
	case LB_MIGRATE_LLC:
		return bs == LB_LLC_BALANCE;
	case LB_MIGRATE_UTIL:
		return bs == LB_OVERLOADED && ls == LB_HAS_SPARE;
	case LB_MIGRATE_LOAD:
		return bs == LB_OVERLOADED ||
		       (bs == LB_MISFIT && !(sd->flags & SD_ASYM_CPUCAPACITY));
	case LB_MIGRATE_TASK:
		return bs != LB_MISFIT && bs != LB_LLC_BALANCE;
	default:
		return false;
	}
}

/* The largest amount a decision may ask of @b for @l, in its unit. */
static inline unsigned long lbo_bound(const struct lb_group_snap *l,
				      const struct lb_group_snap *b,
				      enum lb_migration t)
{
	switch (t) {
	case LB_MIGRATE_LOAD:
		/*
		 * No bound yet: a busiest group below the domain's average
		 * gives what the local group has room for, as stock does.
		 */
		return ULONG_MAX;
	case LB_MIGRATE_UTIL:
		return l->capacity;
	case LB_MIGRATE_TASK:
		return (unsigned long)b->nr_running + l->weight;
	default:
		return 1;
	}
}

/* The reasons up to even leave the domain balanced. */
static inline bool lbo_reason_balanced(enum lb_reason r)
{
	return r <= LB_R_EVEN;
}

/**
 * lbo_invariant() - Check what must hold of the engine's verdict on any
 *                   scene, however absurd its values.
 * @sc: The scene, with the states the engine gave its groups.
 * @v:  The engine's verdict, from lbo_engine().
 *
 * Return: NULL if every invariant holds, else the first one broken.
 */
static inline const char *lbo_invariant(const struct lb_scene *sc,
					const struct lb_verdict *v)
{
	const struct lb_group_snap *l = &sc->g[0], *b;
	const struct lb_decision *d = &v->d;
	int i;

	for (i = 0; i < sc->nr; i++)
		if (v->state[i] >= LB_NR_GROUP_STATES)
			return "a state out of range";
	if (v->state[0] != LB_HAS_SPARE && v->state[0] != LB_FULLY_BUSY &&
	    v->state[0] != LB_OVERLOADED && v->state[0] != LB_IMBALANCED)
		return "the local group in a state of work to pull";
	if (!d->imbalance != lbo_reason_balanced(d->reason))
		return "a balanced reason with an imbalance, or the reverse";
	if (d->imbalance > LONG_MAX)
		return "an imbalance beyond LONG_MAX";
	if (v->busiest < 0)
		return d->reason == LB_R_NO_BUSIEST ? NULL :
		       "no busiest group but another reason than no_busiest";
	if (v->busiest == 0 || v->busiest >= sc->nr)
		return "the local group, or none of the domain's, is busiest";
	b = &sc->g[v->busiest];
	if (!b->cfs_running)
		return "a group without CFS tasks is busiest";
	if (!d->imbalance)
		return NULL;
	if (!lbo_type_fits(&sc->sd, v->state[0], v->state[v->busiest],
			   d->type))
		return "a migration type that the states cannot give";
	if (d->imbalance > lbo_bound(l, b, d->type))
		return "an imbalance beyond what the groups hold";
	return NULL;
}

/*
 * What the hook leaves unset, given values no group could have: of the
 * local group, the members that say whether work could leave it (see
 * struct lb_group_snap), and the destination's utilization unless the
 * busiest group is misfit. A decision that read one would change.
 */
static inline void lbo_poison_local(struct lb_group_snap *l)
{
	l->misfit_load = ULONG_MAX;
	l->min_capacity = ULONG_MAX;
	l->max_capacity = 0;
	l->cfs_running = UINT_MAX;
	l->nr_pref_llc = UINT_MAX;
	l->asym_prio = INT_MIN;
	l->asym_packing = 1;
	l->smt_balance = 1;
	l->llc_balance = 1;
	l->prefer_sibling = !l->prefer_sibling;
}

/*
 * What fair.c's hook leaves unset of the domain, given the busiest group
 * @b: the facts that only departures the engine does not make read, and
 * the destination's utilization unless @b is misfit.
 */
static inline void lbo_poison_domain(struct lb_domain_snap *sd,
				     const struct lb_group_snap *b)
{
	if (!lbo_has(LB_ENGINE_DEPARTURES, LB_D_MISFIT_ROOM) ||
	    !b || b->state != LB_MISFIT)
		sd->dst_util = ULONG_MAX;
	if (!lbo_has(LB_ENGINE_DEPARTURES, LB_D_NEWIDLE_COUNTED))
		sd->dst_idle_uncounted = !sd->dst_idle_uncounted;
	sd->idle_type = UINT_MAX;
	sd->nr_failed = UINT_MAX;
}

/**
 * lbo_engine_gathered() - The engine's verdict on a scene, gathered as
 *                         fair.c's hook gathers it.
 * @sc: The scene, whose groups lbo_engine() has classified.
 * @v:  The verdict; a group passed over keeps its state from lbo_engine().
 *
 * The hook asks sched_lb_may_give() of each group after the local one,
 * classifies the local group only when a misfit task needs its state or
 * a first group could give work, and compares only the groups that could.
 * When none could, the decision is sched_lb_no_busiest(). What the hook
 * does not snapshot is poisoned (lbo_poison_local(), lbo_poison_domain()).
 */
static inline void lbo_engine_gathered(const struct lb_scene *sc,
				       struct lb_verdict *v)
{
	const struct lb_group_snap *b = NULL, *local = NULL;
	struct lb_group_snap lg = sc->g[0];
	struct lb_domain_snap sd = sc->sd;
	bool compared = false;
	int i;

	lbo_poison_local(&lg);

	sd.passed_over = 0;
	v->busiest = -1;
	v->state[0] = sc->g[0].state;
	for (i = 1; i < sc->nr; i++) {
		const struct lb_group_snap *g = &sc->g[i];

		v->state[i] = g->state;
		if (g->misfit_load)
			local = &lg;
		if (!sched_lb_may_give(&sd, local, sched_lb_counts(g))) {
			sd.passed_over += !!g->cfs_running;
			continue;
		}
		local = &lg;
		compared = true;
		if (sched_lb_busier(&sd, local, g, b)) {
			b = g;
			v->busiest = i;
		}
	}
	lbo_poison_domain(&sd, b);
	v->d = compared ? sched_lb_decide(&sd, &lg, b) :
			  sched_lb_no_busiest(&sd);
}

/*
 * Does passing over the groups that could give nothing leave the decision
 * as it was? The imbalance, and for a migration its type and source group,
 * must be the same; a balanced decision may only name another
 * balanced reason (dst_busy for no_busiest, even or local_busier).
 */
static inline bool lbo_gathered_same(const struct lb_verdict *all,
				     const struct lb_verdict *gathered)
{
	if (all->d.imbalance != gathered->d.imbalance)
		return false;
	if (!all->d.imbalance)
		return lbo_reason_balanced(gathered->d.reason);
	return all->d.type == gathered->d.type &&
	       all->busiest == gathered->busiest;
}

/* ---- Edits: absurd values on a generated scene --------------------------- */

/* An edit's value: small, scaled, a power of two, or next to ULONG_MAX. */
static inline unsigned long lbo_edit_value(unsigned char v)
{
	if (v < 64)
		return v;
	if (v < 128)
		return (unsigned long)(v - 64) * 64;
	if (v < 192)
		return 1UL << (v - 128);
	return ULONG_MAX - (v - 192);
}

#define LBO_G(f)	offsetof(struct lb_group_snap, f)
#define LBO_D(f)	offsetof(struct lb_domain_snap, f)

static const unsigned short lbo_group_longs[] = {
	LBO_G(load), LBO_G(util), LBO_G(runnable), LBO_G(capacity),
	LBO_G(min_capacity), LBO_G(max_capacity), LBO_G(misfit_load),
};

static const unsigned short lbo_group_uints[] = {
	LBO_G(nr_running), LBO_G(cfs_running), LBO_G(idle_cpus),
	LBO_G(weight), LBO_G(cores), LBO_G(nr_pref_llc), LBO_G(asym_prio),
};

static const unsigned short lbo_group_bools[] = {
	LBO_G(imbalanced), LBO_G(asym_packing), LBO_G(smt_balance),
	LBO_G(llc_balance), LBO_G(overutilized), LBO_G(smt),
	LBO_G(prefer_sibling),
};

static const unsigned short lbo_domain_longs[] = {
	LBO_D(total_load), LBO_D(total_capacity), LBO_D(dst_capacity),
	LBO_D(dst_util),
};

static const unsigned short lbo_domain_uints[] = {
	LBO_D(flags), LBO_D(imbalance_pct), LBO_D(imb_numa_nr),
};

static const unsigned short lbo_domain_bools[] = {
	LBO_D(dst_idle), LBO_D(dst_core_idle), LBO_D(dst_idle_uncounted),
	LBO_D(energy_model), LBO_D(energy_aware),
};

/* Set field @f of the object at @p: its unsigned longs, uints, bools. */
static inline void lbo_set(void *p, unsigned int f, unsigned long v,
			   const unsigned short *l, unsigned int nl,
			   const unsigned short *u, unsigned int nu,
			   const unsigned short *b, unsigned int nb)
{
	char *c = p;

	f %= nl + nu + nb;
	if (f < nl)
		*(unsigned long *)(c + l[f]) = v;
	else if (f < nl + nu)
		*(unsigned int *)(c + u[f - nl]) = (unsigned int)v;
	else
		*(bool *)(c + b[f - nl - nu]) = v & 1;
}

/**
 * lbo_edit() - Overwrite one field of a scene.
 * @sc:    The scene.
 * @at:    A group (modulo the groups, plus one for the domain).
 * @field: The field (modulo the fields of the group or domain).
 * @v:     The value, through lbo_edit_value().
 *
 * Fields are set whatever their meaning, so that the edits of a fuzzer
 * reach any combination; lbo_repair() then restores the structure that
 * every gather has.
 */
static inline void lbo_edit(struct lb_scene *sc, unsigned char at,
			    unsigned char field, unsigned char v)
{
	unsigned int i = at % (sc->nr + 1);

	if (i == (unsigned int)sc->nr)
		lbo_set(&sc->sd, field, lbo_edit_value(v), lbo_domain_longs,
			ARRAY_SIZE(lbo_domain_longs), lbo_domain_uints,
			ARRAY_SIZE(lbo_domain_uints), lbo_domain_bools,
			ARRAY_SIZE(lbo_domain_bools));
	else
		lbo_set(&sc->g[i], field, lbo_edit_value(v), lbo_group_longs,
			ARRAY_SIZE(lbo_group_longs), lbo_group_uints,
			ARRAY_SIZE(lbo_group_uints), lbo_group_bools,
			ARRAY_SIZE(lbo_group_bools));
}

/*
 * What every gather gives, however odd its values: no more CFS tasks than
 * tasks, no more idle CPUs or cores than CPUs, the local group first and
 * without work of its own to pull.
 */
static inline void lbo_repair(struct lb_scene *sc)
{
	struct lb_group_snap *l = &sc->g[0];
	int i;

	for (i = 0; i < sc->nr; i++) {
		struct lb_group_snap *g = &sc->g[i];

		g->local = !i;
		g->cfs_running = min(g->cfs_running, g->nr_running);
		g->idle_cpus = min(g->idle_cpus, g->weight);
		g->cores = min(g->cores, g->weight);
	}
	l->misfit_load = 0;
	l->asym_packing = false;
	l->smt_balance = false;
	l->llc_balance = false;
}

/* ---- The generator --------------------------------------------------- */

/* xorshift64*: the same seed gives the same scenes everywhere. */
static inline u64 lbo_rand(u64 *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static inline unsigned int lbo_pick(u64 *s, unsigned int n)
{
	return (unsigned int)(lbo_rand(s) >> 32) % n;
}

/* Tasks on one CPU: mostly one, often none or two, now and then more. */
static inline unsigned int lbo_gen_tasks(u64 *s)
{
	static const unsigned char tasks[] = {
		0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 6,
	};

	return tasks[lbo_pick(s, sizeof(tasks))];
}

/*
 * A domain's shape: its flags, its groups' width, capacities and child
 * flags. Kinds: 0 SMT siblings, 1 cores of an LLC (SMT or not), 2 clusters
 * of different capacities in one LLC, 3 single CPUs of different
 * capacities (flat big.LITTLE), 4 LLCs of a package, 5 NUMA nodes,
 * 6 asym_packing cores. In a mixed shape the groups differ in width, and
 * asym_packing cores in SMT (as on hybrid x86 parts with SMT big cores).
 */
struct lbo_shape {
	unsigned int	flags;
	unsigned int	weight;
	bool		smt;
	bool		mixed;
	bool		prefer_sibling;
	bool		asym_cap;
};

static inline void lbo_gen_shape(u64 *s, struct lbo_shape *sh,
				 struct lb_domain_snap *sd, int *nr)
{
	static const unsigned char widths[] = { 1, 2, 2, 4, 4, 4, 6, 8, 8,
						16, 32 };
	static const unsigned short pcts[] = { 110, 117, 117, 125 };
	unsigned int kind = lbo_pick(s, 7);

	*sh = (struct lbo_shape){
		.weight = widths[lbo_pick(s, sizeof(widths))],
	};
	*nr = 2 + (lbo_pick(s, 4) ? lbo_pick(s, 3) : lbo_pick(s, 7));
	sd->imbalance_pct = pcts[lbo_pick(s, 4)];
	sh->prefer_sibling = lbo_pick(s, 4) != 0;
	switch (kind) {
	case 0:
		sh->flags = SD_SHARE_CPUCAPACITY | SD_SHARE_LLC;
		sh->weight = 1;
		*nr = 2 + lbo_pick(s, 3);
		sh->prefer_sibling = false;
		break;
	case 1:
		sh->flags = SD_SHARE_LLC;
		sh->smt = lbo_pick(s, 2);
		sh->weight = sh->smt ? 2 : 1;
		break;
	case 2:
		sh->flags = SD_SHARE_LLC | SD_ASYM_CPUCAPACITY;
		sh->asym_cap = true;
		*nr = 2 + lbo_pick(s, 2);
		break;
	case 3:
		sh->flags = SD_SHARE_LLC | SD_ASYM_CPUCAPACITY;
		sh->asym_cap = true;
		sh->weight = 1;
		break;
	case 4:
		sh->flags = 0;
		sh->smt = sh->weight > 1 && lbo_pick(s, 3) == 0;
		break;
	case 5:
		sh->flags = SD_NUMA;
		sh->smt = sh->weight > 1 && lbo_pick(s, 3) == 0;
		sh->prefer_sibling = sh->prefer_sibling && lbo_pick(s, 2);
		sd->imb_numa_nr = 1 + lbo_pick(s, max(sh->weight, 2U));
		break;
	default:
		sh->flags = SD_SHARE_LLC | SD_ASYM_PACKING;
		sh->smt = lbo_pick(s, 2);
		sh->weight = sh->smt ? 2 : 1;
		break;
	}
	sd->flags = sh->flags;
	sh->mixed = kind >= 2 && kind != 3 && !lbo_pick(s, 3);
}

/* One CPU's contribution to its group, the way fair.c's gather adds it. */
struct lbo_cpu {
	unsigned long	cap, util, runnable, load, misfit;
	unsigned int	nr, cfs;
	bool		idle, overutilized;
};

static inline void lbo_gen_cpu(u64 *s, unsigned long cap, bool asym,
			       struct lbo_cpu *c)
{
	static const unsigned short weights[] = { 1024, 1024, 1024, 1024, 335,
						  3121, 15, 9548 };
	unsigned long sum = 0, t;
	unsigned int i;

	*c = (struct lbo_cpu){ .cap = cap, .nr = lbo_gen_tasks(s) };
	c->cfs = c->nr && !lbo_pick(s, 8) ? c->nr - 1 : c->nr;
	c->idle = !c->nr;
	for (i = 0; i < c->cfs; i++) {
		/* Many tasks are CPU hogs, whose signals saturate alike. */
		t = lbo_pick(s, 5) < 2 ? 1024 : 20 + lbo_pick(s, 1005);
		sum += t;
		c->load += t * weights[lbo_pick(s, sizeof(weights) /
						  sizeof(weights[0]))] / 1024;
	}
	/* An idle CPU keeps some blocked utilization for a while. */
	c->util = c->nr ? min(sum, cap) : lbo_pick(s, 4) ? 0 : lbo_pick(s, 200);
	c->runnable = c->cfs > 1 ? sum + lbo_pick(s, sum + 1) : c->util;
	if (!lbo_pick(s, 6))
		c->runnable = c->runnable * (50 + lbo_pick(s, 100)) / 100;
	c->overutilized = c->util * 1280 > cap * 1024;
	if (asym && c->cfs == 1 && c->util * 1280 > cap * 1024)
		c->misfit = c->load ? c->load : 1;
}

static inline unsigned long lbo_gen_cap(u64 *s, const struct lbo_shape *sh)
{
	/* 960: a middle core just beyond the 5% capacity margin below 1024 */
	static const unsigned short caps[] = { 160, 383, 512, 768, 960, 1024 };

	if (sh->asym_cap)
		return caps[lbo_pick(s, ARRAY_SIZE(caps))];
	/* RT, IRQ or thermal pressure now and then. */
	return lbo_pick(s, 8) ? 1024 : 600 + lbo_pick(s, 425);
}

static inline unsigned int sd_pct(const struct lb_scene *sc)
{
	return sc->sd.imbalance_pct;
}

/*
 * Put a group exactly on one of the thresholds of the classification:
 * utilization at capacity shrunk by imbalance_pct, or the runnable
 * average at capacity grown by it. Rules that compare with < where they
 * should with <= differ only there.
 */
static inline void lbo_gen_boundary(u64 *s, unsigned int pct,
				    struct lb_group_snap *g)
{
	unsigned long m = max(g->capacity / pct, 1UL);

	if (lbo_pick(s, 2)) {
		g->capacity = pct * m;
		g->util = 100 * m;
	} else {
		g->capacity = 100 * m;
		g->runnable = pct * m;
	}
}

/* Sum the CPUs of group @gi into its snapshot. */
static inline void lbo_gen_group(u64 *s, const struct lbo_shape *sh,
				 struct lb_scene *sc, int gi)
{
	static const unsigned char widths[] = { 1, 2, 3, 4, 6, 8, 12, 16 };
	struct lb_group_snap *g = &sc->g[gi];
	unsigned long cap = lbo_gen_cap(s, sh);
	unsigned int i, w = sh->weight;
	bool smt = sh->smt;
	struct lbo_cpu c;

	if (sh->mixed && (sh->flags & SD_ASYM_PACKING)) {
		smt = lbo_pick(s, 2);
		w = smt ? 2 : 1 + lbo_pick(s, 4);
	} else if (sh->mixed) {
		w = widths[lbo_pick(s, sizeof(widths))];
		smt = smt && w % 2 == 0;
	}
	*g = (struct lb_group_snap){
		.weight		= w,
		.cores		= smt ? w / 2 : w,
		.min_capacity	= ULONG_MAX,
		.local		= !gi,
		.smt		= smt,
		.prefer_sibling	= sh->prefer_sibling,
		.imbalanced	= !lbo_pick(s, 12),
		.asym_prio	= lbo_pick(s, 8),
	};
	for (i = 0; i < w; i++) {
		/* A cluster has one capacity; a pressured CPU less. */
		lbo_gen_cpu(s, sh->asym_cap || lbo_pick(s, 4) ? cap :
			    lbo_gen_cap(s, sh), sh->asym_cap, &c);
		if (!gi && !i) {
			sc->sd.dst_capacity = c.cap;
			sc->sd.dst_util = c.util;
			sc->dst_nr = c.nr;
		}
		g->load += c.load;
		g->util += c.util;
		g->runnable += c.runnable;
		g->capacity += c.cap;
		g->min_capacity = min(g->min_capacity, c.cap);
		g->max_capacity = max(g->max_capacity, c.cap);
		g->nr_running += c.nr;
		g->cfs_running += c.cfs;
		g->idle_cpus += c.idle;
		g->overutilized |= c.overutilized;
		if (gi && sh->asym_cap)
			g->misfit_load = max(g->misfit_load, c.misfit);
	}
	if (!lbo_pick(s, 12))
		lbo_gen_boundary(s, sd_pct(sc), g);
}

/*
 * The destination is the first CPU of the local group: busy, idle, or
 * newly idle (its last task is leaving: no task, yet not counted idle).
 */
static inline void lbo_gen_dst(u64 *s, struct lb_scene *sc)
{
	struct lb_domain_snap *sd = &sc->sd;
	struct lb_group_snap *l = &sc->g[0];

	if (sc->dst_nr) {
		/* Rarely, idle at the tick but a task has woken there since. */
		sd->idle_type = lbo_pick(s, 32) ? 0 : 1;
		sd->dst_idle = sd->idle_type;
		return;
	}
	sd->dst_idle = true;
	sd->idle_type = 1 + lbo_pick(s, 2);
	if (sd->idle_type == 2) {
		l->idle_cpus--;
		sd->dst_idle_uncounted = true;
	}
}

/* The flags that fair.c's gather sets on non-local groups only. */
static inline void lbo_gen_flags(u64 *s, struct lb_scene *sc, int gi,
				 unsigned int dst_prio)
{
	struct lb_domain_snap *sd = &sc->sd;
	struct lb_group_snap *g = &sc->g[gi];

	if (!(sd->flags & SD_ASYM_CPUCAPACITY) && sd->dst_idle &&
	    g->capacity * sd->imbalance_pct < g->weight * 1024 * 100 &&
	    g->cfs_running == 1 && !lbo_pick(s, 2))
		g->misfit_load = 1 + lbo_pick(s, 1024);
	if ((sd->flags & SD_ASYM_CPUCAPACITY) &&
	    !lbo_cap_greater(sd->dst_capacity, g->max_capacity))
		g->misfit_load = 0;
	if ((sd->flags & SD_ASYM_PACKING) && sd->dst_idle && g->cfs_running &&
	    (!g->smt || g->weight - g->idle_cpus == 1) &&
	    (int)dst_prio > g->asym_prio)
		g->asym_packing = true;
	if (sd->dst_idle && g->smt && g->cfs_running > 1)
		g->smt_balance = true;
	if (!(sd->flags & SD_SHARE_LLC) && g->cfs_running) {
		g->nr_pref_llc = lbo_pick(s, g->cfs_running + 1);
		g->llc_balance = g->nr_pref_llc && !g->asym_packing &&
				 !((sd->flags & SD_ASYM_CPUCAPACITY) &&
				   g->misfit_load) && lbo_pick(s, 2);
	}
}

/**
 * lbo_gen_scene() - Generate a scene as fair.c's gather could see it.
 * @s:  The generator's state.
 * @sc: The scene.
 *
 * Groups are summed from generated CPUs, so their counts, idle CPUs,
 * utilization, runnable average and load agree with each other; the
 * flags that stock sets only on non-local groups, only for idle
 * destinations or only on some domains are set under the same terms.
 */
static inline void lbo_gen_scene(u64 *s, struct lb_scene *sc)
{
	struct lb_domain_snap *sd = &sc->sd;
	unsigned int dst_prio = lbo_pick(s, 8);
	bool any_overutilized = false;
	struct lbo_shape sh;
	int i;

	*sc = (struct lb_scene){ };
	lbo_gen_shape(s, &sh, sd, &sc->nr);
	for (i = 0; i < sc->nr; i++)
		lbo_gen_group(s, &sh, sc, i);
	lbo_gen_dst(s, sc);
	sd->dst_core_idle = !sh.smt || sd->dst_idle_uncounted ||
			    (sd->dst_idle && lbo_pick(s, 2));
	sd->nr_failed = lbo_pick(s, 4);
	for (i = 1; i < sc->nr; i++)
		lbo_gen_flags(s, sc, i, dst_prio);
	for (i = 0; i < sc->nr; i++) {
		sd->total_load += sc->g[i].load;
		sd->total_capacity += sc->g[i].capacity;
		any_overutilized |= sc->g[i].overutilized;
	}
	sd->energy_model = sh.asym_cap && lbo_pick(s, 2);
	sd->energy_aware = sd->energy_model && !any_overutilized &&
			   lbo_pick(s, 2);
}

/**
 * lbo_seed_scene() - The scene of one seed.
 * @seed: Any value; scene i of a run is generated from its seed + i.
 * @sc:   The scene.
 *
 * Each scene has a seed of its own, so that one found by a long run can
 * be generated again alone.
 */
static inline void lbo_seed_scene(u64 seed, struct lb_scene *sc)
{
	u64 s = seed * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;

	lbo_rand(&s);
	lbo_gen_scene(&s, sc);
}

#endif /* _KERNEL_SCHED_TESTS_LB_ORACLE_H */
