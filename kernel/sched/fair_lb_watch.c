// SPDX-License-Identifier: GPL-2.0
/*
 * Watching the classification-driven load balancer.
 *
 * A trace event per decision of the rework, and per-CPU counters summed
 * when /sys/kernel/debug/sched/lb_stats is read. Both are off by default,
 * and fair.c then skips all but a few patched-out branches; the counters
 * are switched on through debugfs, the event through tracefs. While the
 * counters are on, the passes of both arms of the switch are counted and
 * their searches for the busiest group are timed, so that the lab can
 * compare what stock and rework decide and cost in the same boot.
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "lb_watch.h"

#define CREATE_TRACE_POINTS
#include <trace/events/sched_lb.h>

#define LB_ARMS		2	/* stock, rework */
#define LB_LEVELS	4	/* the last one also counts higher levels */
#define LB_IDLE_TYPES	3	/* busy, idle, newly idle */
#define LB_COST_BUCKETS	64

DEFINE_STATIC_KEY_FALSE(sched_lb_count_key);
DEFINE_STATIC_KEY_FALSE(sched_lb_watch_key);
static DEFINE_MUTEX(lb_stats_lock);

/**
 * sched_lb_watch_get() - Make fair.c note its balance passes.
 *
 * Called when the decision trace event is enabled and when the counters
 * are switched on; one sched_lb_watch_put() undoes each call.
 *
 * Context: Process context; may sleep.
 * Return: 0.
 */
int sched_lb_watch_get(void)
{
	static_branch_inc(&sched_lb_watch_key);
	return 0;
}

/**
 * sched_lb_watch_put() - Undo one sched_lb_watch_get().
 *
 * Context: Process context; may sleep.
 */
void sched_lb_watch_put(void)
{
	static_branch_dec(&sched_lb_watch_key);
}

/*
 * Search times also go into a histogram, four buckets per power of two
 * from 256 ns: under emulation a vCPU can be descheduled in the middle of
 * a search, and the median of the histogram is immune to those outliers
 * where the mean is not. Bucket i starts at 2^(8 + i/4) * (4 + i%4) / 4
 * ns; bucket 0 also holds shorter times, the last one longer times.
 */
static unsigned int lb_cost_bucket(u64 ns)
{
	unsigned int msb;

	if (ns < 256)
		return 0;
	msb = fls64(ns) - 1;
	return min((msb - 8) * 4 + (unsigned int)((ns >> (msb - 2)) & 3),
		   LB_COST_BUCKETS - 1U);
}

/*
 * A search costs in proportion to the CPUs and groups of its domain, and
 * which domains are searched depends on the load and on the idle type, so
 * costs are kept per level and idle type: only like can be compared.
 *
 * The sums of times are kept per CPU: 416 bytes a CPU, added to without
 * an atomic at every search and pass. The distributions (the histograms
 * of search and counting times, the passes by level x busiest state x
 * type x outcome, the reasons) would take 14 KB a CPU, so the machine
 * keeps one copy of them, counted with atomics. Those bounce between CPUs
 * only while counting is on, a debugging aid that is off by default.
 */
struct lb_times {
	u64	calls[LB_ARMS][LB_IDLE_TYPES][LB_LEVELS];
	u64	ns[LB_ARMS][LB_IDLE_TYPES][LB_LEVELS];
	u64	notes[LB_ARMS];
	u64	note_ns[LB_ARMS];
};

struct lb_tallies {
	atomic_t	hist[LB_ARMS][LB_IDLE_TYPES][LB_LEVELS]
			    [LB_COST_BUCKETS];
	atomic_t	note_hist[LB_ARMS][LB_COST_BUCKETS];
	atomic_t	passes[LB_ARMS][LB_LEVELS][LB_NR_GROUP_STATES + 1]
			      [LB_NR_MIGRATIONS][LB_NR_OUTCOMES];
	atomic_t	reasons[LB_LEVELS][LB_NR_REASONS];
};

static_assert(sizeof(struct lb_times) <= 512);

/*
 * Both are allocated the first time counting is switched on, and kept
 * from then on (a "0" keeps the counts for reading): a kernel whose
 * counters are never used spends two pointers on them. The pointers are
 * set before the counting key is enabled and never change afterwards;
 * code behind the key may use them.
 */
static struct lb_times __percpu *lb_times;
static struct lb_tallies *lb_tallies;

static struct lb_times *lb_this_times(void)
{
	return this_cpu_ptr(READ_ONCE(lb_times));
}

/* Count the pass @n. */
static void lb_count(const struct lb_note *n)
{
	struct lb_tallies *t = READ_ONCE(lb_tallies);
	int level = clamp(n->level, 0, LB_LEVELS - 1);

	atomic_inc(&t->passes[n->rework][level][n->busiest + 1][n->type]
			     [n->outcome]);
	if (n->rework)
		atomic_inc(&t->reasons[level][n->reason]);
}

/**
 * sched_lb_note() - Count a decided balance pass, and trace it if it was
 *                   the rework's.
 * @n: The pass. Its @busiest, @type and @outcome are valid enum values
 *     (@busiest may be -1), and so is its @reason if it is the rework's.
 *
 * While the counters are on, the time this takes is counted too: it is
 * what watching costs a pass, beyond the timed search.
 *
 * Context: The balancing CPU, preemption disabled (softirq or newidle).
 */
void sched_lb_note(const struct lb_note *n)
{
	struct lb_times *t;
	u64 t0;

	if (!sched_lb_counting()) {
		if (n->rework)
			trace_sched_lb_decision(n);
		return;
	}
	t0 = local_clock();
	lb_count(n);
	if (n->rework)
		trace_sched_lb_decision(n);
	t0 = local_clock() - t0;
	t = lb_this_times();
	t->notes[n->rework]++;
	t->note_ns[n->rework] += t0;
	atomic_inc(&READ_ONCE(lb_tallies)->note_hist[n->rework]
						  [lb_cost_bucket(t0)]);
}

/**
 * sched_lb_note_cost() - Count the time one search for the busiest group
 *                        took.
 * @rework: The pass was the rework's; otherwise stock's.
 * @idle:   The balancing CPU's enum cpu_idle_type.
 * @level:  The level of the domain searched.
 * @ns:     Its duration.
 *
 * Context: The balancing CPU, preemption disabled.
 */
void sched_lb_note_cost(bool rework, int idle, int level, u64 ns)
{
	struct lb_times *t = lb_this_times();

	idle = clamp(idle, 0, LB_IDLE_TYPES - 1);
	level = clamp(level, 0, LB_LEVELS - 1);
	t->calls[rework][idle][level]++;
	t->ns[rework][idle][level] += ns;
	atomic_inc(&READ_ONCE(lb_tallies)->hist[rework][idle][level]
					       [lb_cost_bucket(ns)]);
}

static const char * const lb_arm_names[] = { "stock", "rework" };

static const char * const lb_idle_names[] = { "busy", "idle", "newidle" };

static_assert(ARRAY_SIZE(lb_arm_names) == LB_ARMS);

static void lb_add_u64(u64 *dst, const u64 *src, size_t size)
{
	size_t i;

	for (i = 0; i < size / sizeof(u64); i++)
		dst[i] += src[i];
}

/* The times of every CPU, summed into @sum; zeros before any count. */
static void lb_times_sum(struct lb_times *sum)
{
	int cpu;

	memset(sum, 0, sizeof(*sum));
	for_each_possible_cpu(cpu) {
		const struct lb_times *t = per_cpu_ptr(lb_times, cpu);

		lb_add_u64(&sum->calls[0][0][0], &t->calls[0][0][0],
			   sizeof(t->calls));
		lb_add_u64(&sum->ns[0][0][0], &t->ns[0][0][0], sizeof(t->ns));
		lb_add_u64(sum->notes, t->notes, sizeof(t->notes));
		lb_add_u64(sum->note_ns, t->note_ns, sizeof(t->note_ns));
	}
}

static void lb_stats_show_cost(struct seq_file *m, const struct lb_times *s,
			       const struct lb_tallies *n)
{
	const atomic_t *h;
	int arm, i, l, b;
	u64 calls, ns;

	seq_puts(m, "# finding the busiest group: cost arm idle level calls ns ns_per_call\n");
	for (arm = 0; arm < LB_ARMS; arm++)
		for (i = 0; i < LB_IDLE_TYPES; i++)
			for (l = 0; l < LB_LEVELS; l++) {
				calls = s->calls[arm][i][l];
				ns = s->ns[arm][i][l];
				seq_printf(m, "cost %s %s %d %llu %llu %llu\n",
					   lb_arm_names[arm], lb_idle_names[i],
					   l, calls, ns,
					   calls ? div64_u64(ns, calls) : 0);
			}
	seq_puts(m, "# search times: hist arm idle level, then the count of each bucket; bucket i from 2^(8+i/4)*(4+i%4)/4 ns\n");
	for (arm = 0; arm < LB_ARMS; arm++)
		for (i = 0; i < LB_IDLE_TYPES; i++)
			for (l = 0; l < LB_LEVELS; l++) {
				seq_printf(m, "hist %s %s %d",
					   lb_arm_names[arm], lb_idle_names[i],
					   l);
				h = n->hist[arm][i][l];
				for (b = 0; b < LB_COST_BUCKETS; b++)
					seq_printf(m, " %u",
						   atomic_read(&h[b]));
				seq_putc(m, '\n');
			}
}

/* What counting and tracing cost the passes of each arm. */
static void lb_stats_show_notes(struct seq_file *m, const struct lb_times *s,
				const struct lb_tallies *n)
{
	int arm, i;

	seq_puts(m, "# counting and tracing the passes: note arm passes ns ns_per_pass, then notehist arm and the count of each bucket\n");
	for (arm = 0; arm < LB_ARMS; arm++) {
		seq_printf(m, "note %s %llu %llu %llu\n", lb_arm_names[arm],
			   s->notes[arm], s->note_ns[arm],
			   s->notes[arm] ?
			   div64_u64(s->note_ns[arm], s->notes[arm]) : 0);
		seq_printf(m, "notehist %s", lb_arm_names[arm]);
		for (i = 0; i < LB_COST_BUCKETS; i++)
			seq_printf(m, " %u",
				   atomic_read(&n->note_hist[arm][i]));
		seq_putc(m, '\n');
	}
}

/* One line per nonzero count of arm x level x busiest x type x outcome. */
static void lb_stats_show_passes(struct seq_file *m,
				 const struct lb_tallies *s)
{
	const atomic_t *n = &s->passes[0][0][0][0][0];
	int i, k, o, t, b, l, arm;
	u32 count;

	seq_puts(m, "# passes: pass arm level busiest type outcome count\n");
	for (i = 0; i < sizeof(s->passes) / sizeof(atomic_t); i++) {
		count = atomic_read(&n[i]);
		if (!count)
			continue;
		k = i;
		o = k % LB_NR_OUTCOMES;
		k /= LB_NR_OUTCOMES;
		t = k % LB_NR_MIGRATIONS;
		k /= LB_NR_MIGRATIONS;
		b = k % (LB_NR_GROUP_STATES + 1);
		k /= LB_NR_GROUP_STATES + 1;
		l = k % LB_LEVELS;
		arm = k / LB_LEVELS;
		seq_printf(m, "pass %s %d %s %s %s %u\n", lb_arm_names[arm], l,
			   sched_lb_state_name(b - 1),
			   sched_lb_migration_name(t),
			   sched_lb_outcome_name(o), count);
	}
}

static void lb_stats_show_reasons(struct seq_file *m,
				  const struct lb_tallies *s)
{
	int l, r;
	u32 count;

	seq_puts(m, "# rework decisions: reason level name count\n");
	for (l = 0; l < LB_LEVELS; l++)
		for (r = 0; r < LB_NR_REASONS; r++) {
			count = atomic_read(&s->reasons[l][r]);
			if (count)
				seq_printf(m, "reason %d %s %u\n", l,
					   sched_lb_reason_name(r), count);
		}
}

/* Before counting was ever on, all counts read as zeros. */
static int lb_stats_show(struct seq_file *m, void *v)
{
	struct lb_tallies *zeros = NULL;
	const struct lb_tallies *n;
	struct lb_times *s;
	int err = -ENOMEM;

	guard(mutex)(&lb_stats_lock);
	s = kzalloc_obj(*s, GFP_KERNEL);
	if (!lb_tallies)
		zeros = kzalloc_obj(*zeros, GFP_KERNEL);
	n = lb_tallies ?: zeros;
	if (s && n) {
		if (lb_times)
			lb_times_sum(s);
		seq_printf(m, "# counting %s\n",
			   sched_lb_counting() ? "on" : "off");
		lb_stats_show_cost(m, s, n);
		lb_stats_show_notes(m, s, n);
		lb_stats_show_passes(m, n);
		lb_stats_show_reasons(m, n);
		err = 0;
	}
	kfree(zeros);
	kfree(s);
	return err;
}

static int lb_stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, lb_stats_show, NULL);
}

/*
 * Clear the counters and start counting, or stop counting. The first "1"
 * allocates them; if that fails, nothing changes and it is -ENOMEM.
 */
static int lb_stats_set(bool on)
{
	int cpu;

	guard(mutex)(&lb_stats_lock);
	if (on && !lb_times) {
		struct lb_times __percpu *t = alloc_percpu(struct lb_times);
		struct lb_tallies *n = kzalloc_obj(*n, GFP_KERNEL);

		if (!t || !n) {
			free_percpu(t);
			kfree(n);
			return -ENOMEM;
		}
		WRITE_ONCE(lb_tallies, n);
		WRITE_ONCE(lb_times, t);
	}
	if (on) {
		for_each_possible_cpu(cpu)
			memset(per_cpu_ptr(lb_times, cpu), 0,
			       sizeof(struct lb_times));
		memset(lb_tallies, 0, sizeof(*lb_tallies));
	}
	if (on == sched_lb_counting())
		return 0;
	if (on) {
		sched_lb_watch_get();
		static_branch_enable(&sched_lb_count_key);
	} else {
		static_branch_disable(&sched_lb_count_key);
		sched_lb_watch_put();
	}
	return 0;
}

/* A write of "0" or "1", with an optional newline, as 0 or 1; or -EINVAL. */
static int lb_write_bool(const char __user *ubuf, size_t count)
{
	char buf[3] = "";

	if (!count || count > 2)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if ((buf[0] != '0' && buf[0] != '1') ||
	    (count == 2 && buf[1] != '\n'))
		return -EINVAL;
	return buf[0] - '0';
}

/*
 * Writing "1" clears the counters and starts counting, "0" stops counting
 * and keeps the counts; anything else is -EINVAL and changes nothing. A
 * pass that runs while the counters are cleared may keep a count or lose
 * it.
 */
static ssize_t lb_stats_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	int on = lb_write_bool(ubuf, count), err;

	if (on < 0)
		return on;
	err = lb_stats_set(on);
	return err ? err : count;
}

static const struct file_operations lb_stats_fops = {
	.open		= lb_stats_open,
	.read		= seq_read,
	.write		= lb_stats_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/*
 * The file goes beside the scheduler's own debugfs files. Without debugfs
 * the lookup of their directory returns an error, not a dentry, and
 * nothing is created.
 */
static int __init lb_stats_debugfs_init(void)
{
	struct dentry *sched = debugfs_lookup("sched", NULL);

	if (IS_ERR_OR_NULL(sched))
		return 0;
	debugfs_create_file("lb_stats", 0644, sched, NULL, &lb_stats_fops);
	dput(sched);
	return 0;
}
late_initcall(lb_stats_debugfs_init);
