/* harness/host.h - facts about the host for provenance (docs/method.md):
 * CPU, topology, governor, load, noise. Without hwloc the topology fields come from
 * sysconf and /proc, and cxb_topology_export says it cannot. */
#ifndef CXB_HARNESS_HOST_H
#define CXB_HARNESS_HOST_H

#include <stddef.h>

#include "cxb/core/status.h"

typedef struct cxb_host_info {
    char hostname[256];
    char os[256];        /* PRETTY_NAME of /etc/os-release */
    char kernel[256];    /* uname -sr */
    char cpu_model[256];
    int sockets, cores, pus;
    long l1d_bytes, l2_bytes, l3_bytes;
    long long mem_bytes;
    char governor[64];   /* "performance", ... or "unknown" */
    char turbo[32];      /* "on", "off" or "unknown" */
    int smt;             /* PUs per core > 1 */
    double loadavg1;
    size_t env_bytes;    /* size of the environment (Mytkowicz et al.) */
    char topology_source[32]; /* "hwloc" or "sysconf" */
} cxb_host_info;

cxb_status cxb_host_info_read(cxb_host_info *h);
/* 1-minute load average now. */
double cxb_host_loadavg(void);
/* hwloc XML export of this machine to path (CXB_ERESOURCE without hwloc). */
cxb_status cxb_topology_export(const char *path);
/* Noise score (bencher's 0-100 scale: 33 * log10 of the weighted CoV in percent,
 * clamped) of a fixed compute+memory calibration loop run for about `seconds`. */
double cxb_noise_score(double seconds);

#endif
