/* tests/prng/quality/battery.c - the tests of the in-house battery and the CI list of them
 * (docs/studies/prng.md; sources and deviations in battery.h). Every test allocates what it needs,
 * returns NaN if it cannot (a NaN verdict is a fail, never a silent pass), and frees it. */
#include "battery.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pvalue.h"

#define TWO_M32 (1.0 / 4294967296.0)

double cxq_mean(const cxq_source *src, uint64_t n)
{
    double sum = 0.0;
    for (uint64_t i = 0; i < n; ++i)
        sum += ((double)cxq_next(src) + 0.5) * TWO_M32 - 0.5;
    double z = sum / sqrt((double)n / 12.0);
    return cxq_normal_sf(z);
}

double cxq_variance(const cxq_source *src, uint64_t n)
{
    double sum = 0.0;
    for (uint64_t i = 0; i < n; ++i) {
        double d = ((double)cxq_next(src) + 0.5) * TWO_M32 - 0.5;
        sum += d * d - 1.0 / 12.0;
    }
    double z = sum / sqrt((double)n / 180.0);
    return cxq_normal_sf(z);
}

double cxq_bins(const cxq_source *src, uint64_t n, unsigned r, unsigned k)
{
    unsigned m = 1u << k;
    uint64_t *count = calloc(m, sizeof *count);
    double *prob = malloc(m * sizeof *prob);
    if (!count || !prob) {
        free(count);
        free(prob);
        return NAN;
    }
    for (uint64_t i = 0; i < n; ++i)
        ++count[cxq_bits(cxq_next(src), r, k)];
    for (unsigned j = 0; j < m; ++j)
        prob[j] = 1.0 / m;
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, m, (double)n, 5.0, &df);
    free(count);
    free(prob);
    return cxq_chi2_sf(x2, df);
}

/* LSD radix sort of n keys of `bits` significant bits, 16 bits a pass (tmp: n words). */
static void radix_sort(uint64_t *a, uint64_t *tmp, size_t n, unsigned bits)
{
    static size_t cnt[1u << 16];
    for (unsigned shift = 0; shift < bits; shift += 16) {
        memset(cnt, 0, sizeof cnt);
        for (size_t i = 0; i < n; ++i)
            ++cnt[(a[i] >> shift) & 0xFFFFu];
        size_t sum = 0;
        for (size_t d = 0; d < (1u << 16); ++d) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; ++i)
            tmp[cnt[(a[i] >> shift) & 0xFFFFu]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
}

double cxq_birthday(const cxq_source *src, unsigned N, unsigned n, unsigned r, unsigned bits, unsigned dims)
{
    unsigned total_bits = bits * dims;
    if (n < 2 || total_bits > 64)
        return NAN;
    uint64_t *b = malloc((size_t)n * sizeof *b), *tmp = malloc((size_t)n * sizeof *tmp);
    if (!b || !tmp) {
        free(b);
        free(tmp);
        return NAN;
    }
    uint64_t collisions = 0;
    for (unsigned rep = 0; rep < N; ++rep) {
        for (unsigned i = 0; i < n; ++i) {
            uint64_t v = 0;
            for (unsigned d = 0; d < dims; ++d)
                v = (v << bits) | cxq_bits(cxq_next(src), r, bits);
            b[i] = v;
        }
        radix_sort(b, tmp, n, total_bits);
        /* spacings (mod the year, so the wrap-around one is the first) */
        uint64_t mask = total_bits == 64 ? ~0ULL : (1ULL << total_bits) - 1u;
        uint64_t first = (b[0] - b[n - 1]) & mask;
        for (unsigned i = n - 1; i > 0; --i)
            b[i] -= b[i - 1];
        b[0] = first;
        radix_sort(b, tmp, n, total_bits);
        for (unsigned i = 1; i < n; ++i)
            collisions += b[i] == b[i - 1];
    }
    free(b);
    free(tmp);
    double days = ldexp(1.0, (int)total_bits);
    double lambda = (double)N * (double)n * n * n / (4.0 * days);
    return cxq_p_discrete(cxq_poisson_sf(lambda, collisions), cxq_poisson_cdf(lambda, collisions));
}

double cxq_gap(const cxq_source *src, uint64_t ngaps, unsigned r, unsigned k)
{
    double beta = ldexp(1.0, -(int)k);
    /* longest class: the tail beyond it expects about 10 gaps */
    unsigned t = (unsigned)fmin(4096.0, ceil(log(10.0 / (double)ngaps) / log1p(-beta)));
    if (t < 1)
        t = 1;
    uint64_t *count = calloc(t + 1, sizeof *count);
    double *prob = malloc((t + 1) * sizeof *prob);
    if (!count || !prob) {
        free(count);
        free(prob);
        return NAN;
    }
    for (uint64_t g = 0; g < ngaps; ++g) {
        unsigned len = 0;
        while (cxq_bits(cxq_next(src), r, k) != 0)
            ++len;
        ++count[len < t ? len : t];
    }
    double q = 1.0;
    for (unsigned j = 0; j < t; ++j) {
        prob[j] = beta * q;
        q *= 1.0 - beta;
    }
    prob[t] = q;
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, t + 1, (double)ngaps, 10.0, &df);
    free(count);
    free(prob);
    return cxq_chi2_sf(x2, df);
}

double cxq_weight(const cxq_source *src, uint64_t ngroups, unsigned r, unsigned k, unsigned K)
{
    uint64_t *count = calloc(K + 1, sizeof *count);
    double *prob = malloc((K + 1) * sizeof *prob);
    if (!count || !prob) {
        free(count);
        free(prob);
        return NAN;
    }
    for (uint64_t g = 0; g < ngroups; ++g) {
        unsigned w = 0;
        for (unsigned i = 0; i < K; ++i)
            w += cxq_bits(cxq_next(src), r, k) == 0;
        ++count[w];
    }
    for (unsigned w = 0; w <= K; ++w)
        prob[w] = cxq_binom_pmf(K, w, ldexp(1.0, -(int)k));
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, K + 1, (double)ngroups, 10.0, &df);
    free(count);
    free(prob);
    return cxq_chi2_sf(x2, df);
}

unsigned cxq_gf2_rank(uint64_t *m, unsigned rows, unsigned words)
{
    unsigned rank = 0;
    for (unsigned col = 0; col < words * 64u && rank < rows; ++col) {
        unsigned w = col >> 6;
        uint64_t bit = 1ULL << (col & 63);
        unsigned p = rank;
        while (p < rows && !(m[(size_t)p * words + w] & bit))
            ++p;
        if (p == rows)
            continue;
        if (p != rank)
            for (unsigned j = 0; j < words; ++j) {
                uint64_t t = m[(size_t)p * words + j];
                m[(size_t)p * words + j] = m[(size_t)rank * words + j];
                m[(size_t)rank * words + j] = t;
            }
        const uint64_t *piv = &m[(size_t)rank * words];
        for (unsigned i = rank + 1; i < rows; ++i) {
            uint64_t *row = &m[(size_t)i * words];
            if (row[w] & bit)
                for (unsigned j = w; j < words; ++j)
                    row[j] ^= piv[j];
        }
        ++rank;
    }
    return rank;
}

/* P(sum of nmat independent deficiencies min(L - rank, 3) <= / >= d) by exact convolution:
 * the rank test's statistic when too few matrices make a chi-square unreliable. */
static double rank_deficit_p(const double q[4], unsigned nmat, uint64_t d)
{
    size_t m = 3u * (size_t)nmat + 1;
    double *f = calloc(m, sizeof *f), *g = calloc(m, sizeof *g);
    if (!f || !g) {
        free(f);
        free(g);
        return NAN;
    }
    f[0] = 1.0;
    for (unsigned k = 0; k < nmat; ++k) {
        memset(g, 0, m * sizeof *g);
        for (size_t j = 0; j <= 3u * (size_t)k; ++j)
            for (unsigned e = 0; e < 4; ++e)
                g[j + e] += f[j] * q[e];
        double *t = f;
        f = g;
        g = t;
    }
    double le = 0.0, ge = 0.0;
    for (size_t j = 0; j < m; ++j) {
        if (j <= d)
            le += f[j];
        if (j >= d)
            ge += f[j];
    }
    free(f);
    free(g);
    return cxq_p_discrete(ge, le);
}

double cxq_rank(const cxq_source *src, unsigned nmat, unsigned L, unsigned r, unsigned s)
{
    if (L % s != 0)
        return NAN;
    unsigned words = (L + 63) / 64, per_row = L / s;
    uint64_t *m = malloc((size_t)L * words * sizeof *m);
    if (!m)
        return NAN;
    uint64_t count[4] = {0, 0, 0, 0}; /* rank <= L-3, L-2, L-1, L */
    uint64_t deficit = 0;              /* sum of min(L - rank, 3) */
    for (unsigned k = 0; k < nmat; ++k) {
        memset(m, 0, (size_t)L * words * sizeof *m);
        for (unsigned i = 0; i < L; ++i)
            for (unsigned j = 0; j < per_row; ++j) {
                uint64_t v = cxq_bits(cxq_next(src), r, s);
                unsigned pos = j * s, b = pos % 64;
                uint64_t *row = &m[(size_t)i * words];
                row[pos / 64] |= v << b;
                if (b + s > 64) /* the s bits straddle two words */
                    row[pos / 64 + 1] |= v >> (64 - b);
            }
        unsigned rk = cxq_gf2_rank(m, L, words);
        unsigned cls = rk + 3 >= L ? rk + 3 - L : 0;
        ++count[cls];
        deficit += 3 - cls;
    }
    free(m);
    double prob[4];
    prob[3] = cxq_rank_prob(L, L, L);
    prob[2] = cxq_rank_prob(L, L, L - 1);
    prob[1] = cxq_rank_prob(L, L, L - 2);
    prob[0] = 1.0 - prob[1] - prob[2] - prob[3];
    if ((double)nmat * prob[0] < 5.0) { /* too few matrices for the chi-square */
        double q[4] = {prob[3], prob[2], prob[1], prob[0]};
        return rank_deficit_p(q, nmat, deficit);
    }
    unsigned df;
    double x2 = cxq_chi2_merged(count, prob, 4, (double)nmat, 5.0, &df);
    return cxq_chi2_sf(x2, df);
}

double cxq_hamming_indep(const cxq_source *src, uint64_t npairs, unsigned r, unsigned s, unsigned L, unsigned J)
{
    if (L % s != 0 || J < 2 || J > 16)
        return NAN;
    /* class of each weight: cut Binomial(L, 1/2) at its J-quantiles */
    unsigned char *cls = malloc(L + 1);
    double cp[16] = {0};
    if (!cls)
        return NAN;
    double cum = 0.0;
    unsigned c = 0;
    for (unsigned w = 0; w <= L; ++w) {
        double p = cxq_binom_pmf(L, w, 0.5);
        cls[w] = (unsigned char)c;
        cp[c] += p;
        cum += p;
        if (cum >= (double)(c + 1) / J && c + 1 < J)
            ++c;
    }
    unsigned classes = c + 1;
    uint64_t tab[256] = {0};
    unsigned per_block = L / s;
    for (uint64_t i = 0; i < npairs; ++i) {
        unsigned w[2];
        for (int b = 0; b < 2; ++b) {
            unsigned ww = 0;
            for (unsigned j = 0; j < per_block; ++j)
                ww += (unsigned)__builtin_popcount(cxq_bits(cxq_next(src), r, s));
            w[b] = cls[ww];
        }
        ++tab[w[0] * classes + w[1]];
    }
    free(cls);
    double x2 = 0.0;
    for (unsigned a = 0; a < classes; ++a)
        for (unsigned b = 0; b < classes; ++b) {
            double e = (double)npairs * cp[a] * cp[b];
            double d = (double)tab[a * classes + b] - e;
            x2 += d * d / e;
        }
    return cxq_chi2_sf(x2, classes * classes - 1);
}

/* 64 bits of a bit array starting at bit p (the array has one spare zero word). */
static inline uint64_t bits_at(const uint64_t *a, uint64_t p)
{
    uint64_t w = p >> 6;
    unsigned b = (unsigned)(p & 63);
    return b ? a[w] >> b | a[w + 1] << (64 - b) : a[w];
}

uint64_t cxq_berlekamp_massey(const uint64_t *s, uint64_t n)
{
    size_t nw = (size_t)(n / 64 + 2);
    uint64_t *rs = calloc(nw, sizeof *rs), *C = calloc(nw, sizeof *C), *B = calloc(nw, sizeof *B),
             *T = calloc(nw, sizeof *T);
    if (!rs || !C || !B || !T) {
        free(rs);
        free(C);
        free(B);
        free(T);
        return UINT64_MAX;
    }
    /* rs[j] = s[n-1-j], so that the discrepancy sum_i c_i s_{N-i} is a word-wise dot
     * product of C with rs from bit n-1-N */
    for (uint64_t j = 0; j < n; ++j) {
        uint64_t i = n - 1 - j;
        if ((s[i >> 6] >> (i & 63)) & 1u)
            rs[j >> 6] |= 1ULL << (j & 63);
    }
    C[0] = B[0] = 1;
    uint64_t L = 0, m = 0, degB = 0;
    int have_m = 0;
    for (uint64_t N = 0; N < n; ++N) {
        uint64_t off = n - 1 - N, acc = 0;
        for (uint64_t w = 0; w <= L / 64; ++w) /* C has no bits above degree L */
            acc ^= C[w] & bits_at(rs, off + 64 * w);
        if (!(__builtin_popcountll(acc) & 1))
            continue;
        uint64_t shift = have_m ? N - m : N + 1; /* B(x) x^(N-m); initially x^(N+1) */
        int grow = 2 * L <= N;
        if (grow)
            memcpy(T, C, (size_t)(L / 64 + 1) * sizeof *T);
        uint64_t ws = shift / 64;
        unsigned bs = (unsigned)(shift % 64);
        for (uint64_t w = 0; w <= degB / 64 && w + ws < nw; ++w) {
            C[w + ws] ^= B[w] << bs;
            if (bs && w + ws + 1 < nw)
                C[w + ws + 1] ^= B[w] >> (64 - bs);
        }
        if (grow) {
            uint64_t oldL = L;
            L = N + 1 - L;
            m = N;
            have_m = 1;
            uint64_t *x = B;
            B = T;
            T = x;
            degB = oldL;
            memset(T, 0, nw * sizeof *T);
        }
    }
    free(rs);
    free(C);
    free(B);
    free(T);
    return L;
}

uint64_t cxq_lincomp_length(uint64_t state_bits)
{
    uint64_t n = 2 * state_bits + 1000;
    return n < 4000 ? 4000 : n;
}

double cxq_lincomp(const cxq_source *src, uint64_t n, unsigned bit, uint64_t *lc)
{
    uint64_t *s = calloc((size_t)(n / 64 + 1), sizeof *s);
    if (!s)
        return NAN;
    for (uint64_t i = 0; i < n; ++i)
        if ((cxq_next(src) >> bit) & 1u)
            s[i >> 6] |= 1ULL << (i & 63);
    uint64_t l = cxq_berlekamp_massey(s, n);
    free(s);
    if (l == UINT64_MAX)
        return NAN;
    if (lc)
        *lc = l;
    double le = 0.0, ge = 0.0;
    for (uint64_t k = 0; k <= n; ++k) {
        double p = cxq_lincomp_prob(n, k);
        if (k <= l)
            le += p;
        if (k >= l)
            ge += p;
    }
    return cxq_p_discrete(ge, le);
}

/* ---- the CI battery (docs/studies/prng.md's table, sized for seconds per generator) ---- */

static double t_mean(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_mean(s, 1u << 22); }
static double t_variance(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_variance(s, 1u << 22); }
static double t_bins_hi8(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_bins(s, 1u << 22, 0, 8); }
static double t_bins_lo8(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_bins(s, 1u << 22, 24, 8); }
static double t_bday_hi24(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_birthday(s, 500, 512, 0, 24, 1); }
static double t_bday_lo24(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_birthday(s, 500, 512, 8, 24, 1); }
static double t_bday_32(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_birthday(s, 64, 4096, 0, 32, 1); }
static double t_bday_2x26(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_birthday(s, 1, 1u << 20, 0, 26, 2); }
static double t_gap_r0(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_gap(s, 1u << 17, 0, 4); }
static double t_gap_r25(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_gap(s, 1u << 17, 25, 5); }
static double t_weight(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_weight(s, 1u << 17, 27, 3, 256); }
static double t_rank32(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_rank(s, 1u << 13, 32, 0, 32); }
static double t_rank60(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_rank(s, 1024, 60, 20, 10); }
static double t_rank256(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_rank(s, 64, 256, 24, 8); }
static double t_rank512(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_rank(s, 32, 512, 24, 8); }
static double t_hamming32(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_hamming_indep(s, 1u << 20, 0, 32, 32, 5); }
static double t_hamming_r25(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_hamming_indep(s, 1u << 15, 25, 5, 300, 5); }
static double t_lc_b0(const cxq_source *s, uint64_t sb) { return cxq_lincomp(s, cxq_lincomp_length(sb), 0, NULL); }
static double t_lc_b2(const cxq_source *s, uint64_t sb) { return cxq_lincomp(s, cxq_lincomp_length(sb), 2, NULL); }

/* Knuth 3.3.2 / SmallCrush's poker, coupon, MaxOft and RandomWalk1 (knuth.c). Parameters are
 * SmallCrush's (bbattery.c: SimpPoker(n 400000, r 24, d 64, k 64), CouponCollector(500000,
 * r 26, d 16), MaxOft(2e6, r 0, d 1e5, t 6), RandomWalk1(1e6, r 0, s 30, L 150)) with smaller
 * n, so that the four cost about 0.15 s of one core a configuration (about 14 Mi words):
 *  - poker_r24: 2^16 hands of 64 (SmallCrush's 400000); chi-square over the distinct counts
 *    (about 28..52 after merging to >= 10 expected);
 *  - poker_lo4: BigCrush's d = k = 16 form on the LOWEST 4 bits (r = 28; BigCrush reads
 *    r = 0 and r = 26), 2^18 hands: the low bits are where LCGs and F2-linear generators
 *    are weakest and no other new test looks there;
 *  - coupon_r26: 2^16 segments (SmallCrush's 500000) of mean length 16 H_16 = 54.1 words;
 *  - maxoft_t6: 2^19 groups of 6 whole words (SmallCrush's 2e6) in 2^13 classes, 64 expected
 *    a class (SmallCrush: 1e5 classes of 20);
 *  - walk_*: 2^17 walks of 150 steps (5 words) for each of H, M, J, R, C, each on its own
 *    walks (SmallCrush: 1e6 walks shared by the five). */
static double t_poker_r24(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_poker(s, 1u << 16, 24, 6, 64); }
static double t_poker_lo4(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_poker(s, 1u << 18, 28, 4, 16); }
static double t_coupon_r26(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_coupon(s, 1u << 16, 26, 4); }
static double t_maxoft_t6(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_maxoft(s, 1u << 19, 0, 32, 6, 1u << 13); }
static double t_walk_h(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_H); }
static double t_walk_m(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_M); }
static double t_walk_j(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_J); }
static double t_walk_r(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_R); }
static double t_walk_c(const cxq_source *s, uint64_t sb) { (void)sb; return cxq_walk(s, 1u << 17, 0, 30, 150, CXQ_WALK_C); }

const cxq_test cxq_battery[] = {
    {"mean", "2^22", t_mean},
    {"variance", "2^22", t_variance},
    {"bins_hi8", "2^22", t_bins_hi8},
    {"bins_lo8", "2^22", t_bins_lo8},
    {"bday_hi24", "500x512", t_bday_hi24},
    {"bday_lo24", "500x512", t_bday_lo24},
    {"bday_32", "64x4096", t_bday_32},
    {"bday_2x26", "2^20x2", t_bday_2x26},
    {"gap_r0_b16", "2^17gaps", t_gap_r0},
    {"gap_r25_b32", "2^17gaps", t_gap_r25},
    {"weight_r27", "2^17x256", t_weight},
    {"rank32", "2^13mats", t_rank32},
    {"rank60_r20s10", "1024mats", t_rank60},
    {"rank256_lo8", "64mats", t_rank256},
    {"rank512_lo8", "32mats", t_rank512},
    {"hamming_w32", "2^20pairs", t_hamming32},
    {"hamming_r25s5", "2^15pairs", t_hamming_r25},
    {"poker_r24", "2^16x64", t_poker_r24},
    {"poker_lo4", "2^18x16", t_poker_lo4},
    {"coupon_r26", "2^16segs", t_coupon_r26},
    {"maxoft_t6", "2^19x6", t_maxoft_t6},
    {"walk_H", "2^17x150", t_walk_h},
    {"walk_M", "2^17x150", t_walk_m},
    {"walk_J", "2^17x150", t_walk_j},
    {"walk_R", "2^17x150", t_walk_r},
    {"walk_C", "2^17x150", t_walk_c},
    {"lincomp_b0", "2S+1000", t_lc_b0},
    {"lincomp_b2", "2S+1000", t_lc_b2},
};
const unsigned cxq_battery_count = sizeof cxq_battery / sizeof cxq_battery[0];
