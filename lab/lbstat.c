// SPDX-License-Identifier: GPL-2.0
/*
 * lbstat: the statistics of the lab's reports.
 *
 * Every figure the lab judges is a mean over the repetitions of a run,
 * one per arm. Differences are judged with Welch's t-test, one-sided at
 * 5 %, and ratios of means get a 95 % interval by the delta method; both
 * take Student's t at Welch-Satterthwaite degrees of freedom from a short
 * table, as the repetitions are few (2 to 10).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lbstat.h"

void lbs_add(struct lbs_acc *a, double v)
{
	a->n++;
	a->sum += v;
	a->sq += v * v;
}

double lbs_mean(const struct lbs_acc *a)
{
	return a->n ? a->sum / a->n : 0;
}

/*
 * The sample variance. Rounding can leave a tiny negative value for equal
 * values; that is 0.
 */
double lbs_var(const struct lbs_acc *a)
{
	double m, v;

	if (a->n < 2)
		return 0;
	m = a->sum / a->n;
	v = (a->sq - a->n * m * m) / (a->n - 1);
	return v > 0 ? v : 0;
}

double lbs_sd(const struct lbs_acc *a)
{
	return sqrt(lbs_var(a));
}

/*
 * Student's t quantile for df degrees of freedom (truncated; at least 1):
 * the table's value up to 10, then one value up to 30 and the normal
 * quantile beyond.
 */
static double t_quantile(double df, const double tab[10], double mid,
			 double big)
{
	int d = (int)df;

	if (d < 1)
		d = 1;
	if (d <= 10)
		return tab[d - 1];
	return d <= 30 ? mid : big;
}

/* One-sided at 0.95. */
double lbs_t95(double df)
{
	static const double tab[10] = {
		6.314, 2.920, 2.353, 2.132, 2.015,
		1.943, 1.895, 1.860, 1.833, 1.812,
	};

	return t_quantile(df, tab, 1.75, 1.645);
}

/* Two-sided at 0.95 (0.975 one-sided). */
double lbs_t975(double df)
{
	static const double tab[10] = {
		12.706, 4.303, 3.182, 2.776, 2.571,
		2.447, 2.365, 2.306, 2.262, 2.228,
	};

	return t_quantile(df, tab, 2.09, 1.96);
}

/*
 * Is @excess beyond the noise? Welch's test, one-sided at 5 %, for the
 * difference of two means whose own variances are @va and @vb (of @na
 * and @nb values); @nb = 0 makes it a one-sample test on the first. With
 * no spread at all, any excess counts. @tstat gets the statistic, for
 * the message.
 */
bool lbs_beyond_noise(double excess, double va, unsigned int na, double vb,
		      unsigned int nb, char *tstat, size_t len)
{
	double se = sqrt(va + vb), q, df;

	if (se == 0) {
		snprintf(tstat, len, "no spread");
		return true;
	}
	if (nb > 0) {
		q = va * va / (na > 1 ? na - 1 : 1) +
		    vb * vb / (nb > 1 ? nb - 1 : 1);
		df = q > 0 ? (va + vb) * (va + vb) / q : 1;
	} else {
		df = (double)na - 1;
	}
	snprintf(tstat, len, "t = %.2f, df %.1f, needs %.2f", excess / se, df,
		 lbs_t95(df));
	return excess / se > lbs_t95(df);
}

/*
 * The 95 % interval of the ratio a/b of two means (a of @na values with
 * variance @va, b of @nb with @vb): the delta method on the means'
 * relative standard errors, Student's t at Welch's degrees of freedom.
 * With no spread the interval is the ratio itself.
 */
void lbs_ratio_ci(double a, double va, unsigned int na, double b, double vb,
		  unsigned int nb, double *lo, double *hi)
{
	double ra = na > 1 ? va / na / (a * a) : 0;
	double rb = nb > 1 ? vb / nb / (b * b) : 0;
	double q = (na > 1 ? ra * ra / (na - 1) : 0) +
		   (nb > 1 ? rb * rb / (nb - 1) : 0);
	double df = q > 0 ? (ra + rb) * (ra + rb) / q : 1;
	double se = sqrt(ra + rb) * a / b;

	*lo = a / b - lbs_t975(df) * se;
	*hi = a / b + lbs_t975(df) * se;
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/*
 * The smallest difference between the arms that the lab counts, by
 * metric: below it the arms are the same, however steady both were. Under
 * TCG the emulator's wakeup latency alone moves wasted or misplaced time
 * by a few hundredths of a point, and a PELT period is about 1 ms.
 */
double lbs_small(const char *metric)
{
	if (ends_with(metric, "_pct"))
		return 0.1;
	if (ends_with(metric, "_ms"))
		return 10;
	if (!strcmp(metric, "jain") || !strcmp(metric, "eta"))
		return 0.02;
	return 0;
}
