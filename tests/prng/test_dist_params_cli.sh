#!/bin/bash
# prng_dist_params_cli: `--dc FILE` on the command line. `cxbench prng tinymt32 --dist param
# --dc FIXTURE` gives set i to stream i (set 0 = TinyMT's default set: seed 1 gives
# check32.out.txt's 2545341989, 981918433); without --dc, beyond the file's 3 sets, with a
# missing file or with --dc on another technique: one error line, exit 2. `cxbench
# prng-repro --dc FIXTURE` runs the tinymt32 param row on the 3 sets (its tasks column 3),
# and without --dc reports it n/a naming --dc; mtgp32's param row runs on min(M, 200) tasks.
cxbench=$1
. "$(dirname "$0")/../cli_lib.sh"
export CXB_GNUPLOT=none
dc="$(dirname "$0")/data/tinymt32dc.head.txt"
expect_output "2545341989
981918433" "$cxbench" prng tinymt32 --dist param --dc "$dc" --seed 1 --count 2
# three interleaved param streams: the first number of each, then the second of each
out=$("$cxbench" prng tinymt32 --dist param --dc "$dc" --seed 1 --interleave 3 --count 6 2>"$tmp/err") ||
    fail "interleave 3: $(cat "$tmp/err")"
[ "$(echo "$out" | sed -n 1p)" = 2545341989 ] && [ "$(echo "$out" | sed -n 4p)" = 981918433 ] ||
    fail "interleave 3: set 0 not in positions 1 and 4: $out"
[ "$(echo "$out" | sed -n 2p)" != 2545341989 ] || fail "set 1 repeats set 0"
expect_error 2 "$cxbench" prng tinymt32 --dist param --seed 1 --count 2
grep -q -- '--dc FILE' "$tmp/err" || fail "no-file error does not name --dc: $(cat "$tmp/err")"
expect_error 2 "$cxbench" prng tinymt32 --dist param --dc "$dc" --interleave 4 --count 2
grep -q 'parameter sets' "$tmp/err" || fail "beyond-sets error: $(cat "$tmp/err")"
expect_error 2 "$cxbench" prng tinymt32 --dist param --dc "$tmp/none.txt" --count 2
expect_error 2 "$cxbench" prng tinymt32 --dist spacing --dc "$dc" --count 2
expect_error 2 "$cxbench" prng-repro --dc "$tmp/none.txt" --no-cuda --out "$tmp/r"

"$cxbench" prng-repro --tasks 7 --k 8 --threads 1,3 --dc "$dc" --no-cuda --out "$tmp/r" --machine t >"$tmp/o" \
    2>"$tmp/e" || fail "prng-repro --dc exit $?: $(cat "$tmp/e")"
csv=$(ls "$tmp"/r/t/prng-repro/2*/repro.csv 2>/dev/null | head -1)
[ -n "$csv" ] || fail "no repro.csv"
# columns: row,col,label,generator,technique,binding,backend,decomposition,workers,blocks,threads,tasks,...
[ "$(awk -F, '$4 == "tinymt32" && $5 == "param" {print $12 "/" $17}' "$csv" | sort -u)" = "3/100%" ] ||
    fail "tinymt32 param cells: $(grep tinymt32,param "$csv")"
[ "$(awk -F, '$4 == "tinymt32" && $5 == "param" && $16 == "1.000000"' "$csv" | wc -l)" = 3 ] ||
    fail "tinymt32 param not 100% in seq, P=1, P=3"
if grep -q '^mtgp32 param' "$tmp/o"; then
    [ "$(awk -F, '$4 == "mtgp32" && $5 == "param" && $12 == 7 && $16 == "1.000000"' "$csv" | wc -l)" = 3 ] ||
        fail "mtgp32 param cells: $(grep mtgp32,param "$csv")"
fi
"$cxbench" prng-repro --tasks 7 --k 8 --threads 1 --no-cuda --out "$tmp/r2" --machine t >"$tmp/o2" 2>"$tmp/e2" ||
    fail "prng-repro without --dc exit $?: $(cat "$tmp/e2")"
grep -q '^tinymt32 param  *n/a' "$tmp/o2" || fail "tinymt32 param not n/a without --dc: $(grep tinymt32 "$tmp/o2")"
grep -q 'tinymt32,param.*--dc' "$tmp"/r2/t/prng-repro/2*/repro.csv || fail "n/a note does not name --dc"
finish
