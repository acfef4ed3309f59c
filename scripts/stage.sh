#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# stage.sh NAME CMD...: run CMD under a stage header with its elapsed time.
. "$(dirname "$0")/lib.sh"
stage "$@"
