#!/usr/bin/env bash
# propagation_figures: Jin et al. Figs 16 and 18 drawn from the replication row (harness/plot.c
# y = "extra:R,R_closed_form", docs/studies/propagation.md "Replication ratio"): on the
# replication-ci preset, each point of a figure's data is the R (and for G(n, m) the closed
# form) that the row wrote into its samples' extra column, read here from samples.csv with awk;
# the R-MAT networks have no closed-form series; the METIS figures, which the preset does not
# measure, are not drawn. gnuplot may be absent (exit 3: the data and scripts are written).
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
"$cx" run propagation --preset replication-ci --reps 3 --max-reps 3 --min-time 0 --out "$tmp/r" --machine box \
    --no-progress --no-table >/dev/null 2>&1 || fail "replication-ci run failed"
set=$(ls -d "$tmp"/r/box/2* | head -1)
"$cx" plot "$set" --out "$tmp/fig" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || [ $rc = 3 ] || fail "plot exit $rc: $(cat "$tmp/err")"
d="$tmp/fig/jin.fig16.vertex.csv"
[ -s "$d" ] || fail "no $d"
# the R of a point from the samples: params and the extra cell of its first sample
want() { # params key
    awk -v p="$1" -v k="$2" -F'"' 'index($0, "," p ",") && !done {
        n = split($2, kv, ";"); for (i = 1; i <= n; ++i) if (index(kv[i], k "=") == 1) { print substr(kv[i], length(k) + 2); done = 1 } }' \
        "$set/samples.csv"
}
got() { # label x
    awk -F, -v l="$1" -v x="$2" 'NR > 1 && $2 == l && $3 + 0 == x + 0 { print $4 }' "$d"
}
for parts in 2 3 4 8; do
    for m in 65536 524288; do
        p="layout=vertex;m=$m;model=gnm;n=16384;partition=block;parts=$parts"
        for k in R R_closed_form; do
            w=$(want "$p" "$k")
            g=$(got "m=$m model=gnm n=16384: $k" "$parts")
            [ -n "$w" ] && [ -n "$g" ] || { fail "no $k at m=$m P=$parts (want '$w', got '$g')"; continue; }
            awk -v a="$w" -v b="$g" 'BEGIN { exit !(a - b < 1e-9 && b - a < 1e-9) }' ||
                fail "$k at m=$m P=$parts: figure $g, samples $w"
        done
    done
done
# R-MAT points are in the figure, without a closed form
grep -q ",ef=8 model=rmat scale=14: R," "$d" || fail "no R-MAT series in $d: $(cut -d, -f2 "$d" | sort -u | tr '\n' ' ')"
! grep -q 'ef=[0-9]*: R_closed_form' "$d" || fail "an R-MAT series has a closed form"
[ ! -e "$tmp/fig/jin.fig18.vertex.csv" ] || fail "a METIS figure drawn without METIS points"
grep -q '^cxb_ylabel = "R,R_closed_form"' "$tmp/fig/jin.fig16.vertex.gp" || fail "the y label is not the quantities"
grep -q '^cxb_ylog = 0' "$tmp/fig/jin.fig16.vertex.gp" || fail "an extra figure on a log axis"
finish
