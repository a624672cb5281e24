#!/usr/bin/env bash
# prng_curandhost_cli: the rows prng.<g>.curandhost through `cxbench run prng` (the harness
# verifies each before timing it): in the preset gens beside seq and pthreads, at n = 1, 3 and
# 5003 (not a multiple of 4), the check they ran recorded in the extra column (check=bits for
# the claimed layouts), the report's CPU throughput table (seq / cuRAND host, pthreads T / 1),
# and refused parameters as one error line with exit 2. MRG32k3a (1.2 s of setup per sample)
# and MT19937 (5 s) are left to the C test prng_curandhost; CXB_SLOW=1 runs them here too.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
"$cx" list 2>/dev/null | grep -q 'prng.xorwow.curandhost' || { echo "SKIP: built without libcurand"; exit 77; }
run() { "$cx" run prng --reps 1 --max-reps 1 --min-time 0 --noise 0 --no-progress --no-table "$@"; }
ids=prng.philox4x32.curandhost,prng.xorwow.curandhost,prng.mtgp32.curandhost
slow=""
[ "${CXB_SLOW:-0}" = 1 ] && slow=,prng.mrg32k3a.curandhost,prng.mt19937.curandhost

# the preset gens: the curandhost rows beside seq (and the pthreads thread sweep)
run --out "$tmp/r" --preset gens --impl "$ids$slow,prng.xorwow.seq,prng.xorwow.pthreads,prng.philox4x32.seq" \
    --set n=5003 >"$tmp/out" 2>"$tmp/err" || fail "gens: $(cat "$tmp/err")"
s=$(ls "$tmp"/r/*/*/summary.csv 2>/dev/null | head -1)
[ -n "$s" ] || fail "gens: no summary.csv"
for id in ${ids//,/ } prng.xorwow.seq; do
    grep -q "^[^,]*,$id,.*ordering=default\|^[^,]*,$id,[^,]*n=5003" "$s" || fail "gens: no row for $id"
done
smp=$(dirname "$s")/samples.csv
for id in ${ids//,/ }; do
    grep "$id" "$smp" | grep -q 'check=bits;checked=5003' || fail "gens: $id was not checked bit for bit"
done
# the report's table: one line per generator with both rows, the thread speed-up of xorwow
"$cx" report "$tmp/r" >"$tmp/rep" 2>"$tmp/err" || fail "report: $(cat "$tmp/err")"
grep -q 'CPU throughput: seq against cuRAND' "$tmp/rep" || fail "report: no CPU throughput table"
grep -q '^| xorwow | 5003 |' "$tmp/rep" || fail "report: no xorwow row at n = 5003: $(grep -A9 'CPU throughput' "$tmp/rep")"
grep -q '^| philox4x32 | 5003 |' "$tmp/rep" || fail "report: no philox4x32 row"
rm -rf "$tmp/r"

# tiny sizes, orderings and types through the harness
for n in 1 3; do
    run --out "$tmp/r" --impl "$ids" --set n=$n --set seed=1234 >/dev/null 2>"$tmp/err" || fail "n=$n: $(cat "$tmp/err")"
done
run --out "$tmp/r" --impl prng.xorwow.curandhost,prng.philox4x32.curandhost --set n=4099 --set type=f32 \
    --set ordering=legacy >/dev/null 2>"$tmp/err" || fail "legacy f32: $(cat "$tmp/err")"
run --out "$tmp/r" --impl prng.xorwow.curandhost --set n=777 --set type=f64 --set ordering=best >/dev/null \
    2>"$tmp/err" || fail "best f64: $(cat "$tmp/err")"
run --out "$tmp/r" --impl prng.xorwow.curandhost --set n=777 --set ordering=seeded >/dev/null 2>"$tmp/err" ||
    fail "xorwow seeded (sanity only): $(cat "$tmp/err")"
grep -h 'prng.xorwow.curandhost' "$tmp"/r/*/*/samples.csv | grep -q 'check=sanity' || fail "seeded: not marked sanity"

expect_error 2 run --out "$tmp/r" --impl prng.xorwow.curandhost --set n=16 --set ordering=dynamic
expect_error 2 run --out "$tmp/r" --impl prng.philox4x32.curandhost --set n=16 --set ordering=seeded
expect_error 2 run --out "$tmp/r" --impl prng.xorwow.curandhost --set n=16 --set type=f16
finish
