/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's headers to build kernel/sched/fair_lb.c,
 * lb_rules.h and the oracle of kernel/sched/tests/lb_oracle.h as they
 * are, in a host program. The include/linux/ headers beside this file
 * all come here. The SD_* flags only need to be distinct bits: the
 * engine tests them, it never prints or stores them.
 */
#ifndef _SCHED_LB_SHIM_H
#define _SCHED_LB_SHIM_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned char u8;

/*
 * As the kernel's, the message is optional; a false @expr declares an
 * array of negative size.
 */
#define static_assert(expr, ...) \
	extern char lb_static_assert[(expr) ? 1 : -1]

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

#define min(a, b) \
	({ typeof(a) _a = (a); typeof(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b) \
	({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(type, a, b)	min((type)(a), (type)(b))
#define max_t(type, a, b)	max((type)(a), (type)(b))
#define min3(a, b, c)		min(min(a, b), c)
#define BIT(n)			(1UL << (n))

#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)

/* As include/linux/sched/idle.h has them. */
enum cpu_idle_type {
	__CPU_NOT_IDLE = 0,
	CPU_IDLE,
	CPU_NEWLY_IDLE,
	CPU_MAX_IDLE_TYPES
};

#define SCHED_CAPACITY_SHIFT	10
#define SCHED_CAPACITY_SCALE	BIT(SCHED_CAPACITY_SHIFT)

#define SD_BALANCE_NEWIDLE	BIT(0)
#define SD_SHARE_CPUCAPACITY	BIT(1)
#define SD_SHARE_LLC		BIT(2)
#define SD_ASYM_CPUCAPACITY	BIT(3)
#define SD_ASYM_CPUCAPACITY_FULL	BIT(4)
#define SD_ASYM_PACKING		BIT(5)
#define SD_PREFER_SIBLING	BIT(6)
#define SD_NUMA			BIT(7)

#endif /* _SCHED_LB_SHIM_H */
