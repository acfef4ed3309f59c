#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-args.sh run [SCENARIO...] | shell TOPO | topos [TOPO...] | bench:
# check
# what make was asked
# before anything is fetched, unpacked or built, and answer in about a
# second: a malformed scenario names its file and line, an unknown
# topology lists the known ones. Exit 2 on bad arguments.

. "$(dirname "$0")/lib.sh"

what=${1:?usage: check-args.sh run [SCENARIO...] | shell TOPO | topos [TOPO...]}
shift
case $what in
shell)
	topo_file "${1:?usage: check-args.sh shell TOPO}" >/dev/null
	;;
bench)
	"$LB_ROOT/scripts/lab/bench.sh" --check "$@" || exit 2
	;;
topos)
	for t in "$@"; do
		topo_file "$t" >/dev/null
	done
	;;
run)
	files=("$@")
	[ ${#files[@]} -gt 0 ] || files=("$LB_ROOT"/scenarios/*.scen)
	bin=$OUT/lab/bin
	mkdir -p "$bin"
	# The guest's own parser, built for the host without optimization
	if stale "$bin/lbwork-check" lbwork; then
		# shellcheck disable=SC2046
		gcc -O0 -o "$bin/lbwork-check.tmp" $(guest_srcs lbwork) -lm
		mv "$bin/lbwork-check.tmp" "$bin/lbwork-check"
	fi
	bad=0
	for f in "${files[@]}"; do
		if [ ! -r "$f" ]; then
			echo "error: $f: no such scenario file" >&2
			bad=1
			continue
		fi
		"$bin/lbwork-check" check "$f" "$LB_ROOT/topologies" >/dev/null ||
			bad=1
	done
	if [ "$bad" -ne 0 ]; then
		echo "error: bad scenario file(s); nothing was built or run" >&2
		exit 2
	fi
	;;
*)
	die "check-args.sh: unknown command '$what'"
	;;
esac
