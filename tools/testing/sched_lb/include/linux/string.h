/* SPDX-License-Identifier: GPL-2.0 */
#include <stdio.h>
#include <string.h>

#include "../../shim.h"

/* The copy is always terminated; the length is not needed here. */
#define strscpy(dst, src, size)	snprintf(dst, size, "%s", src)
