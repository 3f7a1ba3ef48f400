#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds xhpcg (Release) and runs it on every core with the top-level hpcg.dat.
# Usage: setup/benchmark.sh [--kokkos] [xhpcg arguments...]
#   --kokkos         build Kokkos with OpenMP from Debian's source package once (setup/kokkos.sh,
#                    cached outside the tree), build against it and run --backend=kokkos
#   HPCG_NP=N        ranks (default: number of cores)
#   OMP_NUM_THREADS  threads per rank (default 1: one rank per core is the best default for the
#                    reference kernels, whose SymGS is sequential)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

kokkos=0
arguments=()
for arg in "$@"; do
  if [[ "$arg" == "--kokkos" ]]; then kokkos=1; else arguments+=("$arg"); fi
done
set -- "${arguments[@]}"

setup/install_deps.sh
if [[ $kokkos -eq 1 ]]; then
  setup/kokkos.sh --build=build/release
  [[ " $* " == *" --backend="* ]] || set -- "$@" --backend=kokkos
  # Unset, Kokkos::OpenMP warns on every rank; binding would put every rank's threads on the
  # first cores, since mpirun does not bind ranks here.
  export OMP_PROC_BIND=${OMP_PROC_BIND:-false}
else
  cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/release -j "$(nproc)" >/dev/null
fi

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
