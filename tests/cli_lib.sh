# Helpers for the command-line tests: expect_error CODE CMD... checks the exit code, that
# stderr is exactly one line starting "cxbench: error: ", and that stdout is empty.
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

expect_error() {
    local want=$1; shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    [ "$rc" = "$want" ] || fail "exit $rc, want $want: $*"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "stderr is not one line: $* -> $(cat "$tmp/err")"
    grep -q '^cxbench: error: ' "$tmp/err" || fail "stderr lacks 'cxbench: error:': $*"
    [ ! -s "$tmp/out" ] || fail "stdout not empty on error: $*"
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
