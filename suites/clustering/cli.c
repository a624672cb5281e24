/* cxbench graph clustering (INPUT | --gen SPEC) [--impl ID] ...: counts the triangles and connected
 * triples of a graph file or a generated graph with any registered row of the clustering study,
 * CPU or CUDA, through the row's own setup, run, verify and checksum (suites/clustering/study.c),
 * and prints key: value lines in a fixed order (docs/cli.md "graph clustering",
 * docs/studies/clustering.md "Command line"): the integers, transitivity and, from per-vertex
 * counts, both average local coefficients (the thesis's rows: with --local, from the reference,
 * marked "(reference)"). --per-vertex OUT writes "v<TAB>degree<TAB>triangles<TAB>local" per
 * vertex through the one output path (harness/atomic.h: a temporary renamed when complete, FIFOs
 * streamed, a directory refused), in original ids with --ids compact. Errors are one line: 2 for
 * bad input or parameters (a multigraph among them), 3 for resources (no memory, a CUDA row
 * without CUDA or a GPU); a verification mismatch prints "verified: no (...)" and exits 1.
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
#include "suites/clustering/cli.h"
#include "suites/clustering/rows.h"
#include "suites/graph/cli.h"
#include "suites/graph/input.h"

#define CL_CLI_MAX_REPS 1000

typedef struct cl_args {
    const char *gen, *impl, *per_vertex;
    int ids, multigraph, verify, quiet, local, order;
    uint64_t n, reps, gpus;
    cxb_params set;
} cl_args;

static cxb_status parse_set(const char *where, const char *text, void *dest)
{
    return cxb_params_parse(dest, text, ',', where);
}

static const char *const ids_names[] = {"asis", "compact", NULL}; /* cxb_ids_mode's order */
static const char *const order_names[] = {"smallest", "reversed", NULL};

static const cxb_option cl_options[] = {
    CXB_OPT_STRING("--gen", "SPEC", "generate the graph (MODEL:k=v,..., as graph gen) instead of reading INPUT",
                   cl_args, gen, CXB_OPT_IN_ARGS),
    CXB_OPT_STRING("--impl", "ID", "a clustering row (default tcmerge.cuda with a GPU, else tcmerge.pthreads)",
                   cl_args, impl, 0),
    CXB_OPT_CHOICE("--order", "smallest|reversed",
                   "which vertex owns a triangle in smallest.*, k1.*, k2.* (default smallest)", cl_args, order,
                   order_names, 0),
    CXB_OPT_CHOICE("--ids", "asis|compact",
                   "INPUT's ids: asis (max id + 1 vertices, default) or compact (renumber the ids that occur)",
                   cl_args, ids, ids_names, 0),
    CXB_OPT_COUNT("--n", "N", "INPUT's vertices with --ids asis (at least max id + 1)", cl_args, n, 0, 0, 0),
    CXB_OPT_SWITCH("--multigraph", "keep duplicate edges (refused: the study needs a simple graph, exit 2)",
                   cl_args, multigraph, 0),
    CXB_OPT_SWITCH("--local", "also print the average local coefficients for rows without per-vertex counts "
                   "(from the reference)", cl_args, local, 0),
    CXB_OPT_COUNT("--gpus", "N", "GPUs of the mgpu rows (default every visible GPU)", cl_args, gpus, 1, 64, 0),
    CXB_OPT_PARSE("--set", "k=v[,k=v]", "a row parameter: block, grain, chunk, sort, relabel, prefetch, "
                  "deg_warp, deg_block, ref, threads (repeatable)", cl_args, set, parse_set, CXB_OPT_REPEAT),
    CXB_OPT_COUNT("--reps", "N", "timed runs (default 1); time_ms is their median", cl_args, reps, 1,
                  CL_CLI_MAX_REPS, 0),
    CXB_OPT_STRING("--per-vertex", "OUT", "write v<TAB>degree<TAB>triangles<TAB>local per vertex (nothing is "
                   "written on any error)", cl_args, per_vertex, 0),
    CXB_OPT_SWITCH("--verify", "compare with the reference row and check the invariants (mismatch: exit 1)",
                   cl_args, verify, 0),
    CXB_OPT_SWITCH("--quiet", "no time_ms, samples_ms, phase_ms and rate lines", cl_args, quiet, 0),
    CXB_OPT_END};

const cxb_form cxb_graph_clustering_forms[] = {{"(INPUT | --gen SPEC)", cl_options}, CXB_FORMS_END};


static cxb_status write_per_vertex(const char *path, const cxb_csr *g, const uint64_t *tv)
{
    cxb_afile af;
    cxb_status st = cxb_afile_open(&af, path);
    if (st != CXB_OK)
        return st;
    char local[40];
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        cxb_cl_format_double(cxb_cl_local(tv[v], d), local, sizeof local);
        unsigned long long id = g->ids ? g->ids[v] : v;
        if (fprintf(af.f, "%llu\t%llu\t%llu\t%s\n", id, (unsigned long long)d, (unsigned long long)tv[v], local) < 0)
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

/* The per-vertex counts the output needs: the row's own, or (thesis rows) the reference's,
 * computed untimed by clustering.tcmerge.seq. */
static cxb_status reference_tv(const cxb_csr *g, uint64_t **out)
{
    cxb_cl_params p;
    cxb_cl_params_init(&p);
    p.relabel = 0;
    cxb_cl_result r;
    memset(&r, 0, sizeof r);
    r.tv = malloc((g->n ? g->n : 1) * sizeof *r.tv);
    if (!r.tv)
        return cxb_fail(CXB_ERESOURCE, "graph clustering: no memory for %llu per-vertex counts",
                        (unsigned long long)g->n);
    cxb_status st = cxb_cl_tcmerge_seq(g, &p, &r);
    if (st != CXB_OK) {
        free(r.tv);
        return st;
    }
    *out = r.tv;
    return CXB_OK;
}

int cxb_cli_graph_clustering(int argc, char **argv)
{
    cl_args a;
    memset(&a, 0, sizeof a);
    cxb_params_init(&a.set);
    a.reps = 1;
    cxb_args pa;
    int rc;
    if (cxb_cli_args(argc, argv, "graph clustering", cxb_graph_clustering_forms, cl_options, &a, 1, &pa, &rc))
        return rc;
    const char *input = pa.npos ? pa.pos[0] : NULL;
    if (!input == !a.gen)
        return cxb_cli_error(2, "graph clustering: expected an input file or --gen SPEC (one of them)");
    if (a.gen && (cxb_args_given(&pa, "--ids") || cxb_args_given(&pa, "--n")))
        return cxb_cli_error(2, "graph clustering: --ids and --n apply to an input file, not to --gen");
    if (a.multigraph)
        return cxb_cli_error(2, "graph clustering: --multigraph: the clustering study needs a simple graph "
                                "(docs/studies/clustering.md)");
    if (cxb_args_given(&pa, "--order") && cxb_params_set(&a.set, "order", order_names[a.order]) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    if (cxb_args_given(&pa, "--gpus") && cxb_params_set_u64(&a.set, "gpus", a.gpus) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);

    const cxb_impl *im = NULL;
    const char *impl_name = a.impl;
    if (!impl_name)
        impl_name = cxb_cuda_device_count(NULL) > 0 ? "clustering.tcmerge.cuda" : "clustering.tcmerge.pthreads";
    if ((rc = cxb_cli_study_row("clustering", "graph clustering", impl_name, &im)) != 0)
        return rc;
    if (a.per_vertex && cxb_afile_check(a.per_vertex) != CXB_OK) /* a directory, before any work */
        return cxb_cli_status(CXB_EINPUT);

    /* the workers: --set threads=T (default the cores); the generator and the pthreads rows use them */
    uint64_t threads = 0;
    cxb_status st = cxb_params_u64(&a.set, "threads", cxb_default_threads(), &threads);
    if (st == CXB_OK && (threads == 0 || threads > 4096))
        st = cxb_fail(CXB_EINPUT, "graph clustering: --set threads=%llu: 1 to 4096", (unsigned long long)threads);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    cxb_pool *pool = NULL;
    if ((st = cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE)) != CXB_OK)
        return cxb_cli_status(st);

    cxb_csr g;
    char name[600];
    cxb_ginput_cli in = {input, a.gen, (cxb_ids_mode)a.ids, a.n, cxb_args_given(&pa, "--n"), 0};
    st = cxb_ginput_read(&in, pool, &g, name, sizeof name);
    if (st == CXB_OK && !a.gen && (g.flags & CXB_CSR_MULTI))
        st = cxb_fail(CXB_EINPUT, "graph clustering: %s: a multigraph (the clustering study needs a simple "
                                  "graph, docs/studies/clustering.md)", input);
    if (st != CXB_OK) {
        cxb_csr_free(&g);
        cxb_pool_destroy(pool);
        return cxb_cli_status(st);
    }

    cxb_env env = {pool, cxb_pool_threads(pool), NULL, NULL};
    if (!cxb_params_get(&a.set, "threads")) /* the row checks threads against its pool */
        cxb_params_set_u64(&a.set, "threads", env.threads);
    void *vctx = NULL;
    cxb_cl_input_set(&g, name);
    st = im->setup(&a.set, &env, &vctx);
    cxb_cl_input_set(NULL, NULL);
    double total[CL_CLI_MAX_REPS], kernel[CL_CLI_MAX_REPS], d2h[CL_CLI_MAX_REPS], prep[CL_CLI_MAX_REPS],
        sort[CL_CLI_MAX_REPS];
    unsigned reps = 0;
    while (st == CXB_OK && reps < a.reps) {
        cxb_phases ph;
        cxb_phases_clear(&ph);
        if ((st = im->reset(vctx)) != CXB_OK)
            break;
        int64_t t0 = cxb_clock_ns();
        st = im->run(vctx, &ph);
        int64_t t1 = cxb_clock_ns();
        const cxb_cl_result *r = &((cxb_cl_ctx *)vctx)->res;
        /* the declared time (docs/method.md): kernel events for CUDA rows, wall time otherwise
         * (for the CPU tc rows, less the prep phase: kernel-only as docs/studies/clustering.md) */
        double wall = (double)(t1 - t0) / 1e6;
        prep[reps] = r->prep_ms;
        sort[reps] = r->sort_ms;
        kernel[reps] = ph.ns[CXB_PHASE_KERNEL] >= 0 ? (double)ph.ns[CXB_PHASE_KERNEL] / 1e6 : wall - r->prep_ms;
        d2h[reps] = ph.ns[CXB_PHASE_D2H] >= 0 ? (double)ph.ns[CXB_PHASE_D2H] / 1e6 : 0.0;
        total[reps] = ph.ns[CXB_PHASE_KERNEL] >= 0 ? kernel[reps] + d2h[reps] + r->sort_ms : wall - r->prep_ms;
        ++reps;
    }
    cxb_cl_ctx *c = vctx;
    char verified[1200] = "skipped";
    int vrc = 0;
    if (st == CXB_OK && a.verify) {
        cxb_status vs = im->verify(vctx);
        if (vs == CXB_OK)
            snprintf(verified, sizeof verified, "yes (%s)", cxb_cl_ref_id(c));
        else if (vs == CXB_EFAIL) {
            snprintf(verified, sizeof verified, "no (%s)", cxb_last_error());
            vrc = 1;
        } else
            st = vs;
    }
    int own_tv = st == CXB_OK && c->res.has_tv && c->res.tv;
    uint64_t *ref_tv = NULL;
    if (st == CXB_OK && !own_tv && (a.local || a.per_vertex))
        st = reference_tv(c->g, &ref_tv);
    const uint64_t *tv = own_tv ? c->res.tv : ref_tv;
    cxb_cl_summary sum;
    if (st == CXB_OK)
        cxb_cl_summarise(c->g, c->res.T, c->res.W, tv, &sum);
    if (st == CXB_OK && a.per_vertex)
        st = write_per_vertex(a.per_vertex, &g, tv);
    if (st != CXB_OK) {
        if (vctx)
            im->teardown(vctx);
        free(ref_tv);
        cxb_csr_free(&g);
        cxb_pool_destroy(pool);
        return cxb_cli_status(st);
    }

    char f[40];
    printf("graph: %s\nvertices: %llu\nedges: %llu\nimpl: %s\n", name, (unsigned long long)g.n,
           (unsigned long long)g.m, im->id);
    printf("triangles: %llu\ntriples: %llu\n", (unsigned long long)sum.T, (unsigned long long)sum.W);
    cxb_cl_format_double(sum.transitivity, f, sizeof f);
    printf("transitivity: %s\n", f);
    if (own_tv || a.local) {
        const char *mark = own_tv ? "" : " (reference)";
        cxb_cl_format_double(sum.avg_local, f, sizeof f);
        printf("avg_local_clustering: %s%s\n", f, mark);
        cxb_cl_format_double(sum.avg_local_deg2, f, sizeof f);
        printf("avg_local_clustering_deg2: %s%s\n", f, mark);
    }
    if (c->variant == CXB_CL_K1_MGPU || c->variant == CXB_CL_K2_MGPU)
        printf("gpus: %u\n", c->res.gpus);
    printf("verified: %s\n", verified);
    if (!a.quiet) {
        double t = cxb_stats_median(total, reps), k = cxb_stats_median(kernel, reps);
        printf("time_ms: %.3f\n", t);
        if (reps > 1)
            print_ms_list("samples_ms", total, reps);
        if (c->backend == CXB_BACKEND_CUDA)
            printf("phase_ms: alloc=%.3f h2d=%.3f prep=%.3f sort=%.3f kernel=%.3f d2h=%.3f\n", c->alloc_ms,
                   c->h2d_ms, cxb_stats_median(prep, reps), cxb_stats_median(sort, reps), k,
                   cxb_stats_median(d2h, reps));
        else
            printf("phase_ms: prep=%.3f kernel=%.3f\n", cxb_stats_median(prep, reps), k);
        printf("rate_gedges_s: %.6g\n", k > 0 ? (double)g.m / (k * 1e6) : 0.0);
    }
    im->teardown(vctx);
    free(ref_tv);
    cxb_csr_free(&g);
    cxb_pool_destroy(pool);
    if (vrc)
        fflush(stdout);
    return vrc;
}
