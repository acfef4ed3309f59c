/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LBREPORT_H
#define LBREPORT_H

int lbreport_main(int argc, char **argv);

#endif
