/* scripts/anchors/egr2sg.c - converts an ECL-CC .egr graph (the one `cxbench graph gen --format egr`
 * writes: int32 nodes, int32 arcs, int32 offsets[nodes + 1], int32 neighbours[arcs], optional
 * weights ignored) into GAP's serialized undirected graph (.sg: bool directed = false, int64 arcs,
 * int64 nodes, int64 offsets[nodes + 1], int32 neighbours[arcs]), so that GAP's cc and cc_sv
 * read exactly the CSR that ECL-CC and cxbench label, in binary (GAP's text .el reader takes
 * longer than the labelling). Built by scripts/anchors/build.sh; docs/studies/components.md "Calibration anchors".
 *   usage: egr2sg IN.egr OUT.sg     exit 0, or 2 with one line on stderr
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, const char *path)
{
    fprintf(stderr, "egr2sg: %s: %s\n", path, what);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: egr2sg IN.egr OUT.sg\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in)
        return fail("cannot open", argv[1]);
    int32_t hdr[2];
    if (fread(hdr, sizeof hdr[0], 2, in) != 2 || hdr[0] < 0 || hdr[1] < 0)
        return fail("not an .egr file (header)", argv[1]);
    int64_t nodes = hdr[0], arcs = hdr[1];
    int32_t *off = malloc((size_t)(nodes + 1) * sizeof *off);
    int64_t *off64 = malloc((size_t)(nodes + 1) * sizeof *off64);
    int32_t *nbr = malloc((size_t)(arcs ? arcs : 1) * sizeof *nbr);
    if (!off || !off64 || !nbr)
        return fail("out of memory", argv[1]);
    if (fread(off, sizeof *off, (size_t)nodes + 1, in) != (size_t)nodes + 1 ||
        fread(nbr, sizeof *nbr, (size_t)arcs, in) != (size_t)arcs)
        return fail("truncated .egr file", argv[1]);
    fclose(in);
    for (int64_t v = 0; v <= nodes; ++v) {
        off64[v] = off[v];
        if (v && off64[v] < off64[v - 1])
            return fail("offsets not ascending", argv[1]);
    }
    if (off64[0] != 0 || off64[nodes] != arcs)
        return fail("offsets do not span the arcs", argv[1]);
    FILE *out = fopen(argv[2], "wb");
    if (!out)
        return fail("cannot create", argv[2]);
    bool directed = false;
    int ok = fwrite(&directed, sizeof directed, 1, out) == 1 && fwrite(&arcs, sizeof arcs, 1, out) == 1 &&
             fwrite(&nodes, sizeof nodes, 1, out) == 1 &&
             fwrite(off64, sizeof *off64, (size_t)nodes + 1, out) == (size_t)nodes + 1 &&
             fwrite(nbr, sizeof *nbr, (size_t)arcs, out) == (size_t)arcs;
    if (fclose(out) != 0 || !ok) {
        remove(argv[2]);
        return fail("write failed", argv[2]);
    }
    free(off);
    free(off64);
    free(nbr);
    return 0;
}
