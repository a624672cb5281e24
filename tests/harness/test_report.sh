#!/usr/bin/env bash
# harness_report: `cxbench report` over a results root: a section per (machine, study) with
# the provenance line, the speed-up/slope table, the study's paper tables and figure links;
# --out is written whole or not at all; bad input is one line and exit 2.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
root="$tmp/results"
"$cx" run prng --impl prng.lf24.seq,prng.lf24.pthreads --preset ci --reps 3 --min-time 0 --threads 2 \
    --out "$root" --machine box-a --no-progress --no-table --noise 0 >/dev/null 2>&1 || fail "ci run failed"
"$cx" run prng --impl prng.philox4x32.seq --preset ci --reps 3 --min-time 0 \
    --out "$root" --machine box-b --no-progress --no-table --noise 0 >/dev/null 2>&1 || fail "second run failed"
"$cx" report "$root" --out "$tmp/REPORT.md" >"$tmp/out" 2>"$tmp/err" || fail "report failed: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "report --out also wrote to stdout"
r="$tmp/REPORT.md"
grep -q '^# cxbench results report' "$r" || fail "no title"
grep -q '^## prng on box-a' "$r" || fail "no section for box-a"
grep -q '^## prng on box-b' "$r" || fail "no section for box-b"
[ "$(grep -c '^## ' "$r")" = 2 ] || fail "want exactly two sections"
grep -q 'prng.lf24.pthreads @ box-a' "$r" || fail "no speed-up row for lf24.pthreads"
grep -q 'prng.philox4x32.seq @ box-b' "$r" || fail "no row for philox on box-b"
grep -q 'Leist Table 4.1' "$r" || fail "no paper table"
grep -q "box-a/figures/lf24-rate-vs-n.png" "$r" || fail "no figure link"
# stdout by default, identical to the file (nothing in it depends on when it was made)
"$cx" report "$root" >"$tmp/stdout.md" 2>/dev/null || fail "report to stdout failed"
cmp -s "$tmp/stdout.md" "$r" || fail "stdout and --out differ"
expect_error 2 "$cx" report "$tmp/nonexistent"
expect_error 2 "$cx" report "$root" --bogus
mkdir -p "$tmp/empty"
expect_error 2 "$cx" report "$tmp/empty" --out "$tmp/E.md"
[ ! -e "$tmp/E.md" ] || fail "a failed report left its file"
finish
