#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-check.sh: check that $OUT/series, as mailed, is the series we
# build and test. Apply it with git am to the pristine base in a scratch
# worktree, check that the result is the tree of lb-rework, and build every
# patch before the last for arm64 (the last one is the tree that
# "make build" built; a patch that differs from it only in documentation
# needs no build of its own).

. "$(dirname "$0")/lib.sh"

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

O=$OUT/build/series-check
n=${#patches[@]}
for ((i = n - 1; i >= 1; i--)); do
	c=$(git -C "$wt" rev-parse "HEAD~$i")
	# A patch whose tree differs from the tip only in files no build
	# reads (documentation, MAINTAINERS) builds what the tip builds.
	if ! git -C "$wt" diff --name-only "$c" HEAD |
		grep -qvE '^(Documentation/|MAINTAINERS$)'; then
		echo "   patch $((n - i))/$n: same build input as the tip"
		continue
	fi
	git -C "$wt" checkout -q "$c"
	mkdir -p "$O"
	cp "$OUT/build/rework/.config" "$O/.config"
	echo "   build patch $((n - i))/$n: $(git -C "$wt" log -1 --format=%s "$c")"
	LB_TREE=$wt kmake -s O="$O" olddefconfig >/dev/null
	LB_TREE=$wt kmake -s O="$O" -j"$(nproc)" Image
done
echo "   patch $n/$n is lb-rework, built by 'make build'"
$G worktree remove --force "$wt"
