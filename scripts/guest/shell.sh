#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# shell.sh TOPO VARIANT: boot a guest with an interactive console.
# "poweroff" ends it, as does Ctrl-A X; SHELL_TIMEOUT (default 3600 s)
# bounds it.

. "$(dirname "$0")/../lib.sh"

topo=${1:-bl44}
variant=${2:-rework}
topo_kernel "$topo" "$variant" || exit
run=$OUT/runs/shell-$topo-$variant
mkdir -p "$run"
printf '%s shell /bin/lbguest sh\n' "${SHELL_TIMEOUT:-3600}" >"$run/run.list"
echo "== shell on $topo ($variant): type 'poweroff' or Ctrl-A X to leave"
LB_INTERACTIVE=1 GUEST_TIMEOUT=$((${SHELL_TIMEOUT:-3600} + 60)) \
	exec "$LB_ROOT/scripts/guest/boot.sh" "shell-$topo-$variant" "$topo" "$variant" \
	"$run/run.list" "kunit.enable=0"
