/* cxbench graph info|convert: a graph file's summary, and conversion between the formats
 * (graph.md 11.2, 11.3). Output is "key: value" lines in a fixed order; errors are one
 * "cxbench: error: WHERE: WHAT" line with exit 2 (bad input) or 3 (memory), and convert
 * leaves no output file behind (the writer renames a complete temporary).
 *
 *   cxbench graph info IN [--format F] [--ids asis|compact] [--n N] [--multigraph]
 *                         [--check] [--quiet]
 *   cxbench graph convert IN OUT [--format F] [--ids asis|compact] [--n N]
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

#include "cxb/graph.h"
#include "harness/cli.h"
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

static void print_block(const char *name, cxb_graph_format fmt, const cxb_csr *g)
{
    uint64_t isolated = 0, dmin = 0, dmax = 0;
    for (uint64_t v = 0; v < g->n; ++v) {
        uint64_t d = g->off[v + 1] - g->off[v];
        isolated += d == 0;
        dmin = v == 0 || d < dmin ? d : dmin;
        dmax = d > dmax ? d : dmax;
    }
    printf("graph: %s\nformat: %s\n", name, cxb_graph_format_name(fmt));
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
    print_double("degree_mean", g->n ? (double)g->nnz / (double)g->n : NAN);
    printf("edgeset_hash: 0x%016llx\n", (unsigned long long)cxb_edgeset_hash(g));
}

static double ms(int64_t ns) { return (double)ns / 1e6; }

static int graph_info(int argc, char **argv)
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
    print_block(a.in, ri.format, &g);
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

static int graph_convert(int argc, char **argv)
{
    graph_args a;
    int rc = parse_args(argc, argv, 2, 0, &a);
    if (rc)
        return rc;
    cxb_graph_format out = a.format;
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
    print_block(a.out, out, &g);
    printf("written: %s\n", a.out);
    if (!a.quiet) {
        printf("time_ms: %.3f\n", ms(t2 - t0));
        printf("phase_ms: parse=%.3f csr=%.3f write=%.3f cache=off\n", ms(ri.parse_ns),
               ms(ri.csr_ns), ms(t2 - t1));
    }
    cxb_csr_free(&g);
    return 0;
}

int cxb_cli_graph(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
        return cxb_cli_error(2, "graph: expected a subcommand (info, convert)");
    if (!strcmp(argv[1], "info"))
        return graph_info(argc - 1, argv + 1);
    if (!strcmp(argv[1], "convert"))
        return graph_convert(argc - 1, argv + 1);
    return cxb_cli_error(2, "graph: %s: unknown subcommand (this build has: info, convert)",
                         argv[1]);
}
