#!/usr/bin/env bash
# harness_output_path: the one output path (harness/atomic.h). A regular file or nothing is
# written by temporary and rename; a FIFO is written in place and stays a FIFO; a symlink is
# followed (its target gets the content, the link stays); a directory is an error naming
# it; every write error is exit 3 with no partial file and no temporary; a failed write to
# standard output is exit 3. Never touches the machine's /dev/full or /dev/null: full
# devices are a FIFO whose reader goes away, `ulimit -f`, or a tiny tmpfs in a private
# mount namespace when unshare allows one.
cx=$1
. "$(dirname "$0")/../cli_lib.sh"
cd "$tmp" || exit 1

printf '0 1\n1 2\n2 0\n' >g.el
"$cx" graph gen gnm:n=20000,m=200000,seed=1 --impl seq --out big.el --quiet >/dev/null ||
    fail "graph gen big.el"
leftovers() { find "$tmp" -name '*.tmp.*' 2>/dev/null; }

# a directory: exit 2, named, before anything is read or written
mkdir adir
expect_error 2 "$cx" graph convert g.el adir
grep -q "adir: is a directory" "$tmp/err" || fail "convert to a directory: $(cat "$tmp/err")"
expect_error 2 "$cx" graph gen gnm:n=10,m=5 --out adir
expect_error 2 "$cx" report . --out adir
[ -d adir ] && [ -z "$(ls -A adir)" ] || fail "the directory was changed"

# a FIFO: written in place, stays a FIFO
mkfifo ff
cat ff >fifo.out &
reader=$!
"$cx" graph convert g.el ff --format snap --quiet >/dev/null || fail "convert to a FIFO: exit $?"
wait $reader
[ -p ff ] || fail "the FIFO was replaced"
grep -q '^0	1$' fifo.out || fail "the FIFO's reader did not get the graph"

# a symlink: followed, the link stays a link (also when it dangles)
ln -s real.el link.el
"$cx" graph convert g.el link.el --quiet >/dev/null || fail "convert to a dangling symlink"
[ -L link.el ] && [ "$(readlink link.el)" = real.el ] || fail "the symlink was replaced"
grep -q '^1	2$' real.el || fail "the symlink's target did not get the graph"
"$cx" graph convert big.el link.el --quiet >/dev/null || fail "convert to a symlink"
[ -L link.el ] || fail "the symlink was replaced on the second write"
[ "$(grep -c . real.el)" -gt 1000 ] || fail "the symlink's target was not rewritten"

# "-": standard output
"$cx" graph convert g.el - --format snap --quiet >dash.out || fail "convert to -: exit $?"
grep -q '^# cxbench graph' dash.out || fail "convert to - wrote no graph to stdout"
[ ! -e ./- ] || fail "convert to - created a file named -"

# an existing regular file keeps its mode
printf 'old\n' >mode.el
chmod 640 mode.el
"$cx" graph convert g.el mode.el --quiet >/dev/null || fail "convert over a file"
[ "$(stat -c %a mode.el)" = 640 ] || fail "mode of the replaced file: $(stat -c %a mode.el)"

# a full device: a FIFO whose reader goes away after a few bytes -> SIGPIPE, exit 141, one line
mkfifo short
head -c 10 short >/dev/null &
"$cx" graph convert big.el short --format snap --quiet >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" = 141 ] || fail "convert to a FIFO whose reader closes: exit $rc, want 141"
[ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^cxbench: error: .*SIGPIPE' "$tmp/err" ||
    fail "SIGPIPE message: $(cat "$tmp/err")"
[ -p short ] || fail "the FIFO was replaced after SIGPIPE"

# a full disk by the file-size limit: exit 3, the old file intact, no temporary
printf 'keep\n' >keep.el
(ulimit -f 8; "$cx" graph convert big.el keep.el --quiet >/dev/null 2>"$tmp/err")
rc=$?
[ "$rc" = 3 ] || fail "convert beyond ulimit -f: exit $rc, want 3 ($(cat "$tmp/err"))"
grep -q '^cxbench: error: keep.el: write failed' "$tmp/err" || fail "ulimit message: $(cat "$tmp/err")"
[ "$(cat keep.el)" = keep ] || fail "a failed write changed the existing file"
(ulimit -f 8; "$cx" graph convert big.el new.el --quiet >/dev/null 2>/dev/null)
[ ! -e new.el ] || fail "a failed write left a partial new.el"
[ -z "$(leftovers)" ] || fail "a failed write left a temporary: $(leftovers)"

# a full disk for real, where a private mount namespace is allowed
if unshare -m --propagation private true 2>/dev/null; then
    mkdir mnt
    unshare -m --propagation private sh -c \
        "mount -t tmpfs -o size=64k tmpfs mnt && cp keep.el mnt/keep.el &&
         '$cx' graph convert big.el mnt/keep.el --quiet >/dev/null 2>'$tmp/err'; rc=\$?;
         echo \$rc >rc.txt; cat mnt/keep.el >kept.txt; ls -A mnt >ls.txt; umount mnt"
    [ "$(cat rc.txt)" = 3 ] || fail "convert onto a full tmpfs: exit $(cat rc.txt), want 3"
    grep -q 'No space left on device' "$tmp/err" || fail "full tmpfs message: $(cat "$tmp/err")"
    [ "$(cat kept.txt)" = keep ] || fail "a full disk changed the existing file"
    [ "$(cat ls.txt)" = keep.el ] || fail "a full disk left: $(cat ls.txt)"
else
    echo "note: no private mount namespace here; the full tmpfs case is covered by ulimit -f"
fi

# standard output that cannot be written: exit 3, one line
for cmd in "list" "graph info g.el" "graph convert g.el out.el --quiet"; do
    # shellcheck disable=SC2086
    "$cx" $cmd >&- 2>"$tmp/err"
    rc=$?
    [ "$rc" = 3 ] || fail "$cmd with stdout closed: exit $rc, want 3"
    grep -q '^cxbench: error: stdout: write failed' "$tmp/err" || fail "$cmd >&-: $(cat "$tmp/err")"
done
# a limit of 4 KiB, below what list prints (6 KiB and more): not 0, because a ThreadSanitizer
# runtime cannot even start under a file-size limit of 0 (it is killed by SIGXFSZ before main)
(ulimit -f 4; "$cx" list >list.out 2>"$tmp/err")
rc=$?
[ "$rc" = 3 ] || fail "list into a file beyond ulimit -f: exit $rc, want 3"

# a stream until the reader stops is a normal end (prng --count 0)
"$cx" prng lf24 --count 0 | head -c 100 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" = 0 ] || fail "prng --count 0 | head: exit $rc, want 0"

[ -z "$(leftovers)" ] || fail "temporaries left: $(leftovers)"
finish
