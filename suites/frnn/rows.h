/* suites/frnn/rows.h - the row functions of the frnn study (suites/frnn/study.c), shared by its
 * CPU rows, its CUDA rows (impl_cuda/frnn/rows.c, which set up through cxb_frnn_setup_dev) and
 * its command line (suites/frnn/cli.c, which reads the context). docs/studies/frnn.md. */
#ifndef CXB_SUITES_FRNN_ROWS_H
#define CXB_SUITES_FRNN_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/frnn/frnn.h"
#include "harness/registry.h"
#include "suites/frnn/device.h"

/* The context of one row at one point (docs/studies/frnn.md "Rows"). */
typedef struct cxb_frnn_ctx {
    const char *id;
    cxb_backend backend;
    int is_build;            /* 1: a construction row (times the build); 0: a query row; 2: a Circles
                              * step row (build + query + move) */
    int kind;                /* cxb_frnn_build_kind or cxb_frnn_query_kind */
    int build;               /* query rows: the build that makes their index */
    cxb_frnn_handler handler;
    uint32_t block;
    uint32_t team;           /* frnn.circles.cuda: lanes per agent (0: the device table's choice) */
    int graph;               /* frnn.circles.cuda: the whole step as one CUDA graph */
    int parts;               /* parts=1 (frnn.original.cuda, frnn.acs.cuda): the build's components timed */
    double part_ms[CXB_FRNN_BUILD_PARTS]; /* their ms in the last run (suites/frnn/device.h) */
    struct cxb_pool *pool;
    cxb_timing *timing;
    void *stream;
    const cxb_frnn_dev *dev; /* CUDA rows: the device half; devh its open state */
    const cxb_frnn_fgpu2_dev *fdev; /* frnn.fgpu2style.cuda */
    cxb_frnn_circles_params cp;
    cxb_frnn_rec *cur, *next, *ref_next; /* step rows: the agents before and after, the reference step */
    void *devh;
    double alloc_ms, h2d_ms;
    /* the input, by id (generated from the point's parameters or borrowed from the command
     * line), and its grid */
    cxb_frnn_rec *own;
    const cxb_frnn_rec *in;
    uint32_t n;
    int borrowed;
    cxb_frnn_grid grid;
    uint64_t seed;
    char dist[32];
    int fallback;            /* counting.pthreads fell back to acs (scratch limit) */
    int fault;               /* fault=1: the test hook, one count changed after the run */
    int surplus;             /* surplus=1: the extra column counts Table 6.1's surplus (query rows) */
    int sorted;              /* order=sorted: the generated input in bin order, renumbered */
    cxb_frnn_index ix;       /* CPU rows: the index they build; CUDA rows: the downloaded one */
    cxb_frnn_index ref_ix;   /* counting.seq: the reference build */
    cxb_frnn_result res;     /* query rows: the last run's output */
    cxb_frnn_result ref;     /* the reference counts (and lists) */
    int ref_done;
    int ref_brute;           /* the command line's --check: always brute.seq */
    const char *ref_name;
} cxb_frnn_ctx;

/* The command line's input: while set (pts not NULL), setup uses these borrowed points in the
 * box [min, max] instead of generating them from the point's parameters. */
void cxb_frnn_input_set(const cxb_frnn_rec *pts, uint32_t n, uint32_t dims, const double *min, const double *max);

cxb_status cxb_frnn_reset(void *ctx);
cxb_status cxb_frnn_run(void *ctx, cxb_phases *ph);
cxb_status cxb_frnn_verify(void *ctx);
uint64_t cxb_frnn_checksum(void *ctx);
/* a Circles step row built by ACS (the thesis's atomic counting sort): a bin's forces are summed
 * in the order the threads filled its slots (cxb_impl.float_order) */
int cxb_frnn_float_order(void *ctx);
void cxb_frnn_extra(void *ctx, char *buf, size_t size);
/* parts=1: the components' times are each sample's own (cxb_impl.extra_per_sample) */
int cxb_frnn_extra_per_sample(void *ctx);
void cxb_frnn_teardown(void *ctx);
uint64_t cxb_frnn_work(const cxb_impl *impl, const cxb_params *params);

/* frnn.*.cuda (suites/frnn/study.c): the row `id` through dev (fdev for frnn.fgpu2style.cuda). */
cxb_status cxb_frnn_setup_dev(const cxb_params *p, const cxb_env *env, const char *id, const cxb_frnn_dev *dev,
                              void **ctx);
cxb_status cxb_frnn_setup_fgpu2(const cxb_params *p, const cxb_env *env, const cxb_frnn_fgpu2_dev *fdev, void **ctx);

/* The reference of a query row's counts (brute.seq up to CXB_FRNN_BRUTE_REF_MAX points or with
 * ref_brute set, else strips.seq over counting.seq, exact by the tight-box guarantee), computed
 * on first use. */
#define CXB_FRNN_BRUTE_REF_MAX (1u << 14)
cxb_status cxb_frnn_reference(cxb_frnn_ctx *c);

#define CXB_FRNN_CUDA_IDS                                                                                  \
    "frnn.original.cuda,frnn.acs.cuda,frnn.acs_stable.cuda,frnn.moore.cuda,frnn.pbw.cuda,frnn.strips.cuda," \
    "frnn.brute.cuda,frnn.circles.cuda,frnn.fgpu2style.cuda,frnn.network.cuda"

#endif
