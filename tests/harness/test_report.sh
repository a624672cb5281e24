#!/usr/bin/env bash
# harness_report: `cxbench report` over a results root: a section per (machine, study) with
# the provenance line, the speed-up/slope table, the study's paper tables (once over the sets
# of a key that splits them into several) and figure links;
# --out is written whole or not at all; bad input is one line and exit 2.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
root="$tmp/results"
"$cx" run prng --impl prng.lf24.seq,prng.lf24.pthreads --preset ci --reps 3 --min-time 0 --threads 2 \
    --out "$root" --machine box-a --no-progress --no-table --noise 0 >/dev/null 2>&1 || fail "ci run failed"
"$cx" run prng --impl prng.philox4x32.seq --preset ci --reps 3 --min-time 0 \
    --out "$root" --machine box-b --no-progress --no-table --noise 0 >/dev/null 2>&1 || fail "second run failed"
"$cx" report "$root" --out "$tmp/REPORT.md" >"$tmp/out" 2>"$tmp/err" || fail "report failed: $(cat "$tmp/err")"
[ ! -s "$tmp/out" ] || fail "report --out also wrote to stdout"
r="$tmp/REPORT.md"
grep -q '^# cxbench results report' "$r" || fail "no title"
grep -q '^## prng on box-a' "$r" || fail "no section for box-a"
grep -q '^## prng on box-b' "$r" || fail "no section for box-b"
[ "$(grep -c '^## ' "$r")" = 2 ] || fail "want exactly two sections"
grep -q 'prng.lf24.pthreads @ box-a' "$r" || fail "no speed-up row for lf24.pthreads"
grep -q 'prng.philox4x32.seq @ box-b' "$r" || fail "no row for philox on box-b"
grep -q 'Leist Table 4.1' "$r" || fail "no paper table"
grep -q '^| claim (published) | ours | verdict | key | sets |' "$r" || fail "no verdict table"
[ "$(grep -c '^| claim (published)' "$r")" = 2 ] || fail "want a verdict table per section"
grep -q 'newest' "$r" || fail "without INDEX.md the newest set stands in"
# stdout by default, identical to the file (nothing in it depends on when it was made)
"$cx" report "$root" >"$tmp/stdout.md" 2>/dev/null || fail "report to stdout failed"
cmp -s "$tmp/stdout.md" "$r" || fail "stdout and --out differ"
# links only to what exists: nothing drawn yet, so no figure link
! grep -q 'figures/lf24-rate-vs-n.png' "$r" || fail "a link to a figure that does not exist"
if "$cx" plot --all "$root" >/dev/null 2>&1; then # with gnuplot: drawn, then linked
    "$cx" report "$root" --out "$tmp/R2.md" 2>/dev/null || fail "report after plot failed"
    grep -q "box-a/figures/lf24-rate-vs-n.png" "$tmp/R2.md" || fail "no figure link after plot --all"
fi
# INDEX.md: its rows decide the sets, the keys table shows commit and protocol, the claim of
# key table4.1 is judged on its set, an output that does not exist is not linked
seta=$(ls "$root/box-a" | grep '^2' | head -1)
cat >"$root/box-a/INDEX.md" <<EOT
# box-a

| key | study | sets | commit | protocol | output |
|---|---|---|---|---|---|
| table4.1 | prng | $seta | abc1234 | cpu | cxbench report |
| fig4.1-streams | prng | \`$seta\` | abc1234 | cpu | figures/nothing-here.png |
| noted | prng | $seta | abc1234 | cpu | figures/ (the figures of the set, with a note) |
EOT
mkdir -p "$root/box-a/figures"
"$cx" report "$root" --out "$tmp/R3.md" 2>"$tmp/err" || fail "report with INDEX.md failed: $(cat "$tmp/err")"
# an output's path is its first word: linked, with the note after the link
grep -qF '| noted | `'"$seta"'` | abc1234 | cpu | [figures/]('"$root"'/box-a/figures/) (the figures of the set, with a note) |' "$tmp/R3.md" ||
    fail "the noted output is not linked by its path: $(grep '| noted |' "$tmp/R3.md")"
grep -q '^| table4.1 | `'"$seta"'` | abc1234 | cpu |' "$tmp/R3.md" || fail "no INDEX.md row in the keys table"
grep -q '| table4.1 | `'"$seta"'` |$' "$tmp/R3.md" || fail "the table4.1 claims are not judged on the INDEX.md set"
! grep -q '](.*nothing-here.png)' "$tmp/R3.md" || fail "a link to a missing output"
# a table split into one set per row (two runs): the key that names both sets prints the study's
# tables once over both (the sequential and the pthreads column of one row), a key with one of
# them adds no tables of its own, and the sets' own sections leave them out
cc="$tmp/cc"
for impl in components.recursive.seq components.cas.pthreads; do
    "$cx" run components --preset quick --impl "$impl" --threads 2 --reps 3 --max-reps 3 --min-time 0 \
        --out "$cc" --machine box-c --no-progress --no-table --noise 0 >/dev/null 2>&1 || fail "components run $impl failed"
done
set1=$(ls "$cc/box-c" | grep '^2' | head -1)
set2=$(ls "$cc/box-c" | grep '^2' | tail -1)
[ "$set1" != "$set2" ] || fail "want two components sets"
cat >"$cc/box-c/INDEX.md" <<EOT
| key | study | sets | commit | protocol | output |
|---|---|---|---|---|---|
| leist.fig6.5 | components | $set2 | abc1234 | cpu | - |
| leist.tab6.4 | components | $set1 $set2 | abc1234 | cpu | cxbench report |
| leist.tab6.3 | components | $set1 $set2 | abc1234 | cpu | cxbench report |
EOT
"$cx" report "$cc" --out "$tmp/R4.md" 2>"$tmp/err" || fail "report of split sets failed: $(cat "$tmp/err")"
[ "$(grep -c '^### Tables of key' "$tmp/R4.md")" = 1 ] || fail "want the merged tables once"
grep -q '^### Tables of key `leist.tab6.4` and `leist.tab6.3` (its 2 sets read together)' "$tmp/R4.md" ||
    fail "no merged tables for the key of both sets"
[ "$(grep -c '^### Leist Table 6.4' "$tmp/R4.md")" = 1 ] || fail "the sets' own sections repeat the tables"
# Table 6.4's line row needs both sets: cas.pthreads (one set) over recursive.seq (the other);
# the ratio is bold when it is the row's fastest, which depends on the machine's load
awk '/^### Tables of key/,/^### Result set/' "$tmp/R4.md" |
    grep -qE '^\| Line \| \|V\| = [0-9]+ \| \*\*0\.4\*\* \| (\*\*)?[0-9][0-9.e+-]*(\*\*)? \|' ||
    fail "the merged Table 6.4 lacks the line's cas.pthreads ratio: $(grep '^| Line' "$tmp/R4.md" | head -3)"
printf '| key | study | sets | output |\n|---|---|---|---|\n| k | nosuchstudy | %s | - |\n' "$seta" >"$root/box-a/INDEX.md"
expect_error 2 "$cx" report "$root"
rm "$root/box-a/INDEX.md"
expect_error 2 "$cx" report "$tmp/nonexistent"
expect_error 2 "$cx" report "$root" --bogus
mkdir -p "$tmp/empty"
expect_error 2 "$cx" report "$tmp/empty" --out "$tmp/E.md"
[ ! -e "$tmp/E.md" ] || fail "a failed report left its file"
finish
