# SPDX-License-Identifier: GPL-2.0
#
# csv.awk: reading the lab's CSV files, for the awk scripts that format
# them; give it first: awk -f csv.awk -f lab-html.awk ...
#
# load() reads dir "/data/" NAME ".csv" (dir: the report directory);
# load_report() the files every view of the report reads.

# Split one CSV line into f[1..n]; quoted fields may hold commas and "".
function csvsplit(line, f,    n, i, c, q, cur) {
	delete f
	n = 0
	cur = ""
	q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q && c == "\"" && substr(line, i + 1, 1) == "\"") {
			cur = cur c
			i++
		} else if (c == "\"") {
			q = !q
		} else if (c == "," && !q) {
			f[++n] = cur
			cur = ""
		} else {
			cur = cur c
		}
	}
	f[++n] = cur
	return n
}

# Read data/NAME.csv into rows: T[NAME, row, column name]; returns rows.
function load(name,    file, line, f, h, n, i, r) {
	file = dir "/data/" name ".csv"
	r = 0
	if ((getline line < file) <= 0)
		return 0
	n = csvsplit(line, h)
	while ((getline line < file) > 0) {
		csvsplit(line, f)
		r++
		for (i = 1; i <= n; i++)
			T[name, r, h[i]] = f[i]
	}
	close(file)
	return r
}

# The metrics (T["metrics", r, ...], with MROW[scenario, metric] = r),
# the targets and their verdicts, and the summary (S[key]).
function load_report(    r) {
	nmetrics = load("metrics")
	for (r = 1; r <= nmetrics; r++)
		MROW[T["metrics", r, "scenario"], T["metrics", r, "metric"]] = r
	ntargets = load("targets")
	nverdicts = load("verdicts")
	nsum = load("summary")
	for (r = 1; r <= nsum; r++)
		S[T["summary", r, "key"]] = T["summary", r, "value"]
}
