/* suites/frnn/points_io.h - the points file of `cxbench frnn` (docs/cli.md "frnn", docs/studies/frnn.md
 * "Points files"): text, C locale, one point per line, 2 or 3 coordinates separated by spaces or
 * tabs, `#` comments (whole line or trailing), blank lines ignored; ids count data lines from 0. */
#ifndef CXB_SUITES_FRNN_POINTS_IO_H
#define CXB_SUITES_FRNN_POINTS_IO_H

#include <stdint.h>
#include <stdio.h>

#include "cxb/core/status.h"
#include "cxb/frnn/grid.h"

#define CXB_FRNN_POINTS_MAX (1u << 28) /* the rows' limit */

typedef struct cxb_frnn_points {
    uint32_t n, dims;
    cxb_frnn_rec *pts; /* ids 0..n-1; z = 0 in 2D */
} cxb_frnn_points;

/* Reads every point of f; name is used in messages ("pts.txt:17: ..."). dims 0 takes the arity
 * of the first data line, 2 or 3 requires it. Coordinates are parsed with strtof (never through
 * double, which could round twice); a NaN, an infinity, a value beyond binary32's range,
 * trailing garbage after a number, a line of another arity, a NUL byte or more than
 * CXB_FRNN_POINTS_MAX points are CXB_EINPUT naming the line. A file without data lines is
 * n = 0 (dims as given, else 0). */
cxb_status cxb_frnn_points_read(FILE *f, const char *name, uint32_t dims, cxb_frnn_points *out);
void cxb_frnn_points_free(cxb_frnn_points *p);

/* Writes the points, one line each, every coordinate as %.9g (which round-trips binary32). */
int cxb_frnn_points_write(FILE *f, const cxb_frnn_rec *pts, uint64_t n, uint32_t dims);

#endif
