/* cxbench graph components (INPUT | --gen SPEC) [--impl ID] ...: labels the connected components
 * of a graph file or a generated graph with any registered row of the components study, CPU or
 * CUDA, through the row's own setup, run, verify and checksum (suites/components/study.c), and
 * prints key: value lines in a fixed order (docs/cli.md "graph components",
 * docs/studies/components.md "Command line"). --labels OUT writes "v<TAB>label" per vertex through
 * the one output path (harness/atomic.h: a temporary renamed when complete, FIFOs streamed, a
 * directory refused), in original ids with --ids compact. Errors are one line: 2 for bad input
 * or parameters, 3 for resources (no memory, a CUDA row without CUDA or a GPU); a verification
 * mismatch prints "verified: no (...)" and exits 1.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cxb/core/cuda.h"
#include "cxb/core/pool.h"
#include "cxb/graph/gen.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "harness/stats.h"
#include "harness/params.h"
#include "suites/components/cli.h"
#include "suites/components/rows.h"
#include "suites/graph/cli.h"
#include "suites/graph/input.h"

#define CC_CLI_MAX_REPS 1000

typedef struct cc_args {
    const char *gen, *impl, *labels;
    int ids, multigraph, verify, quiet;
    uint64_t n, reps;
    cxb_params set;
} cc_args;

static cxb_status parse_set(const char *where, const char *text, void *dest)
{
    return cxb_params_parse(dest, text, ',', where);
}

static const char *const ids_names[] = {"asis", "compact", NULL}; /* cxb_ids_mode's order */

static const cxb_option cc_options[] = {
    CXB_OPT_STRING("--gen", "SPEC", "generate the graph (MODEL:k=v,..., as graph gen) instead of reading INPUT",
                   cc_args, gen, CXB_OPT_IN_ARGS),
    CXB_OPT_STRING("--impl", "ID", "a components row (default unionfind.cuda with a GPU, else unionfind.pthreads)",
                   cc_args, impl, 0),
    CXB_OPT_CHOICE("--ids", "asis|compact",
                   "INPUT's ids: asis (max id + 1 vertices, default) or compact (renumber the ids that occur)",
                   cc_args, ids, ids_names, 0),
    CXB_OPT_COUNT("--n", "N", "INPUT's vertices with --ids asis (at least max id + 1)", cc_args, n, 0, 0, 0),
    CXB_OPT_SWITCH("--multigraph", "keep duplicate edges", cc_args, multigraph, 0),
    CXB_OPT_PARSE("--set", "k=v[,k=v]", "a row parameter: rmax, tex_limit, deg_warp, deg_block, deg_inline, "
                  "union, rounds, samples, "
                  "seed, threads, ref (repeatable)", cc_args, set, parse_set, CXB_OPT_REPEAT),
    CXB_OPT_COUNT("--reps", "N", "timed runs (default 1); time_ms is their median", cc_args, reps, 1,
                  CC_CLI_MAX_REPS, 0),
    CXB_OPT_STRING("--labels", "OUT", "write v<TAB>label per vertex (nothing is written on any error)", cc_args,
                   labels, 0),
    CXB_OPT_SWITCH("--verify", "compare with the reference row and check the invariants (mismatch: exit 1)",
                   cc_args, verify, 0),
    CXB_OPT_SWITCH("--quiet", "no time_ms, samples_ms, phase_ms and rate lines", cc_args, quiet, 0),
    CXB_OPT_END};

const cxb_form cxb_graph_components_forms[] = {{"(INPUT | --gen SPEC)", cc_options}, CXB_FORMS_END};


static cxb_status write_labels(const char *path, const cxb_csr *g, const cxb_vid *label)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    for (uint64_t v = 0; v < g->n; ++v) {
        unsigned long a = g->ids ? g->ids[v] : (unsigned long)v, b = g->ids ? g->ids[label[v]] : label[v];
        if (fprintf(af.f, "%lu\t%lu\n", a, b) < 0)
            break; /* the commit reports the write error */
    }
    return cxb_afile_commit(&af);
}

static void print_ms_list(const char *key, const double *v, unsigned n)
{
    printf("%s: ", key);
    for (unsigned i = 0; i < n; ++i)
        printf("%s%.3f", i ? "," : "", v[i]);
    putchar('\n');
}

int cxb_cli_graph_components(int argc, char **argv)
{
    cc_args a;
    memset(&a, 0, sizeof a);
    cxb_params_init(&a.set);
    a.reps = 1;
    cxb_args pa;
    int rc;
    if (cxb_cli_args(argc, argv, "graph components", cxb_graph_components_forms, cc_options, &a, 1, &pa, &rc))
        return rc;
    const char *input = pa.npos ? pa.pos[0] : NULL;
    if (!input == !a.gen)
        return cxb_cli_error(2, "graph components: expected an input file or --gen SPEC (one of them)");
    if (a.gen && (cxb_args_given(&pa, "--ids") || cxb_args_given(&pa, "--n")))
        return cxb_cli_error(2, "graph components: --ids and --n apply to an input file, not to --gen");

    const cxb_impl *im = NULL;
    const char *impl_name = a.impl;
    if (!impl_name)
        impl_name = cxb_cuda_device_count(NULL) > 0 ? "components.unionfind.cuda" : "components.unionfind.pthreads";
    if ((rc = cxb_cli_study_row("components", "graph components", impl_name, &im)) != 0)
        return rc;
    if (a.labels && cxb_afile_check(a.labels) != CXB_OK) /* a directory, before any work */
        return cxb_cli_status(CXB_EINPUT);

    /* the workers: --set threads=T (default the cores); the generator and the pthreads rows use them */
    uint64_t threads = 0;
    cxb_status st = cxb_params_u64(&a.set, "threads", cxb_default_threads(), &threads);
    if (st == CXB_OK && (threads == 0 || threads > 4096))
        st = cxb_fail(CXB_EINPUT, "graph components: --set threads=%llu: 1 to 4096", (unsigned long long)threads);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cxb_pool *pool = NULL;
    if ((st = cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE)) != CXB_OK)
        return cxb_cli_status(st);

    cxb_csr g;
    char name[600];
    cxb_ginput_cli in = {input, a.gen, (cxb_ids_mode)a.ids, a.n, cxb_args_given(&pa, "--n"), a.multigraph};
    st = cxb_ginput_read(&in, pool, &g, name, sizeof name);
    if (st != CXB_OK) {
        cxb_pool_destroy(pool);
        return cxb_cli_status(st);
    }

    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    if (!cxb_params_get(&a.set, "threads")) /* the row checks threads against its pool */
        cxb_params_set_u64(&a.set, "threads", env.threads);
    void *vctx = NULL;
    cxb_cc_input_set(&g, name);
    st = im->setup(&a.set, &env, &vctx);
    cxb_cc_input_set(NULL, NULL);
    double kernel[CC_CLI_MAX_REPS], d2h[CC_CLI_MAX_REPS];
    unsigned reps = 0;
    while (st == CXB_OK && reps < a.reps) {
        cxb_phases ph;
        cxb_phases_clear(&ph);
        if ((st = im->reset(vctx)) != CXB_OK)
            break;
        int64_t t0 = cxb_clock_ns();
        st = im->run(vctx, &ph);
        int64_t t1 = cxb_clock_ns();
        /* the declared time (docs/method.md): kernel events for CUDA rows, wall time otherwise */
        kernel[reps] = ph.ns[CXB_PHASE_KERNEL] >= 0 ? (double)ph.ns[CXB_PHASE_KERNEL] / 1e6 : (double)(t1 - t0) / 1e6;
        d2h[reps] = ph.ns[CXB_PHASE_D2H] >= 0 ? (double)ph.ns[CXB_PHASE_D2H] / 1e6 : 0.0;
        ++reps;
    }
    cxb_cc_ctx *c = vctx;
    char verified[1200] = "skipped";
    int vrc = 0;
    if (st == CXB_OK && a.verify) {
        cxb_status vs = im->verify(vctx);
        if (vs == CXB_OK)
            snprintf(verified, sizeof verified, "yes (%s)", cxb_cc_ref_id(c));
        else if (vs == CXB_EFAIL) {
            snprintf(verified, sizeof verified, "no (%s)", cxb_last_error());
            vrc = 1;
        } else
            st = vs;
    }
    cxb_cc_summary sum;
    if (st == CXB_OK)
        st = cxb_cc_summarise(c->g, c->label, &sum);
    if (st == CXB_OK && a.labels)
        st = write_labels(a.labels, &g, c->label);
    if (st != CXB_OK) {
        if (vctx)
            im->teardown(vctx);
        cxb_csr_free(&g);
        cxb_pool_destroy(pool);
        return cxb_cli_status(st);
    }

    printf("graph: %s\nvertices: %llu\nedges: %llu\nimpl: %s\n", name, (unsigned long long)g.n,
           (unsigned long long)g.m, im->id);
    printf("components: %llu\nlargest_component: %llu\nisolated_vertices: %llu\nlabels_hash: 0x%016llx\n",
           (unsigned long long)sum.components, (unsigned long long)sum.largest, (unsigned long long)sum.isolated,
           (unsigned long long)sum.labels_hash);
    if (c->variant == CXB_CC_CAS || c->variant == CXB_CC_K1 || c->variant == CXB_CC_K2)
        printf("iterations: %llu\n", (unsigned long long)c->st.iterations);
    else if (c->variant == CXB_CC_K3)
        printf("bfs_passes: %llu\nbfs_levels: %llu\n", (unsigned long long)c->st.bfs_passes,
               (unsigned long long)c->st.bfs_levels);
    printf("verified: %s\n", verified);
    if (!a.quiet) {
        double t = cxb_stats_median(kernel, reps);
        printf("time_ms: %.3f\n", t);
        if (reps > 1)
            print_ms_list("samples_ms", kernel, reps);
        if (c->backend == CXB_BACKEND_CUDA)
            printf("phase_ms: alloc=%.3f h2d=%.3f kernel=%.3f d2h=%.3f\n", c->alloc_ms, c->h2d_ms, t,
                   cxb_stats_median(d2h, reps));
        else
            printf("phase_ms: kernel=%.3f\n", t);
        printf("rate_gedges_s: %.6g\n", t > 0 ? (double)g.m / (t * 1e6) : 0.0);
    }
    im->teardown(vctx);
    cxb_csr_free(&g);
    cxb_pool_destroy(pool);
    if (vrc)
        fflush(stdout);
    return vrc;
}
