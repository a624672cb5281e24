#!/usr/bin/env bash
# tests/components/test_overlay.sh - the published overlay of Leist Figs 6.2-6.9
# (plots/components/leist_fig6.gp) carries the numbers of results/paper/leist2011_table6.3.csv
# (slopes: CPU 1 core, CPU 6 cores, GTX260 K1, K2, GTX580 K1, K2) and leist2011_table6.4.csv
# (speed-ups: CPU 6 cores, GTX260 K1, K2, GTX580 K1, K2), figure by figure, as numbers.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
gp="$src/plots/components/leist_fig6.gp"
fails=0
for k in 2 3 4 5 6 7 8 9; do
    key="leist.fig6.$k"
    line=$(grep -F "(cxb_id eq \"$key\")" "$gp")
    slopes=$(sed -n 's/.*cc_slope = "\([^"]*\)".*/\1/p' <<<"$line")
    speeds=$(sed -n 's/.*cc_speed = "\([^"]*\)".*/\1/p' <<<"$line")
    want_slopes=$(awk -F, -v k="$key" '$0 ~ "," k "," { n = split($0, a, ","); for (i = 1; i <= n; ++i) if (a[i] == k) { printf "%s ", a[i + 1]; break } }' "$src/results/paper/leist2011_table6.3.csv")
    want_speeds=$(awk -F, -v k="$key" '$0 ~ "," k "," { n = split($0, a, ","); for (i = 1; i <= n; ++i) if (a[i] == k) { printf "%s ", a[i + 1]; break } }' "$src/results/paper/leist2011_table6.4.csv")
    same() { awk -v a="$1" -v b="$2" 'BEGIN { n = split(a, x, " "); m = split(b, y, " "); if (n != m || n == 0) exit 1; for (i = 1; i <= n; ++i) if (x[i] + 0 != y[i] + 0) exit 1 }'; }
    same "$slopes" "$want_slopes" || { echo "FAIL: $key slopes: template [$slopes], CSV [$want_slopes]"; fails=$((fails + 1)); }
    same "$speeds" "$want_speeds" || { echo "FAIL: $key speed-ups: template [$speeds], CSV [$want_speeds]"; fails=$((fails + 1)); }
done
[ "$fails" = 0 ] && echo "overlay: the template agrees with the published tables"
[ "$fails" = 0 ]
