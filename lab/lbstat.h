/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lbstat: the lab's statistics, one home for all of them. lbana's report,
 * bench and judge commands (lbreport.c) link it.
 */
#ifndef LBSTAT_H
#define LBSTAT_H

#include <stdbool.h>
#include <stddef.h>

/* The values of one metric of one arm: their count, sum and squares. */
struct lbs_acc {
	unsigned int n;
	double sum;
	double sq;
};

void lbs_add(struct lbs_acc *a, double v);
double lbs_mean(const struct lbs_acc *a);
double lbs_var(const struct lbs_acc *a);
double lbs_sd(const struct lbs_acc *a);

double lbs_t95(double df);
double lbs_t975(double df);

bool lbs_beyond_noise(double excess, double va, unsigned int na, double vb,
		      unsigned int nb, char *tstat, size_t len);
void lbs_ratio_ci(double a, double va, unsigned int na, double b, double vb,
		  unsigned int nb, double *lo, double *hi);
double lbs_small(const char *metric);

#endif
