#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Compares backends on one problem in one run: STREAM triad bandwidth, then xhpcg with each
# backend for each ranks x threads layout, and a table of official rating, per-kernel raw
# GFLOP/s, optimized iterations, ratio to the reference and fraction of the roofline
# (rating * 6.4 bytes/flop / triad bandwidth; see shared spec optimization.md 1.6). xhpcg is
# given the triad bandwidth (--triad-bandwidth), so each run's JSON carries the same roofline.
# Usage: setup/bench.sh [--nx=104] [--rt=60] [--layouts="2x1 1x2"] [--backends="reference openmp"]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
nx=104 rt=60 layouts="2x1 1x2" backends="reference openmp"
for arg in "$@"; do
  case "$arg" in
    --nx=*) nx=${arg#*=} ;;
    --rt=*) rt=${arg#*=} ;;
    --layouts=*) layouts=${arg#*=} ;;
    --backends=*) backends=${arg#*=} ;;
    *) echo "bench: unknown argument $arg" >&2; exit 2 ;;
  esac
done

setup/install_deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

value() { sed -n "s/^$1=//p" "$2" | head -n 1; }
printf '%-7s %-10s %8s %8s %8s %8s %8s %6s %8s %9s %8s\n' layout backend rating SpMV MG DDOT WAXPBY iters "x ref" roofline "B/eq"
for layout in $layouts; do
  ranks=${layout%x*} threads=${layout#*x}
  # MPICH's mpirun binds no rank by default, so OMP_PROC_BIND alone would pin the first thread
  # of every rank to core 0; -bind-to core:T gives each rank T cores of its own to bind within.
  launch=(mpirun -bind-to "core:$threads" -np "$ranks")
  triad=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close "${launch[@]}" bin/xstream-triad | awk '{print $3}')
  reference_rating=""
  for backend in $backends; do
    dir="$work/$layout-$backend"; mkdir -p "$dir"
    (cd "$dir" && OMP_NUM_THREADS=$threads OMP_PROC_BIND=close "${launch[@]}" "$root/bin/xhpcg" \
        --nx="$nx" --ny="$nx" --nz="$nx" --rt="$rt" --backend="$backend" \
        --triad-bandwidth="$triad" >/dev/null) || true
    report=$(ls "$dir"/HPCG-Benchmark_3.1_*.txt)
    g="GFLOP\/s Summary::"
    rating=$(value "${g}Total with convergence and optimization phase overhead" "$report")
    [[ $backend == reference ]] && reference_rating=$rating
    awk -v layout="$layout" -v backend="$backend" -v rating="$rating" -v ref="${reference_rating:-0}" \
        -v triad="$triad" -v spmv="$(value "${g}Raw SpMV" "$report")" -v mg="$(value "${g}Raw MG" "$report")" \
        -v dot="$(value "${g}Raw DDOT" "$report")" -v waxpby="$(value "${g}Raw WAXPBY" "$report")" \
        -v iters="$(value "Iteration Count Information::Optimized CG iterations per set" "$report")" \
        -v bpe="$(value "Memory Use Information::Bytes per equation (Total memory \/ Number of Equations)" "$report")" \
        -v valid="$(grep -c '^Final Summary::HPCG result is VALID' "$report")" \
        'BEGIN { printf "%-7s %-10s %8.3f %8.3f %8.3f %8.3f %8.3f %6d %8s %8.2f%% %8.1f%s\n",
                 layout, backend, rating, spmv, mg, dot, waxpby, iters,
                 (ref > 0 ? sprintf("%.2f", rating / ref) : "-"), 100 * rating * 6.4 / triad, bpe,
                 (valid ? "" : "  INVALID") }'
  done
  echo "        triad bandwidth $triad GB/s with $ranks rank(s) x $threads thread(s)"
done
