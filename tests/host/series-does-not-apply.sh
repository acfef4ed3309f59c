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

# A two-hunk patch whose second hunk expects text kernel/sched/Makefile
# does not have.
cat >"$tmp/bad.patch" <<'PATCH'
--- a/kernel/sched/Makefile
+++ b/kernel/sched/Makefile
@@ -1,3 +1,4 @@
 # SPDX-License-Identifier: GPL-2.0
+# a harmless first hunk
 
 # The compilers are complaining about unused variables inside an if(0) scope
@@ -32,3 +33,3 @@
 obj-y += fair.o
-obj-y += no_such_object.o
+obj-y += another_object.o
 obj-y += build_utility.o
PATCH
printf 'author  T <t@example.org>\ncommit  m\npatch   bad.patch\n' >"$tmp/series"
printf 'subject\n\nbody\n' >"$tmp/m"
out=$(SERIES=$tmp/series PATCHDIR=$tmp OUT=${LB_TEST_OUT:-$root/out} \
	"$root/scripts/apply-series.sh" 2>&1)
rc=$?
echo "$out"
[ "$rc" -ne 0 ] || { echo "expected a non-zero exit"; exit 1; }
grep -q "bad.patch does not apply: hunk #2 of kernel/sched/Makefile" <<<"$out" || exit 1
[ "$(git -C "$tree" rev-parse HEAD)" = "$before" ] || { echo "tree changed"; exit 1; }
