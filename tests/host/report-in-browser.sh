#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report-in-browser.sh REPORT: render the lab's page, REPORT/index.html,
# in Debian's chromium, headless, as a reader's 1440x900 window shows it,
# and assert what its first screen must answer:
#   - the sections answer, targets, benchmarks, cost, wasted and seed
#     start within the first 900 pixels; details and data exist;
#   - every image is decoded by the browser (the chart, each seed
#     scenario's heat maps stock and rework, and, once opened, those of
#     every scenario's details);
#   - every seed scenario of data/metrics.csv has both heat maps;
#   - the CSV files the page links to exist, each with rows.
# A copy of the page gets a probe script that writes what the browser
# laid out into the DOM, which chromium dumps; the page itself has none.
# Leaves REPORT/screenshot.png.

set -euo pipefail
report=$(cd "${1:?usage: report-in-browser.sh REPORT}" && pwd)
width=1440 height=900
fail=0
bad() { echo "FAIL: $*"; fail=1; }

command -v chromium >/dev/null || { echo "FAIL: chromium is not installed"; exit 1; }
[ -s "$report/index.html" ] || { echo "FAIL: no $report/index.html"; exit 1; }

probe=$report/.probe.html
trap 'rm -f "$probe"' EXIT
sed 's|</body>|<script>\
window.addEventListener("load", function () {\
	var out = [], ids = ["answer", "targets", "benchmarks", "cost", "wasted",\
		"seed", "details", "data"];\
	ids.forEach(function (id) {\
		var e = document.getElementById(id);\
		out.push(e ? "section " + id + " " +\
			Math.round(e.getBoundingClientRect().top + window.scrollY) :\
			"section " + id + " missing");\
	});\
	document.querySelectorAll("details").forEach(function (d) { d.open = true; });\
	setTimeout(function () {\
		Array.prototype.forEach.call(document.images, function (im) {\
			out.push("img " + (im.complete \&\& im.naturalWidth > 0 ?\
				"ok" : "broken") + " " + im.getAttribute("src") +\
				" in=" + (im.closest("section") \|\| {}).id);\
		});\
		var pre = document.createElement("pre");\
		pre.id = "lbprobe";\
		pre.textContent = out.join("\\n");\
		document.body.appendChild(pre);\
	}, 2000);\
});\
</script></body>|' "$report/index.html" >"$probe"

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars
       --allow-file-access-from-files --window-size=$width,$height)
dom=$(chromium "${flags[@]}" --virtual-time-budget=20000 --dump-dom \
	"file://$probe" 2>/dev/null)
chromium "${flags[@]}" --screenshot="$report/screenshot.png" \
	"file://$report/index.html" >/dev/null 2>&1 ||
	bad "chromium could not take a screenshot"
[ -s "$report/screenshot.png" ] || bad "no screenshot"

lines=$(sed -n '/<pre id="lbprobe">/,/<\/pre>/p' <<<"$dom" |
	sed 's/<[^>]*>//g')
[ -n "$lines" ] || { echo "FAIL: the probe wrote nothing; chromium said:"; \
	head -c 2000 <<<"$dom"; exit 1; }
echo "$lines"

for id in answer targets benchmarks cost wasted seed; do
	top=$(sed -n "s/^section $id //p" <<<"$lines")
	if [ "$top" = missing ] || [ -z "$top" ]; then
		bad "section $id is missing"
	elif [ "$top" -ge "$height" ]; then
		bad "section $id starts at ${top}px, below the first screen"
	fi
done
for id in details data; do
	grep -qx "section $id [0-9]*" <<<"$lines" || bad "section $id is missing"
done
grep -q '^img broken' <<<"$lines" && bad "images the browser could not decode:
$(grep '^img broken' <<<"$lines")"
grep -qx 'img ok wasted.svg in=wasted' <<<"$lines" || bad "no chart of wasted time"
for s in $(awk -F, 'NR > 1 && $1 ~ /^seed/ { print $1 }' "$report/data/metrics.csv" | sort -u); do
	for arm in stock rework; do
		grep -qx "img ok svg/$s-$arm-1.svg in=seed" <<<"$lines" ||
			bad "no $arm heat map of $s on the first screen"
	done
done
for f in metrics targets verdicts compare bench expectations summary runs; do
	[ -f "$report/data/$f.csv" ] || { bad "no data/$f.csv"; continue; }
	grep -q "data/$f.csv" "$report/index.html" || bad "the page does not link data/$f.csv"
done
for f in metrics targets verdicts summary runs; do
	[ -f "$report/data/$f.csv" ] || continue
	[ "$(wc -l <"$report/data/$f.csv")" -gt 1 ] || bad "data/$f.csv has no rows"
done
[ "$fail" -eq 0 ] && echo "report renders: every section and image present"
exit "$fail"
