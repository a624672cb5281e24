#!/usr/bin/env bash
# harness_bench: `cxbench bench` (make bench, docs/cli.md bench). Its studies are the registry's
# (every study `cxbench list --presets` shows with a quick preset, none written in the
# Makefile); bad --studies are exit 2 before anything runs; a run of the smallest study ends
# with the summary table, and a missing GPU is said at most once on stderr.
cx=$1
src=$2
. "$(dirname "$0")/../cli_lib.sh"

expect_error 2 "$cx" bench --studies nosuch
expect_error 2 "$cx" bench --studies graph # a layer without rows of its own
expect_error 2 "$cx" bench --studies prng --preset nosuch
expect_error 2 "$cx" bench --studies

# the studies it runs are those of the registry with the preset
"$cx" list --presets | awk '/^[a-z]/ { s = $1; sub(/:$/, "", s) } /^  preset quick / { print s }' >"$tmp/want"
[ -s "$tmp/want" ] || fail "cxbench list --presets shows no quick preset"
"$cx" bench --list >"$tmp/got" 2>"$tmp/err" || fail "bench --list: exit $? ($(cat "$tmp/err"))"
diff "$tmp/want" "$tmp/got" >"$tmp/d" || fail "bench --list differs from the quick presets of list (< list, > bench): $(cat "$tmp/d")"
printf 'malloc\nprng\n' >"$tmp/want2"
"$cx" bench --list --studies "malloc prng" | sort >"$tmp/got2"
diff "$tmp/want2" "$tmp/got2" >/dev/null || fail "bench --list --studies 'malloc prng': $(cat "$tmp/got2")"

# the Makefile names no study: make bench is cxbench bench, STUDIES only restricts it
if command -v make >/dev/null; then
    make -n -s -f "$src/Makefile" -C "$tmp" bench BUILD="$tmp/b" >"$tmp/mk" 2>&1
    grep -q "$tmp/b/cxbench bench  *--plot" "$tmp/mk" || fail "make -n bench: $(grep cxbench "$tmp/mk")"
    make -n -s -f "$src/Makefile" -C "$tmp" bench BUILD="$tmp/b" STUDIES="prng malloc" >"$tmp/mk" 2>&1
    grep -q 'cxbench bench --studies "prng malloc" --plot' "$tmp/mk" || fail "make -n bench STUDIES=...: $(grep cxbench "$tmp/mk")"
fi

# a run of the smallest study: the summary table, GPU rows said once
"$cx" bench --studies malloc --out "$tmp/r" --machine t --reps 3 --max-reps 3 --min-time 0 --noise 0 \
    --no-progress >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || fail "bench --studies malloc: exit $rc ($(cat "$tmp/err"))"
grep -q '^## bench: preset quick of 1 study, ' "$tmp/out" || fail "no summary heading: $(tail -5 "$tmp/out")"
grep -q '^| study | rows run | points (all verified) |' "$tmp/out" || fail "no summary table header"
grep -Eq '^\| malloc \| [1-9][0-9]* \| [1-9][0-9]* \|' "$tmp/out" || fail "no malloc row: $(grep '^| malloc' "$tmp/out")"
grep -q "^result sets: malloc: $tmp/r/t/" "$tmp/out" || fail "no result set line"
[ "$(grep -c 'GPU' "$tmp/err")" -le 1 ] || fail "the missing GPU said more than once: $(cat "$tmp/err")"
finish
