#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A patch that does not apply stops the series with an error naming the
# patch, the file and the hunk, a non-zero exit, and the tree unchanged.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tree=${LB_TEST_OUT:-$root/out}/linux
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
before=$(git -C "$tree" rev-parse HEAD)

# A two-hunk patch whose first hunk applies (its context is the first
# three lines of the tree's kernel/sched/Makefile, whatever the base) and
# whose second expects text the file does not have.
mk=$tree/kernel/sched/Makefile
{
	printf -- '--- a/kernel/sched/Makefile\n+++ b/kernel/sched/Makefile\n'
	printf '@@ -1,3 +1,4 @@\n'
	sed -n '1p' "$mk" | sed 's/^/ /'
	printf '+# a harmless first hunk\n'
	sed -n '2,3p' "$mk" | sed 's/^/ /'
	printf '@@ -32,3 +33,3 @@\n obj-y += fair.o\n-obj-y += no_such_object.o\n'
	printf '+obj-y += another_object.o\n obj-y += build_utility.o\n'
} >"$tmp/bad.patch"
printf 'author  T <t@example.org>\ncommit  m\npatch   bad.patch\n' >"$tmp/series"
printf 'subject\n\nbody\n' >"$tmp/m"
out=$(SERIES=$tmp/series PATCHDIR=$tmp OUT=${LB_TEST_OUT:-$root/out} \
	"$root/scripts/build/apply-series.sh" 2>&1)
rc=$?
echo "$out"
[ "$rc" -ne 0 ] || { echo "expected a non-zero exit"; exit 1; }
grep -q "bad.patch does not apply: hunk #2 of kernel/sched/Makefile" <<<"$out" || exit 1
[ "$(git -C "$tree" rev-parse HEAD)" = "$before" ] || { echo "tree changed"; exit 1; }
