/* cxbench graph info|convert|gen: a graph file's summary, conversion between the formats,
 * and the supporting generators (graph.md 11.1, 11.2, 11.3). Output is "key: value" lines in a fixed order; errors are one
 * "cxbench: error: WHERE: WHAT" line with exit 2 (bad input) or 3 (memory), and convert
 * leaves no output file behind (the writer renames a complete temporary).
 *
 *   cxbench graph info IN [--format F] [--ids asis|compact] [--n N] [--multigraph]
 *                         [--check] [--quiet]
 *   cxbench graph convert IN OUT [--format F] [--ids asis|compact] [--n N]
 *                         [--multigraph] [--quiet]
 *   cxbench graph gen SPEC [--impl seq|pthreads|cuda] [--threads T] [--out FILE] [--format F]
 *                         [--multigraph] [--quiet]
 *
 * For info, --format names the input format (overriding detection); for convert, the
 * output format (default from OUT's extension).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cxb/core/cuda.h"
#include "cxb/graph/graph.h"
#include "cxb/graph/gen.h"
#include "cxb/core/pool.h"
#include "harness/atomic.h"
#include "harness/cli.h"
#include "suites/graph/cli.h"
#include "suites/graphgen/cli.h"
#include "harness/params.h"

typedef struct graph_args {
    const char *in, *out;
    cxb_graph_opts opts;
    cxb_graph_format format; /* --format, AUTO if not given */
    int check, quiet;
} graph_args;

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* argv[0] is the subcommand; positional: 1 (info) or 2 (convert) file names. */
static int parse_args(int argc, char **argv, int positional, int allow_check, graph_args *a)
{
    memset(a, 0, sizeof *a);
    cxb_graph_opts_init(&a->opts);
    const char *cmd = argv[0];
    int got = 0;
    for (int i = 1; i < argc; ++i) {
        const char *s = argv[i];
        if (s[0] != '-' || s[1] != '-' || s[2] == '\0') {
            if (got == positional)
                return cxb_cli_error(2, "graph %s: unexpected argument '%s'", cmd, s);
            if (got++ == 0)
                a->in = s;
            else
                a->out = s;
            continue;
        }
        if (!strcmp(s, "--multigraph"))
            a->opts.multigraph = 1;
        else if (!strcmp(s, "--quiet"))
            a->quiet = 1;
        else if (!strcmp(s, "--check") && allow_check)
            a->check = 1;
        else if (!strcmp(s, "--format") || !strcmp(s, "--ids") || !strcmp(s, "--n")) {
            if (i + 1 >= argc)
                return cxb_cli_error(2, "graph %s: %s needs a value", cmd, s);
            const char *v = argv[++i];
            if (!strcmp(s, "--format")) {
                if (cxb_graph_format_parse(v, &a->format) != CXB_OK)
                    return cxb_cli_status(CXB_EINPUT);
            } else if (!strcmp(s, "--ids")) {
                if (!strcmp(v, "asis"))
                    a->opts.ids = CXB_IDS_ASIS;
                else if (!strcmp(v, "compact"))
                    a->opts.ids = CXB_IDS_COMPACT;
                else
                    return cxb_cli_error(2, "graph %s: --ids %s: expected asis or compact", cmd, v);
            } else {
                if (cxb_parse_u64(v, "graph: --n", &a->opts.n) != CXB_OK)
                    return cxb_cli_status(CXB_EINPUT);
                a->opts.have_n = 1;
            }
        } else
            return cxb_cli_error(2, "graph %s: %s: unknown option", cmd, s);
    }
    if (got < positional)
        return cxb_cli_error(2, "graph %s: expected %s", cmd,
                             positional == 1 ? "an input file" : "an input and an output file");
    return 0;
}

/* Shortest "%.Ng" that reads back to x, with ".0" on integral values (graph.md 11). */
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
    int rc = parse_args(argc, argv, 1, 1, &a);
    if (rc)
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
    int rc = parse_args(argc, argv, 2, 0, &a);
    if (rc)
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
 * The default implementation is cuda when a GPU is present, else pthreads (graph.md 11.1);
 * --threads without --impl means pthreads. */
enum { GEN_SEQ, GEN_PTHREADS, GEN_CUDA, GEN_DEFAULT };
static const char *const gen_impl_names[] = {"seq", "pthreads", "cuda"};

static int graph_gen(int argc, char **argv)
{
    const char *spec_text = NULL, *out = NULL;
    int impl = GEN_DEFAULT, multigraph = 0, quiet = 0;
    uint64_t threads = 0;
    cxb_graph_format fmt = CXB_GRAPH_AUTO;
    for (int i = 1; i < argc; ++i) {
        const char *s = argv[i];
        if (s[0] != '-' || s[1] != '-' || s[2] == '\0') {
            if (spec_text)
                return cxb_cli_error(2, "graph gen: unexpected argument '%s'", s);
            spec_text = s;
            continue;
        }
        if (!strcmp(s, "--multigraph"))
            multigraph = 1;
        else if (!strcmp(s, "--quiet"))
            quiet = 1;
        else if (!strcmp(s, "--impl") || !strcmp(s, "--threads") || !strcmp(s, "--out") ||
                 !strcmp(s, "--format")) {
            if (i + 1 >= argc)
                return cxb_cli_error(2, "graph gen: %s needs a value", s);
            const char *v = argv[++i];
            if (!strcmp(s, "--impl")) {
                if (!strcmp(v, "seq"))
                    impl = GEN_SEQ;
                else if (!strcmp(v, "pthreads"))
                    impl = GEN_PTHREADS;
                else if (!strcmp(v, "cuda"))
                    impl = GEN_CUDA;
                else
                    return cxb_cli_error(2, "graph gen: --impl %s: expected seq, pthreads or cuda", v);
            } else if (!strcmp(s, "--threads")) {
                if (cxb_parse_u64(v, "graph gen: --threads", &threads) != CXB_OK)
                    return cxb_cli_status(CXB_EINPUT);
                if (threads < 1 || threads > 4096)
                    return cxb_cli_error(2, "graph gen: --threads %s: expected 1 to 4096", v);
            } else if (!strcmp(s, "--out"))
                out = v;
            else if (cxb_graph_format_parse(v, &fmt) != CXB_OK)
                return cxb_cli_status(CXB_EINPUT);
        } else
            return cxb_cli_error(2, "graph gen: %s: unknown option", s);
    }
    if (!spec_text)
        return cxb_cli_error(2, "graph gen: expected a spec MODEL:key=value,...");
    cxb_gen_spec spec;
    if (cxb_gen_parse(spec_text, &spec) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);
    cxb_status cst = out ? cxb_afile_check(out) : CXB_OK;
    if (cst != CXB_OK)
        return cxb_cli_status(cst);
    if (out && fmt == CXB_GRAPH_AUTO && cxb_graph_format_from_path(out, &fmt) != CXB_OK)
        return cxb_cli_status(CXB_EINPUT);

    if (impl == GEN_DEFAULT) /* --threads alone asks for pthreads */
        impl = !threads && cxb_cuda_device_count(NULL) > 0 ? GEN_CUDA : GEN_PTHREADS;
    int64_t t0 = now_ns();
    cxb_edges e;
    cxb_status st;
    cxb_gen_cuda_opts copts = {0, 0, 0.0, 0.0};
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
