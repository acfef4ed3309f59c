#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series-stages.sh export DIR | import DIR
#
# The repository keeps the engine's files as they stand at the end of the
# 7.3 series; the series shows the engine first deciding as stock does and
# then one patch per behaviour change (the "patch" lines of series/series
# that change files of this repository, patches/sched-lb-*.patch). The
# 6.12 backport applies the same ones and then its own
# (series/6.12/series, patches/6.12/sched-lb-*.patch), rules that change
# no measurement on 7.3. To change one of those stages, work on all of
# them at once as commits:
#
#   export DIR   make DIR a git repository with one commit per stage: the
#                first holds the files as the engine's commit adds them,
#                each next one applies one staged patch (its subject is
#                the patch's path under patches/), 7.3's first, then the
#                backport's. Edit any stage with git (rebase -i, commit
#                --fixup ...), keeping one commit per patch.
#   import DIR   write each staged patch from two consecutive commits of
#                DIR, and the files of the last 7.3 stage into the
#                repository. Then "make kunit oracle", "make series" and
#                "SERIES_BUILD=none scripts/series/series-check.sh" (with BASE=6.12
#                too) check every stage.

. "$(dirname "$0")/../lib.sh"

[ $# -eq 2 ] || die "usage: $0 export|import DIR"
cmd=$1 dir=$2
PDIR=$LB_ROOT/patches

# staged_patches SERIES [DIR]: the staged patches of SERIES in series
# order, as paths under patches/ (DIR/NAME where DIR/ has its own):
# "patch" lines whose every file is a file of this repository.
staged_patches() {
	local p f ok

	awk '$1 == "patch" { print $2 }' "$1" | while read -r p; do
		[ -n "$2" ] && [ -e "$PDIR/$2/$p" ] && p=$2/$p
		ok=0
		for f in $(sed -n 's|^+++ b/||p' "$PDIR/$p"); do
			[ -f "$LB_ROOT/$f" ] || { ok=0; break; }
			ok=1
		done
		[ "$ok" -eq 1 ] && echo "$p"
	done
}

mapfile -t tip < <(staged_patches "$LB_ROOT/series/series" "")
[ "${#tip[@]}" -gt 0 ] || die "series/series names no patch of this repository's files"
mapfile -t backport < <(staged_patches "$LB_ROOT/series/6.12/series" 6.12 |
	grep -vxF -f <(printf '%s\n' "${tip[@]}"))
patches=("${tip[@]}" "${backport[@]}")
mapfile -t files < <(for p in "${patches[@]}"; do
	sed -n 's|^+++ b/||p' "$PDIR/$p"; done | sort -u)

case $cmd in
export)
	[ ! -e "$dir" ] || die "$dir exists; give a new directory"
	mkdir -p "$dir"
	git -C "$dir" init -q
	for f in "${files[@]}"; do
		mkdir -p "$dir/$(dirname "$f")"
		cp "$LB_ROOT/$f" "$dir/$f"
	done
	for ((i = ${#tip[@]} - 1; i >= 0; i--)); do
		git -C "$dir" apply -R "$PDIR/${tip[i]}" ||
			die "${tip[i]} cannot be undone from the repository's files"
	done
	git -C "$dir" add -A
	git -C "$dir" commit -q -m "stage 0: the engine as its commit adds it"
	for p in "${patches[@]}"; do
		git -C "$dir" apply "$PDIR/$p" || die "$p does not apply after the stages before it"
		git -C "$dir" add -A
		git -C "$dir" commit -q -m "$p"
	done
	echo "   $dir: stage 0, ${#tip[@]} staged patches of 7.3 and ${#backport[@]} of 6.12, one commit each"
	;;
import)
	n=$(git -C "$dir" rev-list --count HEAD) ||
		die "$dir is not a git repository made by '$0 export'"
	[ "$n" -eq $((${#patches[@]} + 1)) ] ||
		die "$dir has $n commits; expected stage 0 and ${#patches[@]} patches"
	for ((i = 0; i < ${#patches[@]}; i++)); do
		c=$(git -C "$dir" rev-parse "HEAD~$((${#patches[@]} - 1 - i))")
		git -C "$dir" diff --no-renames "$c~1" "$c" >"$PDIR/${patches[i]}"
	done
	last=$(git -C "$dir" rev-parse "HEAD~${#backport[@]}")
	for f in "${files[@]}"; do
		git -C "$dir" show "$last:$f" >"$LB_ROOT/$f"
	done
	echo "   wrote ${#patches[@]} patches and ${#files[@]} files from $dir"
	;;
*)
	die "usage: $0 export|import DIR"
	;;
esac
