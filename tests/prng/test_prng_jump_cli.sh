#!/usr/bin/env bash
# prng_jump_cli: the jump-cost rows of Figure R2 through the harness (docs/studies/prng.md): they run,
# verify (n jumps of d = one jump of n d by the other method) and fit; bad distances are
# one-line errors with exit 2.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"

out="$tmp/res"
"$cx" run prng --impl prng.mrg32k3a.jumpsq,prng.mrg32k3a.jumptab,prng.xorwow.jumptab,prng.philox4x32.jumpctr \
    --set distance=170141183460469231731687303715884105727 --set n=20 --reps 2 --max-reps 2 --min-time 0 \
    --out "$out" --no-progress --no-table >"$tmp/log" 2>&1 || fail "jump rows: $(tail -3 "$tmp/log")"
"$cx" run prng --impl prng.mrg32k3a.jumptab,prng.mrg32k3a.jumpsq \
    --set distance=1569275433846670190958947355801916604025588861116008628223 --set n=3 --reps 2 --max-reps 2 \
    --min-time 0 --out "$out" --no-progress --no-table >"$tmp/log" 2>&1 || fail "2^190 - 1: $(tail -3 "$tmp/log")"
"$cx" run prng --impl prng.xorwow.jumpstep,prng.mrg32k3a.jumpstep,prng.xorwow.jumpsq --set distance=1000 --set n=3 \
    --reps 2 --max-reps 2 --min-time 0 --out "$out" --no-progress --no-table >"$tmp/log" 2>&1 ||
    fail "stepping: $(tail -3 "$tmp/log")"
grep -q 'prng.xorwow.jumpstep' "$tmp/log" || fail "no jumpstep line in the log"

expect_error 2 "$cx" run prng --impl prng.xorwow.jumptab --set distance=12x --set n=1 --reps 1 --no-progress --out "$out"
expect_error 2 "$cx" run prng --impl prng.xorwow.jumptab --set distance=340282366920938463463374607431768211456 \
    --set n=1 --reps 1 --no-progress --out "$out"
expect_error 2 "$cx" run prng --impl prng.xorwow.jumpstep --set distance=68719476736 --set n=1 --reps 1 --no-progress --out "$out"
finish
