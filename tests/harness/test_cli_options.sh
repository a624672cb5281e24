#!/usr/bin/env bash
# cli_options: every command's options as users meet them (docs/cli.md "Help", "Options").
# --help and -h at every depth exit 0 with the usage on stdout and nothing on stderr, and
# the usage has a line for every flag its synopsis shows; an option given twice and an
# unknown option are one error line (exit 2) naming the command and the flag; --flag=VALUE
# is --flag VALUE; --impl takes the ids `cxbench list` prints (graph gen, run) and prng
# --backend those of the bulk rows.
cx=$1
src=$2
. "$(dirname "$0")/../cli_lib.sh"

# expect_help CMD...: exit 0, "usage:" first on stdout, stderr empty
expect_help() {
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ "$rc" = 0 ] || fail "exit $rc: $* ($(head -1 "$tmp/err"))"
    head -1 "$tmp/out" | grep -q '^usage:' || fail "no usage on stdout: $*"
    [ ! -s "$tmp/err" ] || fail "stderr not empty: $*: $(cat "$tmp/err")"
}

# expect_error_says TEXT CMD...: expect_error 2 and the line contains TEXT
expect_error_says() {
    local want=$1; shift
    expect_error 2 "$@"
    grep -qF -- "$want" "$tmp/err" || fail "$*: error lacks [$want]: $(cat "$tmp/err")"
}

# the command paths: the first words of the help's synopses; a group lists its commands
"$cx" --help >"$tmp/help" || fail "--help: exit $?"
sed -n 's/^  cxbench \([a-z][a-z0-9-]*\).*/\1/p' "$tmp/help" | sort -u >"$tmp/top"
: >"$tmp/paths"
while read -r c; do
    "$cx" "$c" --help >"$tmp/h" 2>&1
    if grep -q '^(cxbench COMMAND --help for one command)' "$tmp/h"; then
        echo "$c" >>"$tmp/groups"
        sed -n "s/^  cxbench \\($c [a-z][a-z0-9-]*\\) .*/\\1/p" "$tmp/h" >>"$tmp/paths"
    else
        echo "$c" >>"$tmp/paths"
    fi
done <"$tmp/top"
[ "$(wc -l <"$tmp/paths")" -ge 11 ] || fail "fewer than 11 command paths: $(tr '\n' ',' <"$tmp/paths")"

# --help and -h at every depth
for h in --help -h; do
    expect_help "$cx" $h
    while read -r g; do
        expect_help "$cx" $g $h
        grep -q "^  cxbench $g " "$tmp/out" || fail "$g $h does not list its commands"
    done <"$tmp/groups"
    while read -r p; do
        expect_help "$cx" $p $h
        grep -q "^  cxbench $p" "$tmp/out" || fail "$p $h: no synopsis 'cxbench $p'"
        # every flag of the synopses has its option line ("      --flag ...")
        grep '^  cxbench \|^   *\[' "$tmp/out" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u | while read -r f; do
            grep -q -- "^      $f\\b" "$tmp/out" || echo "$p: $f"
        done >"$tmp/nolines"
        [ ! -s "$tmp/nolines" ] || fail "flags without an option line: $(tr '\n' ' ' <"$tmp/nolines")"
    done <"$tmp/paths"
done
# deeper: after a generator, a spec, a study, a file, other options, a bad option
expect_help "$cx" prng lf24 --help
expect_help "$cx" prng xorwow -h
expect_help "$cx" prng lf24 --count 3 --bogus --help
expect_help "$cx" graph gen gnm:n=10,m=5 --help
expect_help "$cx" graph gen alpha:n=10,k=2,alpha=1 -h
expect_help "$cx" graph info no-such-file --help
expect_help "$cx" run prng --impl nosuch --help
expect_help "$cx" report --out --help
grep -q 'cxbench prng lf24 ' "$tmp/help" && grep -q 'cxbench prng GEN ' "$tmp/help" ||
    fail "cxbench --help lacks the lf24 and GEN forms of prng"

# an option given twice: one line naming the command and the flag
d=$tmp/g
mkdir -p "$d"
printf '0 1\n1 2\n' >"$d/h.el"
expect_error_says 'list: --presets: given more than once' "$cx" list --presets --presets
expect_error_says 'run: --reps: given more than once' "$cx" run prng --reps 1 --reps 2
expect_error_says 'fit: --table: given more than once' "$cx" fit "$d" --table --table
expect_error_says 'compare: --format: given more than once' "$cx" compare "$d" "$d" --format md --format=csv
expect_error_says 'plot: --out: given more than once' "$cx" plot "$d" --out "$d/a" --out "$d/b"
expect_error_says 'report: --out: given more than once' "$cx" report --out "$d/a" --out "$d/b"
expect_error_says 'prng: --count: given more than once' "$cx" prng lf24 --count 1 --count 2
expect_error_says 'prng: --count: given more than once' "$cx" prng xorwow --count=1 --count 2
expect_error_says 'prng: --seed: given more than once' "$cx" prng philox4x32 --count 1 --seed 1 --seed 1
expect_error_says 'prng-repro: --k: given more than once' "$cx" prng-repro --k 1 --k 2
expect_error_says 'graph info: --quiet: given more than once' "$cx" graph info "$d/h.el" --quiet --quiet
expect_error_says 'graph convert: --n: given more than once' "$cx" graph convert "$d/h.el" "$d/o.el" --n 3 --n 4
expect_error_says 'graph gen: --threads: given more than once' "$cx" graph gen gnm:n=10,m=5 --threads 1 --threads 2
expect_error_says 'graph gen: --verify: given more than once' "$cx" graph gen ba:n=10,m=2 --verify --verify
[ ! -e "$d/o.el" ] || fail "graph convert wrote its output after a bad option"

# an unknown option: one line naming the command and the flag
expect_error_says 'list: --bogus-flag: unknown option' "$cx" list --bogus-flag
expect_error_says 'run: --bogus-flag: unknown option' "$cx" run prng --bogus-flag 1
expect_error_says 'fit: --bogus-flag: unknown option' "$cx" fit "$d" --bogus-flag
expect_error_says 'compare: --bogus-flag: unknown option' "$cx" compare "$d" "$d" --bogus-flag
expect_error_says 'plot: --bogus-flag: unknown option' "$cx" plot "$d" --bogus-flag
expect_error_says 'report: --bogus-flag: unknown option' "$cx" report --bogus-flag=1
expect_error_says 'prng: --bogus-flag: unknown option' "$cx" prng lf24 --count 1 --bogus-flag
expect_error_says 'prng: --pack: unknown option' "$cx" prng xorwow --count 1 --pack 16x2
expect_error_says 'prng-repro: --bogus-flag: unknown option' "$cx" prng-repro --bogus-flag
expect_error_says 'graph info: --bogus-flag: unknown option' "$cx" graph info "$d/h.el" --bogus-flag
expect_error_says 'graph convert: --check: unknown option' "$cx" graph convert "$d/h.el" "$d/o.el" --check
expect_error_says 'graph gen: --verify: unknown option' "$cx" graph gen gnm:n=10,m=5 --verify
expect_error_says 'graph gen: --multigraph: unknown option' "$cx" graph gen alpha:n=10,k=2,alpha=1 --multigraph
expect_error_says 'graph gen: --bogus-flag: unknown option' "$cx" graph gen ba:n=10,m=2 --bogus-flag
# a switch takes no value; a value is required where there is one
expect_error_says 'fit: --table takes no value' "$cx" fit "$d" --table=yes
expect_error_says 'run: --impl needs a value' "$cx" run prng --impl

# --flag=VALUE is --flag VALUE
expect_output "$("$cx" prng lf24 --count 3 --skip 2)" "$cx" prng lf24 --count=3 --skip=2
expect_output "$("$cx" graph info "$d/h.el" --quiet --n 5)" "$cx" graph info "$d/h.el" --quiet --n=5

# --impl: the ids of `cxbench list` (and the short forms)
"$cx" list >"$tmp/list" 2>&1
grep -q '^  graphgen\.gnm\.seq ' "$tmp/list" || fail "cxbench list does not show graphgen.gnm.seq"
for impl in graphgen.gnm.seq seq graphgen.gnm.pthreads pthreads; do
    "$cx" graph gen gnm:n=100,m=300 --impl $impl --quiet >"$tmp/out" 2>"$tmp/err" || fail "graph gen --impl $impl: $(cat "$tmp/err")"
    grep -q "^impl: graphgen.gnm.${impl##*.}$" "$tmp/out" || fail "graph gen --impl $impl: $(grep impl: "$tmp/out")"
    grep -q '^edgeset_hash: ' "$tmp/out" && h=$(grep '^edgeset_hash' "$tmp/out")
    [ -z "${h0:-}" ] || [ "$h" = "$h0" ] || fail "graph gen --impl $impl: another graph ($h, $h0)"
    h0=$h
done
for m in "alpha:n=100,k=4,alpha=1" "ba:n=100,m=3"; do
    model=${m%%:*}
    "$cx" graph gen "$m" --impl "graphgen.$model.pthreads" --threads 2 --verify --quiet >"$tmp/out" 2>"$tmp/err" ||
        fail "graph gen $m --impl graphgen.$model.pthreads: $(cat "$tmp/err")"
    grep -q "^impl: graphgen.$model.pthreads$" "$tmp/out" || fail "graph gen $m: $(grep impl: "$tmp/out")"
done
expect_error_says '--impl graphgen.gnp.seq' "$cx" graph gen gnm:n=100,m=300 --impl graphgen.gnp.seq
expect_error_says '--impl graphgen.ba.seq' "$cx" graph gen alpha:n=100,k=4,alpha=1 --impl graphgen.ba.seq
expect_output "$("$cx" prng xorwow --count 5 --seed 7)" "$cx" prng xorwow --count 5 --seed 7 --backend prng.xorwow.seq
expect_output "$("$cx" prng xorwow --count 5 --seed 7)" "$cx" prng xorwow --count 5 --seed 7 --backend=prng.xorwow.pthreads
expect_error_says '--backend prng.philox4x32.seq' "$cx" prng xorwow --count 5 --backend prng.philox4x32.seq
grep -q '^  prng\.lf24\.seq ' "$tmp/list" || fail "cxbench list does not show prng.lf24.seq"
"$cx" run prng --impl prng.lf24.seq --preset quick --set n=2^10 --reps 1 --max-reps 1 --min-time 0 --noise 0 \
    --no-table --no-progress --out "$tmp/r" >"$tmp/out" 2>"$tmp/err" || fail "run --impl prng.lf24.seq: $(cat "$tmp/err")"
grep -q 'prng\.lf24\.seq' "$tmp/out" || fail "run --impl prng.lf24.seq ran no point of it"
! grep -q 'prng\.lf24\.pthreads' "$tmp/out" || fail "run --impl prng.lf24.seq ran other rows"
expect_error_says '--impl seq: unknown implementation' "$cx" run prng --impl seq --out "$tmp/r" --no-progress
finish
