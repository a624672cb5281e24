#!/usr/bin/env bash
# harness_cli: bad flags and bad inputs print one line, exit 2 and write no result file;
# cxbench list marks CUDA implementations unavailable without a GPU (docs/method.md).
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
out="$tmp/results"

expect_error 2 "$cx"
expect_error 2 "$cx" frobnicate
expect_error 2 "$cx" run
expect_error 2 "$cx" run nosuchstudy --out "$out"
expect_error 2 "$cx" run prng --impl prng.nosuch.seq --out "$out"
expect_error 2 "$cx" run prng --frobnicate 1 --out "$out"
expect_error 2 "$cx" run prng --reps many --out "$out"
expect_error 2 "$cx" run prng --reps -3 --out "$out"
expect_error 2 "$cx" run prng --threads 1.5 --out "$out"
expect_error 2 "$cx" run prng --impl prng.lf24.seq --set n=abc --out "$out" --no-progress
expect_error 2 "$cx" run prng --impl prng.lf24.seq --set n=-5 --out "$out" --no-progress
expect_error 2 "$cx" run prng --impl prng.lf24.seq --set r=1 --out "$out" --no-progress
expect_error 2 "$cx" run prng --impl prng.lf24.seq --set mode=scatter --out "$out" --no-progress
expect_error 2 "$cx" run prng --preset enormous --out "$out" --no-progress
expect_error 2 "$cx" run prng --set novalue --out "$out"
expect_error 2 "$cx" run prng --bind sideways --out "$out"
expect_error 2 "$cx" run prng --noise -1 --out "$out"
expect_error 2 "$cx" run prng --noise loud --out "$out"
expect_error 2 "$cx" run prng --impl
expect_error 2 "$cx" list extra
[ ! -e "$out" ] || [ -z "$(find "$out" -mindepth 1 -print -quit)" ] || fail "a failed run left files: $(find "$out")"

# list: every implementation with its availability
"$cx" list >"$tmp/list" 2>"$tmp/list.err" || fail "list failed"
grep -q 'prng.lf24.seq .*available' "$tmp/list" || fail "list lacks prng.lf24.seq"
if grep -q '^cxbench: note: built without CUDA' "$tmp/list.err"; then
    # the CUDA rows are not registered (docs/architecture.md "How CUDA rows are registered"),
    # and running one says why, exit 3
    ! grep -q 'prng.lf24.cuda1' "$tmp/list" || fail "cuda1 listed in a build without CUDA"
    expect_error 3 "$cx" run prng --impl prng.lf24.cuda1 --out "$out" --no-progress
    grep -q 'prng.lf24.cuda1: built without CUDA' "$tmp/err" || fail "no-CUDA message: $(cat "$tmp/err")"
elif ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
    grep -q 'prng.lf24.cuda1 .*unavailable' "$tmp/list" || fail "cuda1 not marked unavailable without a GPU"
fi
expect_error 2 "$cx" run prng --impl prng.lf24.nosuch --out "$out" --no-progress

# a small real run writes a complete result set
"$cx" run prng --impl prng.lf24.seq,prng.lf24.pthreads --preset ci --reps 3 --min-time 0 \
    --threads 2 --out "$out" --machine test-box --no-progress >"$tmp/run.out" 2>"$tmp/run.err" \
    || fail "ci run failed: $(cat "$tmp/run.err")"
set -- "$out"/test-box/2*
[ -d "$1" ] || fail "no result set under $out/test-box"
for f in samples.csv summary.csv fit.csv provenance.json floors.csv log.txt; do
    [ -s "$1/$f" ] || fail "result set lacks $f"
done
head -1 "$1/samples.csv" | grep -q '^run_id,study,impl,backend,algorithm,variant,point,params,n,threads,bind,seed,rep,mode,batch,wall_ns,cpu_ns,alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,instructions,checksum,verified,t_start_ns,extra$' \
    || fail "samples.csv header differs from docs/method.md"
awk -F, 'NR > 1 && $29 != 1 { bad = 1 } END { exit bad }' "$1/samples.csv" || fail "a row is not verified"
grep -q '"schema_version"' "$1/provenance.json" || fail "provenance lacks schema_version"
grep -q '"commit"' "$1/provenance.json" || fail "provenance lacks the git commit"
grep -q '"cpu_model"' "$1/provenance.json" || fail "provenance lacks the CPU model"
grep -Eq '"noise_score_start": [0-9]' "$1/provenance.json" || fail "provenance lacks the noise score"
if git -C "$(dirname "$0")/../.." rev-parse --verify -q HEAD >/dev/null 2>&1; then
    grep -Eq '"commit": "[0-9a-f]{40}"' "$1/provenance.json" || fail "provenance commit is not a git hash"
fi
grep -q 'prng.lf24.pthreads' "$tmp/run.out" || fail "run printed no table row for pthreads"
if command -v python3 >/dev/null; then
    python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$1/provenance.json" 2>/dev/null \
        || fail "provenance.json is not valid JSON"
fi
finish
