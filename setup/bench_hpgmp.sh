#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# xhpgmp's performance check: one run on 2 ranks at 104^3 per rank on HPG-MxP's process grid
# (1x1x2), printing the validation counts, the penalty, the mixed and double GFLOP/s and their
# ratio; with --reference=PATH (HPG-MxP's xhpgmp, its CPU reference build with MPICH, built
# elsewhere: this script never builds or fetches it) the same case with it, and the ratio of the
# ratings. The reference is stopped after its first timed solve (the same 330-iteration mixed
# call its rating times; its whole run makes eleven of them and ten double calls first): our
# time follows the machine's memory speed and the reference's does not, so a ratio holds only
# for runs made minutes apart. With --repeat=K the runs alternate K times (ours, the
# reference's, ours, ...), and every round's ratios are printed. Run on a quiet machine.
# Usage: setup/bench_hpgmp.sh [--reference=PATH] [--rt=SECONDS] [--n=LOCAL] [--np=RANKS]
#                             [--backend=NAME (default openmp)] [--repeat=K]
#   XHPGMP=PATH  our binary (default bin/xhpgmp)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
xhpgmp=$(realpath "${XHPGMP:-$root/bin/xhpgmp}")  # the runs cd into scratch directories
reference='' rt=60 n=104 np=2 backend=openmp repeat=1
for arg in "$@"; do
  case $arg in
    --reference=*) reference=${arg#*=} ;;
    --rt=*) rt=${arg#*=} ;;
    --n=*) n=${arg#*=} ;;
    --np=*) np=${arg#*=} ;;
    --backend=*) backend=${arg#*=} ;;
    --repeat=*) repeat=${arg#*=} ;;
    *) echo "bench_hpgmp.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done
case $np in 1) grid="1 1 1" ;; 2) grid="1 1 2" ;; 4) grid="2 1 2" ;; *) grid="" ;; esac
grid_flags=()
if [[ -n $grid ]]; then
  read -r px py pz <<<"$grid"
  grid_flags=(--npx="$px" --npy="$py" --npz="$pz")
fi
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
# Each rank gets cores of its own (-bind-to): MPICH binds nothing by default, and an
# OMP_PROC_BIND in the environment would then pin every rank's first thread to core 0.
value() { grep -m1 "^$1=" "$2" | cut -d= -f2-; }
summary() {  # summary NAME REPORT
  local it="Iteration Count Information::"
  printf '%-10s double %s it, mixed %s it, penalty %s, mixed GFLOP/s %s, double GFLOP/s %s, rating %s\n' \
    "$1" "$(value "${it}Number of reference iterations (validation)" "$2")" \
    "$(value "${it}Number of optimized iterations (validation)" "$2")" \
    "$(value "${it}Penalty factor (validation)" "$2")" \
    "$(value "GFLOP/s Summary::Raw Total" "$2")" \
    "$(value "GFLOP/s Summary:: - Raw Total (reference)" "$2")" \
    "$(value "Final Summary::HPGMP result is VALID with a GFLOP/s rating of" "$2")"
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $np ranks x $OMP_NUM_THREADS threads, ${n}^3 per rank, rt=$rt, backend $backend"
# The reference build counts no multigrid flops (its final rating reads -nan), so the ratings
# are compared on the same work: seconds per timed mixed call (330 iterations each) times the
# penalty, ours against the reference's.
per_call() {
  awk -v t="$(value "Benchmark Time Summary::Total" "$1")" \
      -v c="$(value "Benchmark Time Summary::Number of GMRES calls (benchmark)" "$1")" \
      -v p="$(value "Iteration Count Information::Penalty factor (validation)" "$1")" \
      'BEGIN {printf "%.6g", t / c * p}'
}
# The reference's first timed solve, from its standard output: its seconds times its penalty
# (mixed over double validation iterations, at least 1), as penalty_factor() computes ours.
reference_per_call() {
  awk '/Reference Iteration count/ {d = $NF}
       /optimized iteration count =/ {m = $NF}
       /Time taken by first timing solve =/ {t = $NF}
       END {p = (d > 0 && m / d > 1) ? m / d : 1; printf "%.6g %d %d\n", t * p, d, m}' "$1"
}
for round in $(seq "$repeat"); do
  ours=$(mktemp -d)
  (cd "$ours" && mpiexec -bind-to "core:$OMP_NUM_THREADS" -n "$np" "$xhpgmp" --nx="$n" --ny="$n" --nz="$n" --rt="$rt" \
    "${grid_flags[@]}" --backend="$backend" --quiet)
  ours_report=$(ls "$ours"/HPGMP-Benchmark_*.txt)
  summary "xhpgmp $round" "$ours_report"
  mixed=$(value "GFLOP/s Summary::Raw Total" "$ours_report")
  double=$(value "GFLOP/s Summary:: - Raw Total (reference)" "$ours_report")
  echo "round $round: xhpgmp mixed / double GFLOP/s: $(awk -v a="$mixed" -v b="$double" 'BEGIN {printf "%.3f", a / b}')"
  # Where the time went: each step kind's milliseconds per iteration in both solvers (the JSON's
  # mixed.steps and reference.steps) and how much faster the mixed solve ran it.
  python3 - "${ours_report%.txt}.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
mixed, double = report["mixed"], report["reference"]
if "steps" not in mixed or "steps" not in double:
    sys.exit(0)  # a binary from before the step split
print("  %-18s %12s %12s %8s" % ("step kind", "mixed ms/it", "double ms/it", "speedup"))
for kind in mixed["steps"]:
    m = 1e3 * mixed["steps"][kind]["seconds"] / max(mixed["iterations"], 1)
    d = 1e3 * double["steps"][kind]["seconds"] / max(double["iterations"], 1)
    print("  %-18s %12.3f %12.3f %8.2f" % (kind, m, d, d / m if m > 0 else 0))
PY
  if [[ -n $reference ]]; then
    theirs=$(mktemp -d)
    (cd "$theirs" && exec mpiexec -bind-to "core:$OMP_NUM_THREADS" -n "$np" "$reference" \
       --nx="$n" --ny="$n" --nz="$n" --rt="$rt" --run_type=benchmark_no_ref > out.txt 2>&1) &
    launcher=$!
    until grep -q "Time taken by first timing solve" "$theirs/out.txt" 2>/dev/null; do
      kill -0 "$launcher" 2>/dev/null || break
      sleep 2
    done
    kill "$launcher" 2>/dev/null || true
    wait "$launcher" 2>/dev/null || true
    if ! grep -q "Time taken by first timing solve" "$theirs/out.txt"; then
      echo "bench_hpgmp.sh: the reference ended before its first timed solve ($theirs/out.txt)" >&2
      exit 1
    fi
    read -r their_cost their_double their_mixed < <(reference_per_call "$theirs/out.txt")
    ours_cost=$(per_call "$ours_report")
    echo "reference $round double $their_double it, mixed $their_mixed it (validation)"
    echo "round $round: seconds per mixed call x penalty: xhpgmp $ours_cost, reference $their_cost"
    echo "round $round: rating xhpgmp / reference: $(awk -v a="$their_cost" -v b="$ours_cost" 'BEGIN {printf "%.3f", a / b}')"
  fi
done
