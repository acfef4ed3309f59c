#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-stages.sh export DIR | import DIR
#
# The repository keeps the final text of the engine's files; the series
# shows the engine first deciding as stock does and then one patch per
# behaviour change (the "patch" lines of series/series that change files
# of this repository, patches/sched-lb-*.patch). To change one of those
# stages, work on all of them at once as commits:
#
#   export DIR   make DIR a git repository with one commit per stage: the
#                first holds the files as the engine's commit adds them,
#                each next one applies one staged patch (its subject is
#                the patch's file name). Edit any stage with git (rebase
#                -i, commit --fixup ...), keeping one commit per patch.
#   import DIR   write each staged patch from two consecutive commits of
#                DIR, and the files of its last commit into the
#                repository. Then "make kunit oracle", "make series" and
#                "SERIES_BUILD=none scripts/series-check.sh" check every
#                stage.

. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: $0 export|import DIR"
cmd=$1 dir=$2
SERIES=$LB_ROOT/series/series

# The staged patches, in series order: "patch" lines whose every file is
# a file of this repository.
staged_patches() {
	local p f ok

	awk '$1 == "patch" { print $2 }' "$SERIES" | while read -r p; do
		ok=0
		for f in $(sed -n 's|^+++ b/||p' "$LB_ROOT/patches/$p"); do
			[ -f "$LB_ROOT/$f" ] || { ok=0; break; }
			ok=1
		done
		[ "$ok" -eq 1 ] && echo "$p"
	done
}

mapfile -t patches < <(staged_patches)
[ "${#patches[@]}" -gt 0 ] || die "$SERIES names no patch of this repository's files"
mapfile -t files < <(for p in "${patches[@]}"; do
	sed -n 's|^+++ b/||p' "$LB_ROOT/patches/$p"; done | sort -u)

case $cmd in
export)
	[ ! -e "$dir" ] || die "$dir exists; give a new directory"
	mkdir -p "$dir"
	git -C "$dir" init -q
	for f in "${files[@]}"; do
		mkdir -p "$dir/$(dirname "$f")"
		cp "$LB_ROOT/$f" "$dir/$f"
	done
	for ((i = ${#patches[@]} - 1; i >= 0; i--)); do
		git -C "$dir" apply -R "$LB_ROOT/patches/${patches[i]}" ||
			die "${patches[i]} cannot be undone from the repository's files"
	done
	git -C "$dir" add -A
	git -C "$dir" commit -q -m "stage 0: the engine as its commit adds it"
	for p in "${patches[@]}"; do
		git -C "$dir" apply "$LB_ROOT/patches/$p"
		git -C "$dir" add -A
		git -C "$dir" commit -q -m "$p"
	done
	echo "   $dir: stage 0 and ${#patches[@]} staged patches, one commit each"
	;;
import)
	n=$(git -C "$dir" rev-list --count HEAD) ||
		die "$dir is not a git repository made by '$0 export'"
	[ "$n" -eq $((${#patches[@]} + 1)) ] ||
		die "$dir has $n commits; expected stage 0 and ${#patches[@]} patches"
	for ((i = 0; i < ${#patches[@]}; i++)); do
		c=$(git -C "$dir" rev-parse "HEAD~$((${#patches[@]} - 1 - i))")
		git -C "$dir" diff --no-renames "$c~1" "$c" \
			>"$LB_ROOT/patches/${patches[i]}"
	done
	for f in "${files[@]}"; do
		git -C "$dir" show "HEAD:$f" >"$LB_ROOT/$f"
	done
	echo "   wrote ${#patches[@]} patches and ${#files[@]} files from $dir"
	;;
*)
	die "usage: $0 export|import DIR"
	;;
esac
