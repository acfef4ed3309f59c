#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Unpack Debian's source of BASE (linux-source-7.3 by default, or
# linux-source-6.12 for the backport; see fetch-source.sh) into
# $OUT/linux and make it a git repository whose first commit, tagged
# lb-base, is the pristine source. Does nothing when the tree is already
# there; with KSRC set it only checks that KSRC is a git tree.

. "$(dirname "$0")/../lib.sh"

G="git -C $LB_TREE"

if [ -n "${KSRC:-}" ]; then
	[ -d "$KSRC/.git" ] || die "KSRC=$KSRC is not a git tree"
	exit 0
fi

if $G rev-parse -q --verify lb-base >/dev/null 2>&1; then
	exit 0
fi

TARBALL=$("$LB_ROOT/scripts/build/fetch-source.sh")
rm -rf "$LB_TREE" "$LB_TREE.tmp"
mkdir -p "$LB_TREE.tmp"
echo "   unpacking $TARBALL"
tar -xJf "$TARBALL" -C "$LB_TREE.tmp"
mv "$LB_TREE.tmp"/linux-source-* "$LB_TREE"
rmdir "$LB_TREE.tmp"

ver=$(make -s -C "$LB_TREE" kernelversion)
case $ver in
"$LB_BASE" | "$LB_BASE".*) ;;
*) die "$TARBALL holds Linux $ver, not $LB_BASE" ;;
esac
echo "   recording $ver as the base commit"
export GIT_AUTHOR_NAME="Debian linux-source-$LB_BASE" GIT_AUTHOR_EMAIL="debian-kernel@lists.debian.org"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
$G init -q -b base
$G config gc.auto 0
$G add -A -f .
$G commit -q -m "Linux $ver (Debian linux-source-$LB_BASE)"
$G tag lb-base
$G tag "v$ver-debian" 2>/dev/null || true
