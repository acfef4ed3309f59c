#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-check.sh: check that $OUT/series, as mailed, is the series we
# build and test. Apply it with git am to the pristine base in a scratch
# worktree, check that the result is the tree of lb-rework, and build every
# patch before the last (checked out in the kernel tree, built in the usual
# build directories) across the matrix: arm64 with and without
# CONFIG_SCHED_LB_REWORK, x86_64 and x86_64 without SMP (the last patch is
# the tree that "make build" and build-matrix.sh built; a patch that
# differs from it only in documentation or selftests needs no build of
# its own). Every patch that carries the engine also runs its KUnit suite
# and the oracle on the host, and the last patch's tools/testing/sched_lb
# runs them in the kernel tree itself. SERIES_BUILD_ALL=1 builds every patch
# before the last anyway;
# SERIES_BUILD=none builds none of them (make check: the series applies
# and gives our tree, and make series-check does the builds).

. "$(dirname "$0")/../lib.sh"

G="git -C $LB_TREE"
wt=$OUT/series-check
patches=("$OUT"/series/0[0-9][0-9][0-9]-*.patch)
patches=("${patches[@]:1}")		# drop the cover letter
[ "${#patches[@]}" -gt 0 ] || die "no patches in $OUT/series (run 'make series')"

$G worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
$G worktree prune
$G worktree add -q --detach "$wt" lb-base
if ! git -C "$wt" am -q --keep-cr "${patches[@]}" >"$OUT/series-check.log" 2>&1; then
	echo "error: the series does not apply to lb-base with git am:" >&2
	sed 's/^/  /' "$OUT/series-check.log" >&2
	exit 1
fi
echo "   git am: ${#patches[@]} patches applied to lb-base"
if [ "$(git -C "$wt" rev-parse HEAD^{tree})" != "$($G rev-parse lb-rework^{tree})" ]; then
	die "git am of the series gives a tree other than lb-rework's"
fi
echo "   the result is the tree of lb-rework"

# A patch whose tree differs from the tip only in files no kernel build
# reads (documentation, MAINTAINERS, the selftests, the host tests)
# builds what the tip builds; the tip itself is built by "make build" and
# build-matrix.sh.
same_input() {
	! git -C "$wt" diff --name-only "$1" "$tip" |
		grep -qvE '^(Documentation/|MAINTAINERS$|tools/testing/(selftests|sched_lb)/)'
}

# build_patch COMMIT: arm64 with and without the option, then the
# kernel/sched/ matrix (x86_64, x86_64 without SMP).
# build_patch COMMIT: check COMMIT out in the kernel tree itself and build
# it in the usual build directories, so that only what the patch changed
# is compiled again (ccache and make see the same paths). The tree goes
# back to lb-rework when the script ends, however it ends.
build_patch() {
	local v
	$G checkout -q --detach "$1"
	for v in rework stock; do
		echo "     arm64 $v"
		kmake -s O="$OUT/build/$v" -j"$(nproc)" Image
	done
	"$LB_ROOT/scripts/build/build-matrix.sh" | sed 's/^/  /'
}

trap '$G checkout -q lb-rework' EXIT
tip=$(git -C "$wt" rev-parse HEAD)
n=${#patches[@]}

# host_summary KUNIT-LOG ORACLE-LOG: one line of what the host KUnit and
# the oracle found.
host_summary() {
	echo "KUnit: $(grep -a '^# sched_lb:' "$1" | sed 's/^# //');" \
	     "oracle:$(sed -n 's/^  engine == stock 7.3 + its \([0-9]*\) departures: \([0-9]*\) of \([0-9]*\).*/ \2 of \3 domains are stock + \1 departures/p' "$2")"
}

# host_tests COMMIT: the KUnit suite (with the host KUnit of
# tools/testing/sched_lb) and the oracle on 100,000 generated domains,
# built from the engine's files as COMMIT has them.
host_tests() {
	local dir=$OUT/series-check-host

	rm -rf "$dir" && mkdir -p "$dir"
	# Only the engine's files, as COMMIT has them: the harness is this
	# repository's, which the first patches do not carry.
	git -C "$wt" archive "$1" kernel/sched/fair_lb.c kernel/sched/lb_rules.h \
		kernel/sched/lb_stats.h kernel/sched/tests \
		include/linux/sched/lb.h include/linux/sched/lb_names.h |
		tar -x -C "$dir"
	make -s -C "$LB_ROOT/tools/testing/sched_lb" TOP="$dir" OUT="$dir" \
		"$dir/kunit" "$dir/oracle" >"$dir/build.log" 2>&1 ||
		{ cat "$dir/build.log" >&2; return 1; }
	"$dir/kunit" >"$dir/kunit.log" ||
		{ grep -a 'not ok\|#' "$dir/kunit.log" | head -n 20 >&2; return 1; }
	"$dir/oracle" -n 100000 >"$dir/oracle.log" ||
		{ cat "$dir/oracle.log" >&2; return 1; }
	echo "       $(host_summary "$dir/kunit.log" "$dir/oracle.log")"
}

# Every patch that carries the engine passes its KUnit suite and the
# oracle, on the host: a few seconds each, so make check runs them too.
for ((i = n - 1; i >= 0; i--)); do
	c=$(git -C "$wt" rev-parse "$tip~$i")
	git -C "$wt" cat-file -e "$c:kernel/sched/tests/fair_lb_kunit.c" 2>/dev/null || continue
	echo "   patch $((n - i))/$n: $(git -C "$wt" log -1 --format=%s "$c")"
	host_tests "$c" || die "patch $((n - i))/$n fails its KUnit suite or the oracle on the host"
done
# The tip's own tools/testing/sched_lb, built and run in the kernel tree
# as a maintainer would, where the rest of the kernel's headers are.
tree_host=$OUT/series-check-tree-host
rm -rf "$tree_host" && mkdir -p "$tree_host"
if git -C "$wt" cat-file -e "$tip:tools/testing/sched_lb/Makefile" 2>/dev/null; then
	make -s -C "$wt/tools/testing/sched_lb" OUT="$tree_host" SCENES=100000 \
		run-kunit run-oracle >"$tree_host/log" 2>&1 ||
		{ tail -n 20 "$tree_host/log" >&2
		  die "the series' tools/testing/sched_lb fails in the kernel tree ($tree_host/log)"; }
	echo "   tools/testing/sched_lb in the kernel tree:" \
	     "$(host_summary "$tree_host/log" "$tree_host/log")"
else
	die "the series has no tools/testing/sched_lb, which the engine's comments name"
fi
# make check proves that the series applies and gives our tree; building
# every earlier patch (four builds each) is make series-check's job.
if [ "${SERIES_BUILD:-all}" = none ]; then
	echo "   earlier patches not built (SERIES_BUILD=none; make series-check builds them)"
	$G worktree remove --force "$wt"
	exit 0
fi
for ((i = n - 1; i >= 1; i--)); do
	c=$(git -C "$wt" rev-parse "$tip~$i")
	subject=$(git -C "$wt" log -1 --format=%s "$c")
	if [ -z "${SERIES_BUILD_ALL:-}" ] && same_input "$c"; then
		echo "   patch $((n - i))/$n ($subject): same build input as the tip"
		continue
	fi
	echo "   build patch $((n - i))/$n: $subject"
	build_patch "$c"
done
echo "   patch $n/$n is lb-rework, built by 'make build' and build-matrix.sh"
$G worktree remove --force "$wt"
trap - EXIT
$G checkout -q lb-rework

# The tip without debugfs (configs/nodebugfs.config) builds and boots
# with its KUnit suite passing and no splat on the console.
echo "   lb-rework without debugfs: build, then boot bl44 with KUnit"
"$LB_ROOT/scripts/build/build-kernel.sh" nodebugfs | sed 's/^/  /'
printf '30 info /bin/lbguest info\n' >"$OUT/series-check-nodebugfs.run"
"$LB_ROOT/scripts/guest/boot.sh" series-check-nodebugfs bl44 nodebugfs \
	"$OUT/series-check-nodebugfs.run" ||
	die "the kernel without debugfs failed to boot cleanly ($OUT/runs/series-check-nodebugfs/console.log)"
log=$OUT/runs/series-check-nodebugfs/console.log
grep -aq '# Totals: pass:[1-9][0-9]* fail:0 ' "$log" ||
	die "KUnit did not pass without debugfs ($log)"
echo "     $(grep -a -m1 -o '# Totals: .*' "$log"); no splat"
