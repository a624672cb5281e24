/* harness/cli_compare.c - `cxbench compare BASE NEW` (docs/method.md): prints a table per
 * study (point, base median, new median, ratio [CI], adjusted p, verdict), the slope
 * table, the unmatched points and the counts per verdict with the geometric mean of the
 * ratios; exits 0 (no regression), 1 (a REGRESSION or SLOPE-REGRESSION; AMBIGUOUS too
 * with --fail-on-ambiguous) or 2 (could not compare; with --require-all also unmatched
 * or underpowered points; a timed difference NOISY because a side recorded a noise score
 * above CXB_CMP_NOISE_MAX, compare.h, and no regression otherwise). `--accept` (8.5) is not implemented.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/compare.h"
#include "harness/cli.h"
#include "harness/table.h"

static void fmt_value(char *buf, size_t size, double v, int instr, int raw)
{
    if (isnan(v))
        buf[0] = '\0';
    else if (raw)
        snprintf(buf, size, "%.12g", v);
    else if (instr)
        snprintf(buf, size, "%.6g Ir", v);
    else if (v < 1e3)
        snprintf(buf, size, "%.4g ns", v);
    else if (v < 1e6)
        snprintf(buf, size, "%.4g us", v / 1e3);
    else if (v < 1e9)
        snprintf(buf, size, "%.4g ms", v / 1e6);
    else
        snprintf(buf, size, "%.4g s", v / 1e9);
}

static void fmt_num(char *buf, size_t size, double v, const char *f)
{
    if (isnan(v))
        buf[0] = '\0';
    else
        snprintf(buf, size, f, v);
}

static const char *verdict_text(const cxb_cmp_point *p, int md)
{
    if (md && p->verdict == CXB_CMP_AMBIGUOUS && p->underpowered)
        return "AMBIGUOUS (UNDERPOWERED)";
    return cxb_cmp_verdict_names[p->verdict];
}

static int print_md(const cxb_compare *c, const char *base, const char *new_dir)
{
    static const char *const hdr[] = {"point", "impl", "params", "samples", "base median",
                                      "new median", "ratio [95% CI]", "adj. p", "verdict"};
    printf("## compare %s -> %s\n", base, new_dir);
    cxb_status st = CXB_OK;
    /* one table per study, in order of first appearance */
    for (size_t i = 0; i < c->npoints && st == CXB_OK; ++i) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; ++j)
            seen = strcmp(c->points[j].study, c->points[i].study) == 0;
        if (seen)
            continue;
        cxb_grid g;
        st = cxb_grid_init(&g, 9, hdr);
        for (size_t j = i; j < c->npoints && st == CXB_OK; ++j) {
            const cxb_cmp_point *p = &c->points[j];
            if (strcmp(p->study, c->points[i].study) != 0)
                continue;
            char ns[48], bm[48], nm[48], r[96], pa[32];
            snprintf(ns, sizeof ns, "%zu/%zu", p->n_base, p->n_new);
            fmt_value(bm, sizeof bm, p->base_median, p->instr, 0);
            fmt_value(nm, sizeof nm, p->new_median, p->instr, 0);
            if (isnan(p->ratio_lo))
                fmt_num(r, sizeof r, p->ratio, "%.4f");
            else
                snprintf(r, sizeof r, "%.4f [%.4f, %.4f]", p->ratio, p->ratio_lo, p->ratio_hi);
            fmt_num(pa, sizeof pa, p->p_adj, "%.3g");
            const char *row[] = {p->point, p->impl, p->params, ns, bm, nm, r, pa, verdict_text(p, 1)};
            st = cxb_grid_add(&g, row);
        }
        if (st == CXB_OK) {
            printf("\n### %s\n\n", c->points[i].study);
            cxb_grid_write(stdout, &g, CXB_FMT_MD);
        }
        cxb_grid_free(&g);
    }
    if (st == CXB_OK && c->nslopes) {
        static const char *const sh[] = {"series", "x", "base b [95% CI]", "new b [95% CI]", "change",
                                          "verdict"};
        cxb_grid g;
        st = cxb_grid_init(&g, 6, sh);
        for (size_t i = 0; i < c->nslopes && st == CXB_OK; ++i) {
            const cxb_cmp_slope *s = &c->slopes[i];
            char b[96], n[96], d[32];
            snprintf(b, sizeof b, "%.3f [%.3f, %.3f]", s->base_b, s->base_lo, s->base_hi);
            snprintf(n, sizeof n, "%.3f [%.3f, %.3f]", s->new_b, s->new_lo, s->new_hi);
            snprintf(d, sizeof d, "%+.3f", s->delta);
            const char *row[] = {s->series, s->x_param, b, n, d, s->verdict};
            st = cxb_grid_add(&g, row);
        }
        if (st == CXB_OK) {
            printf("\n### slopes\n\n");
            cxb_grid_write(stdout, &g, CXB_FMT_MD);
        }
        cxb_grid_free(&g);
    }
    if (c->slope_note[0])
        printf("\nslopes not compared: %s\n", c->slope_note);
    if (c->nunmatched) {
        printf("\n### unmatched points\n\n");
        for (size_t i = 0; i < c->nunmatched; ++i)
            printf("- %s\n", c->unmatched[i]);
    }
    printf("\nSAME %zu, IMPROVEMENT %zu, REGRESSION %zu, AMBIGUOUS %zu (UNDERPOWERED %zu), NOISY %zu; "
           "SLOPE-REGRESSION %zu, SLOPE-IMPROVEMENT %zu, SLOPE-NOISY %zu; unmatched %zu; "
           "geometric mean ratio %.4f\n",
           c->counts[CXB_CMP_SAME], c->counts[CXB_CMP_IMPROVEMENT], c->counts[CXB_CMP_REGRESSION],
           c->counts[CXB_CMP_AMBIGUOUS], c->underpowered, c->counts[CXB_CMP_NOISY],
           c->slope_regressions, c->slope_improvements, c->slope_noisy, c->nunmatched,
           c->geomean_ratio);
    if (c->counts[CXB_CMP_NOISY] || c->slope_noisy)
        printf("noise score: BASE %.0f, NEW %.0f (above %.0f is too noisy for a timed verdict)\n",
               c->noise_base, c->noise_new, CXB_CMP_NOISE_MAX);
    return st;
}

static int print_csv(const cxb_compare *c)
{
    static const char *const hdr[] = {"kind", "study", "impl", "params", "point", "x_param",
                                      "n_base", "n_new", "base", "new", "ratio", "ratio_lo",
                                      "ratio_hi", "p", "p_adj", "verdict", "note"};
    cxb_grid g;
    cxb_status st = cxb_grid_init(&g, 17, hdr);
    for (size_t i = 0; i < c->npoints && st == CXB_OK; ++i) {
        const cxb_cmp_point *p = &c->points[i];
        char nb[24], nn[24], b[40], n[40], r[40], rl[40], rh[40], pp[40], pa[40];
        snprintf(nb, sizeof nb, "%zu", p->n_base);
        snprintf(nn, sizeof nn, "%zu", p->n_new);
        fmt_value(b, sizeof b, p->base_median, p->instr, 1);
        fmt_value(n, sizeof n, p->new_median, p->instr, 1);
        fmt_num(r, sizeof r, p->ratio, "%.6g");
        fmt_num(rl, sizeof rl, p->ratio_lo, "%.6g");
        fmt_num(rh, sizeof rh, p->ratio_hi, "%.6g");
        fmt_num(pp, sizeof pp, p->p, "%.6g");
        fmt_num(pa, sizeof pa, p->p_adj, "%.6g");
        const char *note = p->underpowered ? "UNDERPOWERED" : p->instr ? "instructions" : "";
        const char *row[] = {"point", p->study, p->impl, p->params, p->point, "", nb, nn, b, n,
                             r, rl, rh, pp, pa, cxb_cmp_verdict_names[p->verdict], note};
        st = cxb_grid_add(&g, row);
    }
    for (size_t i = 0; i < c->nslopes && st == CXB_OK; ++i) {
        const cxb_cmp_slope *s = &c->slopes[i];
        char b[40], n[40], d[40], note[200];
        snprintf(b, sizeof b, "%.6g", s->base_b);
        snprintf(n, sizeof n, "%.6g", s->new_b);
        snprintf(d, sizeof d, "%.6g", s->delta);
        snprintf(note, sizeof note, "base CI [%.6g, %.6g]; new CI [%.6g, %.6g]%s", s->base_lo,
                 s->base_hi, s->new_lo, s->new_hi, s->instr ? "; instructions" : "");
        const char *row[] = {"slope", "", s->series, "", "", s->x_param, "", "", b, n, d, "", "",
                             "", "", s->verdict, note};
        st = cxb_grid_add(&g, row);
    }
    for (size_t i = 0; i < c->nunmatched && st == CXB_OK; ++i) {
        const char *row[] = {"unmatched", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                             "", c->unmatched[i]};
        st = cxb_grid_add(&g, row);
    }
    if (st == CXB_OK)
        cxb_grid_write(stdout, &g, CXB_FMT_CSV);
    cxb_grid_free(&g);
    return st;
}

typedef struct compare_args {
    cxb_compare_opts o;
    int fail_ambiguous, require_all, format;
} compare_args;

/* --threshold X: the effect threshold, in (0, 10). */
static cxb_status parse_threshold(const char *where, const char *text, void *dest)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v > 0) || !(v < 10))
        return cxb_fail(CXB_EINPUT, "%s '%s': expected a number in (0, 10)", where, text);
    *(double *)dest = v;
    return CXB_OK;
}

static const char *const compare_formats[] = {"md", "csv", NULL}; /* in cxb_fmt's order */

static const cxb_option compare_options[] = {
    CXB_OPT_PARSE("--threshold", "X", "effect threshold for time sets, in (0, 10) (default 0.05)", compare_args,
                  o.threshold, parse_threshold, 0),
    CXB_OPT_SWITCH("--fail-on-ambiguous", "exit 1 on AMBIGUOUS points too", compare_args, fail_ambiguous, 0),
    CXB_OPT_SWITCH("--require-all", "exit 2 if any point is unmatched or underpowered", compare_args, require_all,
                   0),
    CXB_OPT_SWITCH("--allow-cross-machine", "compare sets from different CPU or GPU models", compare_args,
                   o.allow_cross_machine, 0),
    CXB_OPT_CHOICE("--format", "md|csv", "output format (default md)", compare_args, format, compare_formats, 0),
    CXB_OPT_END};

const cxb_form cxb_cli_compare_forms[] = {{"BASE NEW", compare_options}, CXB_FORMS_END};

int cxb_cli_compare(int argc, char **argv)
{
    compare_args ca;
    memset(&ca, 0, sizeof ca);
    cxb_compare_opts_default(&ca.o);
    cxb_args a;
    int rc0;
    if (cxb_cli_args(argc, argv, "compare", cxb_cli_compare_forms, compare_options, &ca, 2, &a, &rc0))
        return rc0;
    if (a.npos != 2)
        return cxb_cli_error(2, "compare: expected BASE and NEW (two result sets)");
    cxb_compare_opts o = ca.o;
    o.find_study = cxb_study_find;
    const char *const *pos = a.pos;
    int fail_ambiguous = ca.fail_ambiguous, require_all = ca.require_all;
    cxb_fmt fmt = (cxb_fmt)ca.format;
    cxb_compare c;
    cxb_status st = cxb_compare_run(pos[0], pos[1], &o, &c);
    if (st != CXB_OK) {
        fprintf(stderr, "cxbench: error: %s\n", cxb_last_error());
        cxb_compare_free(&c);
        return 2;
    }
    if (!c.provenance_checked)
        fprintf(stderr, "cxbench: warning: compare: provenance not checked (built without cJSON)\n");
    st = fmt == CXB_FMT_MD ? print_md(&c, pos[0], pos[1]) : print_csv(&c);
    fflush(stdout);
    int rc = 0;
    if (st != CXB_OK) {
        fprintf(stderr, "cxbench: error: compare: %s\n", cxb_last_error());
        rc = 2;
    } else if (require_all && (c.nunmatched || c.underpowered)) {
        fprintf(stderr, "cxbench: error: compare: --require-all: %zu unmatched and %zu underpowered "
                        "point(s)\n", c.nunmatched, c.underpowered);
        rc = 2;
    } else if (c.counts[CXB_CMP_REGRESSION] || c.slope_regressions ||
               (fail_ambiguous && c.counts[CXB_CMP_AMBIGUOUS])) {
        rc = 1;
    } else if (c.counts[CXB_CMP_NOISY] || c.slope_noisy) {
        /* no verdict: a difference measured on a noisy machine says nothing about the code */
        fprintf(stderr, "cxbench: error: compare: %zu timed verdict(s) NOISY: noise score BASE %.0f, "
                        "NEW %.0f, above %.0f (rerun on a quiet machine)\n",
                c.counts[CXB_CMP_NOISY] + c.slope_noisy, c.noise_base, c.noise_new,
                CXB_CMP_NOISE_MAX);
        rc = 2;
    }
    cxb_compare_free(&c);
    return rc;
}
