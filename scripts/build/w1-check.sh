#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# w1-check.sh VARIANT OBJ...: rebuild OBJ of a configured build with W=1
# and fail on any warning.

. "$(dirname "$0")/../lib.sh"

variant=${1:?usage: w1-check.sh VARIANT OBJ...}
shift
out=$(kmake O="$OUT/build/$variant" W=1 "$@" 2>&1) || { echo "$out"; exit 1; }
echo "$out"
if grep -q 'warning:' <<<"$out"; then
	echo "error: W=1 warnings in $*" >&2
	exit 1
fi
