/* graph_io: the readers and writers (docs/studies/graph.md) - SNAP details (comments, CRLF,
 * no final newline, tabs, extra columns, the largest id), every parse error with its exact
 * message and line, Matrix Market of each field and symmetry, .cxg validation (truncated,
 * flipped bytes, bad header, flags that lie), and random graphs round-tripped snap -> mtx -> cxg with the
 * same CSR arrays and fingerprint, including text files larger than the 8 MiB read
 * buffer so lines straddle block boundaries. Fresh seed printed; CXB_TEST_SEED repeats. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "cxb/graph/graph.h"

static char dir[64];
static uint64_t rng_state;
static uint64_t rnd(void) { return cxb_mix64(rng_state += 0x9e3779b97f4a7c15ull); }

static const char *path_of(const char *name)
{
    static char p[2][128];
    static int k;
    k ^= 1;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static void put_file(const char *name, const char *text, size_t len)
{
    FILE *f = fopen(path_of(name), "wb");
    CHECK(f && fwrite(text, 1, len, f) == len);
    fclose(f);
}

/* Reads text as a file named name with options o; returns the status. */
static cxb_status read_text(const char *name, const char *text, const cxb_graph_opts *o,
                            cxb_csr *g)
{
    put_file(name, text, strlen(text));
    cxb_graph_opts d;
    cxb_graph_opts_init(&d);
    return cxb_graph_read(path_of(name), o ? o : &d, g, NULL);
}

/* The error message without the directory prefix. */
static const char *msg(void)
{
    const char *m = cxb_last_error();
    size_t l = strlen(dir);
    return strncmp(m, dir, l) == 0 ? m + l + 1 : m;
}

static void expect_error(const char *name, const char *text, const cxb_graph_opts *o,
                         const char *want)
{
    cxb_csr g;
    cxb_status st = read_text(name, text, o, &g);
    CHECK_MSG(st == CXB_EINPUT && !strcmp(msg(), want), "%s: got %d [%s] want [%s]", name, st,
              msg(), want);
    CHECK(g.off == NULL);
}

static int same_csr(const cxb_csr *a, const cxb_csr *b)
{
    return a->n == b->n && a->m == b->m && a->nnz == b->nnz &&
           !memcmp(a->off, b->off, (a->n + 1) * 8) && !memcmp(a->adj, b->adj, a->nnz * 4) &&
           cxb_edgeset_hash(a) == cxb_edgeset_hash(b);
}

static void check_snap(void)
{
    cxb_csr g;
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    /* comments (# and %), blank lines, CRLF, tabs and spaces, leading zeros, extra columns,
     * a duplicate in the other orientation, a self-loop, no final newline */
    const char *t = "# Nodes: 99 Edges: 1\n% konect\n\n  \t\n0 1\r\n 1\t\t002 0.5 17\r\n"
                    "2 1\n3 3\n  004   0\t  ";
    CHECK(read_text("a.el", t, NULL, &g) == CXB_OK);
    CHECK(g.n == 5 && g.m == 3 && g.stats.pairs_read == 5 && g.stats.self_loops_removed == 1 &&
          g.stats.duplicates_removed == 1 && g.stats.extra_columns_ignored == 2);
    cxb_csr_free(&g);
    /* an empty file and a file of comments only: the empty graph; --n gives isolated ones */
    CHECK(read_text("e.el", "", NULL, &g) == CXB_OK && g.n == 0 && g.m == 0);
    cxb_csr_free(&g);
    CHECK(read_text("c.el", "# only\n# comments\n", NULL, &g) == CXB_OK && g.n == 0);
    cxb_csr_free(&g);
    o.have_n = 1;
    o.n = 7;
    CHECK(read_text("n.el", "0 1\n", &o, &g) == CXB_OK && g.n == 7 && g.m == 1);
    cxb_csr_free(&g);
    o.n = 1;
    CHECK(read_text("one.el", "0 0\n", &o, &g) == CXB_OK && g.n == 1 && g.m == 0);
    cxb_csr_free(&g);
    /* the largest id is valid (checked on the tuples: n = 2^32-1 would need 32 GiB of
     * offsets), and with compact ids it builds */
    FILE *f = fmemopen((void *)"4294967294 0\n", 13, "r");
    cxb_edges e;
    cxb_build_stats st;
    cxb_graph_opts_init(&o);
    CHECK(cxb_snap_parse(f, "big.el", &o, &e, &st) == CXB_OK);
    CHECK(e.n == CXB_N_MAX && e.count == 1 && e.key[0] == cxb_edge_key(CXB_VID_MAX, 0));
    fclose(f);
    cxb_edges_free(&e);
    o.ids = CXB_IDS_COMPACT;
    CHECK(read_text("big.el", "4294967294 0\n4294967294 10\n", &o, &g) == CXB_OK);
    CHECK(g.n == 3 && g.m == 2 && g.ids && g.ids[2] == CXB_VID_MAX && g.ids[1] == 10);
    cxb_csr_free(&g);

    /* docs/studies/graph.md, message for message */
    expect_error("t.el", "0 1\n1 2\n12abc 3\n", NULL,
                 "t.el:3: expected a vertex id, found \"12abc\"");
    expect_error("t.el", "0 1\n3 4x\n", NULL, "t.el:2: expected a vertex id, found \"4x\"");
    expect_error("t.el", "-1 2\n", NULL, "t.el:1: expected a vertex id, found \"-1\"");
    expect_error("t.el", "+1 2\n", NULL, "t.el:1: expected a vertex id, found \"+1\"");
    expect_error("t.el", "0x1 2\n", NULL, "t.el:1: expected a vertex id, found \"0x1\"");
    expect_error("t.el", "1.5 2\n", NULL, "t.el:1: expected a vertex id, found \"1.5\"");
    expect_error("t.el", "# c\r\n5\r\n", NULL, "t.el:2: expected two vertex ids, found one");
    expect_error("t.el", "0 1\n\n7", NULL, "t.el:3: expected two vertex ids, found one");
    expect_error("t.el", "1 4294967295\n", NULL,
                 "t.el:1: vertex id 4294967295 exceeds the 32-bit limit 4294967294");
    expect_error("t.el", "1 99999999999999999999999\n", NULL,
                 "t.el:1: vertex id 99999999999999999999999 exceeds the 32-bit limit 4294967294");
    cxb_graph_opts_init(&o);
    o.have_n = 1;
    o.n = 1000;
    expect_error("t.el", "1 2\n999 1000\n", &o, "t.el:2: vertex id 1000 is not below --n 1000");
    o.n = 4294967296ull;
    expect_error("t.el", "1 2\n", &o, "t.el: 4294967296 vertices exceed the 32-bit id space");
    /* a line longer than 64 KiB, inside a block and as the unfinished tail */
    size_t big = 70000;
    char *longl = malloc(big + 16);
    strcpy(longl, "0 1\n1 2");
    memset(longl + 7, ' ', big);
    strcpy(longl + 7 + big, " \n");
    expect_error("t.el", longl, NULL, "t.el:2: line longer than 65536 bytes");
    longl[7 + big] = '\0';
    memset(longl + 4, '#', 1);
    expect_error("t.el", longl, NULL, "t.el:2: line longer than 65536 bytes");
    free(longl);
    /* files that cannot be read */
    cxb_graph_opts_init(&o);
    CHECK(cxb_graph_read(path_of("missing.el"), &o, &g, NULL) == CXB_EINPUT);
    CHECK(!strcmp(msg(), "missing.el: cannot open: No such file or directory"));
    CHECK(cxb_graph_read(dir, &o, &g, NULL) == CXB_EINPUT);
}

/* The same graph (triangle 1-2-3 plus 3-4, n = 5) in every field and symmetry. */
static void check_mtx(void)
{
    static const char *const heads[] = {
        "%%MatrixMarket matrix coordinate pattern symmetric\n",
        "%%matrixmarket MATRIX Coordinate Pattern General\n",
        "%%MatrixMarket matrix coordinate integer skew-symmetric\n",
        "%%MatrixMarket matrix coordinate real hermitian\n"};
    static const char *const vals[] = {"", "", " -3", " 1.5e-3"}; /* complex: refused */
    cxb_csr ref = {0};
    for (int h = 0; h < 4; ++h)
        for (int both = 0; both < 2; ++both) {
            char t[1024];
            int k = snprintf(t, sizeof t, "%s%% a comment\n\n%%another\n5 5 %d\n", heads[h],
                             both ? 9 : 5);
            static const int ij[][2] = {{2, 1}, {3, 2}, {3, 1}, {4, 3}, {3, 3}};
            for (int i = 0; i < 5; ++i)
                k += snprintf(t + k, sizeof t - (size_t)k, "%d %d%s\r\n", ij[i][0], ij[i][1],
                              vals[h]);
            for (int i = 0; both && i < 4; ++i) /* general storage: the other triangle too */
                k += snprintf(t + k, sizeof t - (size_t)k, "%d\t%d%s\n", ij[i][1], ij[i][0],
                              vals[h]);
            cxb_csr g;
            cxb_graph_read_info ri;
            put_file("m.mtx", t, (size_t)k);
            cxb_graph_opts o;
            cxb_graph_opts_init(&o);
            CHECK_MSG(cxb_graph_read(path_of("m.mtx"), &o, &g, &ri) == CXB_OK, "%s", msg());
            CHECK(ri.format == CXB_GRAPH_MTX && g.n == 5 && g.m == 4 &&
                  g.stats.self_loops_removed == 1 && g.stats.duplicates_removed == (both ? 4u : 0u));
            if (ref.off) {
                CHECK_MSG(same_csr(&g, &ref), "header %d both %d", h, both);
                cxb_csr_free(&g);
            } else
                ref = g;
        }
    cxb_csr_free(&ref);

    const char *P = "%%MatrixMarket matrix coordinate pattern general\n";
    char t[512];
#define MTX(body) (snprintf(t, sizeof t, "%s%s", P, body), t)
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate pattern\n2 2 0\n", NULL,
                 "a.mtx:1: expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"");
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate boolean general\n2 2 0\n", NULL,
                 "a.mtx:1: expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"");
    expect_error("a.mtx", "%%MatrixMarket vector coordinate real general\n2 2 0\n", NULL,
                 "a.mtx:1: expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"");
    expect_error("a.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n", NULL,
                 "a.mtx:1: array (dense) format is not supported; use coordinate");
    expect_error("a.mtx", MTX("% c\n100 120 1\n1 2\n"), NULL,
                 "a.mtx:3: matrix is 100 x 120; a graph needs a square matrix");
    expect_error("a.mtx", MTX("3 3 2\n1 2\n0 1\n"), NULL, "a.mtx:4: row index 0 outside 1..3");
    expect_error("a.mtx", MTX("3 3 2\n1 2\n1 4\n"), NULL, "a.mtx:4: column index 4 outside 1..3");
    expect_error("a.mtx", MTX("3 3 2\n1 2\n1 -2\n"), NULL,
                 "a.mtx:4: expected a column index, found \"-2\"");
    expect_error("a.mtx", MTX("3 3 2\n1 x2\n"), NULL,
                 "a.mtx:3: expected a column index, found \"x2\"");
    expect_error("a.mtx", MTX("3 3 3\n1 2\n2 3\n"), NULL,
                 "a.mtx: size line declares 3 entries, found 2");
    expect_error("a.mtx", MTX("3 3 1\n1 2\n2 3\n"), NULL,
                 "a.mtx: size line declares 1 entries, found 2");
    expect_error("a.mtx", MTX("3 3 1\n1\n"), NULL, "a.mtx:3: expected two indices, found one");
    expect_error("a.mtx", MTX("3 3\n"), NULL, "a.mtx:2: expected the size line \"M N NNZ\"");
    expect_error("a.mtx", MTX("% just comments\n"), NULL,
                 "a.mtx: missing the size line \"M N NNZ\"");
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n", NULL,
                 "a.mtx:3: field \"real\" needs a value after the two indices");
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate complex general\n3 3 1\n1 2 1\n",
                 NULL, "a.mtx:1: field 'complex' is not supported (expected pattern, integer or real)");
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 1.2.3\n",
                 NULL, "a.mtx:3: expected a numeric value, found \"1.2.3\"");
    expect_error("a.mtx", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n",
                 NULL, "a.mtx:3: expected an integer value, found \"1.5\"");
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    o.format = CXB_GRAPH_MTX; /* forced on a file without a banner */
    expect_error("a.mtx", "1 2\n", &o,
                 "a.mtx:1: expected \"%%MatrixMarket matrix coordinate <field> <symmetry>\"");
    o.format = CXB_GRAPH_AUTO;
    o.have_n = 1;
    o.n = 3;
    expect_error("a.mtx", MTX("3 3 0\n"), &o,
                 "a.mtx: --n does not apply: Matrix Market files give n");
#undef MTX
}

/* A random graph with the given shape, built from random tuples. */
static cxb_csr random_graph(uint64_t n, uint64_t tuples, int multi)
{
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = n;
    for (uint64_t i = 0; n && i < tuples; ++i)
        CHECK(cxb_edges_push(&e, (cxb_vid)(rnd() % n), (cxb_vid)(rnd() % n)) == CXB_OK);
    cxb_csr g;
    CHECK(cxb_csr_from_edges(&e, multi, &g) == CXB_OK);
    return g;
}

static void check_round_trips(void)
{
    static const cxb_graph_format fmts[] = {CXB_GRAPH_SNAP, CXB_GRAPH_MTX, CXB_GRAPH_CXG};
    static const char *const names[] = {"r.el", "r.mtx", "r.cxg"};
    for (int round = 0; round < 12; ++round) {
        uint64_t n = round == 0 ? 1 : 1 + rnd() % (round < 6 ? 20 : 5000);
        cxb_csr g = random_graph(n, rnd() % (4 * n + 1), 0);
        cxb_csr cur = g; /* snap -> mtx -> cxg -> snap, each read back and compared */
        for (int step = 0; step < 4; ++step) {
            int fi = step % 3;
            cxb_graph_origin origin = {"test", 0, 0, 0};
            CHECK_MSG(cxb_graph_write(path_of(names[fi]), fmts[fi], &cur, &origin) == CXB_OK, "%s",
                      msg());
            cxb_csr back;
            cxb_graph_opts o;
            cxb_graph_opts_init(&o);
            o.have_n = fi == 0; /* isolated top ids survive a SNAP file only with --n */
            o.n = g.n;
            cxb_graph_read_info ri;
            CHECK_MSG(cxb_graph_read(path_of(names[fi]), &o, &back, &ri) == CXB_OK, "%s", msg());
            CHECK(ri.format == fmts[fi]);
            CHECK_MSG(same_csr(&back, &g), "round %d step %d (%s)", round, step, names[fi]);
            CHECK(cxb_csr_check(&back) == CXB_OK);
            if (step > 0)
                cxb_csr_free(&cur);
            cur = back;
        }
        cxb_csr_free(&cur);
        /* the .egr bytes: header, offsets, adjacency as int32 */
        CHECK(cxb_graph_write(path_of("r.egr"), CXB_GRAPH_EGR, &g, NULL) == CXB_OK);
        FILE *f = fopen(path_of("r.egr"), "rb");
        int32_t hdr[2];
        CHECK(f && fread(hdr, 4, 2, f) == 2 && hdr[0] == (int32_t)g.n && hdr[1] == (int32_t)g.nnz);
        int32_t *rest = malloc((g.n + 1 + g.nnz + 1) * 4);
        CHECK(fread(rest, 4, g.n + 1 + g.nnz + 1, f) == g.n + 1 + g.nnz);
        for (uint64_t v = 0; v <= g.n; ++v)
            CHECK(rest[v] == (int32_t)g.off[v]);
        CHECK(!memcmp(rest + g.n + 1, g.adj, g.nnz * 4));
        free(rest);
        fclose(f);
        cxb_csr_free(&g);
    }
    /* multigraphs and compacted ids survive .cxg */
    cxb_csr g = random_graph(30, 200, 1), back;
    CHECK(cxb_graph_write(path_of("mg.cxg"), CXB_GRAPH_CXG, &g, NULL) == CXB_OK);
    CHECK(cxb_cxg_read(path_of("mg.cxg"), &back) == CXB_OK && same_csr(&g, &back) &&
          back.flags == g.flags && back.stats.duplicates_removed == g.stats.duplicates_removed);
    cxb_csr_free(&back);
    cxb_csr_free(&g);
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    o.ids = CXB_IDS_COMPACT;
    CHECK(read_text("gap.el", "100 200\n200 3000000000\n7 100\n", &o, &g) == CXB_OK);
    CHECK(cxb_graph_write(path_of("gap.cxg"), CXB_GRAPH_CXG, &g, NULL) == CXB_OK);
    CHECK(cxb_cxg_read(path_of("gap.cxg"), &back) == CXB_OK && same_csr(&g, &back));
    CHECK(back.ids && (back.flags & CXB_CSR_COMPACT_IDS) && !memcmp(back.ids, g.ids, 4 * g.n) &&
          back.ids[3] == 3000000000u);
    cxb_csr_free(&back);
    cxb_csr_free(&g);
}

static uint64_t file_size(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 ? (uint64_t)sb.st_size : 0;
}

static void corrupt_at(const char *src, const char *dst, long at, unsigned char x, long cut)
{
    FILE *f = fopen(path_of(src), "rb");
    static unsigned char buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (at >= 0)
        buf[at] ^= x;
    if (cut >= 0)
        len = (size_t)cut;
    put_file(dst, (const char *)buf, len);
}

static void expect_corrupt(const char *name, const char *why)
{
    cxb_csr g;
    char want[256];
    snprintf(want, sizeof want, "%s: corrupt cache (%s); delete it or regenerate", name, why);
    CHECK_MSG(cxb_cxg_read(path_of(name), &g) == CXB_EINPUT && !strcmp(msg(), want),
              "got [%s] want [%s]", msg(), want);
    CHECK(g.off == NULL);
}

/* An adjacency entry changed to another valid id: the edgeset hash sees it, unless the change
 * made the row unsorted or gave it a parallel arc, which the flag checks see first (which one
 * happens depends on the random graph). */
static void expect_corrupt_entry(const char *name)
{
    cxb_csr g;
    char hash[256], flags[256];
    snprintf(hash, sizeof hash, "%s: corrupt cache (edgeset hash mismatch); delete it or regenerate", name);
    snprintf(flags, sizeof flags, "%s: corrupt cache (row ", name);
    int ok = cxb_cxg_read(path_of(name), &g) == CXB_EINPUT &&
             (!strcmp(msg(), hash) ||
              (!strncmp(msg(), flags, strlen(flags)) && strstr(msg(), ", though the flags say ")));
    CHECK_MSG(ok, "got [%s] want [%s] or a row's flag violation", msg(), hash);
    CHECK(g.off == NULL);
}

static void check_cxg_corrupt(void)
{
    cxb_csr g = random_graph(100, 300, 0), back;
    CHECK(cxb_graph_write(path_of("ok.cxg"), CXB_GRAPH_CXG, &g, NULL) == CXB_OK);
    uint64_t size = file_size(path_of("ok.cxg"));
    uint64_t adj_pos = (256 + 8 * (g.n + 1) + 63) / 64 * 64;
    CHECK(size == adj_pos + 4 * g.nnz);
    corrupt_at("ok.cxg", "trunc.cxg", -1, 0, (long)size - 1);
    expect_corrupt("trunc.cxg", "truncated");
    corrupt_at("ok.cxg", "hdr.cxg", -1, 0, 100);
    expect_corrupt("hdr.cxg", "truncated header");
    corrupt_at("ok.cxg", "magic.cxg", 0, 1, -1);
    expect_corrupt("magic.cxg", "bad magic");
    corrupt_at("ok.cxg", "ver.cxg", 8, 2, -1);
    expect_corrupt("ver.cxg", "unknown version");
    corrupt_at("ok.cxg", "n.cxg", 16, 8, -1); /* n 100 -> 108: adj pos disagrees */
    expect_corrupt("n.cxg", "inconsistent header");
    /* an adjacency entry changed to another valid id: only the hash sees it */
    corrupt_at("ok.cxg", "adj.cxg", (long)adj_pos, 1, -1);
    expect_corrupt_entry("adj.cxg");
    /* the last arc points down (u > v): the edgeset hash proper does not cover it */
    corrupt_at("ok.cxg", "low.cxg", (long)(size - 4), 1, -1);
    expect_corrupt_entry("low.cxg");
    corrupt_at("ok.cxg", "adj2.cxg", (long)adj_pos + 3, 0x80, -1);
    expect_corrupt("adj2.cxg", "vertex id out of range");
    corrupt_at("ok.cxg", "off.cxg", 256 + 8 * 3 + 1, 0x40, -1);
    expect_corrupt("off.cxg", "offsets decrease");
    FILE *f = fopen(path_of("ok.cxg"), "ab");
    fputc(0, f);
    fclose(f);
    expect_corrupt("ok.cxg", "trailing bytes");
    /* flags that lie: every graph study trusts SORTED, SIMPLE and MULTI, so the reader
     * verifies them. Row 1 is [2,0] under SORTED|SIMPLE; parallel arcs 0-1 with MULTI
     * cleared; flags that say neither simple nor multigraph, or not sorted; an id map that
     * is not increasing. Each is written as is (the writer trusts its caller). */
    uint64_t off3[] = {0, 1, 3, 4}, offm[] = {0, 2, 5, 6};
    cxb_vid adj3[] = {1, 2, 0, 1}, adjm[] = {1, 1, 0, 0, 2, 1}, ids3[] = {7, 9, 9};
    cxb_csr lie = {.n = 3, .m = 2, .nnz = 4, .off = off3, .adj = adj3,
                   .flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_SIMPLE};
    CHECK(cxb_graph_write(path_of("unsorted.cxg"), CXB_GRAPH_CXG, &lie, NULL) == CXB_OK);
    expect_corrupt("unsorted.cxg", "row 1 is not sorted, though the flags say so");
    cxb_csr multi = {.n = 3, .m = 3, .nnz = 6, .off = offm, .adj = adjm,
                     .flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_MULTI};
    CHECK(cxb_graph_write(path_of("multi.cxg"), CXB_GRAPH_CXG, &multi, NULL) == CXB_OK);
    CHECK(cxb_cxg_read(path_of("multi.cxg"), &back) == CXB_OK && back.m == 3);
    cxb_csr_free(&back);
    multi.flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_SIMPLE;
    CHECK(cxb_graph_write(path_of("multi_cleared.cxg"), CXB_GRAPH_CXG, &multi, NULL) == CXB_OK);
    expect_corrupt("multi_cleared.cxg", "row 0 has parallel arcs, though the flags say simple");
    multi.flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED;
    CHECK(cxb_graph_write(path_of("multi_neither.cxg"), CXB_GRAPH_CXG, &multi, NULL) == CXB_OK);
    expect_corrupt("multi_neither.cxg", "flags must say sorted rows and either simple or multigraph");
    adj3[1] = 0; /* row 1 [0,2]: sorted, but the flag is cleared */
    adj3[2] = 2;
    lie.flags = CXB_CSR_SYMMETRIC | CXB_CSR_SIMPLE;
    CHECK(cxb_graph_write(path_of("unflagged.cxg"), CXB_GRAPH_CXG, &lie, NULL) == CXB_OK);
    expect_corrupt("unflagged.cxg", "flags must say sorted rows and either simple or multigraph");
    lie.flags = CXB_CSR_SYMMETRIC | CXB_CSR_SORTED | CXB_CSR_SIMPLE | CXB_CSR_COMPACT_IDS;
    lie.ids = ids3;
    CHECK(cxb_graph_write(path_of("ids.cxg"), CXB_GRAPH_CXG, &lie, NULL) == CXB_OK);
    expect_corrupt("ids.cxg", "original-id map is not increasing");
    ids3[2] = 10;
    CHECK(cxb_graph_write(path_of("ids.cxg"), CXB_GRAPH_CXG, &lie, NULL) == CXB_OK);
    CHECK_MSG(cxb_cxg_read(path_of("ids.cxg"), &back) == CXB_OK && back.ids[2] == 10, "%s", msg());
    cxb_csr_free(&back);
    /* a corrupt .cxg given as the input is an error through cxb_graph_read too */
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    CHECK(cxb_graph_read(path_of("adj.cxg"), &o, &back, NULL) == CXB_EINPUT);
    cxb_csr_free(&g);
}

/* A text file larger than the read buffer, with random spacing, comments, CRLF and
 * extra columns, against the CSR built directly from the same tuples. */
static void check_large_text(void)
{
    uint64_t n = 1 + rnd() % 200000, tuples = 1200000;
    cxb_edges e;
    cxb_edges_init(&e);
    e.n = 0;
    FILE *f = fopen(path_of("big.el"), "wb");
    static const char *const sep[] = {" ", "\t", "  ", " \t "};
    uint64_t maxid = 0, extra = 0;
    for (uint64_t i = 0; i < tuples; ++i) {
        uint64_t r = rnd();
        cxb_vid u = (cxb_vid)(rnd() % n), v = (cxb_vid)(rnd() % n);
        if (r % 50 == 0)
            fputs("# a comment line between edges\n", f);
        fprintf(f, "%s%u%s%u", r & 256 ? " " : "", u, sep[(r >> 1) % 4], v);
        if (r % 7 == 0) {
            fputs(" 3.25", f);
            ++extra;
        }
        fputs(r & 512 ? "\r\n" : "\n", f);
        CHECK(cxb_edges_push(&e, u, v) == CXB_OK);
        maxid = u > maxid ? u : maxid;
        maxid = v > maxid ? v : maxid;
    }
    fclose(f);
    CHECK(file_size(path_of("big.el")) > (9u << 20));
    e.n = maxid + 1;
    cxb_csr ref, g;
    CHECK(cxb_csr_from_edges(&e, 0, &ref) == CXB_OK);
    cxb_graph_opts o;
    cxb_graph_opts_init(&o);
    CHECK_MSG(cxb_graph_read(path_of("big.el"), &o, &g, NULL) == CXB_OK, "%s", msg());
    CHECK(same_csr(&g, &ref) && g.stats.pairs_read == tuples &&
          g.stats.extra_columns_ignored == extra &&
          g.stats.duplicates_removed == ref.stats.duplicates_removed);
    cxb_csr_free(&g);
    cxb_csr_free(&ref);
}

int main(void)
{
    const char *s = getenv("CXB_TEST_SEED");
    uint64_t seed = s ? strtoull(s, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
    printf("graph_io: seed %llu (CXB_TEST_SEED=%llu repeats this run)\n",
           (unsigned long long)seed, (unsigned long long)seed);
    rng_state = seed;
    strcpy(dir, "/tmp/cxb_graph_io.XXXXXX");
    if (!mkdtemp(dir))
        SKIP("no temporary directory");
    check_snap();
    check_mtx();
    check_round_trips();
    check_cxg_corrupt();
    check_large_text();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    CHECK_DONE();
}
