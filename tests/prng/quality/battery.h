/* tests/prng/quality/battery.h - cxbench's in-house statistical battery (docs/studies/prng.md): small,
 * deterministic versions of the TestU01 / Diehard tests that separate the good generators
 * from the negative controls, sized for CI. Each test reads 32-bit words from a source
 * and returns one p-value (pvalue.h's convention: right tail, both ends suspicious).
 *
 * Sources: G. Marsaglia, Diehard (1995) and "A current view of random number generators"
 * (1985) for birthday spacings and binary ranks; D. E. Knuth, TAOCP vol. 2, 3.3.2 for the
 * gap test; P. L'Ecuyer, R. Simard (2007), "TestU01", ACM TOMS 33(4), and its user guide
 * for the parameterisation (r = bits dropped from the top of each word, s = bits kept):
 * sknuth_Gap, smarsa_BirthdaySpacings, smarsa_MatrixRank, svaria_WeightDistrib,
 * sstring_HammingIndep, scomp_LinearComp; and (knuth.c, Knuth 3.3.2 D, E, F and Feller
 * vol. 1 ch. III) sknuth_SimpPoker, sknuth_CouponCollector, sknuth_MaxOft and
 * swalk_RandomWalk1. Deviations from TestU01: every test is one
 * replication (N = 1) of a statistic with a known distribution, never a second-level test;
 * HammingIndep's classes are quantiles of Binomial(L, 1/2) over non-overlapping block
 * pairs; LinearComp's statistic is the complexity itself, with Rueppel's exact law.
 */
#ifndef CXB_TESTS_QUALITY_BATTERY_H
#define CXB_TESTS_QUALITY_BATTERY_H

#include <stdint.h>

typedef struct cxq_source {
    uint32_t (*next)(void *ctx);
    void *ctx;
} cxq_source;

static inline uint32_t cxq_next(const cxq_source *s)
{
    return s->next(s->ctx);
}

/* The s bits below the top r bits of x (TestU01's (r, s) view of a word). */
static inline uint32_t cxq_bits(uint32_t x, unsigned r, unsigned s)
{
    return (uint32_t)(((uint64_t)(uint32_t)(x << r)) >> (32 - s));
}

/* Mean of u = (x + 1/2) 2^-32 over n words: z test against 1/2, variance 1/12. */
double cxq_mean(const cxq_source *src, uint64_t n);
/* Mean of (u - 1/2)^2 against 1/12, variance 1/180 (uniform moments). */
double cxq_variance(const cxq_source *src, uint64_t n);
/* Chi-square of the 2^k bins of cxq_bits(x, r, k) over n words. */
double cxq_bins(const cxq_source *src, uint64_t n, unsigned r, unsigned k);
/* Birthday spacings: N samples of n birthdays, each the concatenation of `dims`
 * successive words' cxq_bits(x, r, bits) (dims * bits <= 64 bits: a year of 2^(dims bits)
 * days). The number of repeated spacings per sample is about Poisson(n^3 / (4 days));
 * their total is tested against Poisson(N lambda). */
double cxq_birthday(const cxq_source *src, unsigned N, unsigned n, unsigned r, unsigned bits, unsigned dims);
/* Gap test: an event is cxq_bits(x, r, k) == 0 (u in [0, 2^-k) after dropping r bits);
 * ngaps gap lengths against the geometric law, chi-square. */
double cxq_gap(const cxq_source *src, uint64_t ngaps, unsigned r, unsigned k);
/* Weight distribution: the number of events (as cxq_gap) among K words, ngroups times,
 * against Binomial(K, 2^-k), chi-square. */
double cxq_weight(const cxq_source *src, uint64_t ngroups, unsigned r, unsigned k, unsigned K);
/* Binary matrix rank: nmat L x L matrices, each row L / s words' cxq_bits(x, r, s)
 * (L % s == 0). Ranks L, L-1, L-2, <= L-3 against Kovalenko's law by chi-square; when
 * fewer than 5 matrices are expected at <= L-3, the statistic is instead the sum of
 * min(L - rank, 3), with its exact law (a chi-square would merge away the deficient
 * class that matters). */
double cxq_rank(const cxq_source *src, unsigned nmat, unsigned L, unsigned r, unsigned s);
/* Hamming weight dependence: weights of L-bit blocks (L / s words' cxq_bits(x, r, s)),
 * J quantile classes, the J x J table of npairs non-overlapping successive pairs against
 * independence, chi-square (df J^2 - 1: the marginals are known). */
double cxq_hamming_indep(const cxq_source *src, uint64_t npairs, unsigned r, unsigned s, unsigned L, unsigned J);
/* Linear complexity (Berlekamp-Massey over GF(2)) of bit `bit` (0 = least significant)
 * of n successive words, against Rueppel's law; *lc receives the complexity if not NULL. */
double cxq_lincomp(const cxq_source *src, uint64_t n, unsigned bit, uint64_t *lc);

/* ---- knuth.c: poker, coupon collector, maximum-of-t, random walk (Knuth 3.3.2 D, E, F;
 * TestU01's sknuth_SimpPoker, sknuth_CouponCollector, sknuth_MaxOft, swalk_RandomWalk1) ---- */

/* Poker: n groups of k values cxq_bits(x, r, s) (d = 2^s <= 64 values); the number of
 * distinct values in a group against cxq_poker_prob, chi-square. */
double cxq_poker(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned k);
/* Coupon collector: n segments of values cxq_bits(x, r, s) (d = 2^s <= 64), each ending
 * when all d values have appeared; lengths against cxq_coupon_prob, the last class the
 * tail that expects about 10 segments, chi-square. */
double cxq_coupon(const cxq_source *src, uint64_t n, unsigned r, unsigned s);
/* Maximum-of-t: n groups of t integers cxq_bits(x, r, s); the maximum M in d classes of
 * nearly equal probability under P(M < m) = (m / 2^s)^t (exact for the discrete values),
 * chi-square. */
double cxq_maxoft(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned t, unsigned d);
/* Random walk: n walks of L steps (L even), each step one bit of cxq_bits(x, r, s) (most
 * significant first, ceil(L / s) words a walk), +1 for a one; statistic `stat`
 * (CXQ_WALK_H, M, J, R or C of pvalue.h) against cxq_walk_prob, chi-square. */
double cxq_walk(const cxq_source *src, uint64_t n, unsigned r, unsigned s, unsigned L, int stat);

/* Berlekamp-Massey on n bits (bit i of the sequence is bit i % 64 of s[i / 64]): the
 * linear complexity. Returns UINT64_MAX when out of memory. */
uint64_t cxq_berlekamp_massey(const uint64_t *s, uint64_t n);
/* Rank over GF(2) of `rows` rows of `words` 64-bit words each (destroys m). */
unsigned cxq_gf2_rank(uint64_t *m, unsigned rows, unsigned words);

/* ---- the battery: the CI list of (test, parameters) ---- */

typedef struct cxq_test {
    const char *name;  /* the id in tests/prng/quality/expected.txt */
    const char *size;  /* the sample size in words, as written in the matrix */
    double (*run)(const cxq_source *src, uint64_t state_bits);
} cxq_test;

extern const cxq_test cxq_battery[];
extern const unsigned cxq_battery_count;

/* The linear-complexity sequence length for a generator of `state_bits` bits of state:
 * 2 state_bits + 1000 (docs/studies/prng.md), at least 4000. */
uint64_t cxq_lincomp_length(uint64_t state_bits);

#endif
