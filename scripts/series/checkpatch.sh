#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh [PATCH...]: run checkpatch.pl --strict at 80 columns on
# every patch of $OUT/series (or the ones given); fail on any finding.

. "$(dirname "$0")/../lib.sh"

# checkpatch runs scripts/spdxcheck.py with "python3"; Debian's has ply.
export PATH=/usr/bin:$PATH
[ $# -gt 0 ] || set -- $(ls "$OUT"/series/0*.patch | grep -v /0000-)
rc=0
for p in "$@"; do
	if out=$("$LB_TREE/scripts/checkpatch.pl" --strict --max-line-length=80 \
		--no-summary --quiet "$p" 2>&1); then
		echo "   clean: $(basename "$p")"
	else
		echo "   FINDINGS: $(basename "$p")"
		sed 's/^/     /' <<<"$out"
		rc=1
	fi
done
exit $rc
