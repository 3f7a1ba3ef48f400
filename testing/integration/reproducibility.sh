#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# testing/README.md, "Reproducibility": the same inputs with the same rank and thread counts give
# bit-identical results run after run. Each case runs a program twice in one layout and compares
# unrounded numbers: xhpcg's validated scaled residual (the JSON file keeps all 17 digits; each
# timed set runs on a right-hand side drawn at run time, and the re-run, a fresh set, must
# reproduce itself when repeated on the same b),
# xgraph's PageRank scores (written with 9 digits, which identify a float exactly).
# Usage: reproducibility.sh CASE XHPCG XGRAPH MPIEXEC
set -uo pipefail
case_name=$1 xhpcg=$2 xgraph=$3 mpiexec=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL [$case_name]: $*" >&2; cat "$work"/err*.txt >&2 2>/dev/null; exit 1; }

# xhpcg_twice RANKS THREADS: two timed runs of the openmp backend (--rt=4: several timed sets
# even on a loaded machine, where set-up may take a second); fails on a difference between the
# runs' validated residuals or between the re-run and its repeat.
xhpcg_twice() {
  local ranks=$1 threads=$2 run
  for run in 1 2; do
    mkdir "run$run"
    (cd "run$run" && OMP_NUM_THREADS=$threads timeout 300 "$mpiexec" -n "$ranks" "$xhpcg" \
       --nx=24 --ny=24 --nz=24 --rt=4 --backend=openmp --quiet --triad-bandwidth=40 > out.txt 2> "$work/err$run.txt") ||
      fail "run $run failed"
    sed -n 's/.*"validated_scaled_residual": \([^,}]*\).*/\1/p' run$run/HPCG-Benchmark_3.1_*.json > "residuals$run.txt"
    [[ $(grep -c '"scaled_residual"' run$run/HPCG-Benchmark_3.1_*.json) -ge 2 ]] || fail "run $run has fewer than two timed sets"
    grep -q '^Final Summary::Timed sets re-proved=.*reproduced its scaled residual bit for bit' run$run/HPCG-Benchmark_3.1_*.txt ||
      fail "run $run: the re-run's repeat did not reproduce it bit for bit"
  done
  [[ -s residuals1.txt && $(cat residuals1.txt) == $(cat residuals2.txt) ]] ||
    fail "the runs differ: $(cat residuals1.txt) and $(cat residuals2.txt)"
  echo "validated scaled residual $(cat residuals1.txt) in both runs"
}

# pagerank_twice RANKS THREADS: two PageRank runs on the same Kronecker graph; scores identical.
pagerank_twice() {
  local ranks=$1 threads=$2 run
  for run in 1 2; do
    OMP_NUM_THREADS=$threads timeout 300 "$mpiexec" -n "$ranks" "$xgraph" --kron=12 --kernel=pr \
      --trials=2 --scores-out="scores$run.txt" > "out$run.txt" 2> "err$run.txt" || fail "run $run failed"
  done
  [[ $(wc -l < scores1.txt) -eq 4096 ]] || fail "expected 4096 scores"
  cmp -s scores1.txt scores2.txt || fail "the runs' scores differ: $(diff scores1.txt scores2.txt | head -n 4)"
  echo "4096 scores identical in both runs"
}

case "$case_name" in
  xhpcg_ranks) xhpcg_twice 2 1 ;;
  xhpcg_threads) xhpcg_twice 1 2 ;;
  pagerank_ranks) pagerank_twice 2 1 ;;
  pagerank_threads) pagerank_twice 1 2 ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
