/* prng_quality_knuth: the poker, coupon-collector, maximum-of-t and random-walk tests of the
 * in-house battery (knuth.c) and their laws (pvalue.c) against answers computed here
 * independently:
 *   - the laws against brute-force enumeration of every outcome for small parameters (all
 *     d^k poker hands, all 3^12 coupon sequences, all 2^16 walks, whose five statistics are
 *     recomputed here by a separate loop), against Stirling numbers in exact integer
 *     arithmetic (Knuth 3.3.2 D and E's formulas), against Feller's closed forms for the
 *     walk at L = 150 (the battery's length), and at large sizes (hands of 1024, walks of
 *     512 steps) against inclusion-exclusion and Feller's mean number of returns;
 *   - each test's statistic against its law: a source that enumerates every outcome once
 *     gives counts exactly proportional to the law, so chi-square 0 and p = 1;
 *   - the battery's sizes: a good source (Philox4x32-10 on a counter) passes every new test,
 *     a deliberately biased one fails it (p < 1e-10), and degenerate inputs (a constant
 *     source; n = 1) give a value, never a hang or a crash. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cxb/rng/philox.h"
#include "quality/battery.h"
#include "quality/pvalue.h"

#define NEAR(a, b, rel) (fabs((a) - (b)) <= (rel) * fabs(b) + 1e-300)

/* Stirling numbers of the second kind S(n, k), n <= 25 (all fit in 64 bits: Bell(25) =
 * 4.6e18), by S(n, k) = k S(n-1, k) + S(n-1, k-1). */
static uint64_t S2[26][26];
static void stirling_init(void)
{
    S2[0][0] = 1;
    for (unsigned n = 1; n <= 25; ++n)
        for (unsigned k = 1; k <= n; ++k)
            S2[n][k] = k * S2[n - 1][k] + S2[n - 1][k - 1];
}

/* p(n, k) = C(n, (n+k)/2) 2^-n (Feller's p_{n,k}), 0 unless n + k even and |k| <= n */
static double feller_p(int n, int k)
{
    if (k < 0)
        k = -k;
    if (k > n || (n + k) % 2)
        return 0.0;
    int h = (n + k) / 2;
    return exp(lgamma(n + 1.0) - lgamma(h + 1.0) - lgamma(n - h + 1.0) - n * log(2.0));
}

static void check_poker_laws(void)
{
    /* enumeration: every hand of k values in [0, d) */
    static const unsigned dk[][2] = {{4, 6}, {5, 6}, {2, 9}, {7, 4}, {1, 3}};
    for (unsigned c = 0; c < 5; ++c) {
        unsigned d = dk[c][0], k = dk[c][1], total = 1;
        for (unsigned i = 0; i < k; ++i)
            total *= d;
        double cnt[16] = {0}, prob[16];
        for (unsigned h = 0; h < total; ++h) {
            unsigned seen = 0, x = h;
            for (unsigned i = 0; i < k; ++i, x /= d)
                seen |= 1u << (x % d);
            cnt[__builtin_popcount(seen)] += 1.0;
        }
        cxq_poker_prob(d, k, prob);
        for (unsigned r = 0; r <= k; ++r)
            CHECK_MSG(NEAR(prob[r], cnt[r] / total, 1e-13), "poker d %u k %u r %u: %.17g vs %.17g", d, k, r,
                      prob[r], cnt[r] / total);
    }
    /* Knuth's formula d (d-1) ... (d-r+1) S(k, r) / d^k, exact integers, for d = 64 */
    double prob[65];
    cxq_poker_prob(64, 25, prob);
    for (unsigned r = 1; r <= 25; ++r) {
        double f = (double)S2[25][r];
        for (unsigned i = 0; i < r; ++i)
            f *= (64.0 - i) / 64.0;
        f *= pow(64.0, -(double)(25 - r));
        CHECK_MSG(NEAR(prob[r], f, 1e-12), "poker 64/25 r %u: %.17g vs %.17g", r, prob[r], f);
    }
    /* the battery's d = k = 64: sums to 1, mean d (1 - (1 - 1/d)^k) */
    cxq_poker_prob(64, 64, prob);
    double sum = 0, mean = 0;
    for (unsigned r = 0; r <= 64; ++r) {
        sum += prob[r];
        mean += r * prob[r];
    }
    CHECK(NEAR(sum, 1.0, 1e-13));
    CHECK(NEAR(mean, 64.0 * (1.0 - pow(63.0 / 64.0, 64)), 1e-12));
    /* long hands (k = 1024): nearly always all 64 values; P(r = 64) by inclusion-exclusion,
     * sum_j (-1)^j C(64, j) (1 - j/64)^1024 */
    static double big[1025];
    cxq_poker_prob(64, 1024, big);
    double all = 0;
    for (unsigned j = 0; j <= 64; ++j)
        all += (j % 2 ? -1.0 : 1.0) * exp(lgamma(65.0) - lgamma(j + 1.0) - lgamma(65.0 - j)) * pow(1.0 - j / 64.0, 1024);
    CHECK_MSG(NEAR(big[64], all, 1e-12), "poker 64/1024: %.17g vs %.17g", big[64], all);
    sum = 0;
    for (unsigned r = 0; r <= 1024; ++r)
        sum += big[r];
    CHECK(NEAR(sum, 1.0, 1e-13));
    /* a hand of one value: one distinct value, whatever d */
    cxq_poker_prob(64, 1, prob);
    CHECK(prob[0] == 0.0 && prob[1] == 1.0);
}

static void check_coupon_laws(void)
{
    /* enumeration: all 3^12 sequences over 3 values; the first segment's length, or >= 13 */
    enum { D = 3, T = 13, LEN = 12 };
    unsigned total = 531441; /* 3^12 */
    double cnt[T + 1] = {0}, prob[T + 1];
    for (unsigned h = 0; h < total; ++h) {
        unsigned seen = 0, x = h, len = T;
        for (unsigned i = 0; i < LEN; ++i, x /= D) {
            seen |= 1u << (x % D);
            if (seen == 7u) {
                len = i + 1;
                break;
            }
        }
        cnt[len] += 1.0;
    }
    cxq_coupon_prob(D, T, prob);
    for (unsigned l = 0; l <= T; ++l)
        CHECK_MSG(NEAR(prob[l], cnt[l] / total, 1e-13), "coupon d 3 l %u: %.17g vs %.17g", l, prob[l],
                  cnt[l] / total);
    /* Knuth's q_r = d! / d^r S(r-1, d-1), d = 16 (the battery's), r <= 26 */
    static double p16[4097];
    cxq_coupon_prob(16, 26, p16);
    for (unsigned l = 16; l < 26; ++l) {
        double f = (double)S2[l - 1][15];
        for (unsigned i = 1; i <= 16; ++i)
            f *= i / 16.0;
        f *= pow(16.0, -(double)(l - 16));
        CHECK_MSG(NEAR(p16[l], f, 1e-12), "coupon 16 l %u: %.17g vs %.17g", l, p16[l], f);
    }
    for (unsigned l = 0; l < 16; ++l)
        CHECK(p16[l] == 0.0);
    /* at t = 4096 the tail is nil: the law sums to 1 with mean d H_d */
    cxq_coupon_prob(16, 4096, p16);
    double sum = 0, mean = 0, hd = 0;
    for (unsigned l = 0; l < 4096; ++l) {
        sum += p16[l];
        mean += l * p16[l];
    }
    for (unsigned i = 1; i <= 16; ++i)
        hd += 1.0 / i;
    CHECK(NEAR(sum + p16[4096], 1.0, 1e-13));
    CHECK(NEAR(mean, 16.0 * hd, 1e-12));
    /* the tail is summed, not subtracted: at t = 400 it is (15/16)^399 16 to leading order */
    cxq_coupon_prob(16, 400, p16);
    CHECK_MSG(p16[400] > 0.5 * 16 * pow(15.0 / 16, 399) && p16[400] < 1.5 * 16 * pow(15.0 / 16, 399),
              "coupon tail %g", p16[400]);
}

/* the five statistics of one walk given as bits (bit L-1 first), computed directly */
static void walk_stats(uint32_t bits, unsigned L, unsigned st[5])
{
    int S[33];
    S[0] = 0;
    for (unsigned i = 1; i <= L; ++i)
        S[i] = S[i - 1] + (((bits >> (L - i)) & 1u) ? 1 : -1);
    memset(st, 0, 5 * sizeof *st);
    for (unsigned i = 1; i <= L; ++i) {
        st[0] += S[i] > S[i - 1];                               /* H */
        st[1] = S[i] > (int)st[1] ? (unsigned)S[i] : st[1];     /* M */
        st[2] += S[i - 1] > 0 || S[i] > 0;                      /* J */
        st[3] += S[i] == 0;                                     /* R */
        st[4] += i < L && S[i] == 0 && S[i - 1] * S[i + 1] < 0; /* C */
    }
}

static void check_walk_laws(void)
{
    /* enumeration of the 2^16 walks of 16 steps */
    double cnt[5][17] = {{0}}, prob[151];
    for (uint32_t w = 0; w < 65536; ++w) {
        unsigned st[5];
        walk_stats(w, 16, st);
        for (int s = 0; s < 5; ++s)
            cnt[s][st[s]] += 1.0;
    }
    for (int s = 0; s < 5; ++s) {
        CHECK(cxq_walk_prob(16, s, prob) == 0);
        for (unsigned v = 0; v <= 16; ++v)
            CHECK_MSG(NEAR(prob[v], cnt[s][v] / 65536, 1e-13), "walk 16 stat %d v %u: %.17g vs %.17g", s, v,
                      prob[v], cnt[s][v] / 65536);
    }
    /* Feller's closed forms at the battery's L = 150 */
    const int L = 150;
    for (int s = 0; s < 5; ++s) {
        CHECK(cxq_walk_prob(L, s, prob) == 0);
        double sum = 0;
        for (int v = 0; v <= L; ++v) {
            double f;
            switch (s) {
            case CXQ_WALK_H: f = cxq_binom_pmf(L, v, 0.5); break;
            case CXQ_WALK_M: f = feller_p(L, v) + feller_p(L, v + 1); break;
            case CXQ_WALK_J: f = v % 2 ? 0.0 : feller_p(v, 0) * feller_p(L - v, 0); break;
            case CXQ_WALK_R: f = v <= L / 2 ? feller_p(L - v, v) : 0.0; break;
            default: f = 2.0 * feller_p(L - 1, 2 * v + 1); break;
            }
            CHECK_MSG(NEAR(prob[v], f, 1e-10), "walk 150 stat %d v %d: %.17g vs %.17g", s, v, prob[v], f);
            sum += prob[v];
        }
        CHECK(NEAR(sum, 1.0, 1e-12));
    }
    /* a long walk (L = 512): still a law, with Feller's mean number of returns
     * E[R] = (L + 1) u(L) - 1 */
    static double big[513];
    for (int s = 0; s < 5; ++s) {
        CHECK(cxq_walk_prob(512, s, big) == 0);
        double sum = 0, mean = 0;
        for (int v = 0; v <= 512; ++v) {
            sum += big[v];
            mean += v * big[v];
        }
        CHECK_MSG(NEAR(sum, 1.0, 1e-12), "walk 512 stat %d sums to %.17g", s, sum);
        if (s == CXQ_WALK_R)
            CHECK_MSG(NEAR(mean, 513.0 * feller_p(512, 0) - 1.0, 1e-11), "walk 512 E[R] %.17g", mean);
    }
    CHECK(cxq_walk_prob(15, CXQ_WALK_M, prob) == -1);
    CHECK(cxq_walk_prob(0, CXQ_WALK_M, prob) == -1);
    CHECK(cxq_walk_prob(16, 7, prob) == -1);
    CHECK(cxq_walk_prob(2, CXQ_WALK_R, prob) == 0 && prob[0] == 0.5 && prob[1] == 0.5);
}

/* ---- sources ---- */

static uint32_t philox_ctr;
static uint32_t philox_next(void *p)
{
    (void)p;
    cxb_philox4x32_ctr c = {{philox_ctr++, 11, 0, 0}};
    cxb_philox4x32_key k = {{3, 5}};
    return cxb_philox4x32_block(c, k, 10).v[0];
}
/* every outcome once: word i = digit i % k of counter i / k in base 2^bits, placed at the
 * bit position the test reads (cxq_bits(x, r, s) with r + s = 32: the low bits) */
typedef struct {
    uint64_t i;
    unsigned bits, k;
} enum_ctx;
static uint32_t enum_next(void *p)
{
    enum_ctx *e = p;
    uint64_t hand = e->i / e->k, digit = e->i % e->k;
    ++e->i;
    return (uint32_t)((hand >> (digit * e->bits)) & ((1u << e->bits) - 1u));
}
/* the top 16 bits are a counter: every 16-step walk once (s = 16) */
static uint32_t walkenum_next(void *p) { return (*(uint32_t *)p)++ << 16; }
/* repeats: every 16th word (on average) is the previous word again */
static uint32_t repeat_next(void *p)
{
    uint32_t *last = p, x = philox_next(NULL);
    if ((x & 15u) == 0)
        return *last;
    return *last = philox_next(NULL);
}
/* one of 8 words has its top bit cleared: maxima a little too small */
static uint32_t lowmax_next(void *p)
{
    (void)p;
    uint32_t x = philox_next(NULL);
    return (philox_next(NULL) & 7u) == 0 ? x & 0x7FFFFFFFu : x;
}
/* each bit 1 with probability 1/2 + 1/32: a walk with drift */
static uint32_t drift_next(void *p)
{
    (void)p;
    uint32_t x = philox_next(NULL);
    return x | (philox_next(NULL) & philox_next(NULL) & philox_next(NULL) & philox_next(NULL));
}
/* steps alternate too often: bit i+1 = not bit i in one pair of 8 (anti-correlated) */
static uint32_t alt_next(void *p)
{
    (void)p;
    uint32_t x = philox_next(NULL), m = philox_next(NULL) & philox_next(NULL) & philox_next(NULL) & 0x55555555u;
    return (x & ~m) | ((~(x << 1)) & m); /* where m is set, bit = not its left neighbour */
}
static uint32_t const_next(void *p) { (void)p; return 0x12345678u; }

static void check_exact_sources(void)
{
    /* poker d = 4 (bits 30-31 dropped: r = 30, s = 2), k = 6: all 4^6 hands */
    enum_ctx e = {0, 2, 6};
    cxq_source src = {enum_next, &e};
    double p = cxq_poker(&src, 4096, 30, 2, 6);
    CHECK_MSG(p > 1.0 - 1e-9, "poker on every hand: p %.17g", p);
    /* maxoft s = 3, t = 3, 4 classes: all 8^3 triples, twice */
    e = (enum_ctx){0, 3, 3};
    p = cxq_maxoft(&src, 1024, 29, 3, 3, 4);
    CHECK_MSG(p > 1.0 - 1e-9, "maxoft on every triple: p %.17g", p);
    /* walk L = 16 on the top 16 bits: all 2^16 walks, one statistic at a time */
    for (int s = 0; s < CXQ_WALK_NSTAT; ++s) {
        uint32_t c = 0;
        cxq_source ws = {walkenum_next, &c};
        p = cxq_walk(&ws, 65536, 0, 16, 16, s);
        CHECK_MSG(p > 1.0 - 1e-9, "walk on every path, stat %d: p %.17g", s, p);
        /* the same paths read 4 bits a word (r = 28, s = 4): 4 words a walk */
        enum_ctx w4 = {0, 4, 4};
        cxq_source s4 = {enum_next, &w4};
        /* enum_next gives digit 0 (the low 4 bits of the path) first; the walk wants the
         * most significant bits first, so a permutation of all paths: still every path once */
        p = cxq_walk(&s4, 65536, 28, 4, 16, s);
        CHECK_MSG(p > 1.0 - 1e-9, "walk on every path, 4 bits a word, stat %d: p %.17g", s, p);
    }
}

typedef double (*test_fn)(const cxq_source *);
static double b_poker_r24(const cxq_source *s) { return cxq_poker(s, 1u << 16, 24, 6, 64); }
static double b_poker_lo4(const cxq_source *s) { return cxq_poker(s, 1u << 18, 28, 4, 16); }
static double b_coupon(const cxq_source *s) { return cxq_coupon(s, 1u << 16, 26, 4); }
static double b_maxoft(const cxq_source *s) { return cxq_maxoft(s, 1u << 19, 0, 32, 6, 1u << 13); }
static double b_walk_h(const cxq_source *s) { return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_H); }
static double b_walk_m(const cxq_source *s) { return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_M); }
static double b_walk_j(const cxq_source *s) { return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_J); }
static double b_walk_r(const cxq_source *s) { return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_R); }
static double b_walk_c(const cxq_source *s) { return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_C); }

static void check_battery_sizes(void)
{
    /* each new test as the battery runs it (battery.c): Philox passes, its biased source
     * fails */
    static const struct {
        const char *name;
        test_fn fn;
        uint32_t (*bad)(void *);
    } t[] = {
        {"poker_r24", b_poker_r24, repeat_next}, {"poker_lo4", b_poker_lo4, repeat_next},
        {"coupon_r26", b_coupon, repeat_next},   {"maxoft_t6", b_maxoft, lowmax_next},
        {"walk_H", b_walk_h, drift_next},        {"walk_M", b_walk_m, drift_next},
        {"walk_J", b_walk_j, drift_next},        {"walk_R", b_walk_r, alt_next},
        {"walk_C", b_walk_c, alt_next},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; ++i) {
        cxq_source good = {philox_next, NULL};
        uint32_t last = 0;
        cxq_source bad = {t[i].bad, &last};
        double pg = t[i].fn(&good), pb = t[i].fn(&bad);
        CHECK_MSG(cxq_verdict(pg) == CXQ_PASS, "%s: philox p %g", t[i].name, pg);
        CHECK_MSG(cxq_verdict(pb) == CXQ_FAIL, "%s: biased source p %g", t[i].name, pb);
        printf("%-11s philox p = %-10.4g biased p = %.3g\n", t[i].name, pg, pb);
    }
}

static void check_degenerate(void)
{
    cxq_source c = {const_next, NULL};
    /* a constant: every hand has 1 value; the coupon never completes (t caps it); the max
     * is always one class; the walk is one path */
    CHECK(cxq_verdict(cxq_poker(&c, 1000, 24, 6, 64)) == CXQ_FAIL);
    CHECK(cxq_verdict(cxq_coupon(&c, 1000, 26, 4)) == CXQ_FAIL);
    CHECK(cxq_verdict(cxq_maxoft(&c, 1000, 0, 32, 6, 64)) == CXQ_FAIL);
    for (int s = 0; s < CXQ_WALK_NSTAT; ++s)
        CHECK(cxq_verdict(cxq_walk(&c, 1000, 0, 30, 150, s)) == CXQ_FAIL);
    /* one group: every class merges into one, nothing is tested: NaN (a fail verdict,
     * never a silent pass), not a crash; n = 0 likewise */
    cxq_source good = {philox_next, NULL};
    CHECK(isnan(cxq_poker(&good, 1, 24, 6, 64)) && isnan(cxq_poker(&good, 0, 24, 6, 64)));
    CHECK(isnan(cxq_coupon(&good, 1, 26, 4)) && isnan(cxq_coupon(&good, 0, 26, 4)));
    CHECK(isnan(cxq_maxoft(&good, 1, 0, 32, 6, 16)) && isnan(cxq_maxoft(&good, 0, 0, 32, 6, 16)));
    CHECK(isnan(cxq_walk(&good, 1, 0, 30, 150, CXQ_WALK_M)) && isnan(cxq_walk(&good, 0, 0, 30, 150, CXQ_WALK_M)));
    /* a tiny but testable sample gives a p-value */
    CHECK(!isnan(cxq_poker(&good, 200, 24, 6, 64)) && !isnan(cxq_walk(&good, 200, 0, 30, 150, CXQ_WALK_M)));
    /* impossible parameters are NaN (a fail verdict), not a silent pass */
    CHECK(isnan(cxq_poker(&good, 10, 24, 7, 64)) && isnan(cxq_coupon(&good, 10, 30, 4)));
    CHECK(isnan(cxq_maxoft(&good, 10, 0, 32, 6, 1)) && isnan(cxq_walk(&good, 10, 0, 30, 151, 0)));
}

int main(void)
{
    stirling_init();
    check_poker_laws();
    check_coupon_laws();
    check_walk_laws();
    check_exact_sources();
    check_degenerate();
    check_battery_sizes();
    CHECK_DONE();
}
