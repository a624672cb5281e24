/* prng_quality_pvalue: the battery's distributions and exact algorithms against known
 * values: chi-square tails against closed forms (even df: a Poisson sum; df 1 and
 * Q(1/2, x): erfc), the normal quantile 1.96, Diehard's published rank probabilities for
 * 32x32 and 6x8 binary matrices, Rueppel's mean linear complexity, Berlekamp-Massey on
 * sequences of known complexity (an LFSR of a primitive trinomial, a sum of two LFSRs,
 * 0...01), GF(2) rank of known matrices, and the battery tests on synthetic inputs whose
 * answer is known (a constant source fails; a counter fails the gap test). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "cxb/rng/philox.h"
#include "quality/battery.h"
#include "quality/pvalue.h"

#define NEAR(a, b, rel) (fabs((a) - (b)) <= (rel) * fabs(b) + 1e-300)

/* P(chi2_df >= x) for even df by the Poisson identity, independently of the gamma code */
static double chi2_sf_even(double x, unsigned df)
{
    double mx = -INFINITY, sum = 0; /* in logarithms: the terms underflow for large x */
    for (unsigned k = 0; k < df / 2; ++k)
        mx = fmax(mx, -x / 2 + k * log(x / 2) - lgamma(k + 1.0));
    for (unsigned k = 0; k < df / 2; ++k)
        sum += exp(-x / 2 + k * log(x / 2) - lgamma(k + 1.0) - mx);
    return exp(mx + log(sum));
}

/* An LFSR bit stream of x^r + x^s + 1 (s_n = s_{n-r} ^ s_{n-s}), seeded with bit 0 set. */
static void lfsr(uint64_t *bits, uint64_t n, unsigned r, unsigned s, uint32_t seedbits)
{
    memset(bits, 0, (n / 64 + 1) * 8);
    for (uint64_t i = 0; i < n; ++i) {
        unsigned b = i < r ? (i == 0 || ((seedbits >> (i % 32)) & 1u)) : ((bits[(i - r) / 64] >> ((i - r) % 64)) ^ (bits[(i - s) / 64] >> ((i - s) % 64))) & 1u;
        if (b)
            bits[i / 64] |= 1ULL << (i % 64);
    }
}

static uint32_t philox_ctr;
static uint32_t philox_next(void *p)
{
    (void)p;
    cxb_philox4x32_ctr c = {{philox_ctr++, 7, 0, 0}};
    cxb_philox4x32_key k = {{1, 2}};
    return cxb_philox4x32_block(c, k, 10).v[0];
}
static uint32_t const_next(void *p) { (void)p; return 0x9E3779B9u; }
static uint32_t counter_next(void *p) { return (*(uint32_t *)p += 0x01000193u); }

int main(void)
{
    /* incomplete gamma and chi-square */
    CHECK(NEAR(cxq_chi2_sf(3.841458820694124, 1), 0.05, 1e-10));
    CHECK(NEAR(cxq_chi2_sf(6.634896601021214, 1), 0.01, 1e-10));
    CHECK(NEAR(cxq_normal_sf(1.959963984540054), 0.025, 1e-12));
    for (double x = 0.1; x < 60; x *= 1.7) {
        CHECK_MSG(NEAR(cxq_gamma_q(1.0, x), exp(-x), 1e-12), "Q(1,%g)", x);
        CHECK_MSG(NEAR(cxq_gamma_q(0.5, x), erfc(sqrt(x)), 1e-11), "Q(1/2,%g)", x);
        CHECK(NEAR(cxq_gamma_p(1.0, x) + cxq_gamma_q(1.0, x), 1.0, 1e-14));
    }
    static const unsigned dfs[] = {2, 4, 10, 100, 1000};
    for (unsigned i = 0; i < 5; ++i)
        for (double f = 0.3; f < 3; f += 0.35) {
            double x = f * dfs[i];
            CHECK_MSG(NEAR(cxq_chi2_sf(x, dfs[i]), chi2_sf_even(x, dfs[i]), 1e-9), "chi2 df %u x %g: %.15g vs %.15g",
                      dfs[i], x, cxq_chi2_sf(x, dfs[i]), chi2_sf_even(x, dfs[i]));
        }
    CHECK(NEAR(cxq_poisson_cdf(4.0, 2), exp(-4.0) * (1 + 4 + 8), 1e-12));
    CHECK(NEAR(cxq_poisson_sf(4.0, 3), 1 - exp(-4.0) * (1 + 4 + 8), 1e-12));
    CHECK(cxq_poisson_sf(4.0, 0) == 1.0);
    CHECK(NEAR(cxq_binom_pmf(10, 3, 0.5), 120.0 / 1024, 1e-12));

    /* Diehard's rank probabilities: 32x32 (.2888, .5776, .1284, .0053) and 6x8 */
    CHECK(NEAR(cxq_rank_prob(32, 32, 32), 0.2887880950866, 1e-9));
    CHECK(NEAR(cxq_rank_prob(32, 32, 31), 0.5775761901732, 1e-9));
    CHECK(NEAR(cxq_rank_prob(32, 32, 30), 0.1283502644829, 1e-9));
    CHECK(NEAR(cxq_rank_prob(6, 8, 6), 0.773118, 1e-5));
    CHECK(NEAR(cxq_rank_prob(6, 8, 5), 0.217439, 1e-5));
    double s = 0;
    for (unsigned r = 0; r <= 6; ++r)
        s += cxq_rank_prob(6, 8, r);
    CHECK(NEAR(s, 1.0, 1e-12));

    /* Rueppel: E[L_n] = n/2 + (4 + (n mod 2))/18 - 2^-n (n/3 + 2/9); the law sums to 1 */
    for (uint64_t n = 999; n <= 1000; ++n) {
        double sum = 0, mean = 0;
        for (uint64_t l = 0; l <= n; ++l) {
            sum += cxq_lincomp_prob(n, l);
            mean += l * cxq_lincomp_prob(n, l);
        }
        CHECK(NEAR(sum, 1.0, 1e-12));
        CHECK(NEAR(mean, n / 2.0 + (4.0 + (double)(n % 2)) / 18.0, 1e-12));
    }

    /* Berlekamp-Massey */
    static uint64_t bits[(20000 / 64) + 2], other[(20000 / 64) + 2];
    lfsr(bits, 20000, 97, 33, 0x5a5a5a5au);
    CHECK(cxq_berlekamp_massey(bits, 20000) == 97);
    lfsr(bits, 5000, 17, 5, 0x1234u);
    lfsr(other, 5000, 31, 3, 0xdeadbeefu);
    for (unsigned i = 0; i < 5000 / 64 + 1; ++i)
        bits[i] ^= other[i];
    CHECK(cxq_berlekamp_massey(bits, 5000) == 48);
    memset(bits, 0, sizeof bits);
    CHECK(cxq_berlekamp_massey(bits, 777) == 0);
    bits[776 / 64] |= 1ULL << (776 % 64); /* 0...01: complexity n */
    CHECK(cxq_berlekamp_massey(bits, 777) == 777);
    memset(bits, 0, sizeof bits);
    bits[0] = 1; /* 10...0: complexity 1 (s_n = 0 s_{n-1}) */
    CHECK(cxq_berlekamp_massey(bits, 500) == 1);

    /* GF(2) rank */
    uint64_t m[64 * 2];
    memset(m, 0, sizeof m);
    for (unsigned i = 0; i < 64; ++i)
        m[i * 2 + (i & 1)] = 1ULL << i; /* 64 independent rows */
    CHECK(cxq_gf2_rank(m, 64, 2) == 64);
    m[63 * 2] = m[62 * 2] ^ m[61 * 2]; /* row 63 = row 62 + row 61 */
    m[63 * 2 + 1] = m[62 * 2 + 1] ^ m[61 * 2 + 1];
    CHECK(cxq_gf2_rank(m, 64, 2) == 63);
    uint64_t m2[3] = {0x6, 0x3, 0x5}; /* 110, 011, 101: rank 2 */
    CHECK(cxq_gf2_rank(m2, 3, 1) == 2);

    /* battery tests on sources with a known answer */
    cxq_source good = {philox_next, NULL}, cst = {const_next, NULL};
    uint32_t ctr = 0;
    cxq_source cnt = {counter_next, &ctr};
    uint64_t lc = 0;
    double p = cxq_lincomp(&good, 4000, 0, &lc);
    CHECK_MSG(p > 0.001 && p < 0.999 && lc >= 1990 && lc <= 2010, "philox lincomp p %g L %llu", p, (unsigned long long)lc);
    CHECK(cxq_verdict(cxq_mean(&cst, 1000)) == CXQ_FAIL);
    CHECK(cxq_verdict(cxq_rank(&cst, 100, 32, 0, 32)) == CXQ_FAIL);
    CHECK(cxq_verdict(cxq_lincomp(&cst, 4000, 0, NULL)) == CXQ_FAIL);
    CHECK(cxq_verdict(cxq_gap(&cnt, 1u << 12, 0, 4)) == CXQ_FAIL);
    p = cxq_rank(&good, 1000, 32, 0, 32);
    CHECK_MSG(cxq_verdict(p) == CXQ_PASS, "philox rank32 p %g", p);
    p = cxq_birthday(&good, 50, 512, 0, 24, 1);
    CHECK_MSG(cxq_verdict(p) == CXQ_PASS, "philox birthday p %g", p);

    /* verdict thresholds (docs/studies/prng.md) */
    CHECK(cxq_verdict(0.5) == CXQ_PASS && cxq_verdict(0.001) == CXQ_PASS && cxq_verdict(0.999) == CXQ_PASS);
    CHECK(cxq_verdict(0.0009) == CXQ_SUSPECT && cxq_verdict(0.9991) == CXQ_SUSPECT);
    CHECK(cxq_verdict(1e-11) == CXQ_FAIL && cxq_verdict(1.0) == CXQ_FAIL && cxq_verdict(NAN) == CXQ_FAIL);
    CHECK_DONE();
}
