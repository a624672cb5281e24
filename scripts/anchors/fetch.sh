#!/usr/bin/env bash
# scripts/anchors/fetch.sh [DEST] - export the calibration anchors' sources named in
# scripts/anchors/sources.txt (repository, commit, files) into DEST/src/<name>/ (default DEST:
# anchors/, git-ignored: the sources are never vendored; docs/studies/components.md "Calibration anchors").
# Each repository is read from a local git directory when ANCHOR_GIT_<NAME> names one (a bare
# mirror or a clone that has the commit, e.g. ANCHOR_GIT_ECLCC=/path/ECL-Suite.git), else it
# is cloned from https://github.com/<repository> (a machine with network). The commit is
# checked; DEST/src/<name>/SOURCE records repository and commit for build.sh and the result
# sets' provenance. Run it where there is network, then carry DEST to the GPU host.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest=${1:-anchors}
mkdir -p "$dest/src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r name repo commit files; do
    case "$name" in '' | '#'*) continue ;; esac
    var="ANCHOR_GIT_$(echo "$name" | tr '[:lower:]' '[:upper:]')"
    gitdir=${!var:-}
    if [ -z "$gitdir" ]; then
        echo "fetch: cloning https://github.com/$repo"
        git clone --quiet --bare "https://github.com/$repo" "$tmp/$name.git"
        gitdir="$tmp/$name.git"
    fi
    if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "fetch: $gitdir has no commit $commit of $repo" >&2
        exit 1
    fi
    rm -rf "${dest:?}/src/$name"
    mkdir -p "$dest/src/$name"
    # shellcheck disable=SC2086 # files is a list of paths
    git --git-dir="$gitdir" archive --format=tar "$commit" $files | tar -x -C "$dest/src/$name"
    printf 'repository %s\ncommit %s\nfiles %s\n' "$repo" "$commit" "$files" >"$dest/src/$name/SOURCE"
    echo "fetch: $name = $repo@$commit -> $dest/src/$name"
done <"$here/sources.txt"
