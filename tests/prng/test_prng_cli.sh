#!/usr/bin/env bash
# prng_cli: cxbench prng lf24 formats, streams, packing, SIGPIPE and bad arguments
# (docs/studies/prng.md). Expected numbers are RANMAR's published test and docs/studies/prng.md.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"

kat=$'6533892\n14220222\n7275067\n6172232\n8354498\n10633180'
expect_output "$kat" "$cx" prng lf24 --seed 1802,9373 --skip 20000 --count 6
expect_output "$kat" "$cx" prng lf24 --seed 54217137 --skip 20000 --count 6 --format dec
expect_output $'63b304\nd8fbbe' "$cx" prng lf24 --seed 1802,9373 --skip 20000 --count 2 --format hex
expect_output $'65637\n13037607\n4652588' "$cx" prng lf24 --seed 54217137 --stream 1 --count 3
expect_output $'5790094\n1344571\n2990437' "$cx" prng lf24 --seed 0 --count 3
expect_output $'9556180\n15148139\n668481' "$cx" prng lf24 --seed 54217137 --r 1021 --count 3

# raw: 16x2 packs two outputs per little-endian word, 3byte three bytes per output
n=$("$cx" prng lf24 --count 1000 --format raw | wc -c); [ "$n" = 2000 ] || fail "16x2: $n bytes for 1000 outputs"
n=$("$cx" prng lf24 --count 1000 --format raw --pack 3byte | wc -c); [ "$n" = 3000 ] || fail "3byte: $n bytes"
# the first 16x2 word of the reference stream: outputs 1952718 (0x1dcbce) and 16187443 (0xf70033)
w=$("$cx" prng lf24 --seed 1802,9373 --count 2 --format raw | od -An -tx4 | tr -d ' ')
[ "$w" = "f7001dcb" ] || fail "16x2 word $w, want f7001dcb"
b=$("$cx" prng lf24 --seed 1802,9373 --count 1 --format raw --pack 3byte | od -An -tx1 | tr -d ' ')
[ "$b" = "cecb1d" ] || fail "3byte bytes $b, want cecb1d"

# --count 0 streams until the reader closes the pipe: a normal end, exit 0
"$cx" prng lf24 --count 0 --format raw | head -c 100000 >/dev/null
rc=${PIPESTATUS[0]}; [ "$rc" = 0 ] || fail "SIGPIPE end exit $rc"

expect_error 2 "$cx" prng
expect_error 2 "$cx" prng mt99
expect_error 2 "$cx" prng lf24 --count ten
expect_error 2 "$cx" prng lf24 --count -1
expect_error 2 "$cx" prng lf24
expect_error 2 "$cx" prng lf24 --count 5 --format octal
expect_error 2 "$cx" prng lf24 --count 5 --seed 40000,1
expect_error 2 "$cx" prng lf24 --count 5 --seed 1,2,3
expect_error 2 "$cx" prng lf24 --count 5 --pack 5x5
expect_error 2 "$cx" prng lf24 --count 5 --r 1
expect_error 2 "$cx" prng lf24 --count 5 --s 97
expect_error 2 "$cx" prng lf24 --count 5 --bogus 1

# the 32-bit generators, against published values: cuRAND's device API (curand_init(seed,
# subsequence, offset) + curand(), docs/studies/prng.md, measured on an H100), Random123's kat_vectors,
# std::mt19937's required 10000th output
expect_output "546353992 3665621163 1140953199 3419031310" \
    sh -c "'$cx' prng philox4x32 --seed 1234 --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "489619764 3944755002 776321896 128569971" \
    sh -c "'$cx' prng philox4x32 --seed 1234 --offset 1000 --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "3522650202 3978931785 2198015705 2308946676" \
    sh -c "'$cx' prng xorwow --seed 1234 --subsequence 1 --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "4226405774 1139539729 1075600568 2746434502" \
    sh -c "'$cx' prng xorwow --seed 1234 --subsequence 4095 --offset 7 --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "2077494220 1897736774 3223402095 1445936613" \
    sh -c "'$cx' prng mrg32k3a --seed 1234 --offset 1000 --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "545508615 1368065476 1327943825 3546985268" \
    sh -c "'$cx' prng mrg32k3a --count 4 | tr '\n' ' ' | sed 's/ \$//'"
expect_output "4123659995" "$cx" prng mt19937 --skip 9999 --count 1
expect_output "822569775" "$cx" prng mt19937 --seed 1234 --count 1
expect_output "d16cfe09 94fdcceb 5001e420 24126ea1" \
    sh -c "'$cx' prng philox4x32 --key 0xa4093822,0x299f31d0 --counter 0x243f6a88,0x85a308d3,0x13198a2e,0x03707344 --count 4 --format hex | tr '\n' ' ' | sed 's/ \$//'"
expect_output "4dfccaba 190a87f0 c47362ba b6b5242a" \
    sh -c "'$cx' prng philox4x32 --rounds 7 --key 0xa4093822,0x299f31d0 --counter 0x243f6a88,0x85a308d3,0x13198a2e,0x03707344 --count 4 --format hex | tr '\n' ' ' | sed 's/ \$//'"
expect_output "59cd1dbb b8879579 86b5d00c ac8b6d84" \
    sh -c "'$cx' prng threefry4x32 --key 0xa4093822,0x299f31d0,0x082efa98,0xec4e6c89 --counter 0x243f6a88,0x85a308d3,0x13198a2e,0x03707344 --count 4 --format hex | tr '\n' ' ' | sed 's/ \$//'"
# block mode continues with the next counter (C0 + 1, with carry); --skip and --offset agree
a=$("$cx" prng philox4x32 --key 0,0 --counter 0xffffffff,0,0,0 --count 8 | tail -4)
b=$("$cx" prng philox4x32 --key 0,0 --counter 0,1,0,0 --count 4)
[ "$a" = "$b" ] || fail "philox block mode does not carry into C1"
a=$("$cx" prng xorwow --seed 7 --skip 300 --count 3)
b=$("$cx" prng xorwow --seed 7 --offset 300 --count 3)
[ "$a" = "$b" ] || fail "xorwow --skip 300 != --offset 300"
a=$("$cx" prng threefry4x32 --seed 9 --skip 6 --count 5)
b=$("$cx" prng threefry4x32 --seed 9 --offset 6 --count 5)
[ "$a" = "$b" ] || fail "threefry4x32 --skip 6 != --offset 6"
n=$("$cx" prng philox4x32 --count 1001 --format raw | wc -c); [ "$n" = 4004 ] || fail "raw: $n bytes for 1001 words"
"$cx" prng mrg32k3a --count 0 --format raw | head -c 100000 >/dev/null
rc=${PIPESTATUS[0]}; [ "$rc" = 0 ] || fail "mrg32k3a SIGPIPE end exit $rc"
expect_error 2 "$cx" prng philox4x32
expect_error 2 "$cx" prng philox4x32 --count 4 --key 1,2
expect_error 2 "$cx" prng philox4x32 --count 4 --key 1,2,3 --counter 0,0,0,0
expect_error 2 "$cx" prng threefry4x32 --count 4 --key 1,2 --counter 0,0,0,0
expect_error 2 "$cx" prng philox4x32 --count 4 --key 1,2 --counter 0,0,0,0x100000000
expect_error 2 "$cx" prng xorwow --count 4 --key 1,2 --counter 0,0,0,0
expect_error 2 "$cx" prng xorwow --count 4 --rounds 7
expect_error 2 "$cx" prng philox4x32 --count 4 --rounds 17
# --interleave N: one number from each of N streams in turn. cuRAND's host-API XORWOW
# (default ordering) is exactly that over 4096 subsequences: its first outputs at seed 1234
# (docs/studies/prng.md, measured on the CPU host generator and an H100)
expect_output $'624778773\n3522650202\n2363946744\n1266286439' "$cx" prng xorwow --seed 1234 --interleave 4096 --count 4
# --dist leapfrog over N workers, read in turn, gives back the base stream
expect_output "$("$cx" prng mrg32k3a --seed 7 --count 9)" "$cx" prng mrg32k3a --seed 7 --dist leapfrog --interleave 3 --count 9
expect_error 2 "$cx" prng mt19937 --dist split --count 3
expect_error 2 "$cx" prng xorwow --dist nonsense --count 3
expect_error 2 "$cx" prng philox4x32 --rounds 7 --interleave 2 --count 3
# --backend: the same numbers through a backend's bulk path (stream 0)
for g in xorwow mrg32k3a philox4x32 mt19937 tinymt32 ranq1; do
    want=$("$cx" prng $g --seed 99 --offset 5 --count 7)
    expect_output "$want" "$cx" prng $g --seed 99 --offset 3 --skip 2 --count 7 --backend seq
    expect_output "$want" "$cx" prng $g --seed 99 --offset 5 --count 7 --backend pthreads
    got=$("$cx" prng $g --seed 99 --offset 5 --count 7 --backend cuda 2>/dev/null); rc=$?
    [ "$rc" = 3 ] || [ "$got" = "$want" ] || fail "--backend cuda for $g: rc $rc, [$got] != [$want]"
done
expect_error 2 "$cx" prng xorwow --backend gpu --count 3
expect_error 2 "$cx" prng xorwow --backend seq --subsequence 1 --count 3
expect_error 2 "$cx" prng xorwow --backend seq --count 0
# mt19937 stream K >= 1 is init_by_array({seed lo, seed hi, K lo, K hi}): the published
# mt19937ar vector is init_by_array({0x123, 0x234, 0x345, 0x456})
expect_output "1067595299" "$cx" prng mt19937 --seed $(((0x234 << 32) | 0x123)) --subsequence $(((0x456 << 32) | 0x345)) --count 1
expect_error 2 "$cx" prng mt19937 --count 4 --seed 4294967296
expect_error 2 "$cx" prng mrg32k3a --count 4 --format octal
expect_error 2 "$cx" prng mrg32k3a --count 4 --pack 16x2

# ---- bounded work for every --skip, --offset and --stream (docs/cli.md, "prng") ----
# same_as_linear N ARGS: --skip N --count 9 equals the last 9 of --count N+9 (stepped output)
same_as_linear() {
    local n=$1; shift
    local a b
    a=$("$cx" prng "$@" --skip "$n" --count 9 2>&1)
    b=$("$cx" prng "$@" --count $((n + 9)) 2>&1 | tail -n 9)
    if [ -z "$a" ] || [ "$a" != "$b" ]; then fail "prng $* --skip $n differs from stepping $n"; fi
}
for n in 0 1 1000 1000000; do
    for g in lf24 xorwow mrg32k3a philox4x32 threefry4x32 ranhash mt19937; do same_as_linear $n $g; done
    same_as_linear $n lf24 --r 17
    same_as_linear $n xorwow --interleave 3:2 --offset 7
    same_as_linear $n mt19937 --interleave 3:2
    same_as_linear $n philox4x32 --rounds 7
    same_as_linear $n threefry4x32 --key 1,2,3,4 --counter 4294967295,4294967295,0,0
    same_as_linear $n philox4x32 --key 1,2 --counter 4294967293,4294967295,4294967295,4294967295
    same_as_linear $n xorwow --dist leapfrog --interleave 4
    same_as_linear $n mrg32k3a --dist central --interleave 3:5
done
# lf24 --stream K is the root's K-th output made a seed (docs/studies/prng.md): by stepping the root
for k in 1 2 97 1000; do
    k24=$("$cx" prng lf24 --count $k | tail -n 1)
    want=$("$cx" prng lf24 --seed $(((k24 * 2147483647) >> 24)) --count 3)
    expect_output "$want" "$cx" prng lf24 --stream $k --count 3
done
# the largest values finish at once (a jump); the generators without one refuse
for args in "lf24 --stream 18446744073709551615" "lf24 --skip 18446744073709551615" \
    "xorwow --skip 18446744073709551615" "mrg32k3a --skip 18446744073709551615 --offset 18446744073709551615" \
    "philox4x32 --skip 18446744073709551615" "threefry4x32 --offset 18446744073709551615" \
    "xorwow --skip 18446744073709551615 --interleave 5:3"; do
    # shellcheck disable=SC2086
    timeout 20 "$cx" prng $args --count 2 >/dev/null 2>"$tmp/err" || fail "prng $args: exit $? ($(cat "$tmp/err"))"
done
# --interleave N positions a stream when it is first written, so N costs nothing by itself:
# the first words of a million streams are those of streams 0, 1, 2 (and after a skip, the next)
want=$(for k in 0 1 2; do "$cx" prng xorwow --subsequence $k --offset 5 --count 1; done)
expect_output "$want" timeout 20 "$cx" prng xorwow --interleave 1000000 --offset 5 --count 3
want=$(for k in 7 8; do "$cx" prng xorwow --subsequence $k --offset 1 --count 1; done)
expect_output "$want" timeout 20 "$cx" prng xorwow --interleave 1000000 --skip 1000007 --count 2
expect_error 2 timeout 20 "$cx" prng mt19937 --skip 1000000000000000000 --count 1
grep -q -- '--skip 1000000000000000000: mt19937 has no jump-ahead and steps at most 4294967296' "$tmp/err" ||
    fail "mt19937 --skip: $(cat "$tmp/err")"
expect_error 2 timeout 20 "$cx" prng tinymt32 --offset 4294967297 --count 1
grep -q -- '--offset 4294967297: tinymt32 has no jump-ahead' "$tmp/err" || fail "tinymt32 --offset: $(cat "$tmp/err")"
expect_error 2 timeout 20 "$cx" prng ran --offset 2147483649 --interleave 2 --count 1
expect_error 2 timeout 20 "$cx" prng ranq1 --skip 2^33 --count 1 --backend seq
expect_error 2 timeout 20 "$cx" prng xorwow --offset 2^63 --count 2 --backend pthreads
CXB_MEM_LIMIT=1Mi expect_error 3 timeout 20 "$cx" prng xorwow --offset 2^20 --count 2 --backend seq
expect_output "$("$cx" prng xorwow --offset 1000000 --count 3)" timeout 20 "$cx" prng xorwow --offset 1000000 --count 3 \
    --backend seq
expect_error 2 timeout 20 "$cx" prng lf24 --r 4096 --skip 2^40 --count 1
grep -q -- 'lf24 with --r 4096 steps at most' "$tmp/err" || fail "lf24 --r 4096 --skip: $(cat "$tmp/err")"
finish
