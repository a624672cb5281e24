/* suites/frnn/cli.h - `cxbench frnn` and `cxbench frnn gen` (docs/cli.md "frnn"), the command of the
 * frnn study's descriptor (suites/frnn/study.c). argv[0] is "frnn". */
#ifndef CXB_SUITES_FRNN_CLI_H
#define CXB_SUITES_FRNN_CLI_H

#include "harness/options.h"

int cxb_cli_frnn(int argc, char **argv);
extern const cxb_form cxb_frnn_forms[];

#endif
