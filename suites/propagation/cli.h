/* suites/propagation/cli.h - the propagation study's command, `cxbench propagate`
 * (docs/cli.md "propagate", docs/studies/propagation.md "Command line"). */
#ifndef CXB_SUITES_PROPAGATION_CLI_H
#define CXB_SUITES_PROPAGATION_CLI_H

#include "harness/options.h"

int cxb_cli_propagate(int argc, char **argv);
extern const cxb_form cxb_propagate_forms[];

#endif
