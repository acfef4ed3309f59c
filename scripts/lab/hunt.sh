#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hunt.sh: the defect hunt, "make hunt".
#
# Draws scenarios from a seed (hunt-gen.awk: a topology, a mix of hogs,
# periodic, ramping, pinned and churning tasks with nice levels and late
# starts, and a starting placement), runs them through the lab (lab.sh:
# stock and rework alternating in one boot) and flags where an arm is
# worse than the ideal by more than a margin, or the rework worse than
# stock (lbana judge, lab/lbreport.c). A flag counts only when it repeats: the
# scenario runs again HUNT_REPS times an arm and the lab's one-sided
# test at 5 % must still say so. A confirmed flag is shrunk: smaller
# topology, fewer task lines, fewer tasks, a shorter run, fewer keys,
# one step at a time while the flag still holds (3 runs an arm), and
# written out as an ordinary scenario file.
#
# The time budget is HUNT_MIN minutes (default 30): screening stops
# when its next round would not fit, or at 60 % of the budget once a
# flag is confirmed, to leave the rest to shrinking. Kernels are built
# before the clock starts.
#
#   HUNT_MIN=30 HUNT_SEED=1 HUNT_TOPOS="bl44 bl88 ..." HUNT_BATCH=4
#   HUNT_REPS=5 HUNT_MAX=0 (scenarios to screen at most; 0: no limit)
#   HUNT_CONFIRM=2 (flagged scenarios rerun a round, the most telling)
#   HUNT_OUT=$OUT/hunt HUNT_LAB=scripts/lab/lab.sh (the tests give a fake)
#
#   hunt.sh gen SEED INDEX TOPO   print one generated spec
#   hunt.sh --check               check the settings only
#
# Writes HUNT_OUT/findings.md and findings.csv, and the reproductions in
# HUNT_OUT/found/. Exit 0 when the hunt ran, whatever it found.

. "$(dirname "$0")/../lib.sh"

S=$LB_ROOT/scripts
TOPODIR=$LB_ROOT/topologies

gen_spec() {
	awk -v mode=gen -v seed="$1" -v idx="$2" -v topo="$3" \
		-v topodir="$TOPODIR" -f "$S/lab/hunt-gen.awk"
}

if [ "${1:-}" = gen ]; then
	[ $# -eq 4 ] || die "usage: hunt.sh gen SEED INDEX TOPO"
	topo_file "$4" >/dev/null
	gen_spec "$2" "$3" "$4"
	exit
fi

MIN=${HUNT_MIN:-30}
SEED=${HUNT_SEED:-1}
BATCH=${HUNT_BATCH:-4}
REPS=${HUNT_REPS:-5}
MAX=${HUNT_MAX:-0}
CONFIRM=${HUNT_CONFIRM:-2}
TOPOS=${HUNT_TOPOS:-$(known_topos | tr '\n' ' ')}
LAB=${HUNT_LAB:-$S/lab/lab.sh}
H=${HUNT_OUT:-$OUT/hunt}
SHRINK_REPS=3
CANDS=6

# Bad arguments stop the hunt before anything is built or booted.
check_args() {
	local t
	[[ $MIN =~ ^[0-9]+(\.[0-9]+)?$ ]] && [ "$(awk -v m="$MIN" 'BEGIN { print (m > 0) }')" = 1 ] ||
		die "HUNT_MIN='$MIN': expected minutes, a number above 0"
	[[ $SEED =~ ^[0-9]{1,9}$ ]] || die "HUNT_SEED='$SEED': expected an integer"
	[[ $BATCH =~ ^[0-9]+$ ]] && [ "$BATCH" -ge 1 ] && [ "$BATCH" -le 16 ] ||
		die "HUNT_BATCH='$BATCH': expected 1 to 16"
	[[ $REPS =~ ^[0-9]+$ ]] && [ "$REPS" -ge 5 ] && [ "$REPS" -le 100 ] ||
		die "HUNT_REPS='$REPS': expected 5 to 100 (a flag counts when it repeats 5 times)"
	[[ $MAX =~ ^[0-9]+$ ]] || die "HUNT_MAX='$MAX': expected a count"
	[[ $CONFIRM =~ ^[0-9]+$ ]] && [ "$CONFIRM" -ge 1 ] ||
		die "HUNT_CONFIRM='$CONFIRM': expected 1 or more"
	[ -n "${TOPOS// /}" ] || die "HUNT_TOPOS is empty"
	for t in $TOPOS; do
		topo_file "$t" >/dev/null || exit 2
	done
}

elapsed() { echo $(($(date +%s) - T0)); }
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

# Guest seconds that SPEC needs at REPS runs an arm: its window (the
# duration after the last start or release) and about 3 s a run to
# start, stop and copy the trace.
spec_secs() {
	awk -v reps="$2" '
		/^duration / { d = $2 }
		/^release / && $2 > w { w = $2 }
		/^task / { for (i = 3; i <= NF; i++)
			if ($i ~ /^start=/ && substr($i, 7) > w) w = substr($i, 7) }
		END { printf "%d", reps * 2 * ((d ? d : 3000) + w + 3000) / 1000 }' "$1"
}

# round_secs REPS SPEC...: the seconds a round will take: the guest
# seconds with a boot for each topology (20 s), times what the last
# round on the same topology really took against its guest seconds (a
# guest of 32 vCPUs under TCG runs slower than the clock it keeps).
round_secs() {
	local topo
	topo=$(sed -n 's/^topology //p' "$2")
	echo $(($(guest_secs "$@") * ${SLOW[$topo]:-$SLOWEST} / 100))
}

guest_secs() {
	local reps=$1 f t=0
	shift
	for f in "$@"; do
		t=$((t + $(spec_secs "$f" "$reps")))
	done
	echo $((t + 20 * $(grep -h '^topology ' "$@" | sort -u | wc -l)))
}

declare -A SLOW
SLOWEST=100

# learn TOPO GUESS SECS: a round on TOPO that was guessed at GUESS
# seconds took SECS.
learn() {
	local f=$((($3 * 100 + $2 - 1) / $2))
	[ "$f" -ge 100 ] || f=100
	SLOW[$1]=$f
	[ "$f" -le "$SLOWEST" ] || SLOWEST=$f
}

fits() { [ $(($(elapsed) + $1)) -le "$BUDGET" ]; }

# run_round NAME REPS MODE SPEC...: the specs as scenarios with REPS runs
# an arm, through the lab in $H/NAME; the judge's lines (MODE screen or
# confirm) in $H/NAME/judge. A spec the lab gave no run for is invalid.
run_round() {
	local name=$1 reps=$2 mode=$3 dir=$H/$1 f t0 guess topo
	shift 3
	mkdir -p "$dir/scen"
	topo=$(sed -n 's/^topology //p' "$1")
	guess=$(guest_secs "$reps" "$@")
	t0=$(date +%s)
	for f in "$@"; do
		awk -v mode=render -v topodir="$TOPODIR" -f "$S/lab/hunt-gen.awk" "$f" |
			sed "s/^reps .*/reps     $reps/" >"$dir/scen/$(basename "$f" .spec).scen"
	done
	LAB_OUT=$dir REPORT=$dir/report "$LAB" "$dir"/scen/*.scen \
		</dev/null >"$dir.log" 2>&1 || true
	learn "$topo" "$guess" $(($(date +%s) - t0))
	touch "$dir/metrics.txt"
	"$(lbana_bin)" judge "$mode" "$dir/metrics.txt" >"$dir/judge"
	for f in "$@"; do
		grep -q "^$(basename "$f" .spec)|" "$dir/judge" ||
			echo "$(basename "$f" .spec)|invalid" >>"$dir/judge"
	done
}

# The topology of screening round R: drawn from the seed as well.
round_topo() {
	local t=($TOPOS)
	echo "${t[$(awk -v s="$SEED" -v r="$1" -v n=${#t[@]} 'BEGIN {
		x = (s * 7919 + r * 104729 + 99991) % 2147483646 + 1
		for (i = 0; i < 6; i++) x = (x * 16807) % 2147483647
		print int(x / 2147483647 * n) }')]}"
}

# The flags of judge file J: "NAME|KEY" lines.
flags_of() {
	awk -F'|' 'NF > 2 { print $1 "|" $2 }' "$1"
}

# The flagged scenarios of judge file J, at most CONFIRM of them, the
# most telling first: the rework worse than stock, then the largest
# means over the limits.
most_flagged() {
	awk -F'|' 'NF > 2 {
		split($2, p, ":")
		v = p[2] == "worse" ? 1e6 : (p[2] == "stock" ? $3 : $4) + 0
		if (v > best[$1]) best[$1] = v
	}
	END { for (s in best) print best[s], s }' "$1" | sort -k1,1gr |
		awk -v n="$CONFIRM" 'NR <= n { print $2 }'
}

# confirm R SPEC...: run the flagged specs of screening round R again,
# REPS runs an arm; a screening flag that holds there is confirmed.
confirm() {
	local r=$1 est
	shift
	est=$(round_secs "$REPS" "$@")
	if ! fits "$est"; then
		flags_of "$H/screen-$r/judge" | sed 's/$/|budget/' >>"$H/unconfirmed.txt"
		return
	fi
	run_round "confirm-$r" "$REPS" confirm "$@"
	awk -F'|' -v out="$H/unconfirmed.txt" -v names=" $(basename -a -s .spec "$@" | tr '\n' ' ')" '
		FNR == NR { if (NF <= 2) next
			if (index(names, " " $1 " ")) want[$1 "|" $2] = 1
			else print $1 "|" $2 "|not rerun (HUNT_CONFIRM)" >> out
			next }
		NF > 2 && ($1 "|" $2) in want { print; delete want[$1 "|" $2] }
		END { for (k in want) print k "|did not repeat" >> out }' \
		"$H/screen-$r/judge" "$H/confirm-$r/judge" >>"$H/confirmed.txt"
}

# screen: rounds of BATCH new scenarios, each on one topology, until the
# budget (or its screening share) is spent or HUNT_MAX were screened.
screen() {
	local r=0 idx=0 b t specs est flagged n
	while [ "$MAX" -eq 0 ] || [ "$idx" -lt "$MAX" ]; do
		if [ -s "$H/confirmed.txt" ] && [ "$(elapsed)" -ge "$SHARE" ]; then
			echo "   screening ends at $(mmss "$SHARE"): the rest of the budget shrinks"
			break
		fi
		r=$((r + 1))
		t=$(round_topo "$r")
		specs=()
		for ((b = 0; b < BATCH; b++)); do
			n=$SEED-$((idx + b + 1))
			gen_spec "$SEED" $((idx + b + 1)) "$t" >"$H/specs/h$n.spec"
			specs+=("$H/specs/h$n.spec")
		done
		est=$(round_secs 2 "${specs[@]}")
		if ! fits "$est"; then
			echo "   screening ends: round $r would need ~${est} s"
			rm -f "${specs[@]}"
			break
		fi
		idx=$((idx + BATCH))
		run_round "screen-$r" 2 screen "${specs[@]}"
		flagged=$(most_flagged "$H/screen-$r/judge")
		awk -F'|' -v t="$t" '{ print $1 "|" t "|" $2 }' \
			"$H/screen-$r/judge" >>"$H/screened.txt"
		[ -n "$flagged" ] && confirm "$r" $(printf "$H/specs/%s.spec " $flagged)
		progress "screen $r on $t"
	done
}

# Scenarios screened, their flags, and screened scenarios a minute.
n_screened() { cut -d'|' -f1 "$H/screened.txt" | sort -u | wc -l; }
n_flags() { awk -F'|' '$3 != "ok" && $3 != "invalid"' "$H/screened.txt" | wc -l; }
per_minute() {
	awk -v n="$(n_screened)" -v e="$(elapsed)" 'BEGIN { printf "%.1f", e ? n * 60 / e : 0 }'
}

progress() {
	printf '   [%s of %s] %-22s %3d scenarios (%s a minute), %d flags, %d confirmed\n' \
		"$(mmss "$(elapsed)")" "$(mmss "$BUDGET")" "$1" "$(n_screened)" \
		"$(per_minute)" "$(n_flags)" "$(wc -l <"$H/confirmed.txt")"
}

# shrink NAME KEY: cut the confirmed scenario NAME down one step at a
# time while its flag KEY still holds (SHRINK_REPS runs an arm), then
# run the result REPS times; writes $H/found/NAME.scen and a status.
shrink() {
	local name=$1 key=$2 cur=$H/specs/$1.spec step=0 k c cands est keep
	mkdir -p "$H/cand"
	while :; do
		cands=()
		for ((k = 1; k <= CANDS; k++)); do
			c=$H/cand/$name-s$((step + 1))c$k.spec
			awk -v mode=shrink -v step=$k -v topodir="$TOPODIR" \
				-f "$S/lab/hunt-gen.awk" "$cur" >"$c" || { rm -f "$c"; break; }
			cands+=("$c")
		done
		[ ${#cands[@]} -gt 0 ] || { STATUS="minimal"; break; }
		est=$(round_secs "$SHRINK_REPS" "${cands[@]}")
		fits "$est" || { STATUS="shrinking stopped by the budget"; break; }
		run_round "shrink-$name-$((step + 1))" "$SHRINK_REPS" confirm "${cands[@]}"
		keep=$(awk -F'|' -v key="$key" '$2 == key { print $1; exit }' \
			"$H/shrink-$name-$((step + 1))/judge")
		progress "shrink $name, step $((step + 1))"
		[ -n "$keep" ] || { STATUS="minimal"; break; }
		step=$((step + 1))
		cur=$H/cand/$keep.spec
	done
	verify "$name" "$key" "$cur" "$step"
}

# verify NAME KEY SPEC STEPS: the scenario as it ends (shrunk by STEPS,
# or not at all) runs again, REPS runs an arm, and must show KEY once
# more: with dozens of scenarios and metrics tested at 5 %, one
# confirmation can be chance. A shrunk form that does not hold falls
# back to the scenario as first confirmed; one that did not shrink and
# does not hold again is written out and listed as not held.
verify() {
	local name=$1 key=$2 cur=$3 steps=$4 line held
	line=$(confirmed_line "$name" "$key")
	ALL=$(confirmed_of "$name")
	if ! fits "$(round_secs "$REPS" "$cur")"; then
		not_again "no time to run the shrunk form again" \
			"no time to run it again"
	else
		run_round "verify-$name" "$REPS" confirm "$cur"
		held=$(awk -F'|' -v k="$key" '$2 == k { print; exit }' \
			"$H/verify-$name/judge")
		if [ -n "$held" ]; then
			ALL=$(cat "$H/verify-$name/judge")
			line=$held
			STATUS="$STATUS; held again"
		else
			not_again "the shrunk form did not hold again" \
				"did not hold again"
		fi
	fi
	write_found "$name" "$key" "$cur" "$steps" "$line"
}

# not_again SHRUNK PLAIN: verify()'s finding was not confirmed again. A
# shrunk form (verify's steps > 0) falls back to the scenario as first
# confirmed, and STATUS becomes SHRUNK; otherwise PLAIN is added to it.
not_again() {
	if [ "$steps" -gt 0 ]; then
		STATUS=$1
		cur=$H/specs/$name.spec
		steps=0
	else
		STATUS="$STATUS; $2"
	fi
}

# confirmed_of NAME: every confirmed flag of NAME, the judge's lines.
confirmed_of() {
	awk -F'|' -v n="$1" '$1 == n' "$H/confirmed.txt"
}

# confirmed_line NAME KEY: the judge's line that confirmed KEY of NAME.
confirmed_line() {
	awk -F'|' -v n="$1" -v k="$2" '$1 == n && $2 == k { print; exit }' \
		"$H/confirmed.txt"
}

# What flag KEY (METRIC:WHAT) says, in words.
describe() {
	local m=${1%%:*} what=${1#*:} limit
	case $m in
	wasted_pct) limit="wastes more than 3 % of CPU time" ;;
	misplaced_pct) limit="leaves big CPUs idle beside tasks on smaller ones over 3 % of CPU time" ;;
	misfit_ms) limit="takes over 150 ms to move a misfit task" ;;
	*) limit="is beyond the limit of $m" ;;
	esac
	case $what in
	stock | rework) echo "$what $limit" ;;
	worse) echo "the rework is worse than stock in $m" ;;
	esac
}

# write_found NAME KEY SPEC STEPS JUDGELINE: the reproduction as an
# ordinary scenario file, and its row of the findings; ALL holds every
# flag of the run that JUDGELINE comes from (which arms show it).
write_found() {
	local name=$1 key=$2 spec=$3 steps=$4 line=$5 f=$H/found/$1.scen topo kind
	local -a j
	IFS='|' read -r -a j <<<"${line//,/;}"
	topo=$(sed -n 's/^topology //p' "$spec")
	{
		echo "# Found by the defect hunt (make hunt HUNT_SEED=$SEED): $(describe "$key")."
		echo "# stock ${j[2]:-?}, rework ${j[3]:-?} ($key; ${j[4]:-no test})."
		echo "# Drawn by \"$(sed -n 's/.*(\(scripts\/lab\/hunt.sh gen [^)]*\)).*/\1/p' "$H/specs/$name.spec")\"; shrunk in $steps step(s); ${STATUS#; }."
		echo "# Run it: make run SCENARIO=this-file"
		awk -v mode=render -v topodir="$TOPODIR" -f "$S/lab/hunt-gen.awk" "$spec" |
			grep -v '^#' | sed "s/^reps .*/reps     $REPS/"
	} >"$f"
	kind=${key#*:}
	case $kind in
	stock) grep -qF "|${key%%:*}:rework|" <<<"$ALL" &&
		kind="both arms" || kind="stock only" ;;
	rework) grep -qF "|${key%%:*}:stock|" <<<"$ALL" &&
		kind="both arms" || kind="rework only" ;;
	worse) kind="rework worse than stock" ;;
	esac
	printf '%s,%s,%s,%s,"%s","%s","%s",%s,"%s",%s\n' "$name" "$topo" "$key" \
		"$kind" "${j[2]:-}" "${j[3]:-}" "${j[4]:-}" "$steps" "$STATUS" \
		"found/$name.scen" >>"$H/findings.csv"
}

# One finding a scenario: its flag of the highest rank (the rework worse
# than stock, then stock's, then the rework's; by metric, wasted time,
# misfit latency, misplaced time), the largest mean first.
findings_order() {
	awk -F'|' '{
		split($2, p, ":")
		r = (p[2] == "worse" ? 0 : p[2] == "stock" ? 10 : 20) + \
		    (p[1] == "wasted_pct" ? 0 : p[1] == "misfit_ms" ? 1 : 2)
		print r "|" (p[2] == "rework" ? $4 : $3) + 0 "|" $1 "|" $2 }' \
		"$H/confirmed.txt" | sort -t'|' -k1,1n -k2,2gr |
		awk -F'|' '!seen[$3]++ { print $3 "|" $4 }'
}

# ": NAME (its round's lab log), ..." for the scenarios without a valid
# run on an arm (a guest that hung is killed, and its console is in the
# log), or nothing.
invalid_list() {
	local r out=
	for r in "$H"/screen-*/judge; do
		for n in $(awk -F'|' '$2 == "invalid" { print $1 }' "$r"); do
			out+="${out:+, }$n ($(basename "$(dirname "$r")").log)"
		done
	done
	[ -z "$out" ] || echo ": $out"
}

# findings.md, also printed: the figures, then a row per finding.
report() {
	local c u k w md=$H/findings.md
	c=$(wc -l <"$H/confirmed.txt")
	u=$(wc -l <"$H/unconfirmed.txt")
	k=$(awk -F, 'NR > 1 && $8 > 0' "$H/findings.csv" | wc -l)
	w=$(grep -c ':worse|' "$H/confirmed.txt" || true)
	{
		echo "# Defect hunt, seed $SEED, $MIN minutes"
		echo
		echo "$(n_screened) scenarios screened in $(mmss "$(elapsed)") ($(per_minute) a minute) on: $TOPOS."
		echo "$(n_flags) flags on screening (2 runs an arm), $c confirmed at $REPS runs an arm"
		echo "(the lab's one-sided test at 5 %), $u not: $(grep -c 'did not repeat' "$H/unconfirmed.txt" || true) did not repeat,"
		echo "$(grep -c 'HUNT_CONFIRM' "$H/unconfirmed.txt" || true) were not rerun (at most $CONFIRM scenarios a round), $(grep -c '|budget$' "$H/unconfirmed.txt" || true) out of time."
		echo "$(($(wc -l <"$H/findings.csv") - 1)) scenarios with findings, $k of them shrunk; $(grep -c '; held again' "$H/findings.csv" || true) held"
		echo "again when run once more ($REPS runs an arm), $(grep -c 'not hold again' "$H/findings.csv" || true) did not."
		echo "$(grep -c '|invalid$' "$H/screened.txt" || true) scenarios had an arm without a valid run$(invalid_list)."
		echo "Rework worse than stock beyond the noise: $w confirmed, $(grep 'rework worse than stock' "$H/findings.csv" | grep -c '; held again' || true) held again."
		echo
		echo "| scenario | topology | finding | arms | stock | rework | test | shrunk | status |"
		echo "|---|---|---|---|---|---|---|---|---|"
		awk -F'"?,"?' 'NR > 1 { printf "| [%s](%s) | %s | %s | %s | %s | %s | %s | %d steps | %s |\n",
			$1, $10, $2, $3, $4, $5, $6, $7, $8, $9 }' "$H/findings.csv"
	} >"$md"
	cat "$md"
}

check_args
[ "${1:-}" = --check ] && exit 0
if [ -z "${HUNT_LAB:-}" ]; then
	declare -A built
	for t in $TOPOS; do
		a=$(topo_arch "$(topo_file "$t")")
		[ -n "${built[$a]:-}" ] && continue
		built[$a]=1
		topo_kernel "$t" rework || die "no rework kernel for $t"
	done
fi
rm -rf "$H"
mkdir -p "$H/specs" "$H/found"
: >"$H/screened.txt"
: >"$H/confirmed.txt"
: >"$H/unconfirmed.txt"
echo "scenario,topology,flag,arms,stock,rework,test,steps,status,file" >"$H/findings.csv"
BUDGET=$(awk -v m="$MIN" 'BEGIN { printf "%d", m * 60 }')
SHARE=$((BUDGET * 60 / 100))
T0=$(date +%s)
echo "== hunt: seed $SEED, $MIN minutes, $BATCH scenarios a boot, on $TOPOS"
screen
while IFS='|' read -r -u 3 name key; do
	STATUS=
	if [ "$(elapsed)" -lt "$BUDGET" ]; then
		shrink "$name" "$key"
	else
		STATUS="not shrunk: out of time"
		ALL=$(confirmed_of "$name")
		write_found "$name" "$key" "$H/specs/$name.spec" 0 \
			"$(confirmed_line "$name" "$key")"
	fi
done 3< <(findings_order)
echo
report
echo "hunt: $H/findings.md (reproductions: $H/found/)"
