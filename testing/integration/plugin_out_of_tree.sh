#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the build into a temporary prefix, builds the example plugin out of tree with
# find_package(hpcg), and runs the installed xhpcg with it: the run must be VALID. The one
# header installed is the plugin ABI's: the C++ headers are the build's own.
# Usage: plugin_out_of_tree.sh BUILD_DIR EXAMPLE_SOURCE_DIR MPIEXEC
set -euo pipefail
build=$1 example=$2 mpiexec=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
headers=$(cd "$work/prefix/include" && find . -type f | sort)
[[ $headers == "./hpcg/backend_abi.h" ]] || { echo "FAIL: installed headers:" $headers; exit 1; }
cmake -S "$example" -B "$work/plugin" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/plugin" >/dev/null
cd "$work"
OMP_NUM_THREADS=1 timeout 300 "$mpiexec" -n 2 "$work/prefix/bin/xhpcg" --nx=16 --ny=16 --nz=16 \
  --backend="plugin:$work/plugin/libsample_backend.so" > out.txt
grep -q '^Final Summary::HPCG result is VALID' HPCG-Benchmark_3.1_*.txt
grep -q '^Final Summary::Backend=plugin:sample' HPCG-Benchmark_3.1_*.txt
echo "PASS [plugin_out_of_tree]"
