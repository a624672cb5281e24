/* prng_rng_kat_data: the one driver of tests/prng/data/rng_kat.txt (the known answers of every
 * generator of CXB_RNG_LIST as data, the Random123 habit of docs/architecture.md; format in the data
 * file's header). It dispatches by generator name through CXB_RNG_LIST for u32 cases, and
 * through a small table for the u64 cases of NR3's 64-bit generators and for the two
 * reference entry points that are not streams (NR3's Ranhash of a given u, TinyMT32's
 * init_by_array). It fails on a malformed line (naming file:line), on an unknown generator,
 * and if a generator of CXB_RNG_LIST has no line at all, so a new generator cannot enter the
 * list without known answers. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cxb/config.h"
#include "cxb/rng/all.h"

#define MAXV 64

typedef struct kase {
    const char *file;
    int line;
    char gen[64];
    uint64_t seed, stream, offset, u;
    int have_seed, have_stream, have_offset, have_u;
    uint32_t key[16];
    uint32_t nkey;
    char type[8];
    char *val[MAXV]; /* the value tokens, as text */
    int nval;
} kase;

/* ---- u32 through the list: one runner per generator ---- */
#define RUN_U32(name, g, kind, streams, chunk)                                                 \
    static void run_u32_##g(uint64_t seed, uint64_t stream, uint64_t offset, int n, uint32_t *out) \
    {                                                                                          \
        cxb_##g##_state s;                                                                     \
        cxb_##g##_init(&s, seed, stream, offset);                                              \
        for (int i = 0; i < n; ++i)                                                            \
            out[i] = cxb_##g##_next_u32(&s);                                                   \
    }
CXB_RNG_LIST(RUN_U32)

typedef struct u32_gen {
    const char *name;
    void (*run)(uint64_t, uint64_t, uint64_t, int, uint32_t *);
    int lines; /* how many data lines name it */
} u32_gen;

#define ENTRY_U32(name, g, kind, streams, chunk) {name, run_u32_##g, 0},
static u32_gen u32_gens[] = {CXB_RNG_LIST(ENTRY_U32)};
#define NGENS (sizeof u32_gens / sizeof u32_gens[0])

/* ---- u64: the generators with a native 64-bit output (NR3's int64()) ---- */
#define RUN_U64(g)                                                                             \
    static void run_u64_##g(uint64_t seed, uint64_t stream, uint64_t offset, int n, uint64_t *out) \
    {                                                                                          \
        cxb_##g##_state s;                                                                     \
        cxb_##g##_init(&s, seed, stream, offset);                                              \
        for (int i = 0; i < n; ++i)                                                            \
            out[i] = cxb_##g##_next_u64(&s);                                                   \
    }
RUN_U64(ran)
RUN_U64(ranq1)
RUN_U64(ranq2)
RUN_U64(ranhash)

static const struct {
    const char *name;
    void (*run)(uint64_t, uint64_t, uint64_t, int, uint64_t *);
} u64_gens[] = {{"ran", run_u64_ran}, {"ranq1", run_u64_ranq1}, {"ranq2", run_u64_ranq2}, {"ranhash", run_u64_ranhash}};

static int parse_u64(const char *t, uint64_t *v)
{
    char *end;
    errno = 0;
    *v = strtoull(t, &end, 0);
    return errno == 0 && end != t && *end == '\0' && t[0] != '-';
}

static void count_line(const char *gen)
{
    size_t len = strcspn(gen, ".");
    for (size_t g = 0; g < NGENS; ++g)
        if (strlen(u32_gens[g].name) == len && !strncmp(u32_gens[g].name, gen, len))
            ++u32_gens[g].lines;
}

/* Parses one non-comment line into k; 0 on a malformed line. */
static int parse_line(char *text, kase *k)
{
    char *save = NULL, *tok = strtok_r(text, " \t\r\n", &save);
    if (!tok || strlen(tok) >= sizeof k->gen)
        return 0;
    strcpy(k->gen, tok);
    while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
        size_t len = strlen(tok);
        if (tok[len - 1] == ':') {
            if (len - 1 >= sizeof k->type)
                return 0;
            memcpy(k->type, tok, len - 1);
            k->type[len - 1] = '\0';
            break;
        }
        char *eq = strchr(tok, '=');
        if (!eq)
            return 0;
        *eq = '\0';
        const char *v = eq + 1;
        if (!strcmp(tok, "seed"))
            k->have_seed = parse_u64(v, &k->seed);
        else if (!strcmp(tok, "stream"))
            k->have_stream = parse_u64(v, &k->stream);
        else if (!strcmp(tok, "offset"))
            k->have_offset = parse_u64(v, &k->offset);
        else if (!strcmp(tok, "u"))
            k->have_u = parse_u64(v, &k->u);
        else if (!strcmp(tok, "key")) {
            char *ks = NULL;
            for (char *kt = strtok_r((char *)v, ",", &ks); kt; kt = strtok_r(NULL, ",", &ks)) {
                uint64_t x;
                if (k->nkey == 16 || !parse_u64(kt, &x) || x > 0xffffffffu)
                    return 0;
                k->key[k->nkey++] = (uint32_t)x;
            }
        } else
            return 0;
    }
    if (!k->type[0])
        return 0;
    while ((tok = strtok_r(NULL, " \t\r\n", &save)) && k->nval < MAXV)
        k->val[k->nval++] = tok;
    return k->nval > 0 && !tok;
}

static void run_case(kase *k)
{
    uint64_t want[MAXV];
    int is_stream = k->have_seed && k->have_stream && k->have_offset;
    if (strcmp(k->type, "f7"))
        for (int i = 0; i < k->nval; ++i)
            if (!parse_u64(k->val[i], &want[i])) {
                CHECK_MSG(0, "%s:%d: bad value '%s'", k->file, k->line, k->val[i]);
                return;
            }
    if (!strcmp(k->type, "u32") && is_stream) {
        for (size_t g = 0; g < NGENS; ++g)
            if (!strcmp(u32_gens[g].name, k->gen)) {
                uint32_t got[MAXV];
                u32_gens[g].run(k->seed, k->stream, k->offset, k->nval, got);
                for (int i = 0; i < k->nval; ++i)
                    CHECK_MSG(got[i] == want[i], "%s:%d: %s output %d: got %u, want %llu", k->file, k->line,
                              k->gen, i, got[i], (unsigned long long)want[i]);
                return;
            }
    } else if (!strcmp(k->type, "u64") && is_stream) {
        for (size_t g = 0; g < sizeof u64_gens / sizeof u64_gens[0]; ++g)
            if (!strcmp(u64_gens[g].name, k->gen)) {
                uint64_t got[MAXV];
                u64_gens[g].run(k->seed, k->stream, k->offset, k->nval, got);
                for (int i = 0; i < k->nval; ++i)
                    CHECK_MSG(got[i] == want[i], "%s:%d: %s output %d: got %llu, want %llu", k->file, k->line,
                              k->gen, i, (unsigned long long)got[i], (unsigned long long)want[i]);
                return;
            }
    } else if (!strcmp(k->type, "u64") && !strcmp(k->gen, "ranhash.hash") && k->have_u) {
        for (int i = 0; i < k->nval; ++i) {
            uint64_t got = cxb_ranhash(k->u + (uint64_t)i);
            CHECK_MSG(got == want[i], "%s:%d: Ranhash(%llu): got %llu", k->file, k->line,
                      (unsigned long long)(k->u + (uint64_t)i), (unsigned long long)got);
        }
        return;
    } else if (!strcmp(k->type, "f7") && !strcmp(k->gen, "tinymt32.by_array") && k->nkey > 0) {
        cxb_tinymt32_state s;
        cxb_tinymt32_init_by_array(&s, cxb_tinymt32_default_params(), k->key, k->nkey);
        for (int i = 0; i < k->nval; ++i) {
            char got[32];
            snprintf(got, sizeof got, "%.7f", cxb_tinymt32_ref_float(&s));
            CHECK_MSG(!strcmp(got, k->val[i]), "%s:%d: float %d: got %s, want %s", k->file, k->line, i, got,
                      k->val[i]);
        }
        return;
    }
#if !CXB_HAVE_MTGP32
    if (!strcmp(k->gen, "mtgp32")) /* built only with the toolkit's parameter table */
        return;
#endif
    CHECK_MSG(0, "%s:%d: no generator '%s' for a '%s' case with these keys", k->file, k->line, k->gen, k->type);
}

int main(int argc, char **argv)
{
    const char *src = getenv("CXB_SOURCE_DIR");
    char path[4096];
    if (argc > 1)
        snprintf(path, sizeof path, "%s", argv[1]);
    else
        snprintf(path, sizeof path, "%s/tests/prng/data/rng_kat.txt", src && *src ? src : CXB_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    char line[4096];
    int lineno = 0, cases = 0;
    while (fgets(line, sizeof line, f)) {
        ++lineno;
        char *p = line + strspn(line, " \t\r\n");
        if (*p == '\0' || *p == '#')
            continue;
        kase k;
        memset(&k, 0, sizeof k);
        k.file = path;
        k.line = lineno;
        if (!parse_line(p, &k)) {
            CHECK_MSG(0, "%s:%d: malformed line", path, lineno);
            continue;
        }
        count_line(k.gen);
        run_case(&k);
        ++cases;
    }
    fclose(f);
    for (size_t g = 0; g < NGENS; ++g)
        CHECK_MSG(u32_gens[g].lines > 0, "%s: no known answer for generator '%s' of CXB_RNG_LIST", path,
                  u32_gens[g].name);
    printf("%d cases from %s\n", cases, path);
    CHECK_DONE();
}
