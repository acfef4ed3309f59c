#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The staged patches of the series (one behaviour change each) undo from
# the repository's final files down to the engine that decides as stock,
# and series-stages.sh export then import gives back the same patches and
# files; a patch made stale by an edit of the final files fails export
# with its name. Works on a copy of the repository's files.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/repo
mkdir -p "$copy"
(cd "$root" && tar -c --exclude=./out --exclude=./.git .) | tar -x -C "$copy"
fail=0

if ! "$copy/scripts/series/series-stages.sh" export "$tmp/stages" >"$tmp/out" 2>&1; then
	cat "$tmp/out"
	echo "FAIL: export of the repository's stages"
	exit 1
fi
n=$(git -C "$tmp/stages" rev-list --count HEAD)
echo "stages: $n commits"
"$copy/scripts/series/series-stages.sh" import "$tmp/stages" >/dev/null 2>&1 || fail=1
if ! diff -r -q "$root/patches" "$copy/patches" >/dev/null ||
   ! diff -q "$root/kernel/sched/fair_lb.c" "$copy/kernel/sched/fair_lb.c" >/dev/null; then
	echo "FAIL: export then import changed the patches or the files"
	diff -r "$root/patches" "$copy/patches" | head -n 20
	fail=1
fi

# An edit of the final files inside a staged hunk makes its patch stale.
sed -i 's/return balanced(LB_R_NO_WAIT);/return balanced(LB_R_EVEN);/' \
	"$copy/kernel/sched/fair_lb.c"
out=$("$copy/scripts/series/series-stages.sh" export "$tmp/stale" 2>&1)
rc=$?
echo "$out" | tail -n 2
if [ "$rc" -eq 0 ] || ! grep -q 'sched-lb-no-wait.patch cannot be undone' <<<"$out"; then
	echo "FAIL: a stale patch was not named"
	fail=1
fi
[ "$fail" -eq 0 ] && echo "ok: $((n - 1)) staged patches round-trip; a stale one is named"
exit "$fail"
