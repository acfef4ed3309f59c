// SPDX-License-Identifier: GPL-2.0
/*
 * The runtime switch of the classification-driven load balancer.
 *
 * fair_lb.c decides; fair.c asks this switch, once per balance pass,
 * whether the pass is the reworked balancer's or stock's, so that both
 * can be compared in one boot. It is a static key, set at boot by
 * "sched_lb_rework=" and at any time through
 * /sys/kernel/debug/sched/lb_rework. fair_lb_watch.c counts and traces
 * the passes of both arms.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/uaccess.h>

#include "lb_debug.h"

/**
 * sched_lb_write_bool() - The value of a debugfs write of "0" or "1".
 * @ubuf:  The user buffer written.
 * @count: Its length; an optional newline may follow the digit.
 *
 * Context: Process context; may fault.
 * Return: 0 or 1, -EINVAL for any other write, -EFAULT for a bad buffer.
 */
int sched_lb_write_bool(const char __user *ubuf, size_t count)
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
 * The runtime switch between the stock and the reworked decisions, so
 * both can be compared in one boot. The rework is on by default;
 * "sched_lb_rework=0" on the command line starts with stock, and
 * /sys/kernel/debug/sched/lb_rework flips it at any time. fair.c reads the
 * key once per balance pass, so a pass never mixes the two.
 */
DEFINE_STATIC_KEY_TRUE(sched_lb_rework_key);

static void lb_rework_set(bool on)
{
	if (on)
		static_branch_enable(&sched_lb_rework_key);
	else
		static_branch_disable(&sched_lb_rework_key);
}

static bool lb_rework_at_boot __initdata = true;

static int __init lb_rework_setup(char *str)
{
	if (kstrtobool(str, &lb_rework_at_boot)) {
		pr_warn("sched_lb_rework=%s: expected 0 or 1\n", str);
		lb_rework_at_boot = true;
	}
	return 1;
}
__setup("sched_lb_rework=", lb_rework_setup);

/* Static keys cannot change while parameters are parsed; apply it here. */
static int __init lb_rework_apply_boot(void)
{
	if (!lb_rework_at_boot)
		lb_rework_set(false);
	return 0;
}
early_initcall(lb_rework_apply_boot);

static ssize_t lb_rework_read(struct file *file, char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	char buf[2] = { static_branch_likely(&sched_lb_rework_key) ? '1' : '0',
			'\n' };

	return simple_read_from_buffer(ubuf, count, ppos, buf, sizeof(buf));
}

/* Only "0" or "1", with an optional newline; anything else is -EINVAL. */
static ssize_t lb_rework_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	int on = sched_lb_write_bool(ubuf, count);

	if (on < 0)
		return on;
	lb_rework_set(on);
	return count;
}

static const struct file_operations lb_rework_fops = {
	.read	= lb_rework_read,
	.write	= lb_rework_write,
	.llseek	= default_llseek,
};

/**
 * sched_lb_debugfs_create() - Add a file to /sys/kernel/debug/sched.
 * @name: The file's name.
 * @fops: Its operations.
 *
 * Without debugfs the lookup of the directory returns an error, not a
 * dentry, and nothing is created.
 *
 * Context: Process context, at boot (an initcall).
 */
void __init sched_lb_debugfs_create(const char *name,
				    const struct file_operations *fops)
{
	struct dentry *sched = debugfs_lookup("sched", NULL);

	if (IS_ERR_OR_NULL(sched))
		return;
	debugfs_create_file(name, 0644, sched, NULL, fops);
	dput(sched);
}

static int __init lb_rework_debugfs_init(void)
{
	sched_lb_debugfs_create("lb_rework", &lb_rework_fops);
	return 0;
}
late_initcall(lb_rework_debugfs_init);
