#!/usr/bin/env bash
# results_report_links, results_plot_keeps: the committed results as a user meets them.
#   report: `cxbench report` over a copy of results/ exits 0, every markdown link and image in it
#           names a file or folder that exists, every study section has the paper-against-ours
#           table with its verdict column (and only known verdicts), and every row of every
#           machine's INDEX.md names result sets that exist.
#   plot:   `cxbench plot --all` (make figures) over a copy of results/ removes no file (exit 0,
#           or 3 without gnuplot: data and scripts are still written), leaves the committed
#           figures' data (.csv) as it was, and draws every figure output an INDEX.md row names.
cx=$1
src=$2
what=$3
. "$(dirname "$0")/../cli_lib.sh"
[ -d "$src/results" ] || { echo "no results/ in $src"; exit 77; }
cp -r "$src/results" "$tmp/results"
cd "$tmp" || exit 1
index_sets() { # every "sets" cell of every INDEX.md, as machine/set
    for idx in results/*/INDEX.md; do
        m=$(dirname "$idx")
        awk -F'|' -v m="$m" '
            /^\|/ && !hdr { for (i = 2; i < NF; ++i) { c = $i; gsub(/^ +| +$/, "", c); col[c] = i }
                            if (("key" in col) && ("sets" in col) && ("output" in col)) hdr = 1; next }
            hdr && /^\|[-| :]+\|$/ { sep = 1; next }
            hdr && sep && /^\|/ { print m "|" $col["sets"] "|" $col["output"]; next }
            hdr && sep { exit }' "$idx"
    done
}
case $what in
report)
    "$cx" report results --out REPORT.md >out 2>err || fail "report failed: $(cat err)"
    [ -s REPORT.md ] || fail "empty report"
    # every link target exists (paths are relative to where the report is written)
    grep -o '](results/[^)]*)' REPORT.md | sed 's/^](//; s/)$//' | sort -u >links
    [ -s links ] || fail "the report links nothing"
    while read -r l; do
        [ -e "$l" ] || fail "broken link: $l"
    done <links
    # a verdict table in every study section, and only known verdicts in it
    nsec=$(grep -c '^## .* on ' REPORT.md)
    nver=$(grep -c '^| claim (published) | ours | verdict |' REPORT.md)
    [ "$nsec" -ge 1 ] || fail "no study section"
    [ "$nsec" = "$nver" ] || fail "$nsec study sections but $nver verdict tables"
    awk -F'|' '/^\| claim \(published\)/ { t = 1; next } t && /^\|---/ { next }
               t && /^\|/ { l = $0; gsub(/\\\|/, "/", l); split(l, f, "|"); v = f[4]; gsub(/^ +| +$/, "", v); print v; next }
               { t = 0 }' REPORT.md | sort -u >verdicts # a claim's text may hold escaped pipes
    while read -r v; do
        case $v in "holds" | "does not hold" | "not measured") ;; *) fail "unknown verdict '$v'" ;; esac
    done <verdicts
    # every study registered with rows of its own has a section on some machine
    for s in $("$cx" list 2>/dev/null | awk -F: '/^[a-z0-9_]+: / { s = $1; next } /^  [a-z]/ && s { print s; s = "" }'); do
        grep -q "^## $s on " REPORT.md || fail "no section for study $s"
    done
    # every INDEX.md set exists
    index_sets | while IFS='|' read -r m sets out; do
        for s in $sets; do
            s=${s//\`/}
            s=${s%,}
            [ -d "$m/$s" ] || echo "$m/$s"
        done
    done >missing
    [ ! -s missing ] || fail "INDEX.md names missing sets: $(tr '\n' ' ' <missing)"
    ;;
plot)
    find results -type f | sort >before
    mkdir data.before
    find results -path '*/figures/*' -name '*.csv' | while read -r f; do
        mkdir -p "data.before/$(dirname "$f")" && cp "$f" "data.before/$f"
    done
    "$cx" plot --all results >out 2>err
    rc=$?
    [ "$rc" = 0 ] || [ "$rc" = 3 ] || fail "plot --all exit $rc: $(cat err)"
    find results -type f | sort >after
    comm -23 before after >removed
    [ ! -s removed ] || fail "plot --all removed: $(head -5 removed | tr '\n' ' ')"
    # an output's path is its first word: a note after it never becomes part of a file name
    comm -13 before after | grep ' ' >spaced
    [ ! -s spaced ] || fail "plot --all wrote under an output's note: $(head -3 spaced | tr '\n' ' ')"
    # the figures' data is a function of the committed sets: redrawn, it is the same
    (cd data.before && find results -name '*.csv') | while read -r f; do
        cmp -s "data.before/$f" "$f" || echo "$f"
    done >changed
    [ ! -s changed ] || fail "plot --all changed committed figure data: $(head -5 changed | tr '\n' ' ')"
    # every figure output of an INDEX.md row exists afterwards (its .gp at least)
    index_sets | while IFS='|' read -r m sets out; do
        out=$(echo "$out" | sed 's/^ *//; s/ *$//; s/`//g; s/ .*//')
        case $out in
        figures/*.png) [ -e "$m/${out%.png}.gp" ] || echo "$m/$out" ;;
        figures/*/) ls "$m/$out"*.gp >/dev/null 2>&1 || echo "$m/$out" ;;
        esac
    done >undrawn
    [ ! -s undrawn ] || fail "INDEX.md outputs not drawn: $(tr '\n' ' ' <undrawn)"
    ;;
*) fail "unknown mode $what" ;;
esac
finish
