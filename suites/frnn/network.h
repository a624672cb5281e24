/* suites/frnn/network.h - the Network model's rows (suites/frnn/network.c): the CPU rows' setups
 * for the study's table (suites/frnn/study.c), the CUDA row's setup through the device table
 * (impl_cuda/frnn/rows.c), and the functions every row shares. docs/studies/frnn.md "The
 * Network model". */
#ifndef CXB_SUITES_FRNN_NETWORK_H
#define CXB_SUITES_FRNN_NETWORK_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/frnn/frnn.h"
#include "harness/registry.h"
#include "suites/frnn/device.h"

cxb_status cxb_frnn_network_setup_seq(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_frnn_network_setup_pthreads(const cxb_params *p, const cxb_env *env, void **ctx);
cxb_status cxb_frnn_network_setup_dev(const cxb_params *p, const cxb_env *env, const cxb_frnn_dev *dev, void **ctx);
cxb_status cxb_frnn_network_reset(void *ctx);
cxb_status cxb_frnn_network_run(void *ctx, cxb_phases *ph);
cxb_status cxb_frnn_network_verify(void *ctx);
uint64_t cxb_frnn_network_checksum(void *ctx);
void cxb_frnn_network_extra(void *ctx, char *buf, size_t size);
void cxb_frnn_network_teardown(void *ctx);

#define CXB_FRNN_NETWORK_IMPL(id_, be, flags_, setup_, summary_)                                            \
    {.id = id_, .backend = be, .flags = flags_, .summary = summary_, .setup = setup_,                      \
     .reset = cxb_frnn_network_reset, .run = cxb_frnn_network_run, .verify = cxb_frnn_network_verify,       \
     .checksum = cxb_frnn_network_checksum, .extra = cxb_frnn_network_extra,                                \
     .teardown = cxb_frnn_network_teardown}

#endif
