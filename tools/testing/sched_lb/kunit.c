// SPDX-License-Identifier: GPL-2.0
/*
 * kunit: the sched_lb KUnit suite (kernel/sched/tests/fair_lb_kunit.c)
 * run on the host, against kernel/sched/fair_lb.c as it is, with the
 * KUnit of include/kunit/test.h beside this file. It prints KTAP as the
 * kernel's runner does, one line per case and per parameter, and exits
 * 1 if any case failed.
 *
 *   kunit [CASE-NAME-SUBSTRING]
 *
 * It needs no kernel build, so every patch of the series and every edit
 * of the engine is checked in seconds; the kernel runs the same suite at
 * boot.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <kunit/test.h>

void kunit_host_fail(struct kunit *test, const char *file, int line,
		     const char *fmt, ...)
{
	va_list ap;

	test->failed = 1;
	printf("    # %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	if (!*fmt || fmt[strlen(fmt) - 1] != '\n')
		putchar('\n');
}

/* Run one case (one parameter of it); true if it passed. */
static int run_one(struct kunit_case *c, const void *param)
{
	struct kunit test = { .param_value = param };

	if (!setjmp(test.abort))
		c->run_case(&test);
	return !test.failed;
}

/* A parameterized case: one KTAP subtest per value. */
static int run_params(struct kunit_case *c)
{
	char desc[KUNIT_PARAM_DESC_SIZE];
	const void *p;
	int n = 0, bad = 0, ok;

	printf("    # Subtest: %s\n", c->name);
	for (p = c->generate_params(NULL, desc); p;
	     p = c->generate_params(p, desc)) {
		ok = run_one(c, p);
		bad += !ok;
		printf("        %sok %d %s\n", ok ? "" : "not ", ++n, desc);
	}
	printf("        1..%d\n", n);
	return n && !bad;
}

int main(int argc, char **argv)
{
	struct kunit_suite *s = kunit_host_suite;
	const char *only = argc > 1 ? argv[1] : NULL;
	int n = 0, failed = 0, ok;
	struct kunit_case *c;

	printf("KTAP version 1\n1..1\n    # Subtest: %s\n", s->name);
	for (c = s->test_cases; c->run_case; c++) {
		if (only && !strstr(c->name, only))
			continue;
		ok = c->generate_params ? run_params(c) : run_one(c, NULL);
		failed += !ok;
		printf("    %sok %d %s\n", ok ? "" : "not ", ++n, c->name);
	}
	printf("    1..%d\n%sok 1 %s\n", n, failed ? "not " : "", s->name);
	printf("# %s: %d cases, %d passed, %d failed\n", s->name, n,
	       n - failed, failed);
	return failed ? 1 : 0;
}
