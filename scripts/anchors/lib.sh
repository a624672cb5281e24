# scripts/anchors/lib.sh - sourced by run-components.sh and tests/components/test_anchors_parse.sh:
# the parsers of the anchors' console output and the writer of samples.csv rows
# (docs/studies/components.md "Calibration anchors"; columns of docs/method.md "Result sets").
# shellcheck shell=bash

# ECL-CC v1.1 (baseline and race-free print the same lines): one labelling per process, timed
# by CUDA events around init ... flatten after the graph upload.
#   "input graph: N nodes and A edges (FILE)"   A = CSR entries (arcs), 2m for a simple graph
#   "compute time: S s"                          the kernel time
#   "number of connected components: C"
#   "verification passed"                        ECL-CC's own check after the run
# Prints "time_ns=T nodes=N arcs=A components=C verified=0|1"; exit 1 when there is no
# compute time (the run failed before or during the kernels).
anchor_parse_eclcc() {
    awk '
        /^input graph: / { nodes = $3; arcs = $6 }
        /^compute time: / { t = $3 }
        /^number of connected components: / { comp = $5 }
        /^verification passed/ { ok = 1 }
        END {
            if (t == "") exit 1
            printf "time_ns=%.0f nodes=%s arcs=%s components=%s verified=%d\n", t * 1e9, nodes, arcs, comp, ok
        }' "$1"
}

# GAP (cc, cc_sv) through its BenchmarkKernel: per trial "Trial Time:          S" (seconds,
# %3.5lf), at the end "Average Time:        S"; with -a after the last trial "There are C
# components"; "Graph has N nodes and M undirected edges for degree: D" before the trials.
# With -v, "Verification:           PASS" (or FAIL) after each trial.
# Prints one line "trial_ns=T" per trial, then "average_ns=T nodes=N edges=M components=C
# verify_pass=P verify_fail=F"; exit 1 without any trial.
anchor_parse_gap() {
    awk '
        /^Graph has / { nodes = $3; edges = $6 }
        /^Trial Time:/ { printf "trial_ns=%.0f\n", $3 * 1e9; ++k }
        /^Average Time:/ { avg = $3 }
        /^There are [0-9]+ components/ { comp = $3 }
        /^Verification: / { if ($2 == "PASS") ++pass; else ++fail }
        END {
            if (!k) exit 1
            printf "average_ns=%.0f nodes=%s edges=%s components=%s verify_pass=%d verify_fail=%d\n", avg * 1e9, nodes, edges, comp, pass, fail
        }' "$1"
}

# `cxbench graph components` (docs/studies/components.md, `key: value` lines): prints
# "sample_ns=T" per sample (samples_ms:, else the one time_ms:), then
# "vertices=N edges=M components=C labels_hash=H verified=yes|no|skipped"; exit 1 without a time.
anchor_parse_cxbench() {
    awk -F': ' '
        $1 == "vertices" { n = $2 } $1 == "edges" { m = $2 } $1 == "components" { c = $2 }
        $1 == "labels_hash" { h = $2 } $1 == "time_ms" { t = $2 } $1 == "samples_ms" { s = $2 }
        $1 == "verified" { split($2, w, " "); v = w[1] }
        END {
            if (s != "") { k = split(s, a, ","); for (i = 1; i <= k; ++i) printf "sample_ns=%.0f\n", a[i] * 1e6 }
            else if (t != "") printf "sample_ns=%.0f\n", t * 1e6
            else exit 1
            printf "vertices=%s edges=%s components=%s labels_hash=%s verified=%s\n", n, m, c, h, v
        }' "$1"
}

# The value of key in a "k=v k=v" line.
anchor_get() { # LINE KEY
    local kv
    for kv in $1; do
        [ "${kv%%=*}" = "$2" ] && { printf '%s\n' "${kv#*=}"; return 0; }
    done
    return 1
}

# The samples.csv header of docs/method.md (harness/records.c), byte for byte.
anchor_samples_header() {
    echo "run_id,study,impl,backend,algorithm,variant,point,params,n,threads,bind,seed,rep,mode,batch,wall_ns,cpu_ns,alloc_ns,h2d_ns,kernel_ns,d2h_ns,free_ns,rng_ns,sync_ns,transfer_ns,time_ns,instructions,checksum,verified,t_start_ns,extra"
}

# A point id: 16 hex digits of the SHA-256 of "impl|params" (unique per implementation and
# parameters, as the runner's point hash; the two never meet in one set).
anchor_point() { printf '%s|%s' "$1" "$2" | sha256sum | cut -c1-16; }

# One samples.csv row. Arguments: run_id impl backend params work threads seed rep mode wall_ns
# kernel_ns time_ns t_start_ns extra. impl is study.algorithm.variant; kernel_ns and wall_ns may
# be empty; params and extra are "k=v;k=v" (no commas: not quoted).
anchor_row() {
    local run_id=$1 impl=$2 backend=$3 params=$4 work=$5 threads=$6 seed=$7 rep=$8 mode=$9
    local wall=${10} kernel=${11} time=${12} tstart=${13} extra=${14}
    local rest=${impl#*.}
    printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,,%s,%s,%s,1,%s,,,,%s,,,,,,%s,,%016x,1,%s,%s\n' \
        "$run_id" "${impl%%.*}" "$impl" "$backend" "${rest%%.*}" "${rest#*.}" "$(anchor_point "$impl" "$params")" \
        "$params" "$work" "$threads" "$seed" "$rep" "$mode" "$wall" "$kernel" "$time" 0 "$tstart" "$extra"
}

# A JSON string literal of $1 (backslashes, quotes and tabs escaped; newlines become spaces).
anchor_json() {
    printf '"%s"' "$(printf '%s' "$1" | tr '\n\r' '  ' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g')"
}

# timed LOGFILE CMD...: runs CMD under $tool_timeout with its output in LOGFILE, prints the
# elapsed nanoseconds, returns CMD's status
timed() {
    local out=$1 s e
    shift
    s=$(date +%s%N)
    timeout "${tool_timeout:-300}" "$@" >"$out" 2>&1
    local rc=$?
    e=$(date +%s%N)
    echo $((e - s))
    return $rc
}

# The host, GPU 0 and the anchors' builds as provenance JSON (docs/method.md "anchor sets").
anchor_host_json() {
    local cpu cores pus mem os
    cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
    pus=$(nproc --all)
    cores=$(lscpu -p=CORE 2>/dev/null | grep -v '^#' | sort -u | wc -l)
    mem=$(awk '/^MemTotal/ { print $2 * 1024 }' /proc/meminfo)
    os=$(awk -F= '$1 == "PRETTY_NAME" { gsub(/"/, "", $2); print $2 }' /etc/os-release 2>/dev/null)
    echo "{\"hostname\": $(anchor_json "$(hostname)"), \"cpu_model\": $(anchor_json "$cpu"), \"cores\": ${cores:-0}, \"pus\": $pus, \"memory_bytes\": ${mem:-0}, \"os\": $(anchor_json "$os"), \"kernel\": $(anchor_json "$(uname -r)")}"
}

anchor_gpu_json() {
    if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
        echo "[]"
        return
    fi
    local q gname guuid gbus gdrv gmem gsm gmemclk
    q=$(nvidia-smi --query-gpu=name,uuid,pci.bus_id,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader,nounits -i 0)
    IFS=',' read -r gname guuid gbus gdrv gmem gsm gmemclk <<<"$q"
    echo "[{\"index\": 0, \"name\": $(anchor_json "${gname# }"), \"uuid\": $(anchor_json "${guuid# }"), \"pci_bus_id\": $(anchor_json "${gbus# }"), \"driver\": $(anchor_json "${gdrv# }"), \"memory_mib\": ${gmem// /}, \"max_sm_clock_mhz\": ${gsm// /}, \"max_memory_clock_mhz\": ${gmemclk// /}}]"
}

# anchor_builds_json BUILDFILE: build.sh's record (binary, source, compiler, flags per line)
anchor_builds_json() {
    local j="" b src comp flags
    if [ -f "$1" ]; then
        while IFS=$'\t' read -r b src comp flags; do
            j+="${j:+, }{\"binary\": $(anchor_json "$b"), \"source\": $(anchor_json "$src"), \"compiler\": $(anchor_json "$comp"), \"flags\": $(anchor_json "$flags")}"
        done <"$1"
    fi
    echo "$j"
}
