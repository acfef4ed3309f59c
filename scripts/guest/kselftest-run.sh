#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kselftest-run.sh [TOPO]: run the load-balancer kselftests (built by
# kselftest.sh into $OUT/kselftest/, or kselftest-x86_64/ for an x86_64
# topology) in a guest of TOPO (default bl44) with
# the rework kernel (VARIANT=debug: the debug kernel of
# configs/debug.config), print their TAP results and the line
#   kselftest: pass=N fail=N skip=N
# from the harness's "# Totals:" lines. Exit 1 if a test failed, a program
# did not report, or the guest did not end cleanly.
#
# KSELFTEST_SKIP="PROG..." leaves those programs out of this guest; each
# is named on a "# not run here" line, so its absence is never silent.
# KSELFTEST_LIST=FILE runs the programs of FILE instead of
# tests/guest/kselftest.run (make stress: tests/guest/stress.run).

. "$(dirname "$0")/../lib.sh"

topo=${1:-bl44}
set_guest_arch "$(topo_arch "$(topo_file "$topo")")"
variant=${VARIANT:-rework}
runlist=${KSELFTEST_LIST:-$LB_ROOT/tests/guest/kselftest.run}
[ -f "$runlist" ] || die "KSELFTEST_LIST: no file $runlist"
tag=$(basename "$runlist" .run)
[ "$tag" = kselftest ] && tag=
name=kselftest-$topo${VARIANT:+-$variant}${tag:+-$tag}
list=$OUT/runs/$name.run
mkdir -p "$OUT/runs"
skip=" ${KSELFTEST_SKIP:-} "
for p in $skip; do
	grep -q "^[0-9]* $p " "$runlist" ||
		die "KSELFTEST_SKIP: no kselftest program $p in $runlist"
	echo "# not run here: $p (KSELFTEST_SKIP)"
done
awk -v skip="$skip" '/^#/ || NF < 3 || index(skip, " " $2 " ") == 0' \
	"$runlist" >"$list"
extra=()
progs=$(awk '!/^#/ && NF >= 3 { print $2 }' "$list")
for p in $progs; do
	ks=$OUT/kselftest$ARCH_SUFFIX/$p
	[ -x "$ks" ] || die "$ks is missing; run GUEST_ARCH=$GUEST_ARCH scripts/guest/kselftest.sh"
	extra+=("/bin/$p=$ks")
done

rc=0
LB_EXTRA="${extra[*]}" GUEST_TIMEOUT=${GUEST_TIMEOUT:-400} "$LB_ROOT/scripts/guest/boot.sh" "$name" \
	"$topo" "$variant" "$list" "kunit.enable=0" || rc=1
log=$OUT/runs/$name/console.log
# Each result line; a failed test's own log lines (from its "#  RUN"
# line on) come before its "not ok", so a failure carries its reason.
awk '/^#  RUN / { n = 0 }
	/^# / { held[++n] = $0 }
	/^not ok [0-9]+ / { for (i = 1; i <= n; i++) print "  " held[i] }
	/^(not )?ok [0-9]+ |^# (SKIP|Totals)/ { print "  " $0; n = 0 }' "$log"
awk '/^# Totals: pass:/ {
		for (i = 1; i <= NF; i++) {
			split($i, kv, ":")
			if (kv[1] in want) n[kv[1]] += kv[2]
		}
		programs++
	}
	BEGIN { want["pass"]; want["fail"]; want["skip"]; want["error"] }
	END {
		printf "kselftest: pass=%d fail=%d skip=%d programs=%d\n",
		       n["pass"], n["fail"] + n["error"], n["skip"], programs
	}' "$log" | tee "$OUT/runs/$name/totals"
reported=$(sed 's/.*programs=//' "$OUT/runs/$name/totals")
[ "$reported" -eq "$(wc -w <<<"$progs")" ] || {
	echo "error: $reported of $(wc -w <<<"$progs") programs reported totals"
	rc=1
}
grep -q ' fail=0 ' "$OUT/runs/$name/totals" || rc=1
exit $rc
