#!/usr/bin/env bash
# harness_exit_codes: exit codes as documented (0 ok, 1 regression or failed check, 2 bad
# input, 3 missing resource) and messages that say what is wrong: a row unavailable here,
# an empty edge list, a complex Matrix Market file, a text file with a NUL byte, an edge list
# read as .cxg, a count too large, plot --all and report on a ROOT without result sets;
# compare's NOISY verdict (a side's recorded noise score above 40) against instruction counts,
# which still gate; fit's derived files beside the set, never over it.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
cd "$tmp" || exit 1

# a CUDA row where none is available: exit 3 naming it
if "$cx" list 2>/dev/null | grep -q '^  prng.xorwow.cuda .* unavailable'; then
    expect_error 3 "$cx" run prng --impl prng.xorwow.cuda --out r --no-progress
    grep -q 'prng.xorwow.cuda: not available here' "$tmp/err" || fail "unavailable row: $(cat "$tmp/err")"
fi

# an empty edge list is a valid empty graph
: >empty.el
"$cx" graph info empty.el --quiet >info.txt 2>"$tmp/err" || fail "graph info empty.el: exit $?"
grep -q '^vertices: 0$' info.txt && grep -q '^degree_mean: 0.0$' info.txt || fail "empty graph: $(cat info.txt)"
! grep -qi nan info.txt || fail "nan in the info of an empty graph"

# Matrix Market complex: refused, file and line named
printf '%%%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 2 1.0 0.5\n' >c.mtx
expect_error 2 "$cx" graph info c.mtx
grep -q "c.mtx:1: field 'complex' is not supported" "$tmp/err" || fail "complex: $(cat "$tmp/err")"

# a NUL byte: named as such, with its line
printf '0 1\n1 2\0 3\n2 3\n' >nul.el
expect_error 2 "$cx" graph info nul.el
grep -q 'nul.el:2: NUL byte' "$tmp/err" || fail "NUL byte: $(cat "$tmp/err")"

# an edge list read with --format cxg is not a corrupt cache
printf '0 1\n1 2\n' >g.el
expect_error 2 "$cx" graph info g.el --format cxg
grep -q 'g.el: not a .cxg file' "$tmp/err" || fail "--format cxg: $(cat "$tmp/err")"
! grep -q 'corrupt\|delete' "$tmp/err" || fail "--format cxg calls an edge list a corrupt cache"

# counts too large say so
expect_error 2 "$cx" prng lf24 --count 1e30
grep -q "'1e30' is too large" "$tmp/err" || fail "--count 1e30: $(cat "$tmp/err")"
expect_error 2 "$cx" prng xorwow --count 2^64
grep -q "too large" "$tmp/err" || fail "--count 2^64: $(cat "$tmp/err")"
expect_error 2 "$cx" prng xorwow --count 99999999999999999999
grep -q "too large" "$tmp/err" || fail "--count 1e20 digits: $(cat "$tmp/err")"

# contradictory and out-of-range options: one line, exit 2, before any work (docs/cli.md)
expect_error 2 "$cx" run prng --impl prng.xorwow.seq --reps 10 --max-reps 2 --out crossed --no-progress
grep -q 'run: --reps 10 is above --max-reps 2' "$tmp/err" || fail "--reps > --max-reps: $(cat "$tmp/err")"
[ ! -e crossed ] || fail "--reps > --max-reps wrote a result tree"
expect_error 2 "$cx" run prng --max-reps 0 --out crossed --no-progress
expect_error 2 "$cx" run prng --min-time 5 --budget 1 --out crossed --no-progress
grep -q 'run: --min-time 5 is above --budget 1' "$tmp/err" || fail "--min-time > --budget: $(cat "$tmp/err")"
for s in 0 -1 x; do
    expect_error 2 "$cx" run prng --stop-after "$s" --out crossed --no-progress
    grep -q -- '--stop-after' "$tmp/err" || fail "--stop-after $s: $(cat "$tmp/err")"
done
[ ! -e crossed ] || fail "a refused --stop-after wrote a result tree"
for r in 0 17; do
    expect_error 2 "$cx" prng philox4x32 --rounds $r --count 4
    grep -q -- "--rounds" "$tmp/err" || fail "philox --rounds $r: $(cat "$tmp/err")"
done
expect_error 2 "$cx" prng threefry4x32 --rounds 73 --count 4
expect_error 2 "$cx" prng threefry4x32 --rounds 0 --key 1,2,3,4 --counter 0,0,0,0 --count 4
expect_error 2 "$cx" prng-repro --tasks 0 --no-cuda --out repro0
grep -q 'prng-repro: --tasks 0: expected at least 1' "$tmp/err" || fail "--tasks 0: $(cat "$tmp/err")"
[ ! -e repro0 ] || fail "prng-repro --tasks 0 wrote a result tree"
expect_error 2 "$cx" prng-repro --k 0 --no-cuda --out repro0
expect_error 2 "$cx" prng lf24 --s 0 --count 1

# plot --all and report agree on a ROOT without result sets
mkdir emptyroot
expect_error 2 "$cx" report emptyroot
expect_error 2 "$cx" plot --all emptyroot
grep -q 'emptyroot: no result sets' "$tmp/err" || fail "plot --all empty: $(cat "$tmp/err")"

# ---- compare and noise ----
"$cx" run prng --impl prng.xorwow.seq --set n=1024 --reps 8 --max-reps 8 --min-time 0 --noise 0 \
    --out res --machine m --no-progress --no-table >/dev/null 2>&1 || fail "run for compare"
set=$(ls -d res/m/2* | head -1)
# set_noise DIR SCORE: the provenance's recorded noise scores
set_noise() { sed -i -E "s/\"noise_score_(start|end)\": [-0-9.e+]+/\"noise_score_\\1\": $2/" "$1/provenance.json"; }
# scale DIR COLUMN FACTOR: multiply a samples.csv column (a slower or larger NEW)
scale() {
    awk -F, -v col="$2" -v f="$3" 'BEGIN { OFS = "," } NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; print; next }
        { $c = $c * f; print }' "$1/samples.csv" >"$1/s.tmp" && mv "$1/s.tmp" "$1/samples.csv"
    rm -f "$1/summary.csv" "$1/fit.csv"
}
# steady DIR: the measured times replaced by fixed ones 0.1% apart, so that what compare decides
# depends on the factor and the noise score written here, not on how busy this machine was when
# the eight tiny samples ran (under the sanitizers on two busy cores they can spread by 10x)
steady() {
    awk -F, 'BEGIN { OFS = "," } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "time_ns") c = i; print; next }
        { $c = 100000 + 100 * (NR - 2); print }' "$1/samples.csv" >"$1/s.tmp" && mv "$1/s.tmp" "$1/samples.csv"
    rm -f "$1/summary.csv" "$1/fit.csv"
}
mkdir -p cb cn
cp -r "$set" cb/s
cp -r "$set" cn/s
steady cb/s
steady cn/s
scale cn/s time_ns 3
set_noise cb/s 10
set_noise cn/s 10
"$cx" compare cb/s cn/s >cmp.out 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "x3 slower on a quiet machine: exit $rc, want 1 (REGRESSION)"
grep -q 'REGRESSION 1' cmp.out || fail "quiet compare: $(tail -2 cmp.out)"
# the noise score is read from provenance.json, which compare reads with cJSON: a build
# without it warns that provenance was not checked and cannot tell NOISY (docs/install.md)
if grep -q 'built without cJSON' "$tmp/err"; then
    echo "note: built without cJSON: the NOISY cases are not checked here"
else
set_noise cn/s 46
"$cx" compare cb/s cn/s >cmp.out 2>"$tmp/err"
rc=$?
[ "$rc" = 2 ] || fail "x3 slower with a noise score of 46: exit $rc, want 2 (NOISY)"
grep -q '| NOISY |' cmp.out && grep -q 'NOISY 1' cmp.out || fail "noisy compare: $(tail -3 cmp.out)"
grep -q 'REGRESSION 0' cmp.out || fail "a noisy side still gave a REGRESSION"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^cxbench: error: compare: .*NOISY.*46' "$tmp/err" ||
    fail "noisy compare message: $(cat "$tmp/err")"
set_noise cb/s 46
"$cx" compare cb/s cb/s >/dev/null 2>&1 || fail "a set against itself on a noisy machine: exit $?, want 0"
fi

# instruction counts still gate, whatever the noise (scripts/bench-ci.sh compares these)
mkdir -p ib in
cp -r "$set" ib/s
cp -r "$set" in/s
for d in ib/s in/s; do
    awk -F, 'BEGIN { OFS = "," } NR == 1 { for (i = 1; i <= NF; i++) if ($i == "instructions") c = i; print; next }
        { $c = 1000000; print }' "$d/samples.csv" >"$d/s.tmp" && mv "$d/s.tmp" "$d/samples.csv"
    rm -f "$d/summary.csv" "$d/fit.csv"
    set_noise "$d" 90
done
scale in/s instructions 1.10
"$cx" compare ib/s in/s >cmp.out 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] || fail "instruction counts +10% with noise 90: exit $rc, want 1 ($(tail -2 cmp.out))"
grep -q 'REGRESSION 1' cmp.out || fail "instruction compare: $(tail -2 cmp.out)"

# fit writes beside the set, never over its own files
md5sum "$set"/* >before.md5
"$cx" fit "$set" --range 1: >/dev/null 2>&1 || fail "fit --range: exit $?"
md5sum -c --quiet before.md5 >/dev/null 2>&1 || fail "fit changed the set's own files"
[ -f "$set.fit.csv" ] && [ -f "$set.summary.csv" ] || fail "fit wrote nothing beside the set"
"$cx" fit "$set" >&- 2>/dev/null
[ "$?" = 3 ] || fail "fit with stdout closed: want exit 3"
"$cx" compare cb/s cb/s >&- 2>/dev/null
[ "$?" = 3 ] || fail "compare with stdout closed: want exit 3"
finish
