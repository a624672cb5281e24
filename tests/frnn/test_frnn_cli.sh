#!/usr/bin/env bash
# frnn_cli: `cxbench frnn` and `cxbench frnn gen` (docs/cli.md "frnn").
cx=$1
. "$(dirname "$0")/../cli_lib.sh"

# one error line "cxbench: error: ..." containing TEXT, exit CODE, nothing on stdout, no output file
frnn_error() { # frnn_error CODE TEXT CMD...
    local code=$1 text=$2
    shift 2
    rm -f "$tmp/out.txt"
    "$@" >"$tmp/so" 2>"$tmp/se"
    local rc=$?
    [ "$rc" = "$code" ] || fail "$*: exit $rc, expected $code ($(cat "$tmp/se"))"
    [ "$(wc -l <"$tmp/se")" = 1 ] || fail "$*: stderr is not one line: $(cat "$tmp/se")"
    grep -q '^cxbench: error: ' "$tmp/se" || fail "$*: no 'cxbench: error:' line"
    grep -qF -- "$text" "$tmp/se" || fail "$*: message lacks '$text': $(cat "$tmp/se")"
    [ ! -s "$tmp/so" ] || fail "$*: wrote to stdout"
    [ ! -e "$tmp/out.txt" ] || fail "$*: left an output file"
    ! ls "$tmp"/out.txt.tmp.* >/dev/null 2>&1 || fail "$*: left a temporary"
}

gpu=0
if "$cx" list 2>/dev/null | grep -Eq '^ *frnn.strips.cuda +cuda +available'; then gpu=1; fi

# ---- gen: deterministic, the requested count and arity, %.9g round trip ----
"$cx" frnn gen --n 3000 --dims 3 --seed 7 --width 12 --out "$tmp/p3.txt" || fail "gen 3D"
"$cx" frnn gen --n 3000 --dims 3 --seed 7 --width 12 | cmp -s - "$tmp/p3.txt" || fail "gen is not deterministic"
[ "$(wc -l <"$tmp/p3.txt")" = 3000 ] || fail "gen 3D: not 3000 lines"
awk 'NF != 3 { exit 1 }' "$tmp/p3.txt" || fail "gen 3D: a line without 3 coordinates"
"$cx" frnn gen --n 2500 --dims 2 --seed 9 --dist circles-thesis --nbar 40 >"$tmp/p2.txt" || fail "gen 2D thesis"
"$cx" frnn gen --n 0 --dims 2 --seed 1 --width 1 >"$tmp/p0.txt" || fail "gen n=0"
[ ! -s "$tmp/p0.txt" ] || fail "gen n=0 wrote something"
"$cx" frnn gen --n 1000 --dims 3 --seed 1 --dist circles-fgpu2 | awk '{ for (i = 1; i <= 3; ++i) if ($i < -5 || $i >= 5) exit 1 }' ||
    fail "gen circles-fgpu2: a coordinate outside [-W/2, W/2) with W = 10"
"$cx" frnn gen --n 2000 --dims 2 --seed 4 --dist strip --width 16 |
    awk '$1 < 0 || $1 >= 16 || $2 < 0 || $2 >= 1 { exit 1 } { k[int($1)] = 1 } END { if (length(k) != 16) exit 1 }' ||
    fail "gen strip: a point outside [0, 16) x [0, 1), or a key of the 16 unused"

# ---- gen | frnn equals the run on the file; outputs identical across backends and variants ----
for f in p3 p2; do
    "$cx" frnn "$tmp/$f.txt" --radius 1 --backend seq >"$tmp/$f.ref" || fail "$f: seq"
    "$cx" frnn gen --n 3000 --dims 3 --seed 7 --width 12 | "$cx" frnn - --radius 1 --backend seq >"$tmp/p3.pipe"
    cmp -s "$tmp/p3.pipe" "$tmp/p3.ref" || fail "gen | frnn differs from frnn on the file"
    for h in count list avg; do
        "$cx" frnn "$tmp/$f.txt" --radius 1 --w 0.5 --backend seq --handler $h --no-summary >"$tmp/$f.$h" ||
            fail "$f $h seq"
        for q in moore pbw strips brute; do
            for w in 1 0.5 0.25; do
                [ $q = moore ] && [ $w != 1 ] && continue
                "$cx" frnn "$tmp/$f.txt" --radius 1 --w $w --query $q --backend seq --handler $h --no-summary >"$tmp/o"
                cmp -s "$tmp/o" "$tmp/$f.$h" || { [ $h = avg ] && [ $w != 0.5 ]; } ||
                    fail "$f $h: $q.seq w=$w differs from strips.seq w=0.5"
            done
            for t in 1 2 3 8; do
                "$cx" frnn "$tmp/$f.txt" --radius 1 --w 0.5 --query $q --backend pthreads --threads $t --handler $h \
                    --no-summary | cmp -s - "$tmp/$f.$h" || fail "$f $h: $q.pthreads($t) differs from seq"
                [ $h = avg ] && continue # acs.pthreads: the intra-bin order (and float sums) may differ
                "$cx" frnn "$tmp/$f.txt" --radius 1 --w 0.5 --query $q --backend pthreads --build acs --threads $t \
                    --handler $h --no-summary | cmp -s - "$tmp/$f.$h" || fail "$f $h: $q.pthreads($t) acs differs"
            done
            if [ $gpu = 1 ]; then
                for b in original acs_stable acs; do
                    [ $b = acs ] && [ $h = avg ] && continue
                    "$cx" frnn "$tmp/$f.txt" --radius 1 --w 0.5 --query $q --backend cuda --build $b --handler $h \
                        --no-summary | cmp -s - "$tmp/$f.$h" || fail "$f $h: $q.cuda $b differs from seq"
                done
            fi
        done
    done
    # the summary: pairs = the sum of the counts, even
    pairs=$(sed -n 's/.* pairs=\([0-9]*\) .*/\1/p' "$tmp/$f.ref")
    sum=$(grep -v '^#' "$tmp/$f.ref" | awk '{ s += $1 } END { print s + 0 }')
    [ "$pairs" = "$sum" ] || fail "$f: summary pairs=$pairs, counts sum to $sum"
    [ $((pairs % 2)) = 0 ] || fail "$f: odd pairs=$pairs"
    # list rows are symmetric: j in nbrs(i) <=> i in nbrs(j)
    awk '{ for (k = 1; k <= NF; ++k) print NR - 1, $k }' "$tmp/$f.list" | sort >"$tmp/e1"
    awk '{ print $2, $1 }' "$tmp/e1" | sort >"$tmp/e2"
    cmp -s "$tmp/e1" "$tmp/e2" || fail "$f: the lists are not symmetric"
    "$cx" frnn "$tmp/$f.txt" --radius 1 --w 0.7 --backend pthreads --threads 3 --check >/dev/null || fail "$f: --check"
done
"$cx" frnn "$tmp/p0.txt" --radius 1 --dims 2 >"$tmp/o0" || fail "n=0"
[ "$(wc -l <"$tmp/o0")" = 1 ] && grep -q '^# frnn n=0 .* pairs=0 ' "$tmp/o0" || fail "n=0: $(cat "$tmp/o0")"
printf '# one point\n\n1 2 3 # trailing comment\n' >"$tmp/one.txt"
[ "$("$cx" frnn "$tmp/one.txt" --radius 1 --no-summary)" = 0 ] || fail "one point: not a count of 0"
printf '0 0\n1 0\n0 0.99999994\n' >"$tmp/r.txt" # at exactly R and just inside
[ "$("$cx" frnn "$tmp/r.txt" --radius 1 --handler list --no-summary | tr '\n' '|')" = "2||0|" ] ||
    fail "exact R: $("$cx" frnn "$tmp/r.txt" --radius 1 --handler list --no-summary | tr '\n' '|')"
"$cx" frnn "$tmp/p3.txt" --radius 1 --counters --time | tail -1 | grep -q ' examined=[0-9]* accepted=[0-9]* build_ms=' ||
    fail "--counters --time: summary keys"
"$cx" frnn "$tmp/p3.txt" --radius 1 --backend seq --out "$tmp/o.txt" && cmp -s "$tmp/o.txt" "$tmp/p3.ref" || fail "--out"

# ---- errors: one line, exit 2, no output ----
bad() { printf "$2" >"$tmp/bad.txt"; frnn_error 2 "bad.txt:$1" "$cx" frnn "$tmp/bad.txt" --radius 1 --out "$tmp/out.txt"; }
bad 2 '1 2\n3 4 5\n'
bad 1 '1 2 3 4\n'
bad 1 '1\n'
bad 2 '1 2\nnan 4\n'
bad 2 '1 2\ninf 4\n'
bad 1 '1 -inf\n'
bad 1 '1 2x\n'
bad 1 '1 2,\n'
bad 1 '1 1e39\n'
bad 3 '1 2\n\n3 4 junk\n'
printf '1 2\n3\0004\n' >"$tmp/bad.txt"
frnn_error 2 "bad.txt:2" "$cx" frnn "$tmp/bad.txt" --radius 1 --out "$tmp/out.txt"
printf '0 0\n1 1\n' >"$tmp/bad.txt"
frnn_error 2 "bad.txt:1: expected 3 coordinates, found 2" "$cx" frnn "$tmp/bad.txt" --radius 1 --dims 3 --out "$tmp/out.txt"
frnn_error 2 "--max-bins: grid needs 1000000 bins (limit 1000)" "$cx" frnn "$tmp/p3.txt" --radius 1 --min 0 --max 100,100,100 \
    --dims 3 --max-bins 1000 --out "$tmp/out.txt"
frnn_error 2 "--w" "$cx" frnn "$tmp/p3.txt" --radius 1 --w 5 --out "$tmp/out.txt"
frnn_error 2 "--radius" "$cx" frnn "$tmp/p3.txt" --radius 0 --out "$tmp/out.txt"
"$cx" frnn gen --n 140000 --dims 2 --seed 3 --width 400 --out "$tmp/big.txt" || fail "gen 140000"
frnn_error 2 "--check: 140000 points: brute force above 2^17 needs --force" "$cx" frnn "$tmp/big.txt" --radius 1 --check \
    --out "$tmp/out.txt"
frnn_error 2 "--radius" "$cx" frnn "$tmp/p3.txt" --out "$tmp/out.txt"
frnn_error 2 "frnn.acs.seq does not exist" "$cx" frnn "$tmp/p3.txt" --radius 1 --backend seq --build acs --out "$tmp/out.txt"
frnn_error 2 "no-such" "$cx" frnn "$tmp/no-such.txt" --radius 1 --out "$tmp/out.txt"
frnn_error 2 "block=48" "$cx" frnn "$tmp/p3.txt" --radius 1 --block 48 --out "$tmp/out.txt"
frnn_error 2 "gen" "$cx" frnn gen --n 10 --dims 2 --seed 1 --out "$tmp/out.txt"
frnn_error 2 "--dist strip needs --width" "$cx" frnn gen --n 10 --dims 2 --seed 1 --dist strip --out "$tmp/out.txt"
if [ $gpu = 0 ]; then
    frnn_error 3 "frnn.strips.cuda" "$cx" frnn "$tmp/p3.txt" --radius 1 --backend cuda --out "$tmp/out.txt"
fi
# an existing output file is not clobbered by a failed run
echo keep >"$tmp/keep.txt"
printf '1 2\n3\n' >"$tmp/bad.txt"
"$cx" frnn "$tmp/bad.txt" --radius 1 --out "$tmp/keep.txt" 2>/dev/null
[ "$(cat "$tmp/keep.txt")" = keep ] || fail "a failed run changed an existing --out file"
# --check finds a wrong answer: the test hook of the rows through cxbench run
"$cx" run frnn --impl frnn.strips.seq --set n=2000 --set fault=1 --reps 1 --out "$tmp/runs" >"$tmp/run.log" 2>&1 &&
    fail "run with fault=1 passed verification"

# ---- cxbench run frnn: the ci preset's rows verify ----
"$cx" run frnn --impl frnn.counting.seq,frnn.acs.pthreads,frnn.strips.pthreads,frnn.pbw.seq --set n=4096 \
    --set handler=list --reps 2 --out "$tmp/runs2" >"$tmp/run2.log" 2>&1 || fail "run frnn: $(tail -3 "$tmp/run2.log")"
# a Circles step built by ACS on the pool sums a bin's forces in arrival order: its samples are
# verified one by one (the build parameter decides, not the row), never called nondeterministic
"$cx" run frnn --preset quick --impl frnn.circles.pthreads --set build=acs --set n=4096 --threads 2 --reps 8 \
    --max-reps 8 --out "$tmp/runs3" --no-table >"$tmp/run3.log" 2>&1 || fail "circles with build=acs: $(tail -2 "$tmp/run3.log")"
grep -q "8 samples" "$tmp/run3.log" || fail "circles with build=acs: not 8 samples: $(tail -2 "$tmp/run3.log")"
finish
