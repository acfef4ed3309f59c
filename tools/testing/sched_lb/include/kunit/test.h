/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of KUnit to run the sched_lb suite
 * (kernel/sched/tests/fair_lb_kunit.c) as it is in a host program. The
 * macros keep KUnit's meaning: an EXPECT records a failure and the case
 * goes on, an ASSERT records one and ends the case, and a parameterized
 * case runs once per value of its generator. kunit.c beside this
 * directory runs the suite and prints KTAP.
 */
#ifndef _SCHED_LB_KUNIT_TEST_H
#define _SCHED_LB_KUNIT_TEST_H

#include <setjmp.h>
#include <stdio.h>

#include "../../shim.h"

#define KUNIT_PARAM_DESC_SIZE	128

struct kunit {
	const void	*param_value;
	int		failed;
	jmp_buf		abort;
};

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
};

struct kunit_suite {
	const char		*name;
	struct kunit_case	*test_cases;
};

extern struct kunit_suite *kunit_host_suite;

/*
 * Without the format attribute of the kernel's KUnit: the kernel's build
 * of the suite checks its formats.
 */
void kunit_host_fail(struct kunit *test, const char *file, int line,
		     const char *fmt, ...);

#define kunit_test_suite(s)	struct kunit_suite *kunit_host_suite = &(s)

#define KUNIT_CASE(fn)		{ .run_case = fn, .name = #fn }
#define KUNIT_CASE_PARAM(fn, gen) \
	{ .run_case = fn, .name = #fn, .generate_params = gen }

#define kunit_info(test, fmt, ...) \
	((void)(test), printf("    # " fmt, ##__VA_ARGS__))

#define KUNIT_FAIL(test, fmt, ...) \
	kunit_host_fail(test, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

/* Operands are printed as integers: every comparison here is of numbers. */
#define KUNIT_HOST_CMP(test, stop, a, op, b, fmt, ...) do {		\
	long long __a = (long long)(a), __b = (long long)(b);		\
	struct kunit *__test = (test);					\
									\
	if (!(__a op __b)) {						\
		kunit_host_fail(__test, __FILE__, __LINE__,		\
				"%s %s %s: %lld vs %lld " fmt, #a, #op,	\
				#b, __a, __b, ##__VA_ARGS__);		\
		if (stop)						\
			longjmp(__test->abort, 1);			\
	}								\
} while (0)

#define KUNIT_EXPECT_EQ_MSG(t, a, b, fmt, ...) \
	KUNIT_HOST_CMP(t, 0, a, ==, b, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ_MSG(t, a, b, fmt, ...) \
	KUNIT_HOST_CMP(t, 1, a, ==, b, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_EQ(t, a, b)	KUNIT_EXPECT_EQ_MSG(t, a, b, "")
#define KUNIT_ASSERT_EQ(t, a, b)	KUNIT_ASSERT_EQ_MSG(t, a, b, "")
#define KUNIT_EXPECT_LE(t, a, b)	KUNIT_HOST_CMP(t, 0, a, <=, b, "")
#define KUNIT_EXPECT_GT(t, a, b)	KUNIT_HOST_CMP(t, 0, a, >, b, "")
#define KUNIT_EXPECT_TRUE(t, c)		KUNIT_HOST_CMP(t, 0, !!(c), ==, 1, "")
#define KUNIT_EXPECT_FALSE(t, c)	KUNIT_HOST_CMP(t, 0, !!(c), ==, 0, "")
#define KUNIT_EXPECT_FALSE_MSG(t, c, fmt, ...) \
	KUNIT_HOST_CMP(t, 0, !!(c), ==, 0, fmt, ##__VA_ARGS__)

/*
 * The generator of a parameterized case: the first element of @array,
 * then the one after @prev, and NULL after the last.
 */
#define KUNIT_HOST_PARAM(name, array, set_desc)				\
static const void *name##_gen_params(const void *prev, char *desc)	\
{									\
	__typeof__((array) + 0) __first = (array), __next;		\
									\
	__next = prev ? (__typeof__(__first))prev + 1 : __first;	\
	if (__next - __first >= (long)(sizeof(array) / sizeof((array)[0]))) \
		return NULL;						\
	set_desc;							\
	return __next;							\
}

#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	KUNIT_HOST_PARAM(name, array, get_desc(__next, desc))
#define KUNIT_ARRAY_PARAM_DESC(name, array, member)			\
	KUNIT_HOST_PARAM(name, array,					\
			 snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s",	\
				  __next[0].member))

#endif /* _SCHED_LB_KUNIT_TEST_H */
