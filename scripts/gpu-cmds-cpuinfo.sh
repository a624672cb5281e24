#!/usr/bin/env bash
# The GPU host's CPU (model, flags that the seq tiles dispatch on); argument: the build dir.
lscpu | grep -E "Model name|^CPU\(s\)|MHz|Thread|Socket"
grep -o -w -E "avx2|avx512f|sse4_2" /proc/cpuinfo | sort | uniq -c
