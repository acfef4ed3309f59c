#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stock-identical.sh: with CONFIG_SCHED_LB_REWORK=n the series must leave
# the scheduler as it was. Build kernel/sched/fair.o from the pristine
# base (lb-base, in a scratch worktree) with the stock variant's config
# and compare its code, instruction by instruction, with the stock
# variant's fair.o, which is first brought up to date with the tree (the
# 6.12 backport in make check has no stock Image: fair.o alone is built).

. "$(dirname "$0")/../lib.sh"

G="git -C $LB_TREE"
wt=$OUT/pristine
O=$OUT/build/pristine
stock=$OUT/build/stock
# Bring the stock fair.o up to date with the tree: a fair.o left from an
# earlier tree would compare the wrong code. With a stock Image built
# already this only checks that make has nothing to do.
LB_TARGET=kernel/sched/fair.o "$LB_ROOT/scripts/build/build-kernel.sh" stock >/dev/null

if [ "$(git -C "$wt" rev-parse HEAD 2>/dev/null)" != "$($G rev-parse lb-base)" ]; then
	$G worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf "$wt"
	$G worktree prune
	$G worktree add -q --detach "$wt" lb-base
fi
mkdir -p "$O"
cp "$stock/.config" "$O/.config"
LB_TREE=$wt kmake -s O="$O" olddefconfig >/dev/null
LB_TREE=$wt kmake -s O="$O" -j"$(nproc)" kernel/sched/fair.o

disasm() {
	${CROSS}objdump -d --no-show-raw-insn "$1" | sed -n 's/^ *[0-9a-f]*:\t//p'
}
if ! diff <(disasm "$O/kernel/sched/fair.o") <(disasm "$stock/kernel/sched/fair.o") \
	>"$OUT/stock-identical.diff"; then
	echo "error: fair.o with CONFIG_SCHED_LB_REWORK=n differs from the base:" >&2
	head -n 40 "$OUT/stock-identical.diff" >&2
	exit 1
fi
echo "   fair.o: $(disasm "$stock/kernel/sched/fair.o" | wc -l) instructions, identical to the base"
