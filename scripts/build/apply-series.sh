#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Turn the base's series (series/series for 7.3, series/6.12/series for
# the backport) into commits on top of the base of a kernel git tree and
# check them out on the branch lb-rework.
#
# The tree is $OUT/linux (base: tag lb-base) or, with KSRC, the user's own
# tree (base: its tag lb-base if present, else its HEAD, then tagged
# lb-base). Commits are built in a private index with fixed dates, so the
# same series always gives the same commit ids, and the check-out rewrites
# only files whose content changed: an edit to fair_lb.c rebuilds just
# that object.
#
# A file of this repository holds its text at the end of the 7.3 series,
# and a later "patch" may change a file that an earlier "add" brings (a
# behaviour change of the engine, one patch each). Such a file is added
# as it stands before those patches: its copy has the ones that 7.3's
# series applies undone, the last one first, so that each then applies
# forward in its own commit. The backport's series applies the same ones
# and may add its own after them (patches/6.12/sched-lb-*.patch).

. "$(dirname "$0")/../lib.sh"

# Changelogs are looked up beside SERIES when it is given, else in
# series/ (series/BASE/ first, as for patches).
if [ -n "${SERIES:-}" ]; then
	SDIR=$(dirname "$SERIES")
else
	SERIES=$(base_file "$LB_ROOT/series" series)
	SDIR=$LB_ROOT/series
fi
# The series whose staged patches the repository's files hold.
TIP_SERIES=$LB_ROOT/series/series
PDIR=${PATCHDIR:-$LB_ROOT/patches}
G="git -C $LB_TREE"

[ -d "$LB_TREE/.git" ] || die "$LB_TREE is not a git tree (run 'make prepare')"

if [ -n "${KSRC:-}" ] && [ "$($G symbolic-ref -q --short HEAD)" != lb-rework ]; then
	if [ -n "$($G status --porcelain)" ]; then
		echo "error: $KSRC has uncommitted changes; commit or stash them first:" >&2
		$G status --short | head -n 20 >&2
		exit 1
	fi
	$G rev-parse -q --verify lb-base >/dev/null || $G tag lb-base HEAD
fi
base=$($G rev-parse --verify lb-base^{commit})

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GIT_INDEX_FILE=$tmp/index
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
$G read-tree "$base"

# hunk_of PATCH FILE LINE: number of the hunk of FILE in PATCH at LINE.
hunk_of() {
	awk -v f="$2" -v l="$3" '
		/^\+\+\+ / { cur = ($2 == "b/" f); n = 0; next }
		cur && /^@@ / { n++; split($2, a, ","); if (-a[1] == l) { print n; exit } }
	' "$1"
}

apply_patch() {
	local p=$1 err file line h

	if ! err=$($G apply --cached --check "$p" 2>&1); then
		file=$(sed -n 's/^error: patch failed: \(.*\):\([0-9]*\)$/\1/p' <<<"$err" | head -n 1)
		line=$(sed -n 's/^error: patch failed: \(.*\):\([0-9]*\)$/\2/p' <<<"$err" | head -n 1)
		if [ -n "$file" ]; then
			h=$(hunk_of "$p" "$file" "$line")
			echo "error: $(basename "$p") does not apply: hunk #${h:-?} of $file (at line $line)" >&2
		else
			echo "error: $(basename "$p") does not apply:" >&2
		fi
		sed 's/^/  /' <<<"$err" >&2
		exit 1
	fi
	$G apply --cached "$p"
}

# The "patch" lines of the series: "LINENO FILE" each.
mapfile -t patch_lines < <(awk '$1 == "patch" { print NR, $2 }' "$SERIES")

# The patches that the repository's files hold, one name a line.
tip_patches=$(awk '$1 == "patch" { print $2 }' "$TIP_SERIES")

# later_patches DST: the patches after the current line that change DST
# and that the repository's files hold, in series order.
later_patches() {
	local e p

	for e in "${patch_lines[@]}"; do
		[ "${e%% *}" -gt "$lineno" ] || continue
		grep -qxF "${e#* }" <<<"$tip_patches" || continue
		p=$(base_file "$PDIR" "${e#* }")
		grep -qxF "+++ b/$1" "$p" && echo "$p"
	done
}

# staged SRC DST: SRC with the later patches of DST undone, as a path.
staged() {
	local src=$1 dst=$2 later i

	mapfile -t later < <(later_patches "$dst")
	if [ "${#later[@]}" -eq 0 ]; then
		echo "$src"
		return
	fi
	mkdir -p "$tmp/stage/$(dirname "$dst")"
	cp "$src" "$tmp/stage/$dst"
	for ((i = ${#later[@]} - 1; i >= 0; i--)); do
		if ! (cd "$tmp/stage" && git apply -R --include="$dst" "${later[i]}") >&2; then
			echo "error: $SERIES:$lineno: $(basename "${later[i]}") cannot be undone from $1 (is it stale?)" >&2
			exit 1
		fi
	done
	echo "$tmp/stage/$dst"
}

add_file() {
	local src=$LB_ROOT/$1 dst=${2:-$1} mode=100644 blob

	[ -f "$src" ] || die "$SERIES: '$1' does not exist"
	src=$(staged "$src" "$dst") || exit 1
	[ -x "$src" ] && mode=100755
	blob=$($G hash-object -w "$src")
	$G update-index --add --cacheinfo "$mode,$blob,$dst"
}

commit_step() {
	local msg=$1 tree

	tree=$($G write-tree)
	parent=$($G commit-tree "$tree" -p "$parent" -F "$msg")
	count=$((count + 1))
}

parent=$base msg= count=0 author=
lineno=0
while read -r verb a b || [ -n "$verb" ]; do
	lineno=$((lineno + 1))
	case $verb in
	'' | '#'*) continue ;;
	author)
		author="$a $b"
		export GIT_AUTHOR_NAME=${author% <*} GIT_AUTHOR_EMAIL=${author##*<}
		GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL%>}
		export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
		;;
	commit)
		[ -n "$msg" ] && commit_step "$msg"
		msg=$(base_file "$SDIR" "$a")
		[ -f "$msg" ] || die "$SERIES:$lineno: changelog '$a' does not exist"
		;;
	add) add_file "$a" "$b" ;;
	patch) apply_patch "$(base_file "$PDIR" "$a")" ;;
	*) die "$SERIES:$lineno: unknown verb '$verb' (expected author, commit, add or patch)" ;;
	esac
done <"$SERIES"
[ -n "$msg" ] && commit_step "$msg"
tip=$parent
unset GIT_INDEX_FILE

if [ "$($G rev-parse -q --verify lb-rework)" = "$tip" ] &&
   [ "$($G symbolic-ref -q --short HEAD)" = lb-rework ] &&
   [ -z "$($G status --porcelain --untracked-files=no)" ]; then
	echo "   series unchanged: $count patches, tip $(cut -c1-12 <<<"$tip")"
	exit 0
fi
if [ "$($G symbolic-ref -q --short HEAD)" = lb-rework ]; then
	$G reset -q --hard "$tip"
else
	$G checkout -q -B lb-rework "$tip"
fi
echo "   applied $count patches on $(cut -c1-12 <<<"$base"), tip $(cut -c1-12 <<<"$tip")"
