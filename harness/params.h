/* harness/params.h - a point's parameters: a small map of key=value strings whose
 * canonical form ("k=v;k=v", sorted by key) names the point in result files
 * (harness.md 4.2). Numeric reads check their text and name the parameter on error.
 */
#ifndef CXB_HARNESS_PARAMS_H
#define CXB_HARNESS_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "cxb/core/status.h"

#define CXB_PARAMS_MAX 24
#define CXB_PARAM_KEY 32
#define CXB_PARAM_VAL 64

typedef struct cxb_params {
    size_t count;
    char key[CXB_PARAMS_MAX][CXB_PARAM_KEY];
    char val[CXB_PARAMS_MAX][CXB_PARAM_VAL];
} cxb_params;

void cxb_params_init(cxb_params *p);
/* Sets (or replaces) key. CXB_EINPUT if the key or value is too long or the map full. */
cxb_status cxb_params_set(cxb_params *p, const char *key, const char *val);
cxb_status cxb_params_set_u64(cxb_params *p, const char *key, uint64_t v);
/* Parses "k=v" (from --set). */
cxb_status cxb_params_set_kv(cxb_params *p, const char *kv);
/* NULL when absent. */
const char *cxb_params_get(const cxb_params *p, const char *key);
/* Unsigned integer; accepts 123, 1e8, 2^20, 0x10; a missing key gives def. */
cxb_status cxb_params_u64(const cxb_params *p, const char *key, uint64_t def, uint64_t *out);
/* Parses an unsigned count as cxb_params_u64 does ("where" names it in errors). */
cxb_status cxb_parse_u64(const char *text, const char *where, uint64_t *out);
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

#endif
