/* cxbench graph info|convert|gen: a graph file's summary, conversion between the formats,
 * and the supporting generators (docs/studies/graph.md). Output is "key: value" lines in a fixed order; errors are one
 * "cxbench: error: WHERE: WHAT" line with exit 2 (bad input) or 3 (memory), and convert
 * leaves no output file behind (the writer renames a complete temporary).
 *
 *   cxbench graph info IN [--format F] ...
 *   cxbench graph convert IN OUT [--format F] ...
 *   cxbench graph gen SPEC [--impl ID] ...
 *
 * (the options: the tables below; docs/cli.md "graph"). For info, --format names the input
 * format (overriding detection); for convert, the output format (default from OUT's
 * extension).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/core/cuda.h"
#include "cxb/core/mem.h"
#include "cxb/graph/graph.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "suites/graph/cli.h"
#include "suites/graphgen/cli.h"
#include "harness/params.h"

typedef struct graph_args {
    const char *in, *out; /* the positional file names */
    cxb_graph_opts opts;
    cxb_graph_format format; /* --format, AUTO if not given */
    int ids, check, quiet;
} graph_args;

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

cxb_status cxb_graph_format_opt(const char *where, const char *text, void *dest)
{
    (void)where;
    return cxb_graph_format_parse(text, dest);
}

static const char *const ids_names[] = {"asis", "compact", NULL}; /* cxb_ids_mode's order */

#define GRAPH_OPT_READ(fmt_help)                                                                                  \
    CXB_OPT_PARSE("--format", "snap|mtx|cxg|egr", fmt_help, graph_args, format, cxb_graph_format_opt, 0),       \
    CXB_OPT_CHOICE("--ids", "asis|compact",                                                                      \
                   "asis: max id + 1 vertices (default); compact: renumber the ids that occur", graph_args, ids,  \
                   ids_names, 0),                                                                                 \
    CXB_OPT_COUNT("--n", "N", "vertices with --ids asis (at least max id + 1)", graph_args, opts.n, 0, 0, 0),     \
    CXB_OPT_SWITCH("--multigraph", "keep duplicate edges", graph_args, opts.multigraph, 0)

static const cxb_option info_options[] = {
    GRAPH_OPT_READ("the input's format (default: detected from its first bytes)"),
    CXB_OPT_SWITCH("--check", "the full CSR invariant check (failing it is exit 1)", graph_args, check, 0),
    CXB_OPT_SWITCH("--quiet", "no time_ms and phase_ms lines", graph_args, quiet, 0),
    CXB_OPT_END};

static const cxb_option convert_options[] = {
    GRAPH_OPT_READ("the output's format (default: from OUT's extension)"),
    CXB_OPT_SWITCH("--quiet", "no time_ms and phase_ms lines", graph_args, quiet, 0),
    CXB_OPT_END};

const cxb_form cxb_graph_info_forms[] = {{"IN", info_options}, CXB_FORMS_END};
const cxb_form cxb_graph_convert_forms[] = {{"IN OUT", convert_options}, CXB_FORMS_END};

/* argv[0] is the subcommand; positional: 1 (info) or 2 (convert) file names. 0 to go on,
 * else 1 with the exit code in *rc. */
static int parse_args(int argc, char **argv, const cxb_form *forms, graph_args *g, cxb_args *a, int *rc)
{
    memset(g, 0, sizeof *g);
    cxb_graph_opts_init(&g->opts);
    g->format = CXB_GRAPH_AUTO;
    g->ids = (int)g->opts.ids;
    const char *cmd = !strcmp(argv[0], "info") ? "graph info" : "graph convert";
    int positional = forms == cxb_graph_info_forms ? 1 : 2;
    if (cxb_cli_args(argc, argv, cmd, forms, forms[0].options, g, positional, a, rc))
        return 1;
    g->opts.ids = (cxb_ids_mode)g->ids;
    g->opts.have_n = cxb_args_given(a, "--n");
    if (a->npos < positional) {
        *rc = cxb_cli_error(2, "%s: expected %s", cmd,
                            positional == 1 ? "an input file" : "an input and an output file");
        return 1;
    }
    g->in = a->pos[0];
    g->out = positional == 2 ? a->pos[1] : NULL;
    return 0;
}

/* Shortest "%.Ng" that reads back to x, with ".0" on integral values (docs/studies/graph.md). */
static void print_double(const char *key, double x)
{
    if (isnan(x)) {
        printf("%s: nan\n", key);
        return;
    }
    char b[40];
    for (int prec = 15; prec <= 17; ++prec) {
        snprintf(b, sizeof b, "%.*g", prec, x);
        if (strtod(b, NULL) == x)
            break;
    }
    if (!strpbrk(b, ".eEn"))
        strcat(b, ".0");
    printf("%s: %s\n", key, b);
}

static void print_block(const char *name, const char *fmt, const cxb_csr *g)
{
    uint64_t isolated = 0, dmin = 0, dmax = 0;
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        isolated += d == 0;
        dmin = v == 0 || d < dmin ? d : dmin;
        dmax = d > dmax ? d : dmax;
    }
    printf("graph: %s\nformat: %s\n", name, fmt);
    printf("vertices: %llu\nedges: %llu\narcs: %llu\n", (unsigned long long)g->n,
           (unsigned long long)g->m, (unsigned long long)g->nnz);
    printf("pairs_read: %llu\nself_loops_removed: %llu\nduplicates_removed: %llu\n",
           (unsigned long long)g->stats.pairs_read,
           (unsigned long long)g->stats.self_loops_removed,
           (unsigned long long)g->stats.duplicates_removed);
    printf("extra_columns_ignored: %llu\nisolated_vertices: %llu\n",
           (unsigned long long)g->stats.extra_columns_ignored, (unsigned long long)isolated);
    printf("degree_min: %llu\ndegree_max: %llu\n", (unsigned long long)dmin,
           (unsigned long long)dmax);
    print_double("degree_mean", g->n ? (double)g->nnz / (double)g->n : 0.0); /* empty graph: 0 */
    printf("edgeset_hash: 0x%016llx\n", (unsigned long long)cxb_edgeset_hash(g));
}

static double ms(int64_t ns) { return (double)ns / 1e6; }

int cxb_cli_graph_info(int argc, char **argv)
{
    graph_args a;
    cxb_args pa;
    int rc;
    if (parse_args(argc, argv, cxb_graph_info_forms, &a, &pa, &rc))
        return rc;
    if (a.format == CXB_GRAPH_EGR)
        return cxb_cli_error(2, "graph info: --format egr: .egr is an output format only");
    a.opts.format = a.format;
    int64_t t0 = now_ns();
    cxb_csr g;
    cxb_graph_read_info ri;
    cxb_status st = cxb_graph_read(a.in, &a.opts, &g, &ri);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    print_block(a.in, cxb_graph_format_name(ri.format), &g);
    rc = 0;
    if (a.check) {
        st = cxb_csr_check(&g);
        printf("check: %s\n", st == CXB_OK ? "ok" : "failed");
        if (st != CXB_OK) {
            fflush(stdout);
            rc = cxb_cli_error(1, "%s: check failed: %s", a.in, cxb_last_error());
        }
    }
    if (!a.quiet) {
        printf("time_ms: %.3f\n", ms(now_ns() - t0));
        printf("phase_ms: parse=%.3f csr=%.3f cache=off\n", ms(ri.parse_ns), ms(ri.csr_ns));
    }
    cxb_csr_free(&g);
    return rc;
}

int cxb_cli_graph_convert(int argc, char **argv)
{
    graph_args a;
    cxb_args pa;
    int rc;
    if (parse_args(argc, argv, cxb_graph_convert_forms, &a, &pa, &rc))
        return rc;
    cxb_graph_format out = a.format;
    cxb_status cst = cxb_afile_check(a.out); /* a directory, before the input is read */
    if (cst != CXB_OK)
        return cxb_cli_status(cst);
    if (out == CXB_GRAPH_AUTO && cxb_graph_format_from_path(a.out, &out) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    int64_t t0 = now_ns();
    cxb_csr g;
    cxb_graph_read_info ri;
    cxb_status st = cxb_graph_read(a.in, &a.opts, &g, &ri);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    const char *base = strrchr(a.in, '/');
    cxb_graph_origin origin = {base ? base + 1 : a.in, ri.source_size, ri.source_mtime_ns,
                               (uint32_t)a.opts.ids | (uint32_t)(a.opts.multigraph ? 2 : 0)};
    int64_t t1 = now_ns();
    st = cxb_graph_write(a.out, out, &g, &origin);
    int64_t t2 = now_ns();
    if (st != CXB_OK) {
        cxb_csr_free(&g);
        return cxb_cli_status(st);
    }
    print_block(a.out, cxb_graph_format_name(out), &g);
    printf("written: %s\n", a.out);
    if (!a.quiet) {
        printf("time_ms: %.3f\n", ms(t2 - t0));
        printf("phase_ms: parse=%.3f csr=%.3f write=%.3f cache=off\n", ms(ri.parse_ns),
               ms(ri.csr_ns), ms(t2 - t1));
    }
    cxb_csr_free(&g);
    return 0;
}

/* graph gen SPEC: generate (seq, pthreads or cuda: the same tuples), build the CSR, print
 * the model lines and the info block, optionally write. Nothing is written on any error.
 * The default implementation is cuda when a GPU is present, else pthreads (docs/studies/graph.md);
 * --threads without --impl means pthreads. */
enum { GEN_SEQ, GEN_PTHREADS, GEN_CUDA, GEN_DEFAULT };
static const char *const gen_impl_names[] = {"seq", "pthreads", "cuda", NULL};

static const cxb_option gen_options[] = {
    CXB_OPT_STRING("--impl", "ID|seq|pthreads|cuda",
                   "graphgen.MODEL.{seq|pthreads|cuda} or the short form (default cuda with a GPU, else pthreads)",
                   cxb_graph_gen_args, impl, 0),
    CXB_GRAPH_GEN_OPTIONS,
    CXB_OPT_SWITCH("--multigraph", "keep duplicate edges", cxb_graph_gen_args, multigraph, 0),
    CXB_OPT_END};

const cxb_form cxb_graph_gen_forms[] = {
    {"MODEL:k=v,...", gen_options},
    {"alpha:n=N,k=K,alpha=A[,seed=S][,x=auto|X][,reduce=canonical][,heap_mb=H]", cxb_graphgen_gen_options},
    {"ba:n=N,m=M[,n0=N0][,seed=S][,x=auto|X][,heap_mb=H]", cxb_graphgen_gen_options},
    CXB_FORMS_END};

void cxb_graph_gen_help(FILE *out)
{
    fputs("                  MODEL:", out);
    for (int m = 0; strcmp(cxb_gen_model_name((cxb_gen_model)m), "?"); ++m)
        fprintf(out, "%s %s", m ? "," : "", cxb_gen_model_name((cxb_gen_model)m));
    fputc('\n', out);
}

static int graph_gen(int argc, char **argv)
{
    cxb_graph_gen_args ga;
    memset(&ga, 0, sizeof ga);
    ga.format = CXB_GRAPH_AUTO;
    cxb_args a;
    int rc;
    if (cxb_cli_args(argc, argv, "graph gen", cxb_graph_gen_forms, gen_options, &ga, 1, &a, &rc))
        return rc;
    const char *spec_text = a.npos ? a.pos[0] : NULL, *out = ga.out;
    int impl = GEN_DEFAULT, multigraph = ga.multigraph, quiet = ga.quiet;
    uint64_t threads = ga.threads;
    cxb_graph_format fmt = ga.format;
    if (!spec_text)
        return cxb_cli_error(2, "graph gen: expected a spec MODEL:key=value,...");
    cxb_gen_spec spec;
    if (cxb_gen_parse(spec_text, &spec) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    if (ga.impl) { /* the id of the spec's model (cxbench list) or its short form */
        char prefix[64];
        snprintf(prefix, sizeof prefix, "graphgen.%s.", cxb_gen_model_name(spec.model));
        if ((impl = cxb_opt_variant(ga.impl, prefix, gen_impl_names)) < 0)
            return cxb_cli_error(2, "graph gen: --impl %s: expected seq, pthreads or cuda (or the id %s%s)", ga.impl,
                                 prefix, "{seq|pthreads|cuda}");
    }
    cxb_status cst = out ? cxb_afile_check(out) : CXB_OK;
    if (cst != CXB_OK)
        return cxb_cli_status(cst);
    /* the whole job's host memory, estimated before any work (exit 3 at once, not after minutes) */
    char what[160];
    snprintf(what, sizeof what, "%.0f tuples and their CSR on %llu vertices", (double)cxb_gen_tuples_hint(&spec),
             (unsigned long long)spec.n);
    if ((cst = cxb_mem_check(cxb_gen_mem_need(&spec), spec.text, what)) != CXB_OK)
        return cxb_cli_status(cst);
    if (out && fmt == CXB_GRAPH_AUTO && cxb_graph_format_from_path(out, &fmt) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);

    if (impl == GEN_DEFAULT) /* --threads alone asks for pthreads */
        impl = !threads && cxb_cuda_device_count(NULL) > 0 ? GEN_CUDA : GEN_PTHREADS;
    int64_t t0 = now_ns();
    cxb_edges e;
    cxb_status st;
    cxb_gen_cuda_opts copts = {0, 0, 0.0, 0.0, NULL};
    if (impl == GEN_CUDA)
        st = cxb_generate_cuda(&spec, &copts, &e);
    else if (impl == GEN_PTHREADS) {
        cxb_pool *pool;
        if ((st = cxb_pool_create(&pool, (unsigned)threads, CXB_BIND_NONE)) != CXB_OK)
            return cxb_cli_status(st);
        t0 = now_ns();
        st = cxb_generate_pthreads(&spec, pool, &e);
        cxb_pool_destroy(pool);
    } else
        st = cxb_generate_seq(&spec, &e);
    if (st != CXB_OK)
        return cxb_cli_status(st);
    int64_t t1 = now_ns();
    uint64_t tuples = e.count;
    cxb_csr g;
    if ((st = cxb_csr_from_edges(&e, multigraph, &g)) != CXB_OK) {
        cxb_edges_free(&e);
        return cxb_cli_status(st);
    }
    int64_t t2 = now_ns();
    if (out) {
        cxb_graph_origin origin = {spec.text, 0, 0, (uint32_t)(multigraph ? 2 : 0)};
        if ((st = cxb_graph_write(out, fmt, &g, &origin)) != CXB_OK) {
            cxb_csr_free(&g);
            return cxb_cli_status(st);
        }
    }
    int64_t t3 = now_ns();
    printf("model: %s\nspec: %s\nstream_version: %d\n", cxb_gen_model_name(spec.model), spec.text,
           CXB_GRAPH_STREAM_VERSION);
    printf("impl: graphgen.%s.%s\ntuples: %llu\n", cxb_gen_model_name(spec.model),
           gen_impl_names[impl], (unsigned long long)tuples);
    print_block(out ? out : spec.text, out ? cxb_graph_format_name(fmt) : "none", &g);
    if (out)
        printf("written: %s\n", out);
    if (!quiet) {
        printf("time_ms: %.3f\n", ms(t3 - t0));
        if (impl == GEN_CUDA) /* gen: device time by events where the kernels alone make the tuples */
            printf("phase_ms: gen=%.3f csr=%.3f d2h=%.3f write=%.3f\n",
                   copts.gen_ms > 0 ? copts.gen_ms : ms(t1 - t0) - copts.d2h_ms, ms(t2 - t1),
                   copts.d2h_ms, ms(t3 - t2));
        else
            printf("phase_ms: gen=%.3f csr=%.3f write=%.3f\n", ms(t1 - t0), ms(t2 - t1), ms(t3 - t2));
    }
    cxb_csr_free(&g);
    return 0;
}

int cxb_cli_graph_gen(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) /* the faithful study's generators (suites/graphgen/cli.c) */
        if (!strncmp(argv[i], "alpha:", 6) || !strncmp(argv[i], "ba:", 3))
            return cxb_cli_graphgen_gen(argc, argv);
    return graph_gen(argc, argv);
}
