#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The defect hunt's machinery on the host, with a fake lab in place of
# the guests: the generator is deterministic, bad settings stop it at
# once, a flag that does not repeat is not confirmed, a confirmed one is
# shrunk to its core, and the findings table says so.
#
# The fake lab's "defects": stock wastes 5 % of CPU time when a hog line
# has 2 tasks or more; the rework wastes 3 % when a churn line is there
# (worse than stock); without those, a periodic line of duty 50 % or
# more makes both arms waste 6.6 % and 0.6 % on alternate runs: a mean
# above the 3 % limit, but not beyond the noise (a flag that must not
# be confirmed). On sym8, which only shrinking reaches, stock's waste
# holds for three runs and then stops: the shrunk form must not repeat at
# five, and the reproduction is then the scenario as first confirmed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hunt=$root/scripts/lab/hunt.sh

cat >"$tmp/fake-lab" <<'FAKE'
#!/bin/bash
# metrics.txt lines for each scenario file, as lbana writes them.
for f in "$@"; do
	awk -v name="$(basename "$f" .scen)" '
		/^reps / { reps = $2 }
		/^topology sym8$/ { sym8 = 1 }
		/^task hog/ { for (i = 3; i <= NF; i++) if ($i ~ /^count=/ && substr($i, 7) + 0 >= 2) hog = 1 }
		/^task churn/ { churn = 1 }
		/^task periodic/ { for (i = 3; i <= NF; i++) if ($i ~ /^duty=/ && substr($i, 6) + 0 >= 50) noisy = 1 }
		END {
			for (r = 1; r <= reps; r++) {
				jit = (r % 3) * 0.1
				s = (hog ? 5 : 0.1) + jit
				w = (churn ? 3 : 0.2) + jit
				if (sym8 && hog)
					s = r <= 3 ? 4.5 : 0
				if (noisy && !hog && !churn)
					s = w = 3.6 + (r % 2 ? 3 : -3)
				printf "scenario=%s arm=stock rep=%d valid=1 wasted_pct=%.2f misplaced_pct=0 misfit_ms=- jain=1\n", name, r, s
				printf "scenario=%s arm=rework rep=%d valid=1 wasted_pct=%.2f misplaced_pct=0 misfit_ms=- jain=1\n", name, r, w
			}
		}' "$f" >>"$LAB_OUT/metrics.txt"
done
FAKE
chmod +x "$tmp/fake-lab"

fail() { echo "FAIL: $*"; exit 1; }

# The same seed and index draw the same scenario; another seed another.
a=$("$hunt" gen 7 3 bl88)
[ "$a" = "$("$hunt" gen 7 3 bl88)" ] || fail "gen is not deterministic"
[ "$a" != "$("$hunt" gen 8 3 bl88)" ] || fail "seed 8 drew seed 7's scenario"
grep -q '^topology bl88$' <<<"$a" || fail "gen ignored the topology"

# Bad settings: an error at once, naming the setting; nothing written.
for bad in HUNT_MIN=0 HUNT_MIN=x HUNT_SEED=-1 HUNT_REPS=3 HUNT_BATCH=0 HUNT_TOPOS=nosuch; do
	if env "$bad" HUNT_LAB="$tmp/fake-lab" HUNT_OUT="$tmp/bad" "$hunt" >"$tmp/err" 2>&1; then
		fail "$bad was accepted"
	fi
	grep -q "${bad%%=*}\|unknown topology" "$tmp/err" || fail "$bad: $(cat "$tmp/err")"
	[ ! -e "$tmp/bad" ] || fail "$bad wrote $tmp/bad"
done
grep -q 'known topologies: .*bl44' "$tmp/err" || fail "unknown topology does not list the known ones"

HUNT_LAB="$tmp/fake-lab" HUNT_OUT="$tmp/h" HUNT_SEED=3 HUNT_MAX=16 HUNT_CONFIRM=4 \
	HUNT_TOPOS="bl88 sym2x16 bl44" "$hunt" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "hunt failed"; }
cat "$tmp/out"
h=$tmp/h
grep -q '^16 scenarios screened' "$h/findings.md" || fail "not 16 scenarios screened"
# Every confirmed flag is one the fake lab really has.
[ -s "$h/confirmed.txt" ] || fail "nothing confirmed"
if grep -v '|wasted_pct:stock|\||wasted_pct:rework|\||wasted_pct:worse|' "$h/confirmed.txt"; then
	fail "a flag the fake lab does not have was confirmed"
fi
grep -q 'did not repeat' "$h/unconfirmed.txt" || fail "the noisy flags were confirmed"
# A stock finding shrinks to one line of 2 hogs, 1 s, on the smallest topology.
f=$(awk -F, '$3 == "wasted_pct:stock" && $8 > 0 && /held again/ { print $10; exit }' "$h/findings.csv")
[ -n "$f" ] || fail "no stock finding was shrunk"
[ "$(grep -c '^task ' "$h/$f")" = 1 ] || fail "$f: more than one task line"
grep -q '^task hog count=2$' "$h/$f" || fail "$f: not cut to 2 bare hogs"
grep -q '^duration 1000$' "$h/$f" || fail "$f: not cut to 1 s"
grep -q '^topology \(bl44\|sym8\)$' "$h/$f" || fail "$f: topology not shrunk"
grep -q '^reps     5$' "$h/$f" || fail "$f: not 5 runs an arm"
grep -q '^# Drawn by "scripts/lab/hunt.sh gen 3 ' "$h/$f" || fail "$f: no seed"
f=$(awk -F, '$9 == "\"the shrunk form did not hold again\"" { print $10; exit }' "$h/findings.csv")
[ -n "$f" ] || fail "no shrunk form failed to repeat on sym8"
grep -q '^topology sym2x16$' "$h/$f" || fail "$f: not the scenario as first confirmed"
# The rework's loss is listed as such.
grep -q ',rework worse than stock,' "$h/findings.csv" || fail "the loss is not listed"
grep -q '^Rework worse than stock beyond the noise: [1-9][0-9]* confirmed, [1-9]' "$h/findings.md" ||
	fail "the loss is not counted"
echo "hunt machinery: ok"
