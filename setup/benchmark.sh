#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds xhpcg (Release) and runs it on every core with the top-level hpcg.dat.
# Usage: setup/benchmark.sh [xhpcg arguments...]
#   HPCG_NP=N        ranks (default: number of cores)
#   OMP_NUM_THREADS  threads per rank (default 1: one rank per core is the best default for the
#                    reference kernels, whose SymGS is sequential)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

setup/install_deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" >/dev/null

ranks=${HPCG_NP:-$(nproc)}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
echo "setup: mpirun -np $ranks bin/xhpcg $* (OMP_NUM_THREADS=$OMP_NUM_THREADS)"
status=0
mpirun -np "$ranks" bin/xhpcg "$@" | tee build/last-run.txt || status=$?
report=$(sed -n 's/^Report: //p' build/last-run.txt)
if [[ -n "$report" ]]; then
  echo
  grep -E '^Final Summary::HPCG result is' "$report" || true
  echo "Report file: $root/${report#./}"
fi
exit "$status"
