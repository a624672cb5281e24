#!/usr/bin/env bash
# cli_help: `cxbench --help` tells the truth. Checks: the three spellings
# of help exit 0 on stdout; the GEN list of `prng` is exactly the generators of the README's
# "The generators" table plus lf24 (docs/studies/prng.md; mtgp32 only in builds that have it) and each
# one it names writes a stream; every command it names dispatches; every --flag it shows is
# an option some command parses; docs/cli.md documents exactly the commands it shows, and
# for every command (### for the commands of a group) its section's usage block is the
# synopsis the help prints and the flags the section names are exactly those that
# `cxbench COMMAND --help` lists (docs/cli.md "Help", "Options").
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

# the sections of docs/cli.md, one file each ("graph gen" -> graph_gen); a ## section with
# ### sections is a group, its own text ending at its first ###
mkdir -p "$tmp/doc"
awk -v dir="$tmp/doc" '
    /^##+ / { name = $0; sub(/^##+ /, "", name); gsub(/ /, "_", name); file = dir "/" name; next }
    file { print > file }' "$src/docs/cli.md"
# the commands of each group: `cxbench GROUP --help` against the ### sections
while read -r c; do
    "$cx" "$c" --help >"$tmp/h" 2>/dev/null || fail "$c --help: exit $?"
    grep -q '^(cxbench COMMAND --help for one command)' "$tmp/h" || continue
    sed -n "s/^  cxbench \\($c [a-z][a-z0-9-]*\\) .*/\\1/p" "$tmp/h" | sort >"$tmp/sub"
    sed -n "s/^### \\($c .*\\)/\\1/p" "$src/docs/cli.md" | sort >"$tmp/doc_sub"
    diff "$tmp/sub" "$tmp/doc_sub" >/dev/null ||
        fail "$c: its commands (<) differ from docs/cli.md's ### sections (>): $(diff "$tmp/sub" "$tmp/doc_sub" | grep '^[<>]' | tr '\n' ' ')"
    cat "$tmp/sub" >>"$tmp/paths"
    echo "$c" >>"$tmp/groups"
done <"$tmp/cmds"
grep -vxF -f "$tmp/groups" "$tmp/cmds" >>"$tmp/paths"
cat "$tmp/groups" >>"$tmp/paths"

# the help's synopses per command: `cxbench --help` lines from "  cxbench PATH" to the next
# command's, less the lines a command adds after its synopses (GEN:, MODEL: lists, which
# depend on the build); a group's is its `cxbench GROUP --help` list
synopsis() { # synopsis PATH < help: the block of PATH, two leading spaces removed
    awk -v p="$1" -v paths="$(tr '\n' '|' <"$tmp/paths")" '
        BEGIN { n = split(paths, all, "|") }
        /^  cxbench / { best = ""
            for (i = 1; i <= n; ++i) { w = "  cxbench " all[i]
                if (all[i] != "" && ($0 == w || index($0, w " ") == 1) && length(all[i]) > length(best)) best = all[i] }
            cur = best; extra = 0 }
        /^ +[A-Z]+: / { extra = 1 }
        cur == p && !extra && /^  / { print substr($0, 3) }'
}
usage_block() { # usage_block FILE: the first ``` block, less the lines after a "NAME:" line
    awk '/^```/ { if (on) exit; on = 1; next } on && /^ +[A-Z]+: / { extra = 1 } on && !extra' "$1"
}
flags() { grep -o -- '--[a-z][a-z0-9-]*' | grep -vx -- '--help' | sort -u; }
while read -r p; do
    f="$tmp/doc/${p// /_}"
    [ -f "$f" ] || { fail "docs/cli.md has no section for $p"; continue; }
    if grep -qx "$p" "$tmp/groups"; then
        "$cx" $p --help | sed -n '/^usage:/,/^$/p' | sed -n 's/^  cxbench/cxbench/p' >"$tmp/syn"
    else
        synopsis "$p" <"$tmp/help" >"$tmp/syn"
    fi
    usage_block "$f" >"$tmp/block"
    [ -s "$tmp/syn" ] || fail "$p: no synopsis in the help"
    diff "$tmp/syn" "$tmp/block" >"$tmp/d" ||
        fail "$p: the usage block of docs/cli.md (>) is not the help's synopsis (<): $(grep '^[<>]' "$tmp/d" | head -4)"
    "$cx" $p --help | flags >"$tmp/hflags"
    flags <"$f" >"$tmp/dflags"
    only_help=$(comm -23 "$tmp/hflags" "$tmp/dflags" | tr '\n' ' ')
    only_doc=$(comm -13 "$tmp/hflags" "$tmp/dflags" | tr '\n' ' ')
    [ -z "$only_help" ] || fail "$p: --help lists flags its docs/cli.md section does not name: $only_help"
    [ -z "$only_doc" ] || fail "$p: docs/cli.md names flags its --help does not list: $only_doc"
done <"$tmp/paths"
[ "$(wc -l <"$tmp/paths")" -ge 12 ] || fail "fewer than 12 commands and groups checked against docs/cli.md"
finish
