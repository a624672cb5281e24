#!/usr/bin/env bash
# harness_signals: nothing is left behind (harness/cleanup.h). SIGINT, SIGTERM and SIGPIPE
# during a write remove its temporary or partial directory and exit 130/141 after one line
# on stderr; the leftovers of a SIGKILLed process (its pid in their name) are removed by the
# next command that writes there, and those of a live process are not.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
cd "$tmp" || exit 1

"$cx" graph gen gnm:n=200000,m=4000000,seed=1 --impl seq --out big.el --quiet >/dev/null ||
    fail "graph gen big.el"

# waits (up to 20 s) until a file matching the glob exists
wait_for() {
    for _ in $(seq 400); do
        compgen -G "$1" >/dev/null && return 0
        sleep 0.05
    done
    return 1
}

# SIGINT / SIGTERM while graph convert writes its temporary
for sig in INT TERM; do
    rm -f out.mtx
    "$cx" graph convert big.el out.mtx --quiet >/dev/null 2>"$tmp/err.$sig" &
    pid=$!
    if wait_for "out.mtx.tmp.$pid"; then
        kill -s $sig $pid
        wait $pid
        rc=$?
        [ "$rc" = 130 ] || fail "graph convert SIG$sig: exit $rc, want 130"
        [ "$(wc -l <"$tmp/err.$sig")" = 1 ] && grep -q "^cxbench: error: interrupted by SIG$sig" \
            "$tmp/err.$sig" || fail "SIG$sig message: $(cat "$tmp/err.$sig")"
        [ ! -e out.mtx ] || fail "SIG$sig left out.mtx"
        [ -z "$(compgen -G 'out.mtx.tmp.*')" ] || fail "SIG$sig left $(compgen -G 'out.mtx.tmp.*')"
    else
        wait $pid
        echo "note: graph convert finished before its temporary was seen; SIG$sig not tested"
    fi
done

# SIGPIPE: run | head -1 (the first point's line), nothing partial left
out="$tmp/results"
"$cx" run prng --impl prng.xorwow.seq,prng.xorwow.pthreads --set n=65536 --reps 3 --min-time 0 \
    --noise 0 --out "$out" --machine box --no-progress 2>"$tmp/err" | head -1 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" = 141 ] || fail "run | head -1: exit $rc, want 141"
grep -q '^cxbench: error: interrupted by SIGPIPE' "$tmp/err" || fail "run | head: $(cat "$tmp/err")"
[ -z "$(find "$out" -name '.*.partial' 2>/dev/null)" ] || fail "run | head -1 left a partial directory"
[ -z "$(find "$out" -name '*.tmp.*' 2>/dev/null)" ] || fail "run | head -1 left a temporary"

# SIGKILL: a partial directory with the pid in its name stays; the next run removes it
rm -rf "$out"
"$cx" run prng --impl prng.lf24.seq --set n=4194304 --reps 1000 --max-reps 1000 --min-time 100 \
    --budget 100 --out "$out" --machine box --no-progress >/dev/null 2>&1 &
pid=$!
wait_for "$out/box/.*.$pid.partial" || fail "no partial directory named with pid $pid"
kill -KILL $pid
wait $pid 2>/dev/null
[ -n "$(compgen -G "$out/box/.*.$pid.partial")" ] || fail "SIGKILL: the partial directory is gone already"
mkdir "$out/box/.20000101T000000Z-00000000.$$.partial" # a live process's (this shell's)
"$cx" run prng --impl prng.lf24.seq --set n=1024 --reps 1 --min-time 0 --noise 0 --out "$out" \
    --machine box --no-progress --no-table >/dev/null 2>&1 || fail "the run after SIGKILL failed"
[ -z "$(compgen -G "$out/box/.*.$pid.partial")" ] || fail "the next run left the dead run's partial directory"
[ -d "$out/box/.20000101T000000Z-00000000.$$.partial" ] || fail "a live process's partial directory was removed"
rmdir "$out/box/.20000101T000000Z-00000000.$$.partial"

# SIGKILL during graph convert: the temporary stays; the next write beside it removes it
"$cx" graph convert big.el killed.mtx --quiet >/dev/null 2>&1 &
pid=$!
if wait_for "killed.mtx.tmp.$pid"; then
    kill -KILL $pid
    wait $pid 2>/dev/null
    [ -e "killed.mtx.tmp.$pid" ] || fail "SIGKILL: no temporary to clean up"
    printf 'keep me\n' >other.tmp.notapid
    printf '0 1\n' >small.el
    "$cx" graph convert small.el killed.mtx --quiet >/dev/null || fail "the convert after SIGKILL failed"
    [ ! -e "killed.mtx.tmp.$pid" ] || fail "the next write left the dead process's temporary"
    [ -e other.tmp.notapid ] || fail "a file that only looks like a temporary was removed"
else
    wait $pid
    echo "note: graph convert finished before its temporary was seen; SIGKILL not tested"
fi
finish
