#!/usr/bin/env bash
# scripts/anchors/run-clustering.sh BUILD_DIR OUTDIR [MACHINE] - the calibration of the clustering
# study (docs/studies/clustering.md "Calibration anchor"): on every calibration graph, GAP's tc
# (fetched by fetch.sh, built by build.sh as gap-tc) and our rows through `cxbench graph
# clustering`, all in this one call on the same .el files, written as one result set
# OUTDIR/MACHINE/<run_id>/ (samples.csv, provenance.json, log.txt) that `cxbench fit`,
# `cxbench report` and the clustering tables read next to our sets (rows clustering.gaptc.anchor).
#   BUILD_DIR   the cxbench build (BUILD_DIR/cxbench)
#   OUTDIR      the results root (e.g. results, or gpu-out/gpu-results on the GPU host)
#   MACHINE     the machine directory, named by GPU model (default h100-sxm; docs/gpu.md)
# Environment (defaults):
#   ANCHORS_DIR=anchors          fetch.sh's sources and build.sh's bin/
#   ANCHOR_FAMILIES="bacopy gnm kron wsfast"   ANCHOR_SCALES="20 22 24"
#   GAP_TRIALS=16                GAP trials per graph (-n)
#   CXB_REPS=9                   --reps of cxbench graph clustering
#   CXB_IMPLS="clustering.tcmerge.pthreads clustering.tcmerge.cuda clustering.tcbsearch.cuda
#              clustering.tchash.cuda clustering.tcbitmap.cuda"
#   OMP_NUM_THREADS=$(nproc)     GAP's threads (and the threads of our pthreads rows)
#   WORKDIR=OUTDIR/.anchors-work the graph files (removed after each graph unless KEEP_GRAPHS=1)
#   TOOL_TIMEOUT=600             seconds per anchor or cxbench process
# A program that is missing (no GPU, a build without CUDA, no gap-tc) is skipped with a note in
# log.txt. GAP's rows are written only when its triangle count equals cxbench's (or, without
# cxbench's rows, when GAP's own verification passes): every row of a result set is a verified one
# (docs/method.md). GAP's trial time includes its relabelling (its timed kernel does); our rows
# are kernel-only with the prep phase in extra. Exit 0, 1 when a count disagreed or nothing could
# be measured, 2 on bad arguments.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/anchors/lib.sh
. "$here/lib.sh"
[ $# -ge 2 ] || { echo "usage: run-clustering.sh BUILD_DIR OUTDIR [MACHINE]" >&2; exit 2; }
cxb="$1/cxbench"
root=$2
machine=${3:-h100-sxm}
adir=${ANCHORS_DIR:-anchors}
bin="$adir/bin"
families=${ANCHOR_FAMILIES:-bacopy gnm kron wsfast}
scales=${ANCHOR_SCALES:-20 22 24}
gap_trials=${GAP_TRIALS:-16}
cxb_reps=${CXB_REPS:-9}
impls=${CXB_IMPLS:-clustering.tcmerge.pthreads clustering.tcmerge.cuda clustering.tcbsearch.cuda clustering.tchash.cuda clustering.tcbitmap.cuda}
threads=${OMP_NUM_THREADS:-$(nproc)}
export OMP_NUM_THREADS=$threads
tool_timeout=${TOOL_TIMEOUT:-600}
[ -x "$cxb" ] || { echo "run-clustering: no $cxb" >&2; exit 2; }

run_id="$(date -u +%Y%m%dT%H%M%SZ)-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
start_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
final="$root/$machine/$run_id"
set_dir="$root/$machine/.$run_id.partial"
work=${WORKDIR:-$root/.anchors-work}
mkdir -p "$set_dir" "$work" || exit 2
samples="$set_dir/samples.csv"
anchor_samples_header >"$samples"
log="$set_dir/log.txt"
t0=$(date +%s%N)
nrows=0
mismatch=0
interrupted=false
graphs_json=""
note() { echo "run-clustering: $*" | tee -a "$log"; }
since() { echo $(($(date +%s%N) - t0)); }
why() { grep -m1 -iE 'error|usage|unknown' "$1" || tail -1 "$1"; }

# The spec of a calibration graph: the modern preset's graphs (average degree 16;
# docs/studies/clustering.md "Presets"), named by the same params (d=16;model=...;n=...).
spec_of() { # FAMILY SCALE
    local n=$((1 << $2))
    case "$1" in
    bacopy) echo "bacopy:n=$n,m=8" ;;
    gnm) echo "gnm:n=$n,m=$((8 * n))" ;;
    kron) echo "kron:scale=$2,ef=8" ;;
    wsfast) echo "wsfast:n=$n,k=16,p=0.1" ;;
    *) return 1 ;;
    esac
}

# `cxbench graph clustering` output: "sample_ns=T" per sample, then "triangles=T triples=W
# verified=yes|no|skipped prep_ms=P"; exit 1 without a time.
parse_cxbench() {
    awk -F': ' '
        $1 == "triangles" { t = $2 } $1 == "triples" { w = $2 } $1 == "time_ms" { tm = $2 } $1 == "samples_ms" { s = $2 }
        $1 == "verified" { split($2, a, " "); v = a[1] }
        $1 == "phase_ms" { if (match($2, /prep=[0-9.]+/)) p = substr($2, RSTART + 5, RLENGTH - 5) }
        END {
            if (s != "") { k = split(s, a, ","); for (i = 1; i <= k; ++i) printf "sample_ns=%.0f\n", a[i] * 1e6 }
            else if (tm != "") printf "sample_ns=%.0f\n", tm * 1e6
            else exit 1
            printf "triangles=%s triples=%s verified=%s prep_ms=%s\n", t, w, v, p
        }' "$1"
}
# GAP tc: BenchmarkKernel's trial times (anchor_parse_gap) and, with -a, "N triangles".
parse_gap_triangles() { awk '/^[0-9]+ triangles$/ { t = $1 } END { if (t == "") exit 1; print t }' "$1"; }

# Runs a program into a log file under the time limit; prints its wall time in ns.
finish() {
    local end_utc host_json gpu_json anchors_json
    end_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    local commit=${CXB_GIT_COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}
    local dirty=${CXB_GIT_DIRTY:-$([ -n "$(git status --porcelain 2>/dev/null)" ] && echo 1 || echo 0)}
    host_json=$(anchor_host_json)
    gpu_json=$(anchor_gpu_json)
    anchors_json=$(anchor_builds_json "$bin/BUILD")
    local argv="run-clustering.sh $*"
    cat >"$set_dir/provenance.json" <<JSON
{
  "schema_version": "1.1.0",
  "run": {"run_id": "$run_id", "machine": $(anchor_json "$machine"), "study": "clustering", "preset": "anchors",
          "start_utc": "$start_utc", "end_utc": "$end_utc", "argv": [$(anchor_json "$argv")],
          "settings": {"families": $(anchor_json "$families"), "scales": $(anchor_json "$scales"),
                       "gap_trials": $gap_trials, "cxb_reps": $cxb_reps, "impls": $(anchor_json "$impls"),
                       "omp_num_threads": $threads, "tool_timeout_s": $tool_timeout},
          "interrupted": $interrupted, "triangle_count_mismatches": $mismatch,
          "writer": "scripts/anchors/run-clustering.sh (docs/studies/clustering.md, Calibration anchor)"},
  "git": {"commit": $(anchor_json "$commit"), "commit_source": "${CXB_GIT_COMMIT:+CXB_GIT_COMMIT}${CXB_GIT_COMMIT:-git}", "dirty": $([ "$dirty" = 1 ] && echo true || echo false)},
  "build": {"type": "anchors", "c_compiler": $(anchor_json "$( (${CC:-cc} --version 2>/dev/null || echo '?') | head -1)"), "cxbench": $(anchor_json "$cxb")},
  "anchors": [$anchors_json],
  "graphs": [$graphs_json],
  "host": $host_json,
  "gpu": $gpu_json
}
JSON
    note "result set $final ($nrows rows, $mismatch triangle-count mismatches)"
    mv "$set_dir" "$final" || echo "run-clustering: cannot rename $set_dir" >&2
}
on_signal() {
    interrupted=true
    note "interrupted: completing the set with the rows so far"
    finish "$@"
    exit 1
}
trap 'on_signal "$@"' TERM INT

note "run $run_id: families [$families] scales [$scales]; anchors from $bin; $threads OpenMP threads"
for fam in $families; do
    for s in $scales; do
        spec=$(spec_of "$fam" "$s") || { note "unknown family $fam"; continue; }
        g="$work/$fam-$s"
        glog="$set_dir/gen-$fam-$s.txt"
        if ! "$cxb" graph gen "$spec" --out "$g.el" --quiet >"$glog" 2>&1; then
            note "$spec: graph gen failed: $(tail -1 "$glog")"
            continue
        fi
        m=$(awk -F': ' '$1 == "edges" { print $2 }' "$glog")
        nv=$(awk -F': ' '$1 == "vertices" { print $2 }' "$glog")
        params="d=16;model=$fam;n=$nv"
        graphs_json+="${graphs_json:+, }{\"family\": \"$fam\", \"spec\": $(anchor_json "$spec"), \"vertices\": $nv, \"edges\": $m, \"params\": \"$params\"}"
        note "$spec: $nv vertices, $m edges"

        # ours first: its triangle count is what GAP's rows are checked against
        ref=""
        for impl in $impls; do
            out="$set_dir/out-$fam-$s-${impl#clustering.}.txt"
            sets=()
            [ "${impl##*.}" = pthreads ] && sets+=(--set "threads=$threads")
            timed "$out" "$cxb" graph clustering "$g.el" --n "$nv" --impl "$impl" --reps "$cxb_reps" --verify "${sets[@]}" >/dev/null
            rc=$?
            if [ "$rc" != 0 ]; then
                note "$spec: $impl: exit $rc ($(why "$out"))"
                continue
            fi
            parsed=$(parse_cxbench "$out") || { note "$spec: $impl: no time in its output"; continue; }
            tail1=$(tail -1 <<<"$parsed")
            [ "$(anchor_get "$tail1" verified)" = yes ] || { note "$spec: $impl: not verified"; continue; }
            tri=$(anchor_get "$tail1" triangles)
            ref=${ref:-$tri}
            backend=${impl##*.}
            kernel=""
            thr=1
            [ "$backend" = pthreads ] && thr=$threads
            prep_ns=$(awk -v p="$(anchor_get "$tail1" prep_ms)" 'BEGIN { printf "%.0f", p * 1e6 }')
            r=0
            while read -r line; do
                case "$line" in sample_ns=*) ;; *) continue ;; esac
                ns=${line#sample_ns=}
                [ "$backend" = cuda ] && kernel=$ns
                anchor_row "$run_id" "$impl" "$backend" "$params" "$m" "$thr" 1 "$r" cli "" "$kernel" "$ns" "$(since)" \
                    "T=$tri;W=$(anchor_get "$tail1" triples);edges=$m;prep_ns=$prep_ns" >>"$samples"
                r=$((r + 1)) nrows=$((nrows + 1))
            done <<<"$parsed"
        done
        [ -n "$ref" ] || note "$spec: no cxbench row: GAP is checked by its own verification only"

        if [ -x "$bin/gap-tc" ]; then
            out="$set_dir/out-$fam-$s-gap-tc.txt"
            vflag=()
            [ -z "$ref" ] && vflag=(-v)
            # the same edges without graph gen's comment lines (GAP's .el reader takes none); -s:
            # symmetrise (GAP reads .el as directed arcs)
            grep -v '^#' "$g.el" >"$g.gap.el"
            timed "$out" "$bin/gap-tc" -f "$g.gap.el" -s -n "$gap_trials" -a "${vflag[@]}" >/dev/null
            rc=$?
            if ! parsed=$(anchor_parse_gap "$out"); then
                note "$spec: gap-tc: exit $rc, no trial time ($(why "$out"))"
            else
                last=$(tail -1 <<<"$parsed")
                tri=$(parse_gap_triangles "$out")
                if [ -n "$ref" ] && [ "$tri" != "$ref" ]; then
                    note "$spec: gap-tc: ${tri:-no} triangles, cxbench $ref"
                    mismatch=$((mismatch + 1))
                elif [ -z "$ref" ] && { [ "$(anchor_get "$last" verify_fail)" != 0 ] || [ "$(anchor_get "$last" verify_pass)" = 0 ]; }; then
                    note "$spec: gap-tc: its verification did not pass"
                else
                    r=0
                    while read -r line; do
                        case "$line" in trial_ns=*) ;; *) continue ;; esac
                        ns=${line#trial_ns=}
                        anchor_row "$run_id" clustering.gaptc.anchor anchor "$params" "$m" "$threads" 1 "$r" cpu "$ns" "" "$ns" \
                            "$(since)" "T=$tri;edges=$m;gap_edges=$(anchor_get "$last" edges)" >>"$samples"
                        r=$((r + 1)) nrows=$((nrows + 1))
                    done <<<"$parsed"
                fi
            fi
        else
            note "$spec: no $bin/gap-tc (scripts/anchors/fetch.sh and build.sh)"
        fi
        [ "${KEEP_GRAPHS:-0}" = 1 ] || rm -f "$g.el" "$g.gap.el"
    done
done
trap - TERM INT
finish "$@"
[ "$nrows" -gt 0 ] && [ "$mismatch" -eq 0 ]
