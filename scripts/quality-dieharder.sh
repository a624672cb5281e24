#!/bin/sh
# scripts/quality-dieharder.sh - run a subset of dieharder (Debian package `dieharder`,
# 3.31.1) on the generators `cxbench prng` serves, store the raw outputs under
# results/quality/dieharder/ and a summary table in results/quality/dieharder.md
# (docs/studies/prng.md: `cxbench prng GEN --format raw --count 0 | dieharder -g 200 ...`).
#
#   scripts/quality-dieharder.sh [CXBENCH]      (default: build/cxbench)
#   DH_TESTS="0 2 3" DH_GENS="philox4x32 xorwow" scripts/quality-dieharder.sh
#   DH_SUMMARY_ONLY=1 scripts/quality-dieharder.sh   (rewrite the table from stored outputs)
#
# The full `dieharder -a` takes hours on one core; this subset (birthdays, 32x32 and 6x8
# ranks, runs, STS monobit, byte distribution) takes
# about ten minutes for all generators on one core of the 2-core development machine. It
# runs at nice 19, one test at a time. lf24 is fed two ways: correctly, packed 16x2 (the
# top 16 bits of two outputs per word), and wrongly, as 32-bit words k << 8 (docs/studies/prng.md,
# 9.4: "RANMAR fed as 32-bit words" - the low 8 bits are always zero), to show that the
# battery can tell. Each test reads its stream from the generator's default seed.
set -eu
CXBENCH=${1:-build/cxbench}
OUT=results/quality/dieharder
TESTS=${DH_TESTS:-"0 2 3 15 100 205"}
GENS=${DH_GENS:-"philox4x32 threefry4x32 xorwow mrg32k3a mt19937 lf24-16x2 lf24-as-u32"}
command -v dieharder >/dev/null || { echo "quality-dieharder: dieharder not installed (apt-get install dieharder)" >&2; exit 3; }
[ -x "$CXBENCH" ] || { echo "quality-dieharder: $CXBENCH: not built" >&2; exit 3; }
mkdir -p "$OUT"

# the generator's raw little-endian uint32 stream on stdout, until the reader stops
stream() {
    case "$1" in
    lf24-16x2) "$CXBENCH" prng lf24 --format raw --pack 16x2 --count 0 ;;
    lf24-as-u32) # 3-byte outputs k -> the word k << 8 (a zero low byte in front, little-endian)
        "$CXBENCH" prng lf24 --format raw --pack 3byte --count 0 |
            perl -e 'binmode STDIN; binmode STDOUT; while (read(STDIN, $b, 3 * 65536)) { $b =~ s/(...)/\0$1/gs; print $b or exit 0 }' ;;
    *) "$CXBENCH" prng "$1" --format raw --count 0 ;;
    esac
}

for g in $GENS; do
    [ -z "${DH_SUMMARY_ONLY:-}" ] || break
    for t in $TESTS; do
        f="$OUT/$g.d$t.txt"
        start=$(date +%s)
        stream "$g" | nice -n 19 dieharder -g 200 -d "$t" > "$f" 2>&1 || true
        echo "# wall $(( $(date +%s) - start )) s" >> "$f"
        echo "$g -d $t: $(grep -E 'PASSED|WEAK|FAILED' "$f" | awk -F'|' '{gsub(/ /,"",$6); printf "%s ", $6}')"
    done
done

# summary: generator x test -> assessment (p), one cell per dieharder result line
{
    echo "# dieharder subset on cxbench generators"
    echo
    echo "dieharder $(dieharder -l 2>/dev/null | sed -n 's/.*dieharder version \([0-9.]*\).*/\1/p' | head -1), \`cxbench prng GEN --format raw --count 0 | dieharder -g 200 -d N\`,"
    echo "default seeds; produced by scripts/quality-dieharder.sh (raw outputs in dieharder/)."
    echo "WEAK is dieharder's p < 0.005 or p > 0.995; FAILED p < 0.000001 or p > 0.999999."
    echo
    printf "| test |"
    for g in $GENS; do printf " %s |" "$g"; done
    echo
    printf "|---|"
    for g in $GENS; do printf -- "---|"; done
    echo
    for t in $TESTS; do
        name=$(grep -hE 'PASSED|WEAK|FAILED' "$OUT"/*.d"$t".txt 2>/dev/null | head -1 | awk -F'|' '{gsub(/ /,"",$1); print $1}')
        printf "| -d %s %s |" "$t" "$name"
        for g in $GENS; do
            cell=$(grep -E 'PASSED|WEAK|FAILED' "$OUT/$g.d$t.txt" 2>/dev/null |
                awk -F'|' '{gsub(/ /,"",$5); gsub(/ /,"",$6); printf "%s%s %s", (NR > 1 ? "<br>" : ""), $6, $5}')
            printf " %s |" "${cell:-n/a}"
        done
        echo
    done
} > results/quality/dieharder.md
echo "quality-dieharder: results/quality/dieharder.md"
