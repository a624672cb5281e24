#!/usr/bin/env bash
# prng_bulk_cli: the bulk rows through `cxbench run prng` (suites/prng/bulk.c): the preset
# gens runs (every row verified before timing), the types, cuRAND conversions and sums are
# accepted, and impossible parameters end with one error line and exit 2.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
runargs=(run prng --reps 1 --max-reps 1 --min-time 0 --no-progress --no-table --out "$tmp/r")
run() { "$cx" "${runargs[@]}" "$@"; }

run --preset gens --impl prng.mt19937.seq,prng.mt19937.pthreads,prng.threefry4x32.seq --set n=5000 \
    >"$tmp/out" 2>"$tmp/err" || fail "gens: $(cat "$tmp/err")"
s=$(ls "$tmp"/r/*/*/summary.csv 2>/dev/null | head -1)
[ -n "$s" ] || fail "gens: no summary.csv"
for id in prng.mt19937.seq prng.mt19937.pthreads prng.threefry4x32.seq; do
    grep -q "$id" "$s" || fail "gens: no row for $id"
done
# the thread sweep: one row per thread count (1 .. cores) for the pthreads row
n=$(grep -c 'prng.mt19937.pthreads.*conv=cxb' "$s"); [ "$n" -ge 1 ] || fail "gens: no thread-sweep rows"
rm -rf "$tmp/r"

run --impl prng.xorwow.seq,prng.philox4x32.pthreads --set n=1001 --set type=f64 --set conv=curand \
    >/dev/null 2>"$tmp/err" || fail "conv=curand f64: $(cat "$tmp/err")"
run --impl prng.mrg32k3a.seq,prng.mrg32k3a.pthreads --set n=3001 --set mode=sum --set streams=7 --set chunk=3 \
    >/dev/null 2>"$tmp/err" || fail "sum: $(cat "$tmp/err")"
run --impl prng.philox4x32.seq --set n=999 --set rounds=7 --set type=f32 >/dev/null 2>"$tmp/err" ||
    fail "rounds=7: $(cat "$tmp/err")"

# the host's store ceiling (prng.store.pthreads): every word checked by the harness (word i = i)
# at sizes that split unevenly over the 64 KiB pieces and threads, and an empty job
for t in 1 3; do
    for n in 0 1 16385 100003; do
        run --impl prng.store.pthreads --set n=$n --set threads=$t >/dev/null 2>"$tmp/err" ||
            fail "store.pthreads n=$n threads=$t: $(cat "$tmp/err")"
    done
done
expect_error 2 "$cx" "${runargs[@]}" --impl prng.store.pthreads --set n=16 --set threads=0
expect_error 2 "$cx" "${runargs[@]}" --impl prng.threefry4x32.seq --set n=16 --set conv=curand --set type=f32
expect_error 2 "$cx" "${runargs[@]}" --impl prng.xorwow.seq --set n=16 --set type=f16
expect_error 2 "$cx" "${runargs[@]}" --impl prng.philox4x32.seq --set n=16 --set rounds=8
expect_error 2 "$cx" "${runargs[@]}" --impl prng.xorwow.pthreads --set n=16 --set streams=0
finish
