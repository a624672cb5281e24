#!/usr/bin/env bash
# prng_cli: cxbench prng lf24 formats, streams, packing, SIGPIPE and bad arguments
# (prng.md 7.1, 10). Expected numbers are RANMAR's published test and prng.md 3.1.3.
cx=$1
. "$(dirname "$0")/cli_lib.sh"

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
finish
