/* harness/params.h - the parameter API lives in the library (include/cxb/core/params.h, built
 * from impl_cpu/common/params.c); this name stays for the harness's and the studies' includes. */
#ifndef CXB_HARNESS_PARAMS_H
#define CXB_HARNESS_PARAMS_H

#include "cxb/core/params.h"

#endif
