# shellcheck shell=bash
# Helpers for the command-line tests: expect_error CODE CMD... checks the exit code, that
# stderr is exactly one line starting "cxbench: error: ", and that stdout is empty.
#
# Every case of expect_error is a row of docs/bad-inputs.md, the catalogue of bad inputs
# (input, exit code, message). With CXB_CATALOGUE=FILE set, expect_error appends the case to
# FILE as a TSV line (scripts/bad-input-catalogue.sh collects them and writes the page);
# otherwise it checks that the page has the case's row, so that the page cannot fall behind
# the tests. The page is made from a build without CUDA: a CUDA build skips that check.
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cxb_lib_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

# cxb_neutral: stdin with the paths and values of one machine and run made neutral: the
# binary as "cxbench", the temporary directory, the source and build trees dropped from paths,
# run ids as RUN_ID, and the memory a machine happens to have as N.
cxb_neutral() {
    sed -E -e "s#${tmp}/##g; s#${tmp}##g; s#${cxb_lib_root}/##g" \
        -e 's#[^ ]*/cxbench( |$)#cxbench\1#g' \
        -e 's#^timeout [0-9]+ ##' \
        -e 's#[0-9]{8}T[0-9]{6}Z-[0-9a-f]{8}(\.[0-9]+)?#RUN_ID#g' \
        -e 's#[0-9.]+ ([KMG]iB|B) available \((MemAvailable|ulimit -v|ulimit -d)\)#N available (\2)#g' \
        -e 's#\t# #g'
}

# The markdown row of a TSV case "command<TAB>code<TAB>message" (| escaped for the table).
cxb_catalogue_row() {
    awk -F'\t' '{ for (i = 1; i <= 3; i++) gsub(/\|/, "\\|", $i); printf "| `%s` | %s | %s |\n", $1, $2, $3 }'
}

cxb_catalogue_case() { # CODE MESSAGE-FILE CMD...: the case as a TSV line
    local code=$1 msgfile=$2; shift 2
    local pre=""
    [ -n "${CXB_MEM_LIMIT:-}" ] && pre="CXB_MEM_LIMIT=$CXB_MEM_LIMIT "
    [ "$(ulimit -v)" != unlimited ] && pre="(ulimit -v $(ulimit -v)) $pre"
    printf '%s%s\t%s\t%s\n' "$pre" "$(printf '%s ' "$@" | sed 's/ $//' | cxb_neutral)" "$code" \
        "$(head -n 1 "$msgfile" | sed 's/^cxbench: error: //' | cxb_neutral)"
}

# Whether this build keeps docs/bad-inputs.md's cases (a build without CUDA); asked once.
cxb_catalogue_checked=
cxb_catalogue_applies() {
    if [ -z "$cxb_catalogue_checked" ]; then
        cxb_catalogue_checked=no
        [ -f "$cxb_lib_root/docs/bad-inputs.md" ] && "$1" list 2>&1 | grep -q 'built without CUDA' &&
            cxb_catalogue_checked=yes
    fi
    [ "$cxb_catalogue_checked" = yes ]
}

expect_error() {
    local want=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ "$rc" = "$want" ] || fail "exit $rc, want $want: $*"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "stderr is not one line: $* -> $(cat "$tmp/err")"
    grep -q '^cxbench: error: ' "$tmp/err" || fail "stderr lacks 'cxbench: error:': $*"
    [ ! -s "$tmp/out" ] || fail "stdout not empty on error: $*"
    local bin=${cx:-${cxbench:-$1}} # the binary under test (the tests name it cx)
    if [ -n "${CXB_CATALOGUE:-}" ]; then
        cxb_catalogue_case "$rc" "$tmp/err" "$@" >>"$CXB_CATALOGUE"
    elif [ "${CXB_CATALOGUE_CHECK:-1}" != 0 ] && cxb_catalogue_applies "$bin"; then
        local row
        row=$(cxb_catalogue_case "$rc" "$tmp/err" "$@" | cxb_catalogue_row)
        grep -qxF -- "$row" "$cxb_lib_root/docs/bad-inputs.md" ||
            fail "not in docs/bad-inputs.md (scripts/bad-input-catalogue.sh BUILD_DIR rewrites it): $row"
    fi
    return 0
}

expect_output() { # expect_output "expected text" CMD...
    local want=$1; shift
    local got
    got=$("$@" 2>"$tmp/err")
    local rc=$?
    [ "$rc" = 0 ] || fail "exit $rc: $* ($(cat "$tmp/err"))"
    [ "$got" = "$want" ] || fail "$*: got [$got] want [$want]"
}

finish() {
    [ "$fails" = 0 ] && echo "all passed" && exit 0
    echo "$fails failure(s)" >&2
    exit 1
}
