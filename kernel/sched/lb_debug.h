/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The runtime switch between the stock and reworked balancers
 * (fair_lb_debug.c), which fair.c's hook reads once per balance pass.
 */
#ifndef _KERNEL_SCHED_LB_DEBUG_H
#define _KERNEL_SCHED_LB_DEBUG_H

#include <linux/compiler.h>
#include <linux/fs.h>
#include <linux/jump_label.h>
#include <linux/types.h>

DECLARE_STATIC_KEY_TRUE(sched_lb_rework_key);

int sched_lb_write_bool(const char __user *ubuf, size_t count);
void sched_lb_debugfs_create(const char *name,
			     const struct file_operations *fops);

#endif /* _KERNEL_SCHED_LB_DEBUG_H */
