#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# KSRC pointing at a tree with uncommitted changes is refused, untouched.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
k=$(mktemp -d)
trap 'rm -rf "$k"' EXIT
git -C "$k" init -q
echo a >"$k/file"
git -C "$k" add file
git -C "$k" -c user.name=t -c user.email=t@e commit -qm base
echo b >"$k/file"
out=$(KSRC=$k "$root/scripts/build/apply-series.sh" 2>&1)
rc=$?
echo "$out"
[ "$rc" -ne 0 ] || exit 1
grep -q "uncommitted changes" <<<"$out" || exit 1
[ "$(cat "$k/file")" = b ] && [ "$(git -C "$k" branch --show-current)" != lb-rework ]
