#!/usr/bin/env bash
# cli_machine_name: `run` and `prng-repro` put a machine's results in one folder
# (docs/architecture.md results/<machine>/): --machine is lower-cased, every run of characters
# other than letters and digits becomes one '-', and a name with no letter or digit is bad
# input (exit 2, one line, nothing written). Both used to name it differently.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
out="$tmp/results"

"$cx" prng-repro --tasks 2 --k 2 --threads 1 --shapes 1x1 --no-cuda --machine "My Box_1.x" \
    --out "$out" >/dev/null 2>"$tmp/err" || fail "prng-repro failed: $(cat "$tmp/err")"
[ -d "$out/my-box-1-x/prng-repro" ] || fail "prng-repro wrote $(ls "$out"), want my-box-1-x"
"$cx" run prng --impl prng.lf24.seq --preset ci --set n=1024 --reps 1 --max-reps 1 --min-time 0 \
    --noise 0 --machine "My Box_1.x" --out "$out" --no-progress >/dev/null 2>"$tmp/err" ||
    fail "run failed: $(cat "$tmp/err")"
[ "$(ls "$out")" = my-box-1-x ] || fail "run and prng-repro wrote different machine folders: $(ls "$out")"
ls "$out/my-box-1-x" | grep -q '^2' || fail "run wrote no result set under my-box-1-x"

rm -rf "$out"
expect_error 2 "$cx" prng-repro --no-cuda --machine "/_/" --out "$out"
expect_error 2 "$cx" run prng --impl prng.lf24.seq --machine "/_/" --out "$out" --no-progress
[ ! -e "$out" ] || [ -z "$(find "$out" -mindepth 1 -print -quit)" ] || fail "a refused --machine left files"
finish
