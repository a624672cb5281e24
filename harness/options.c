/* harness/options.c - the option tables of the commands (docs/cli.md, "Options"): the
 * parser, and the synopsis and option lines of the help, from one table. */
#include "harness/options.h"

#include <string.h>

#include "harness/params.h"

static const cxb_option *find(const cxb_option *table, const char *name, size_t len, size_t *index)
{
    for (size_t i = 0; table && table[i].name; ++i)
        if (strlen(table[i].name) == len && !strncmp(table[i].name, name, len)) {
            *index = i;
            return &table[i];
        }
    return NULL;
}

/* "a, b or c" of a NULL-terminated list, for messages. */
static void choice_list(const char *const *choices, char *buf, size_t size)
{
    size_t n = 0, len = 0;
    while (choices[n])
        ++n;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; ++i) {
        int w = snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", choices[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

static cxb_status set_value(const char *cmd, const cxb_option *o, const char *value, void *base)
{
    void *dest = (char *)base + o->offset;
    char where[128];
    snprintf(where, sizeof where, "%s: %s", cmd, o->name);
    switch (o->kind) {
    case CXB_OPT_KIND_SWITCH:
        *(int *)dest = 1;
        return CXB_OK;
    case CXB_OPT_KIND_STRING:
        *(const char **)dest = value;
        return CXB_OK;
    case CXB_OPT_KIND_COUNT: {
        uint64_t v;
        if (cxb_parse_u64(value, where, &v) != CXB_OK)
            return CXB_EINPUT;
        if (v < o->min || (o->max && v > o->max))
            return o->max ? cxb_fail(CXB_EINPUT, "%s %s: expected %llu to %llu", where, value,
                                     (unsigned long long)o->min, (unsigned long long)o->max)
                          : cxb_fail(CXB_EINPUT, "%s %s: expected at least %llu", where, value,
                                     (unsigned long long)o->min);
        *(uint64_t *)dest = v;
        return CXB_OK;
    }
    case CXB_OPT_KIND_CHOICE:
        for (int i = 0; o->choices[i]; ++i)
            if (!strcmp(o->choices[i], value)) {
                *(int *)dest = i;
                return CXB_OK;
            }
        {
            char list[256];
            choice_list(o->choices, list, sizeof list);
            return cxb_fail(CXB_EINPUT, "%s %s: expected %s", where, value, list);
        }
    case CXB_OPT_KIND_PARSE:
        if (o->parse(where, value, dest) == CXB_OK)
            return CXB_OK;
        { /* a library parser names the flag, not the command: add it */
            char msg[512];
            size_t len = strlen(cmd);
            snprintf(msg, sizeof msg, "%s", cxb_last_error());
            if (strncmp(msg, cmd, len) || msg[len] != ':')
                return cxb_fail(CXB_EINPUT, "%s: %s", cmd, msg);
            return CXB_EINPUT;
        }
    }
    return cxb_fail(CXB_EINPUT, "%s: unknown kind of option", where);
}

cxb_status cxb_options_parse(int argc, char **argv, const char *cmd, const cxb_option *table, void *base,
                             int maxpos, cxb_args *a)
{
    memset(a, 0, sizeof *a);
    a->table = table;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); ++i) /* help first: nothing else is checked */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            a->help = 1;
            return CXB_OK;
        }
    int options_end = 0;
    for (int i = 1; i < argc; ++i) {
        const char *s = argv[i];
        if (options_end || s[0] != '-' || !s[1]) { /* positional ("-" too: stdin by convention) */
            if (a->npos >= maxpos || a->npos >= CXB_ARGS_MAX_POS)
                return cxb_fail(CXB_EINPUT, "%s: unexpected argument '%s'", cmd, s);
            a->pos[a->npos++] = s;
            continue;
        }
        if (!strcmp(s, "--")) {
            options_end = 1;
            continue;
        }
        const char *eq = s[1] == '-' ? strchr(s, '=') : NULL;
        size_t len = eq ? (size_t)(eq - s) : strlen(s);
        size_t index = 0;
        const cxb_option *o = s[1] == '-' ? find(table, s, len, &index) : NULL;
        if (!o)
            return cxb_fail(CXB_EINPUT, "%s: %.*s: unknown option (cxbench %s --help lists them)", cmd, (int)len, s,
                            cmd);
        uint64_t bit = index < 64 ? 1ull << index : 0;
        if ((a->given & bit) && !(o->flags & CXB_OPT_REPEAT))
            return cxb_fail(CXB_EINPUT, "%s: %s: given more than once", cmd, o->name);
        a->given |= bit;
        const char *value = NULL;
        if (o->kind == CXB_OPT_KIND_SWITCH) {
            if (eq)
                return cxb_fail(CXB_EINPUT, "%s: %s takes no value", cmd, o->name);
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return cxb_fail(CXB_EINPUT, "%s: %s needs a value (%s)", cmd, o->name, o->arg);
        }
        if (set_value(cmd, o, value, base) != CXB_OK)
            return CXB_EINPUT;
    }
    for (size_t i = 0; table && table[i].name; ++i)
        if ((table[i].flags & CXB_OPT_REQUIRED) && !cxb_args_given(a, table[i].name))
            return cxb_fail(CXB_EINPUT, "%s: %s %s is required", cmd, table[i].name,
                            table[i].arg ? table[i].arg : "");
    for (size_t i = 0; table && table[i].name; ++i) { /* declared order between two counts */
        const cxb_option *o = &table[i], *other;
        size_t j;
        if (!o->at_most || !cxb_args_given(a, o->name) || !cxb_args_given(a, o->at_most))
            continue;
        if (!(other = find(table, o->at_most, strlen(o->at_most), &j)) || other->kind != CXB_OPT_KIND_COUNT)
            return cxb_fail(CXB_EINPUT, "%s: %s: its bound %s is no count of this command", cmd, o->name,
                            o->at_most);
        uint64_t v = *(const uint64_t *)((const char *)base + o->offset);
        uint64_t w = *(const uint64_t *)((const char *)base + other->offset);
        if (v > w)
            return cxb_fail(CXB_EINPUT, "%s: %s %llu is above %s %llu (give %s at least %s)", cmd, o->name,
                            (unsigned long long)v, other->name, (unsigned long long)w, other->name, o->name);
    }
    return CXB_OK;
}

int cxb_args_given(const cxb_args *a, const char *name)
{
    size_t index;
    return find(a->table, name, strlen(name), &index) && index < 64 && (a->given >> index & 1);
}

#define WRAP 100

/* Appends a word to a synopsis line, wrapping with indent. */
static void put_word(FILE *out, const char *word, size_t *col, size_t indent)
{
    size_t len = strlen(word);
    if (*col + 1 + len > WRAP && *col > indent) {
        fprintf(out, "\n%*s", (int)indent, "");
        *col = indent;
    } else {
        fputc(' ', out);
        ++*col;
    }
    fputs(word, out);
    *col += len;
}

void cxb_form_synopsis(FILE *out, const char *path, const cxb_form *form)
{
    int w = fprintf(out, "  cxbench %s", path);
    size_t col = w > 0 ? (size_t)w : 0, indent = col + 1;
    /* the args: each of their words, so that long ones wrap as the options do */
    char buf[512];
    snprintf(buf, sizeof buf, "%s", form->args ? form->args : "");
    for (char *p = buf; *p;) {
        while (*p == ' ')
            ++p;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        char word[512];
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        put_word(out, word, &col, indent);
        p += len;
    }
    for (const cxb_option *o = form->options; o && o->name; ++o) {
        if (o->flags & CXB_OPT_IN_ARGS)
            continue;
        char word[256];
        int req = (o->flags & CXB_OPT_REQUIRED) != 0;
        snprintf(word, sizeof word, "%s%s%s%s%s", req ? "" : "[", o->name, o->arg ? " " : "", o->arg ? o->arg : "",
                 req ? "" : "]");
        put_word(out, word, &col, indent);
    }
    fputc('\n', out);
}

/* Text from column col on, wrapped at WRAP with continuation lines at indent. */
static void put_text(FILE *out, const char *text, size_t col, size_t indent)
{
    const char *p = text;
    int first = 1;
    while (*p) {
        size_t len = strcspn(p, " ");
        if (!first && col + 1 + len > WRAP) {
            fprintf(out, "\n%*s", (int)indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', out);
            ++col;
        }
        fwrite(p, 1, len, out);
        col += len;
        first = 0;
        p += len;
        while (*p == ' ')
            ++p;
    }
    fputc('\n', out);
}

void cxb_options_usage(FILE *out, const cxb_option *table)
{
    size_t width = 0;
    for (const cxb_option *o = table; o && o->name; ++o) {
        size_t w = strlen(o->name) + (o->arg ? 1 + strlen(o->arg) : 0);
        width = w > width ? w : width;
    }
    if (width > 28)
        width = 28;
    for (const cxb_option *o = table; o && o->name; ++o) {
        char left[256];
        snprintf(left, sizeof left, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        if (strlen(left) > width)
            fprintf(out, "      %s\n      %-*s  ", left, (int)width, "");
        else
            fprintf(out, "      %-*s  ", (int)width, left);
        put_text(out, o->help, 8 + width, 8 + width);
    }
}

void cxb_forms_usage(FILE *out, const char *path, const cxb_form *forms, int detail)
{
    for (const cxb_form *f = forms; f && f->args; ++f) {
        cxb_form_synopsis(out, path, f);
        /* a table shared by consecutive forms is listed once, after the last of them */
        if (detail && f->options && f[1].options != f->options)
            cxb_options_usage(out, f->options);
    }
}

int cxb_opt_variant(const char *value, const char *prefix, const char *const *variants)
{
    size_t len = strlen(prefix);
    if (!strncmp(value, prefix, len))
        value += len;
    for (int i = 0; variants[i]; ++i)
        if (!strcmp(value, variants[i]))
            return i;
    return -1;
}
