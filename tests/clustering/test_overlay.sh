#!/usr/bin/env bash
# tests/clustering/test_overlay.sh - the published overlay of Leist Figs 6.12-6.13
# (plots/clustering/leist_fig6.gp) carries the numbers of results/paper/leist2011_table6.5.csv, in
# the template's series order (CPU 1 core, PThreads, TBB, GTX260 K1 x1, K1 x2, K2 x1, K2 x2, GTX580
# K1 x1, K1 x2, K2 x1, K2 x2; the Cell BE is published only), slopes and speed-ups, as numbers.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
gp="$src/plots/clustering/leist_fig6.gp"
csv="$src/results/paper/leist2011_table6.5.csv"
order="i7 970, 1 core, sequential|i7 970, 6 cores, PThreads|i7 970, 6 cores, TBB|GTX260 x1, Kernel 1|GTX260 x2, Kernel 1|GTX260 x1, Kernel 2|GTX260 x2, Kernel 2|GTX580 x1, Kernel 1|GTX580 x2, Kernel 1|GTX580 x1, Kernel 2|GTX580 x2, Kernel 2"
fails=0
[ "$(grep -c '^leist2011,table6.5,' "$csv")" = 48 ] || { echo "FAIL: 48 published values expected (12 rows x 2 families x 2)"; fails=$((fails + 1)); }
for key in leist.fig6.12 leist.fig6.13; do
    line=$(grep -F "(cxb_id eq \"$key\")" "$gp")
    slopes=$(sed -n 's/.*cl_slope = "\([^"]*\)".*/\1/p' <<<"$line")
    speeds=$(sed -n 's/.*cl_speed = "\([^"]*\)".*/\1/p' <<<"$line")
    # value of (series, key, unit) from the CSV: the series is the quoted first field after item
    pick() { awk -F'"' -v s="$1" -v k="$key" -v u="$2" '$2 == s { split($3, a, ","); if (a[2] == k && a[4] == u) print a[3] }' "$csv"; }
    want_slopes="" want_speeds=""
    IFS='|' read -r -a series <<<"$order"
    for i in "${!series[@]}"; do
        want_slopes+="$(pick "${series[$i]}" slope) "
        [ "$i" -gt 0 ] && want_speeds+="$(pick "${series[$i]}" x) "
    done
    same() { awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); m = split(b, y, " "); if (n != m || n == 0) exit 1; for (i = 1; i <= n; ++i) if (x[i] + 0 != y[i] + 0) exit 1 }'; }
    same "$slopes" "$want_slopes" || { echo "FAIL: $key slopes: template [$slopes], CSV [$want_slopes]"; fails=$((fails + 1)); }
    same "$speeds" "$want_speeds" || { echo "FAIL: $key speed-ups: template [$speeds], CSV [$want_speeds]"; fails=$((fails + 1)); }
done
[ "$fails" = 0 ] && echo "overlay: the template agrees with the published table"
[ "$fails" = 0 ]
