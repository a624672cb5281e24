/* suites/frnn/claims.h - Chisholm's findings (Figs 5.3, 6.4, 6.5, 6.7) and the FLAME GPU 2 targets
 * as report claims (docs/studies/frnn.md "Claims"), judged on the sets of the INDEX.md keys
 * frnn.p1.2d/3d, frnn.p2.2d/3d, frnn.p6.2d, frnn.p10 and frnn.p10.step. */
#ifndef CXB_SUITES_FRNN_CLAIMS_H
#define CXB_SUITES_FRNN_CLAIMS_H

#include "harness/registry.h"

extern const cxb_claim cxb_frnn_claims[];

#endif
