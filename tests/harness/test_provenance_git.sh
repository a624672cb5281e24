#!/usr/bin/env bash
# harness_provenance_git: provenance.json's git object (docs/method.md "Provenance") names the
# tree as the run started. git is pointed at a repository made here (GIT_DIR, GIT_WORK_TREE,
# which win over the source tree the binary names); a commit made while the run goes on (about
# 4 s of points; the commit after 1.5 s) must not be the one recorded; a tracked edit before
# the run makes it dirty.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
command -v git >/dev/null || { echo "no git: skipped"; exit 77; }
repo="$tmp/repo"
mkdir -p "$repo"
export GIT_DIR="$repo/.git" GIT_WORK_TREE="$repo" GIT_CONFIG_NOSYSTEM=1 HOME="$tmp"
git init -q "$repo" && git -C "$repo" config user.email t@t && git -C "$repo" config user.name t || fail "git init"
echo a >"$repo/f" && git -C "$repo" add f && git -C "$repo" commit -q -m a || fail "first commit"
first=$(git -C "$repo" rev-parse HEAD)
"$cx" run prng --impl prng.lf24.seq --preset ci --min-time 1 --out "$tmp/r" --machine box --no-progress \
    --no-table >/dev/null 2>&1 &
pid=$!
sleep 1.5
echo b >"$repo/f" && git -C "$repo" commit -q -am b || fail "second commit"
wait $pid || fail "run failed"
prov=$(ls "$tmp"/r/box/2*/provenance.json)
grep -q "\"commit\": \"$first\"" "$prov" || fail "not the commit at the run's start: $(grep -o '"git": {[^}]*}' "$prov")"
grep -q '"commit_source": "git at run start"' "$prov" || fail "no commit_source 'git at run start'"
grep -q '"dirty": false' "$prov" || fail "a clean tree called dirty"
# a tracked edit before the run: dirty
echo c >"$repo/f"
"$cx" run prng --impl prng.lf24.seq --preset ci --reps 3 --min-time 0 --out "$tmp/r2" --machine box --no-progress \
    --no-table >/dev/null 2>&1 || fail "second run failed"
grep -q '"dirty": true' "$(ls "$tmp"/r2/box/2*/provenance.json)" || fail "an edited tree not called dirty"
finish
