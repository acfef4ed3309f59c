# SPDX-License-Identifier: GPL-2.0
#
# bench-report.awk: the benchmark table, formatted from the CSV that
# "lbana bench" (lab/lbreport.c) wrote: each arm's mean ± standard
# deviation, the rework/stock ratio with its 95 % interval, and the
# verdict. Run with csv.awk first; csv is that CSV file.

BEGIN {
	print "| benchmark | better | stock | rework | rework/stock | 95% interval | verdict |"
	print "|---|---|---|---|---|---|---|"
	getline line < csv
	n = csvsplit(line, h)
	while ((getline line < csv) > 0) {
		csvsplit(line, f)
		for (i = 1; i <= n; i++)
			B[h[i]] = f[i]
		if (B["verdict"] == "no result") {
			printf "| %s | %s | - | - | - | - | no result |\n", B["benchmark"], B["better"]
			continue
		}
		printf "| %s | %s | %.4g ± %.2g | %.4g ± %.2g | %.3f | %.3f to %.3f | %s |\n",
		       B["benchmark"], B["better"], B["stock_mean"], B["stock_sd"],
		       B["rework_mean"], B["rework_sd"], B["ratio"], B["ci_low"],
		       B["ci_high"], B["verdict"]
	}
	close(csv)
}
