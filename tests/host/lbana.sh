#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lbana, the lab's trace analyser, prints for each hand-made run in
# tests/lab the metrics worked out by hand (wasted and misplaced CPU time,
# a wakeup in transit to an idle CPU not counted as wasted,
# eta, Jain, t_bal with a short violation ignored and a long one not,
# migration rate, ping-pongs, misfit delay, affinity), reports broken runs
# (lost events, no @trace-end, no @end, empty, unparsable, and one that
# lbwork found without its arm: arm_ok=0, a whole word) as invalid, applies
# the 1% rule on unparsable lines, and draws well-formed SVG heat maps
# (under 500 KB for a busy 3 s run on 8 CPUs) for the valid runs only,
# and lists each stretch of wasted time with --waste.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cases=$root/tests/lab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
lbana=$tmp/lbana

gcc -O2 -Wall -Wextra -Werror -o "$lbana" "$root"/lab/*.c -lm || {
	echo "FAIL: lbana does not build"
	exit 1
}

# same NAME WANT_FILE GOT_FILE: exact match; show the keys that differ.
same() {
	cmp -s "$2" "$3" && return
	echo "FAIL: $1: output differs from $(basename "$2") (< want, > got)"
	diff <(tr ' ' '\n' <"$2") <(tr ' ' '\n' <"$3")
	fail=1
}

for res in "$cases"/*.res; do
	name=$(basename "$res" .res)
	"$lbana" "$res" >"$tmp/$name.got" 2>"$tmp/$name.err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "FAIL: $name: lbana exited $rc"
		cat "$tmp/$name.err"
		fail=1
	fi
	same "$name" "$cases/$name.out" "$tmp/$name.got"
done

# gen_pct NAME BAD: a run with 100 event lines of which BAD are garbage.
gen_pct() {
	local i
	echo "@run scenario=$1 arm=a rep=1 ncpus=1 t_ref=10.0 t_end=11.0"
	echo "@cap 0 1024"
	echo "@task 301 allowed=0 name=hog"
	echo "@trace-begin"
	echo "  <idle>-0 [000] d..2.  9.900000: sched_switch:" \
		"prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R" \
		"==> next_comm=lbwork next_pid=301 next_prio=120"
	for ((i = 1; i < 100 - $2; i++)); do
		printf '  kworker-5 [000] d.h2. 10.%06d: %s\n' "$i" \
			"sched_stat_runtime: comm=kw pid=5 runtime=1000 [ns]"
	done
	for ((i = 0; i < $2; i++)); do
		echo "  kworker-5 [000] d.h2. 10.5 garbage"
	done
	echo "@trace-end lost=0"
	echo "@end"
}
{ gen_pct one-pct 1; gen_pct two-pct 2; } >"$tmp/pct.res"
m="wasted_pct=0.00 misplaced_pct=0.00 eta=0.000 jain=- t_bal_ms=0"
m+=" migr_rate=0.000 pingpong=0 misfit_ms=- moves=0"
printf '%s\n' "scenario=one-pct arm=a rep=1 valid=1 ncpus=1 $m" \
	"scenario=two-pct arm=a rep=1 valid=0 reason=unparsable" >"$tmp/pct.want"
"$lbana" - <"$tmp/pct.res" >"$tmp/pct.got"
same one-percent-rule "$tmp/pct.want" "$tmp/pct.got"

# A busy run: 8 CPUs (4 big), 10 hogs, 3.5 s of switches every 0.1-1 ms.
awk 'BEGIN {
	srand(1)
	printf "@run scenario=busy arm=rework rep=1 ncpus=8 "
	print "t_ref=100.5 t_end=103.5"
	for (c = 0; c < 8; c++)
		print "@cap " c " " (c < 4 ? 1024 : 512)
	for (p = 301; p <= 310; p++)
		print "@task " p " allowed=0-7 name=hog"
	print "@trace-begin"
	for (t = 100.0; t < 103.5; t += 0.0001 + rand() * 0.0009)
		for (c = 0; c < 8; c++) {
			r = int(rand() * 12)
			nxt = r < 10 ? 301 + r : (r == 10 ? 40 + c : 0)
			if (nxt == cur[c])
				continue
			printf "  x-%d [%03d] d..2. %.6f: sched_switch: ", \
				cur[c], c, t
			printf "prev_comm=x prev_pid=%d prev_prio=120 ", cur[c]
			printf "prev_state=%s ==> next_comm=x next_pid=%d ", \
				rand() < 0.5 ? "R" : "S", nxt
			print "next_prio=120"
			cur[c] = nxt
			if (rand() < 0.05)
				printf "  x-1 [%03d] d..2. %.6f: %s pid=%d %s=%d %s=%d\n", \
					c, t, "sched_migrate_task: comm=x", \
					301 + int(rand() * 10), "prio=120 orig_cpu", \
					c, "dest_cpu", int(rand() * 8)
		}
	print "@trace-end lost=0"
	print "@end"
}' >"$tmp/busy.res"

mkdir "$tmp/svg"
cat "$cases"/*.res "$tmp/busy.res" >"$tmp/all.res"
"$lbana" "$tmp/all.res" --svg "$tmp/svg" >"$tmp/all.got"
rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: lbana --svg exited $rc"; fail=1; }
# One stream of every case gives the same lines as one file at a time.
cat "$cases"/*.out >"$tmp/all.want"
grep -v '^scenario=busy ' "$tmp/all.got" >"$tmp/all.cases"
same one-stream "$tmp/all.want" "$tmp/all.cases"
grep -q '^scenario=busy arm=rework rep=1 valid=1 ' "$tmp/all.got" ||
	{ echo "FAIL: the busy run is not valid"; fail=1; }
want="affinity-rework-1.svg arm-ok-words-rework-1.svg busy-rework-1.svg misplaced-stock-2.svg"
want+=" pingpong-stock-1.svg smt-stock-1.svg tbal-rework-3.svg transit-stock-1.svg"
want+=" wasted-rework-1.svg"
got=$(cd "$tmp/svg" && echo *.svg)
if [ "$got" != "$want" ]; then
	echo "FAIL: svg files: $got, want $want"
	fail=1
fi
xml_ok='import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])'
for f in "$tmp"/svg/*.svg; do
	python3 -c "$xml_ok" "$f" ||
		{ echo "FAIL: $(basename "$f") is not well-formed XML"; fail=1; }
	grep -q 'release</text>' "$f" ||
		{ echo "FAIL: $(basename "$f") has no release line"; fail=1; }
done
size=$(stat -c %s "$tmp/svg/busy-rework-1.svg" 2>/dev/null || echo 0)
if [ "$size" -gt 500000 ] || [ "$size" -eq 0 ]; then
	echo "FAIL: busy-rework-1.svg is $size bytes"
	fail=1
fi
# Segments narrower than 0.2 px are merged into a neighbour.
if grep 'stroke-width="16"' "$tmp/svg/busy-rework-1.svg" |
	grep -Eq 'h0\.[01]([^0-9]|")'; then
	echo "FAIL: busy-rework-1.svg has segments narrower than 0.2 px"
	fail=1
fi
# The wasted case: CPU 1 green from the move on, CPU 0 orange before it.
f=$tmp/svg/wasted-rework-1.svg
for col in ff9800 4caf50; do
	grep -q "stroke=\"#$col\"" "$f" ||
		{ echo "FAIL: wasted-rework-1.svg has no #$col row"; fail=1; }
done
grep -q '>cpu1 &#183; 1024<' "$f" ||
	{ echo "FAIL: wasted-rework-1.svg lacks the cpu1 label"; fail=1; }

# Render one map where a converter is installed (nothing is installed).
png=$tmp/wasted.png
if command -v rsvg-convert >/dev/null; then
	rsvg-convert -o "$png" "$f"
elif command -v chromium >/dev/null; then
	chromium --headless --no-sandbox --screenshot="$png" \
		--window-size=900,200 "file://$f" 2>/dev/null
else
	png=
fi
if [ -n "$png" ] && [ ! -s "$png" ]; then
	echo "FAIL: $(basename "$f") does not render to PNG"
	fail=1
fi

# --waste lists each stretch of wasted time: in wasted.res CPU 1 idles
# for 500 ms while task 302 waits on CPU 0; in transit.res the 50 ms that
# task 302 is in transit to idle CPU 1 are not listed, the 30 ms that it
# waits behind a task on CPU 0 with CPUs 1 and 2 idle are.
"$lbana" "$cases/wasted.res" --waste "$tmp/wasted.waste" >/dev/null
got=$(cat "$tmp/wasted.waste")
want="scenario=wasted arm=rework rep=1 t_ms=0.000 dur_ms=100.000 idle=1 waiting=302@0
scenario=wasted arm=rework rep=1 t_ms=100.000 dur_ms=400.000 idle=1 waiting=302@0"
[ "$got" = "$want" ] || { echo "FAIL: --waste on wasted.res:"; echo "$got"; fail=1; }
"$lbana" "$cases/transit.res" --waste "$tmp/transit.waste" >/dev/null
got=$(cat "$tmp/transit.waste")
want="scenario=transit arm=stock rep=1 t_ms=500.000 dur_ms=30.000 idle=1,2 waiting=302@0"
[ "$got" = "$want" ] || { echo "FAIL: --waste on transit.res:"; echo "$got"; fail=1; }
"$lbana" "$cases/wasted.res" --waste "$tmp/no/such/dir/x" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'no/such/dir/x' "$tmp/err" ||
	{ echo "FAIL: an unwritable --waste file should exit 2 and name it"; fail=1; }

"$lbana" >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: no arguments should exit 2"; fail=1; }
exit $fail
