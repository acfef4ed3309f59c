#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make run with a malformed scenario, and make shell with an unknown
# topology, fail before anything is fetched, unpacked or built: within
# 5 s, with the file and line or the known topologies, and an OUT that
# stays without a kernel tree.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
printf 'topology bl44\nreps 0\ntask hog count=1\n' >"$tmp/bad.scen"

# try NAME PATTERN MAKE-ARGS...: exit non-zero within 5 s, say PATTERN,
# and leave no tree in OUT.
try() {
	local name=$1 pat=$2 out rc t0 t1
	shift 2
	t0=$(date +%s.%N)
	out=$(timeout 30 make -s -C "$root" OUT="$tmp/out" "$@" </dev/null 2>&1)
	rc=$?
	t1=$(date +%s.%N)
	if [ "$rc" -eq 0 ]; then
		echo "FAIL: $name: exit 0"; fail=1
	elif ! grep -q "$pat" <<<"$out"; then
		echo "FAIL: $name: no '$pat' in:"; echo "$out"; fail=1
	elif [ -e "$tmp/out/linux" ] || [ -e "$tmp/out/src" ]; then
		echo "FAIL: $name: a tree was fetched or unpacked"; fail=1
	elif awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a > 5) }'; then
		echo "FAIL: $name: took $(echo "$t1 - $t0" | bc) s"; fail=1
	else
		printf 'ok: %s (%.1f s)\n' "$name" "$(echo "$t1 - $t0" | bc)"
	fi
}

try malformed-scenario "bad.scen:2: reps is 1 to 100" run SCENARIO="$tmp/bad.scen"
try missing-scenario "no such scenario file" run SCENARIO="$tmp/none.scen"
try unknown-topology "known topologies:.*bl44" shell TOPO=no-such-topo
exit $fail
