/* suites/propagation/claims.h - the single-GPU targets on Jin et al.'s 1m256m as report claims
 * (docs/studies/propagation.md "Measured"): the INDEX.md key jin.fig11.gpu1; and the
 * replication claims of Figs 16 and 18 (keys jin.fig16, jin.fig18). */
#ifndef CXB_SUITES_PROPAGATION_CLAIMS_H
#define CXB_SUITES_PROPAGATION_CLAIMS_H

#include "harness/registry.h"

extern const cxb_claim cxb_propagation_claims[];

#endif
