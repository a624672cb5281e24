#!/usr/bin/env bash
# scripts/anchors/run-components.sh BUILD_DIR OUTDIR [MACHINE] - the calibration of the components
# study (docs/studies/components.md "Calibration anchors"): on every calibration graph, the anchors (ECL-CC
# baseline and race-free on the GPU, GAP's cc = Afforest and cc_sv on the host CPU) and our
# rows through `cxbench graph components`, all in this one call on the same files, written as
# one result set OUTDIR/MACHINE/<run_id>/ (samples.csv, provenance.json, log.txt) that
# `cxbench fit`, `cxbench report` and the components tables read next to our sets.
#   BUILD_DIR   the cxbench build (BUILD_DIR/cxbench)
#   OUTDIR      the results root (e.g. results, or gpu-out/gpu-results on the GPU host)
#   MACHINE     the machine directory, named by GPU model (default h100-sxm; docs/gpu.md)
# Environment (defaults):
#   ANCHORS_DIR=anchors          fetch.sh's sources and build.sh's bin/ (carried to the GPU host)
#   ANCHOR_FAMILIES="bacopy gnm kron wsfast"   ANCHOR_SCALES="20 22 24" (26 runs only when listed
#                                and the memory and disk guard below lets it)
#   ECL_REPS=9                   ECL-CC processes per graph and variant (one labelling each; the
#                                race-free paper's protocol: 9 runs, median)
#   ECL_BINS="eclcc eclcc-racefree"   the ECL-CC variants run (eclcc alone: the baseline, which
#                                the GPU target is judged against, in half the time)
#   GAP_TRIALS=16                GAP trials per graph (-n; its benchmark flow runs 16)
#   GAP_BINS="gap-cc gap-cc_sv"  the GAP kernels run (empty: no GAP rows and no .sg file, as for a
#                                GPU-only call at 2^26, where every file costs minutes)
#   CXB_REPS=9                   --reps of cxbench graph components
#   CXB_IMPLS="components.unionfind.cuda components.afforest.cuda components.unionfind.pthreads
#              components.afforest.pthreads"
#   OMP_NUM_THREADS=$(nproc)     GAP's threads (and the threads column of our pthreads rows)
#   WORKDIR=OUTDIR/.anchors-work the graph files (removed after each graph unless KEEP_GRAPHS=1)
#   TOOL_TIMEOUT=300             seconds per anchor or cxbench process
# A program that is missing (no nvcc at build time, no GPU, a cxbench without the components
# study) is skipped with a note in log.txt. Rows are written only for runs whose component
# count equals cxbench's (or, without cxbench's rows, ECL-CC's own "verification passed"): every
# row of a result set is a verified one (docs/method.md). Interrupted (TERM/INT), the set is
# completed with the rows so far and says so in provenance.json. Exit 0, 1 when a program
# disagreed on a component count or nothing could be measured, 2 on bad arguments.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/anchors/lib.sh
. "$here/lib.sh"
[ $# -ge 2 ] || { echo "usage: run-components.sh BUILD_DIR OUTDIR [MACHINE]" >&2; exit 2; }
cxb="$1/cxbench"
root=$2
machine=${3:-h100-sxm}
adir=${ANCHORS_DIR:-anchors}
bin="$adir/bin"
families=${ANCHOR_FAMILIES:-bacopy gnm kron wsfast}
scales=${ANCHOR_SCALES:-20 22 24}
ecl_reps=${ECL_REPS:-9}
gap_trials=${GAP_TRIALS:-16}
gap_bins=${GAP_BINS-gap-cc gap-cc_sv}
cxb_reps=${CXB_REPS:-9}
impls=${CXB_IMPLS:-components.unionfind.cuda components.afforest.cuda components.unionfind.pthreads components.afforest.pthreads}
threads=${OMP_NUM_THREADS:-$(nproc)}
export OMP_NUM_THREADS=$threads
tool_timeout=${TOOL_TIMEOUT:-300}
[ -x "$cxb" ] || { echo "run-components: no $cxb" >&2; exit 2; }

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
note() { echo "run-components: $*" | tee -a "$log"; }
since() { echo $(($(date +%s%N) - t0)); }
have() { [ -x "$bin/$1" ]; }
wanted() { case " $1 " in *" $2 "*) return 0 ;; esac; return 1; } # LIST WORD
linebuf=()
command -v stdbuf >/dev/null && linebuf=(stdbuf -oL)
why() { grep -m1 -iE 'error|usage|unknown' "$1" || tail -1 "$1"; } # the line that says why a program failed

# The spec of a calibration graph: 8n tuples (average degree 16 before the generators' removal
# of loops and duplicates; docs/studies/components.md "Calibration anchors").
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

# Runs a program into a log file under the time limit; prints its wall time in ns.
finish() {
    local end_utc host_json gpu_json anchors_json
    end_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    local commit=${CXB_GIT_COMMIT:-$(git rev-parse HEAD 2>/dev/null || echo unknown)}
    local dirty=${CXB_GIT_DIRTY:-$([ -n "$(git status --porcelain 2>/dev/null)" ] && echo 1 || echo 0)}
    host_json=$(anchor_host_json)
    gpu_json=$(anchor_gpu_json)
    anchors_json=$(anchor_builds_json "$bin/BUILD")
    local argv="run-components.sh $*"
    cat >"$set_dir/provenance.json" <<JSON
{
  "schema_version": "1.1.0",
  "run": {"run_id": "$run_id", "machine": $(anchor_json "$machine"), "study": "components", "preset": "anchors",
          "start_utc": "$start_utc", "end_utc": "$end_utc", "argv": [$(anchor_json "$argv")],
          "settings": {"families": $(anchor_json "$families"), "scales": $(anchor_json "$scales"), "ecl_reps": $ecl_reps, "ecl_bins": $(anchor_json "${ECL_BINS:-eclcc eclcc-racefree}"),
                       "gap_bins": $(anchor_json "$gap_bins"), "gap_trials": $gap_trials, "cxb_reps": $cxb_reps, "impls": $(anchor_json "$impls"),
                       "omp_num_threads": $threads, "tool_timeout_s": $tool_timeout},
          "interrupted": $interrupted, "component_count_mismatches": $mismatch,
          "writer": "scripts/anchors/run-components.sh (docs/studies/components.md, Calibration anchors)"},
  "git": {"commit": $(anchor_json "$commit"), "commit_source": "${CXB_GIT_COMMIT:+CXB_GIT_COMMIT}${CXB_GIT_COMMIT:-git}", "dirty": $([ "$dirty" = 1 ] && echo true || echo false)},
  "build": {"type": "anchors", "c_compiler": $(anchor_json "$( (${CC:-cc} --version 2>/dev/null || echo '?') | head -1)"), "cxbench": $(anchor_json "$cxb")},
  "anchors": [$anchors_json],
  "graphs": [$graphs_json],
  "host": $host_json,
  "gpu": $gpu_json
}
JSON
    note "result set $final ($nrows rows, $mismatch component-count mismatches)"
    mv "$set_dir" "$final" || echo "run-components: cannot rename $set_dir" >&2
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
        n=$((1 << s))
        if [ "$s" -ge 26 ]; then
            # 2^26 x 16 arcs: the .cxg, .egr and .sg files (about 4.3 GB each) and ECL-CC's and
            # GAP's copies in host memory; run it only with room for them.
            need_kb=$((n * 16 * 4 * 6 / 1024))
            avail_kb=$(awk '/^MemAvailable/ { print $2 }' /proc/meminfo)
            disk_kb=$(df -Pk "$work" | awk 'NR == 2 { print $4 }')
            if [ "${avail_kb:-0}" -lt "$need_kb" ] || [ "${disk_kb:-0}" -lt $((need_kb / 2)) ]; then
                note "$spec: skipped (needs about $((need_kb / 1048576)) GiB of memory, $((need_kb / 2097152)) GiB of disk)"
                continue
            fi
        fi
        g="$work/$fam-$s"
        glog="$set_dir/gen-$fam-$s.txt"
        if ! "$cxb" graph gen "$spec" --out "$g.cxg" --quiet >"$glog" 2>&1; then
            note "$spec: graph gen failed: $(tail -1 "$glog")"
            continue
        fi
        m=$(awk -F': ' '$1 == "edges" { print $2 }' "$glog")
        nv=$(awk -F': ' '$1 == "vertices" { print $2 }' "$glog")
        # the params of the modern sweep's points (docs/studies/components.md "modern"), so that
        # the tables match anchors and our sets by model and n; m is the work (the n column)
        params="d=16;model=$fam;n=$nv"
        egr_ok=1
        if [ $((2 * m)) -gt 2147483647 ]; then
            egr_ok=0
            note "$spec: $((2 * m)) arcs exceed .egr's 32-bit counts: no ECL-CC or GAP rows"
        elif ! "$cxb" graph convert "$g.cxg" "$g.egr" --quiet >>"$glog" 2>&1 ||
            { { { wanted "$gap_bins" gap-cc && have gap-cc; } || { wanted "$gap_bins" gap-cc_sv && have gap-cc_sv; }; } &&
                ! "$bin/egr2sg" "$g.egr" "$g.sg" >>"$glog" 2>&1; }; then
            egr_ok=0
            note "$spec: writing .egr/.sg failed: $(tail -1 "$glog")"
        fi
        graphs_json+="${graphs_json:+, }{\"family\": \"$fam\", \"spec\": $(anchor_json "$spec"), \"vertices\": $nv, \"edges\": $m, \"params\": \"$params\"}"
        note "$spec: $nv vertices, $m edges"

        # ours first: its component count is what every anchor row is checked against
        ref=""
        for impl in $impls; do
            out="$set_dir/out-$fam-$s-${impl#components.}.txt"
            # the reference of the modern preset (ref=unionfind), and GAP's thread count for the pthreads rows
            sets=(--set ref=unionfind)
            [ "${impl##*.}" = pthreads ] && sets+=(--set "threads=$threads")
            timed "$out" "$cxb" graph components "$g.cxg" --impl "$impl" --reps "$cxb_reps" --verify "${sets[@]}" >/dev/null
            rc=$?
            if [ "$rc" != 0 ]; then
                note "$spec: $impl: exit $rc ($(why "$out"))"
                continue
            fi
            parsed=$(anchor_parse_cxbench "$out") || { note "$spec: $impl: no time in its output"; continue; }
            tail1=$(tail -1 <<<"$parsed")
            [ "$(anchor_get "$tail1" verified)" = yes ] || { note "$spec: $impl: not verified"; continue; }
            comp=$(anchor_get "$tail1" components)
            ref=${ref:-$comp}
            backend=${impl##*.}
            mode=cli kernel=""
            thr=1
            [ "$backend" = pthreads ] && thr=$threads
            r=0
            while read -r line; do
                case "$line" in sample_ns=*) ;; *) continue ;; esac
                ns=${line#sample_ns=}
                [ "$backend" = cuda ] && kernel=$ns
                anchor_row "$run_id" "$impl" "$backend" "$params" "$m" "$thr" 1 "$r" "$mode" "" "$kernel" "$ns" "$(since)" \
                    "components=$comp;edges=$m;labels_hash=$(anchor_get "$tail1" labels_hash)" >>"$samples"
                r=$((r + 1)) nrows=$((nrows + 1))
            done <<<"$parsed"
        done
        [ -n "$ref" ] || note "$spec: no cxbench row: anchors are checked by their own verification only"

        if [ "$egr_ok" = 1 ]; then
            for pair in "eclcc components.eclcc.anchor" "eclcc-racefree components.eclccracefree.anchor"; do
                b=${pair%% *} impl=${pair#* }
                case " ${ECL_BINS:-eclcc eclcc-racefree} " in *" $b "*) ;; *) continue ;; esac
                have "$b" || { note "$spec: no $bin/$b (built without nvcc?)"; continue; }
                for ((r = 0; r < ecl_reps; ++r)); do
                    out="$set_dir/out-$fam-$s-$b-$r.txt"
                    # ECL-CC's verification recurses once per vertex of a component (a deep stack);
                    # line-buffered, so that its time survives a crash of that verification
                    wall=$(ulimit -s unlimited 2>/dev/null; timed "$out" "${linebuf[@]}" "$bin/$b" "$g.egr")
                    rc=$?
                    if ! parsed=$(anchor_parse_eclcc "$out"); then
                        note "$spec: $b run $r: exit $rc, no compute time ($(why "$out"))"
                        break
                    fi
                    comp=$(anchor_get "$parsed" components)
                    if [ -n "$ref" ] && [ "$comp" != "$ref" ]; then
                        note "$spec: $b: $comp components, cxbench $ref"
                        mismatch=$((mismatch + 1))
                        break
                    fi
                    if [ -z "$ref" ] && [ "$(anchor_get "$parsed" verified)" != 1 ]; then
                        note "$spec: $b run $r: exit $rc, its verification did not pass"
                        break
                    fi
                    ns=$(anchor_get "$parsed" time_ns)
                    anchor_row "$run_id" "$impl" anchor "$params" "$m" 1 1 "$r" cold "$wall" "$ns" "$ns" "$(since)" \
                        "arcs=$(anchor_get "$parsed" arcs);components=$comp;edges=$m;self_check=$(anchor_get "$parsed" verified)" >>"$samples"
                    nrows=$((nrows + 1))
                done
            done
            for pair in "gap-cc components.gapafforest.anchor" "gap-cc_sv components.gapsv.anchor"; do
                b=${pair%% *} impl=${pair#* }
                wanted "$gap_bins" "$b" || continue
                have "$b" || { note "$spec: no $bin/$b"; continue; }
                out="$set_dir/out-$fam-$s-$b.txt"
                # without a cxbench count to check against, GAP verifies every trial (-v, untimed)
                vflag=()
                [ -z "$ref" ] && vflag=(-v)
                timed "$out" "$bin/$b" -f "$g.sg" -n "$gap_trials" -a "${vflag[@]}" >/dev/null
                rc=$?
                if ! parsed=$(anchor_parse_gap "$out"); then
                    note "$spec: $b: exit $rc, no trial time ($(why "$out"))"
                    continue
                fi
                last=$(tail -1 <<<"$parsed")
                comp=$(anchor_get "$last" components)
                if [ -n "$ref" ] && [ "$comp" != "$ref" ]; then
                    note "$spec: $b: $comp components, cxbench $ref"
                    mismatch=$((mismatch + 1))
                    continue
                fi
                if [ -z "$ref" ] && { [ "$(anchor_get "$last" verify_fail)" != 0 ] || [ "$(anchor_get "$last" verify_pass)" = 0 ]; }; then
                    note "$spec: $b: its verification did not pass"
                    continue
                fi
                r=0
                while read -r line; do
                    case "$line" in trial_ns=*) ;; *) continue ;; esac
                    ns=${line#trial_ns=}
                    anchor_row "$run_id" "$impl" anchor "$params" "$m" "$threads" 1 "$r" cpu "$ns" "" "$ns" "$(since)" \
                        "components=$comp;edges=$m;gap_edges=$(anchor_get "$last" edges)" >>"$samples"
                    r=$((r + 1)) nrows=$((nrows + 1))
                done <<<"$parsed"
            done
        fi
        [ "${KEEP_GRAPHS:-0}" = 1 ] || rm -f "$g.cxg" "$g.egr" "$g.sg"
    done
done
trap - TERM INT
finish "$@"
[ "$nrows" -gt 0 ] && [ "$mismatch" -eq 0 ]
