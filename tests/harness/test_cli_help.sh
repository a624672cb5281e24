#!/usr/bin/env bash
# cli_help: `cxbench --help` tells the truth. Checks: the three spellings
# of help exit 0 on stdout; the GEN list of `prng` is exactly the generators of the README's
# "The generators" table plus lf24 (prng.md 7.1; mtgp32 only in builds that have it) and each
# one it names writes a stream; every command it names dispatches; every --flag it shows is
# an option some command parses; docs/cli.md documents exactly the commands it shows.
cx=$1
src=$2
. "$(dirname "$0")/../cli_lib.sh"

for h in --help -h help; do
    "$cx" $h >"$tmp/help" 2>"$tmp/err" || fail "$h: exit $?"
    [ -s "$tmp/help" ] || fail "$h: nothing on stdout"
    [ ! -s "$tmp/err" ] || fail "$h: stderr not empty: $(cat "$tmp/err")"
done

# the GEN list: from "GEN:" to the next "  cxbench" line
awk '/^ *GEN:/ { on = 1; sub(/^ *GEN:/, "") } /^  cxbench / && on { exit } on' "$tmp/help" |
    tr ',' '\n' | tr -d ' ' | grep -v '^$' | sort >"$tmp/gens"
want="lf24 philox4x32 threefry4x32 xorwow mrg32k3a mt19937 ran ranq1 ranq2 ranlim32 ranhash tinymt32"
if "$cx" prng mtgp32 --count 1 >/dev/null 2>&1; then
    want="$want mtgp32"
fi
printf '%s\n' $want | sort >"$tmp/want"
diff "$tmp/want" "$tmp/gens" >"$tmp/gdiff" || fail "help's GEN list differs (< README, > help): $(cat "$tmp/gdiff")"
while read -r g; do
    n=$("$cx" prng "$g" --count 3 2>"$tmp/err" | wc -l)
    [ "$n" = 3 ] || fail "prng $g --count 3: $n lines ($(cat "$tmp/err"))"
done <"$tmp/gens"

# every command shown dispatches (no "unknown command")
sed -n 's/^  cxbench \([a-z-]*\).*/\1/p' "$tmp/help" | sort -u >"$tmp/cmds"
[ "$(wc -l <"$tmp/cmds")" -ge 9 ] || fail "help lists fewer than 9 commands"
while read -r c; do
    "$cx" "$c" --no-such-flag-xyz >/dev/null 2>"$tmp/err" </dev/null
    ! grep -q 'unknown command' "$tmp/err" || fail "help lists '$c', cxbench does not know it"
done <"$tmp/cmds"

# every --flag shown is one a command parses (a "--flag" literal in harness/*.c or suites/*/*.c)
grep -o -- '--[a-z][a-z-]*' "$tmp/help" | sort -u | while read -r f; do
    [ "$f" = --help ] && continue
    grep -q -- "\"$f\"" "$src"/harness/*.c "$src"/suites/*/*.c || echo "$f"
done >"$tmp/unknown"
[ ! -s "$tmp/unknown" ] || fail "help shows flags no command parses: $(tr '\n' ' ' <"$tmp/unknown")"

# docs/cli.md has a section for every command the help shows, and names none it lacks
awk '/^## / { print $2 }' "$src/docs/cli.md" | sort -u >"$tmp/doc_cmds"
[ -s "$tmp/doc_cmds" ] || fail "no command sections (## NAME) found in docs/cli.md"
missing=$(comm -23 "$tmp/doc_cmds" "$tmp/cmds")
[ -z "$missing" ] || fail "docs/cli.md documents commands the help lacks: $missing"
undocumented=$(comm -13 "$tmp/doc_cmds" "$tmp/cmds")
[ -z "$undocumented" ] || fail "the help shows commands docs/cli.md lacks: $undocumented"
finish
