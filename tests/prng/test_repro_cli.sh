#!/bin/bash
# prng_repro_cli: `cxbench prng-repro` writes a complete result directory (repro.csv and
# provenance.json under OUT/MACHINE/prng-repro/RUN_ID, no partial directory left) and
# exits 0 when every cell shows its expectation; bad options give one error line, exit 2.
cxbench=$1
. "$(dirname "$0")/../cli_lib.sh"
export CXB_GNUPLOT=none
"$cxbench" prng-repro --tasks 13 --k 16 --threads 1,3 --no-cuda --out "$tmp/r" --machine t >"$tmp/o" 2>"$tmp/e" ||
    fail "prng-repro exit $?: $(cat "$tmp/e")"
run=$(ls -d "$tmp"/r/t/prng-repro/2* 2>/dev/null | head -1)
[ -n "$run" ] || fail "no result directory"
[ -s "$run/repro.csv" ] || fail "no repro.csv"
[ -s "$run/provenance.json" ] || fail "no provenance.json"
grep -q '"preset": *"repro"' "$run/provenance.json" || fail "provenance lacks the preset"
[ -z "$(ls -A "$tmp/r/t/prng-repro" | grep partial)" ] || fail "partial directory left"
grep -q '^philox4x32 leapfrog' "$tmp/o" || fail "no table on stdout"
# 13 tasks: rows x 3 columns (seq, P=1, P=3) + header
rows=$(($(wc -l <"$run/repro.csv") - 1))
[ $((rows % 3)) = 0 ] && [ "$rows" -ge 60 ] || fail "repro.csv has $rows cells"
# the heat map, when gnuplot is installed: the standalone template draws the CSV
if command -v gnuplot >/dev/null 2>&1; then
    gnuplot -e "datafile='$run/repro.csv'; outfile='$tmp/r.png'" \
        "$(dirname "$0")/../../plots/prng/standalone/repro_matrix.gp" >"$tmp/gp.log" 2>&1 ||
        fail "gnuplot: $(cat "$tmp/gp.log")"
    [ "$(head -c 4 "$tmp/r.png" | tail -c 3)" = PNG ] || fail "repro_matrix.gp drew no PNG"
fi
expect_error 2 "$cxbench" prng-repro --threads 0
expect_error 2 "$cxbench" prng-repro --shapes 3x
expect_error 2 "$cxbench" prng-repro --shapes 1x2000
expect_error 2 "$cxbench" prng-repro --k 0 --no-cuda --out "$tmp/r"
expect_error 2 "$cxbench" prng-repro --bogus 1
finish
