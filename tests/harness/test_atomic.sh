#!/usr/bin/env bash
# harness_atomic: a run stopped half-way leaves no visible (non-dot) result set; a run
# killed outright leaves at most a hidden .partial directory, which --clean-partial
# removes (docs/method.md).
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
out="$tmp/results"

visible() { find "$out" -mindepth 2 -maxdepth 2 -type d ! -name '.*' 2>/dev/null | grep -v '/figures$'; }

# SIGTERM: stops after the current sample, removes its partial directory, exit 130
"$cx" run prng --impl prng.lf24.seq --set n=4194304 --reps 1000 --max-reps 1000 --min-time 100 \
    --budget 100 --out "$out" --machine box --no-progress >/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -TERM $pid
wait $pid
rc=$?
[ "$rc" = 130 ] || fail "SIGTERM run exit $rc, want 130"
[ -z "$(visible)" ] || fail "interrupted run left a visible result set: $(visible)"
[ -z "$(find "$out" -name '*.tmp.*' 2>/dev/null)" ] || fail "interrupted run left temporaries"

# SIGKILL: no handler runs; only a hidden partial directory may remain
"$cx" run prng --impl prng.lf24.seq --set n=4194304 --reps 1000 --max-reps 1000 --min-time 100 \
    --budget 100 --out "$out" --machine box --no-progress >/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -KILL $pid
wait $pid 2>/dev/null
[ -z "$(visible)" ] || fail "killed run left a visible result set: $(visible)"
"$cx" run prng --clean-partial --impl prng.lf24.seq --set n=1024 --reps 1 --min-time 0 --out "$out" \
    --machine box --no-progress --no-table >/dev/null 2>&1 || fail "--clean-partial run failed"
[ -z "$(find "$out" -name '.*.partial' 2>/dev/null)" ] || fail "--clean-partial left a partial directory"
[ "$(visible | wc -l)" = 1 ] || fail "a completed run should leave exactly one result set"
finish
