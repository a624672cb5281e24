#!/usr/bin/env bash
# propagation_cli: cxbench propagate as users and scripts see it (docs/cli.md "propagate",
# docs/studies/propagation.md "Command line"): exactly n act lines then one `# propagate` line;
# every CPU loop and variant (seq, pthreads at 1, 2, 3 threads, pthreads_part at 2, 3, 4 parts,
# random partitioner, every --switch) prints byte-identical act lines; --check; --curve against
# the act lines; p = 0 and --max-steps; --source-list; paper: specs; --partition FILE;
# `propagate replication` (one line per layout, the closed forms for G(n,m), R_edge <= R_vertex);
# the errors (one stderr line, nothing on stdout, exit 2 or 3) and that no output replaces the
# input or an existing file on error; `cxbench run propagation --set preset=ci`.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
d=$tmp/p
mkdir -p "$d"

# expect CODE CMD...: the exit code, one "cxbench: error: " line on stderr, nothing on stdout
expect() {
    local code=$1
    shift
    "$@" >"$tmp/o" 2>"$tmp/e"
    local rc=$?
    [ "$rc" = "$code" ] || fail "$*: exit $rc, expected $code ($(cat "$tmp/e"))"
    [ "$(wc -l <"$tmp/e")" = 1 ] && grep -q '^cxbench: error: ' "$tmp/e" || fail "$*: stderr: $(cat "$tmp/e")"
    [ ! -s "$tmp/o" ] || fail "$*: stdout not empty"
}

g="gnm:n=3000,m=9000,seed=4"
"$cx" propagate --gen "$g" --p 0.05 --backend seq --loop c >"$d/ref" 2>"$tmp/e" || fail "seq: $(cat "$tmp/e")"
[ "$(wc -l <"$d/ref")" = 3001 ] || fail "expected 3000 act lines and a summary: $(wc -l <"$d/ref")"
tail -n 1 "$d/ref" | grep -q '^# propagate n=3000 m=9000 kbar=6 p=0.05' || fail "summary: $(tail -n 1 "$d/ref")"
for k in p_eff model seed sources impl gpus sync partition steps active coverage steps_50 steps_997 steps_999; do
    tail -n 1 "$d/ref" | grep -q " $k=" || fail "summary lacks $k"
done
head -n 3000 "$d/ref" >"$d/ref.act"
grep -qvx -- '-\{0,1\}[0-9]\+' "$d/ref.act" && fail "act lines are not integers"
steps=$(tail -n 1 "$d/ref" | sed 's/.* steps=\([0-9]*\).*/\1/')
max=$(sort -n "$d/ref.act" | tail -n 1)
[ "$steps" = "$max" ] || fail "steps=$steps, max act $max"

# every CPU variant: byte-identical act lines
same() { # same ARGS...: act lines equal to the reference
    "$cx" propagate --gen "$g" --p 0.05 --no-summary "$@" >"$d/out" 2>"$tmp/e" || fail "$*: $(cat "$tmp/e")"
    cmp -s "$d/out" "$d/ref.act" || fail "$*: act differs from propagation.cloop.seq"
}
for l in c t a e; do
    same --backend seq --loop $l
    for t in 1 2 3; do same --backend pthreads --loop $l --threads $t; done
    for p in 2 3 4; do same --backend pthreads --loop $l --gpus $p --check-invariants; done
    same --backend pthreads --loop $l --gpus 3 --partition random
done
for s in never 1 2 5 auto; do same --backend seq --loop a --switch $s; done
same --impl propagation.eloop.pthreads_part --threads 3 --orient canonical
same --impl eloop.pthreads --threads 2
"$cx" propagate --gen "$g" --p 0.05 --impl tloop.pthreads_part --gpus 2 --check >/dev/null 2>"$tmp/e" ||
    fail "--check: $(cat "$tmp/e")"

# the curve: its last active count is the summary's, its new counts the act histogram
"$cx" propagate --gen "$g" --p 0.05 --backend seq --curve "$d/curve.csv" >"$d/out" || fail "--curve"
head -n 1 "$d/curve.csv" | grep -qx 'step,active,new,frontier,loop,w_c,w_t' || fail "curve header"
active=$(tail -n 1 "$d/out" | sed 's/.* active=\([0-9]*\).*/\1/')
[ "$(tail -n 1 "$d/curve.csv" | cut -d, -f2)" = "$active" ] || fail "curve's last active differs from $active"
awk -F, 'NR > 1 && $3 > 0 { print $1, $3 }' "$d/curve.csv" >"$d/curve.new"
head -n 3000 "$d/out" | awk '$1 > 0' | sort -n | uniq -c | awk '{ print $2, $1 }' >"$d/act.hist"
cmp -s "$d/curve.new" "$d/act.hist" || fail "curve new counts differ from the act histogram"

# p = 0: only the sources; --max-steps caps
"$cx" propagate --gen "$g" --p 0 --sources 3 --backend seq >"$d/out" || fail "--p 0"
[ "$(head -n 3000 "$d/out" | grep -cx 0)" = 3 ] && [ "$(head -n 3000 "$d/out" | grep -cvx -- -1)" = 3 ] ||
    fail "--p 0: not exactly the 3 sources active"
"$cx" propagate --gen "$g" --p 0.05 --max-steps 4 --backend seq >"$d/out" || fail "--max-steps"
[ "$(head -n 3000 "$d/out" | sort -n | tail -n 1)" -le 4 ] || fail "--max-steps 4: act above 4"

# --source-list, isolated and repeated sources
printf '5\n# a comment\n7\n5\n' >"$d/src"
"$cx" propagate --gen "$g" --p 1 --source-list "$d/src" --backend seq >"$d/out" || fail "--source-list"
[ "$(sed -n 6p "$d/out")" = 0 ] && [ "$(sed -n 8p "$d/out")" = 0 ] || fail "--source-list: sources not at 0"

# a file graph with an isolated vertex and a second component; --ids asis keeps ids
printf '0 1\n1 2\n2 0\n4 5\n' >"$d/g.txt"
"$cx" propagate "$d/g.txt" --p 1 --source-list <(echo 0) --backend seq >"$d/out" || fail "file graph"
[ "$(head -n 6 "$d/out" | tr '\n' ' ')" = "0 1 1 -1 -1 -1 " ] || fail "file graph: $(head -n 6 "$d/out" | tr '\n' ' ')"

# GRAPH "-" reads standard input
"$cx" propagate - --p 1 --source-list <(echo 0) --backend seq <"$d/g.txt" >"$d/out" || fail "stdin graph"
[ "$(head -n 6 "$d/out" | tr '\n' ' ')" = "0 1 1 -1 -1 -1 " ] || fail "stdin graph: $(head -n 6 "$d/out" | tr '\n' ' ')"

# paper specs expand (entries reading: m = Y/2 million; rmat with scale and ef)
"$cx" propagate --gen paper:0.002m0.016m:seed=3 --p 0.2 --backend seq >"$d/out" || fail "paper spec"
tail -n 1 "$d/out" | grep -q 'n=2000 m=8000 kbar=8' || fail "paper:0.002m0.016m: $(tail -n 1 "$d/out")"
"$cx" propagate --gen paper:0.004m0.064m:rmat --p 0.2 --backend seq >"$d/out" || fail "paper rmat spec"
tail -n 1 "$d/out" | grep -q 'n=4096 ' || fail "paper rmat: $(tail -n 1 "$d/out")"

# --partition FILE: the same act lines
awk 'BEGIN { for (v = 0; v < 3000; v++) print (v * 7) % 3 }' >"$d/parts"
same --backend pthreads --gpus 3 --partition "$d/parts"

# replication: one line per layout; closed forms for G(n,m); R_edge <= R_vertex
"$cx" propagate replication --gen gnm:n=20000,m=80000,seed=2 --parts 4 --partition random >"$d/out" ||
    fail "replication"
[ "$(wc -l <"$d/out")" = 2 ] || fail "replication: two lines expected"
rv=$(sed -n 's/^layout=vertex .* R=\([0-9.]*\) .*/\1/p' "$d/out")
re=$(sed -n 's/^layout=edge .* R=\([0-9.]*\) .*/\1/p' "$d/out")
awk -v a="$re" -v b="$rv" 'BEGIN { exit !(a <= b && b <= 3) }' || fail "replication: R_edge $re, R_vertex $rv"
while read -r line; do
    r=$(echo "$line" | sed 's/.* R=\([0-9.]*\) .*/\1/')
    c=$(echo "$line" | sed 's/.*R_closed_form=\([0-9.]*\).*/\1/')
    awk -v r="$r" -v c="$c" 'BEGIN { d = r - c; if (d < 0) d = -d; exit !(d < 0.02) }' ||
        fail "replication: R $r vs closed form $c"
done <"$d/out"
"$cx" propagate replication "$d/g.txt" --parts 1 | grep -q ' R=0.000000 ' || fail "replication: P = 1 gives R = 0"

# errors: one line, exit 2 or 3, nothing written
expect 2 "$cx" propagate
expect 2 "$cx" propagate "$d/missing.txt"
expect 2 "$cx" propagate --gen "$g" --p 1.5
expect 2 "$cx" propagate --gen "$g" --switch 0
expect 2 "$cx" propagate --gen "$g" --gen "$g"
expect 2 "$cx" propagate --gen paper:1x2m
expect 2 "$cx" propagate --gen gnm:n=5,m=0 --backend seq
expect 2 "$cx" propagate --gen "$g" --impl propagation.zloop.seq
expect 2 "$cx" propagate --gen "$g" --out "$d"
expect 2 "$cx" propagate "$d/g.txt" --out "$d/g.txt"
expect 2 "$cx" propagate --gen "$g" --backend seq --source-list <(echo 3000)
expect 2 "$cx" propagate --gen "$g" --backend pthreads --gpus 3 --partition <(echo 0)
if "$cx" propagate replication --gen "$g" --parts 3 --partition metis >"$d/metis.txt" 2>"$d/metis.err"; then
    # a build with METIS: its replication lines, and the act of pthreads_part on its owners = seq
    [ "$(grep -c 'partition=metis' "$d/metis.txt")" = 2 ] || fail "replication --partition metis: $(cat "$d/metis.txt")"
    "$cx" propagate --gen "$g" --backend pthreads --gpus 3 --partition metis --no-summary >"$d/metis-act.txt" ||
        fail "propagate --partition metis failed"
    "$cx" propagate --gen "$g" --backend seq --no-summary | cmp -s - "$d/metis-act.txt" ||
        fail "--partition metis: act differs from seq"
else
    expect 3 "$cx" propagate --gen "$g" --partition metis
fi
expect 2 "$cx" propagate replication --gen "$g"
expect 3 "$cx" propagate --gen "$g" --backend cuda --gpus 64
rq="--set n=300 --reps 1 --max-reps 1 --min-time 0 --noise 0 --no-table --no-progress --out $d/lanes"
expect 2 "$cx" run propagation --impl propagation.aloop.seq --set lanes=1 $rq
expect 2 "$cx" run propagation --impl propagation.eloop.pthreads --set lanes=32 $rq
[ ! -e "$d/lanes" ] || fail "--set lanes on a CPU row left a result set"
cp "$d/g.txt" "$d/g.bak"
echo keep >"$d/existing"
expect 2 "$cx" propagate "$d/g.txt" --p 2 --out "$d/existing"
cmp -s "$d/g.txt" "$d/g.bak" || fail "the input changed"
[ "$(cat "$d/existing")" = keep ] || fail "an existing --out file was replaced on error"
"$cx" propagate "$d/g.txt" --p 1 --backend seq --out "$d/existing" || fail "--out"
[ "$(wc -l <"$d/existing")" = 7 ] || fail "--out: 6 act lines and a summary expected"

# help and the runner
"$cx" propagate --help >"$d/help" || fail "--help"
grep -q 'cxbench propagate replication' "$d/help" || fail "--help lacks replication"
"$cx" run propagation --set preset=ci --reps 1 --max-reps 1 --min-time 0 --noise 0 --no-table --no-progress \
    --out "$d/runs" >"$tmp/out" 2>"$tmp/err" || fail "run propagation: $(cat "$tmp/err")"
[ "$(grep -c '^propagation\.' "$tmp/out")" = 16 ] || fail "run: 16 point lines expected: $(cat "$tmp/out")"

[ "$fails" = 0 ] || exit 1
echo "propagation_cli: all checks passed"
