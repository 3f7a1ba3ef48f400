#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# xgraph's performance check: Kronecker scale 20 with 1 rank x 2 threads and with
# 2 ranks x 1 thread, GAP's trials (64 BFS sources, 16 PageRank runs), mean trial times and
# harmonic-mean TEPS next to the GAP / Graph500 reference figures for a 2-core machine.
# Usage: setup/bench_graph.sh [--partitions] [extra xgraph arguments...]
#   --partitions     also compare block, balanced and random partitioning on 2 ranks
#   XGRAPH_SCALE=S   Kronecker scale (default 20)
#   XGRAPH_BUILD=DIR build directory (default build/graph-release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

partitions=0
arguments=()
for arg in "$@"; do
  if [[ "$arg" == "--partitions" ]]; then partitions=1; else arguments+=("$arg"); fi
done
scale=${XGRAPH_SCALE:-20}
build=${XGRAPH_BUILD:-build/graph-release}
[[ "$build" == /* ]] || build=$root/$build

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHPCG_RUNTIME_DIR="$build/bin" >/dev/null
cmake --build "$build" -j "$(nproc)" --target xgraph >/dev/null
xgraph=$build/bin/xgraph
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Reference figures for a 2-core machine at scale 20.
gap_bfs=0.027 gap_pr=0.18 graph500_teps=35e6

field() { sed -n "s/^$1: *\([0-9.e+-]*\).*/\1/p" "$2" | head -n 1; }

# run LABEL RANKS THREADS ARGS...: one xgraph run, its output kept as $out/LABEL.txt.
run() {
  local label=$1 ranks=$2 threads=$3; shift 3
  # Other work on the machine distorts the figures (spinning OpenMP threads and MPI ranks wait
  # for descheduled peers): the load average is printed with each run.
  echo "== $label: mpiexec -n $ranks, OMP_NUM_THREADS=$threads, xgraph --kron=$scale $*" \
    "(load average before: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  OMP_NUM_THREADS=$threads mpiexec -n "$ranks" "$xgraph" --kron="$scale" "$@" \
    ${arguments[@]+"${arguments[@]}"} > "$out/$label.txt"
  echo "   load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

summary() {
  local file=$out/$1.txt
  local bfs pr teps
  bfs=$(field 'BFS Average Time' "$file") pr=$(field 'PR Average Time' "$file")
  teps=$(field 'BFS Harmonic TEPS' "$file")
  awk -v l="$1" -v b="$bfs" -v p="$pr" -v t="$teps" -v gb=$gap_bfs -v gp=$gap_pr -v gt=$graph500_teps \
    'BEGIN { printf "%-22s BFS %.5f s (%.2fx GAP, target <= 1.5x)  PR %.5f s (%.2fx GAP, target <= 1.0x)  %.1f MTEPS (%.1fx Graph500 ref)\n",
             l, b, b / gb, p, p / gp, t / 1e6, t / gt }'
  # Where the time went (slowest rank per phase, mean per trial), to tell compute from waiting.
  sed -n 's/^\(BFS Phases\|PR Phases\|PR Iterations\): */    \1: /p' "$file" | sed 's/ (slowest rank, mean per trial)//'
}

run 1rank_x_2threads 1 2
run 2ranks_x_1thread 2 1
echo
echo "Kronecker scale $scale: $(sed -n 's/^Graph has //p' "$out/2ranks_x_1thread.txt")"
echo "TEPS edges: undirected edges of the cleaned graph in the traversed component"
summary 1rank_x_2threads
summary 2ranks_x_1thread
echo "2-rank target: BFS >= 350 MTEPS (10x the Graph500 MPI reference's 35 MTEPS)"

if [[ $partitions -eq 1 ]]; then
  echo
  for kind in block balanced random; do
    run "2ranks_$kind" 2 1 --partition="$kind" --trials=16
    echo "$kind: $(sed -n 's/^Partition: *//p' "$out/2ranks_$kind.txt")"
    summary "2ranks_$kind"
  done
fi
