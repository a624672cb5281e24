/* cxb/core/params.h - the one parameter API of cxbench: a small map of key=value strings, the
 * parser of "k=v;k=v" / "k=v,k=v" lists, and the one number parser. A point's canonical form
 * ("k=v;k=v", sorted by key, numbers normalised) names it in result files (method.md "Result
 * sets"); generator specs ("MODEL:k=v,...", docs/studies/graph.md) and the studies' presets are
 * read through the same functions, so `--set n=2^24` and `--set n=16777216` are one point.
 * Reads check their text and name the parameter on error (CXB_EINPUT); nothing here prints.
 */
#ifndef CXB_CORE_PARAMS_H
#define CXB_CORE_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CXB_PARAMS_MAX 24
#define CXB_PARAM_KEY 32
#define CXB_PARAM_VAL 64

typedef struct cxb_params {
    size_t count; /* entries in the order they were first set */
    char key[CXB_PARAMS_MAX][CXB_PARAM_KEY];
    char val[CXB_PARAMS_MAX][CXB_PARAM_VAL];
} cxb_params;

/* ---- numbers ---- */

/* An unsigned integer in any of the forms a user writes: 16777216, 2^24, 1e6 (integral), 16Mi
 * (Ki, Mi, Gi, Ti, Pi, Ei: powers of 1024), 0x10. "where" names the value in errors. Decimal
 * digits are always decimal (a leading zero is no octal prefix). */
cxb_status cxb_parse_u64(const char *text, const char *where, uint64_t *out);
/* A finite real: 0.5, 1e-3, 2^-3, and every form cxb_parse_u64 accepts. */
cxb_status cxb_parse_double(const char *text, const char *where, double *out);
/* The canonical text of a value: the decimal digits of an integer written in another form of
 * cxb_parse_u64 (2^24, 16Mi, 1e6, 0x10, 007 all become decimal), the text itself otherwise
 * (reals, names). Returns 1 when it rewrote the value. */
int cxb_value_canonical(const char *text, char *buf, size_t size);

/* ---- comma lists ---- */

/* Whether item is one of the comma-separated entries of list ("a,b,c"; whole entries only:
 * "prng.x" is not in "prng.xorwow"). A NULL or empty list has none. The --impl lists of
 * `cxbench run` and the presets' sweeps (docs/cli.md, run) are read through it. */
int cxb_list_has(const char *list, const char *item);

/* A "k=v;k=v" list without the entries whose key is in drop (a comma list, as cxb_list_has
 * reads it), in buf (truncated at whole entries to fit size): the group of a sweep's point
 * along its x, for the paper tables that pair points differing only in x. */
void cxb_params_without(const char *list, const char *drop, char *buf, size_t size);

/* ---- the map ---- */

void cxb_params_init(cxb_params *p);
/* Sets (or replaces) key; the value is stored in canonical form (cxb_value_canonical).
 * CXB_EINPUT if the key or value is too long, has a separator in it, or the map is full. */
cxb_status cxb_params_set(cxb_params *p, const char *key, const char *val);
cxb_status cxb_params_set_u64(cxb_params *p, const char *key, uint64_t v);
/* Parses one "k=v" (from --set). */
cxb_status cxb_params_set_kv(cxb_params *p, const char *kv);
/* Adds the entries of a list "k=v<sep>k=v" (sep ';' for points and presets, ',' for generator
 * specs); an empty text adds nothing. CXB_EINPUT "WHERE: 'item': expected key=value" for an
 * item without a key or value (an empty item included) and "WHERE: key 'k' given twice" for a
 * key the list repeats. */
cxb_status cxb_params_parse(cxb_params *p, const char *text, char sep, const char *where);
/* NULL when absent. */
const char *cxb_params_get(const cxb_params *p, const char *key);
/* The value of key in a list text "k=v<sep>k=v" (a point's canonical params or extra column as
 * a result file holds them) into buf, cut to size; 1 if present, 0 (buf "") if not. */
int cxb_params_lookup(const char *list, char sep, const char *key, char *buf, size_t size);
/* Unsigned integer (cxb_parse_u64); a missing key gives def. */
cxb_status cxb_params_u64(const cxb_params *p, const char *key, uint64_t def, uint64_t *out);
/* Real (cxb_parse_double); a missing key gives def. */
cxb_status cxb_params_double(const cxb_params *p, const char *key, double def, double *out);
/* One of the choices (NULL-terminated); returns its index in *out. */
cxb_status cxb_params_choice(const cxb_params *p, const char *key, const char *const *choices,
                             int def, int *out);
/* CXB_EINPUT naming the first key not in known (NULL-terminated): a typo in --set is an
 * error, not a silently ignored parameter. */
cxb_status cxb_params_check_keys(const cxb_params *p, const char *const *known);
/* Canonical "k=v;k=v" sorted by key. */
void cxb_params_canonical(const cxb_params *p, char *buf, size_t size);
/* FNV-1a 64 of "impl|canonical": the point id of samples.csv. */
uint64_t cxb_point_hash(const char *impl, const char *canonical);

#ifdef __cplusplus
}
#endif

#endif
