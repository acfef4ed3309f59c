# SPDX-License-Identifier: GPL-2.0
#
# lab-stats.awk: the statistics that the lab's reports share, as awk
# functions; give it first: awk -f lab-stats.awk -f lab-report.awk ...

# Student t quantile for df degrees of freedom: the list's df-th value
# up to 10, then mid up to 30, then big.
function t_quantile(df, list, mid, big,    t) {
	split(list, t, " ")
	df = int(df)
	if (df < 1)
		df = 1
	if (df <= 10)
		return t[df]
	return df <= 30 ? mid : big
}

# One-sided at 0.95.
function t95(df) {
	return t_quantile(df, "6.314 2.920 2.353 2.132 2.015 1.943 1.895 1.860 1.833 1.812", 1.75, 1.645)
}

# Two-sided at 0.95 (0.975 one-sided).
function t975(df) {
	return t_quantile(df, "12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228", 2.09, 1.96)
}

# The 95 % interval of the ratio a/b of two means (a of na values with
# variance va, b of nb with vb), in CI_LO and CI_HI: the delta method on
# the means' relative standard errors, Student t at Welch's degrees of
# freedom. With no spread the interval is the ratio itself.
function ratio_ci(a, va, na, b, vb, nb,    ra, rb, q, df, se) {
	ra = na > 1 ? va / na / (a * a) : 0
	rb = nb > 1 ? vb / nb / (b * b) : 0
	q = (na > 1 ? ra ^ 2 / (na - 1) : 0) + (nb > 1 ? rb ^ 2 / (nb - 1) : 0)
	df = q > 0 ? (ra + rb) ^ 2 / q : 1
	se = sqrt(ra + rb) * a / b
	CI_LO = a / b - t975(df) * se
	CI_HI = a / b + t975(df) * se
}

# The smallest difference between the arms that the lab counts, by
# metric: below it the arms are the same, however steady both were. Under
# TCG the emulator's wakeup latency alone moves wasted or misplaced time
# by a few hundredths of a point, and a PELT period is about 1 ms.
function lab_small(m) {
	if (m ~ /_pct$/)
		return 0.1
	if (m ~ /_ms$/)
		return 10
	if (m == "jain" || m == "eta")
		return 0.02
	return 0
}

# Is "excess" beyond the noise? Welch's test, one-sided at 5 %, for the
# difference of two means (variances of the means va and vb, of na and
# nb values; vb = 0 and nb = 0 make it a one-sample test on a). With no
# spread at all, any excess counts. Sets TSTAT for the message.
function beyond_noise(excess, va, na, vb, nb,    se, q, df) {
	se = sqrt(va + vb)
	if (se == 0) {
		TSTAT = "no spread"
		return 1
	}
	if (nb > 0) {
		q = (va ^ 2) / (na > 1 ? na - 1 : 1) + (vb ^ 2) / (nb > 1 ? nb - 1 : 1)
		df = q > 0 ? (va + vb) ^ 2 / q : 1
	} else {
		df = na - 1
	}
	TSTAT = sprintf("t = %.2f, df %.1f, needs %.2f", excess / se, df, t95(df))
	return excess / se > t95(df)
}
