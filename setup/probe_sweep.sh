#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs setup/probes/sweep_dependency.cpp (one thread): whether a Gauss-Seidel sweep's
# row-to-row dependency or memory bandwidth caps it, and whether 16-bit column offsets for U would
# pay (setup/README.md, "probe_sweep.sh"; results in setup/BENCHMARKS.md). Then builds
# setup/probes/interleaved_sweep.cpp with the openmp backend's own sweep sources: its scalar sweep
# (before) and its interleaved SIMD sweep with 4 and 8 lanes (after), each against the
# time it takes to stream the matrix bytes it reads, on 104^3 and on 48^3, where the share of x
# that 8 lanes keep in use fits the L2 cache.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${CXX:-g++}" -std=c++17 -O3 -march=native "$root/setup/probes/sweep_dependency.cpp" -o "$work/probe"
"$work/probe"
sources=(src/backends/common/block_coloring.cpp src/backends/common/sweep_layout.cpp
         src/backends/openmp/kernels.cpp src/backends/openmp/interleaved_layout.cpp
         src/backends/openmp/interleaved_sweep.cpp src/base/error.cpp)
(cd "$root" && "${MPICXX:-mpicxx}" -std=c++17 -O3 -march=native -fopenmp -Iinclude \
   setup/probes/interleaved_sweep.cpp "${sources[@]}" -o "$work/interleaved")
OMP_NUM_THREADS=1 "$work/interleaved" 104
OMP_NUM_THREADS=1 "$work/interleaved" 48
