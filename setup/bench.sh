#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Compares backends on one problem in one run: STREAM triad bandwidth, then xhpcg with each
# backend for each ranks x threads layout, and a table of official rating, per-kernel raw
# GFLOP/s, optimized iterations, ratio to the reference, fraction of the roofline (median over
# the runs of rating * 6.4 bytes/flop / the triad bandwidth measured just before that run) and
# "checks", the share of the timed sets' time their integrity checks took (from the run's JSON).
# Each run is given its triad (--triad-bandwidth), so a baseline build that does not measure its
# own gets the same roofline.
# With --repeat=N every backend runs N times in rounds; the table gives medians, the ratio to the
# reference is the median of each round's ratio. --baseline=PATH runs another xhpcg build (say,
# the previous commit's, built elsewhere) with each backend right after this build's, rows
# "NAME@base", its ratios against its own reference: before and after in the same rounds.
# --args="..." passes more xhpcg flags to every run (say --separate-memory with kokkos).
# --anchor=PATH runs HPCG 3.1's own xhpcg (built outside the repository; it reads hpcg.dat from
# its working directory) as row "hpcg3.1" at the end of every round, and column "x 3.1" gives
# each row's median over the rounds of its ratio to that round's HPCG 3.1 rating.
# Usage: setup/bench.sh [--nx=104] [--rt=60] [--layouts="2x1 1x2"] [--backends="reference openmp"]
#                       [--repeat=1] [--baseline=PATH] [--anchor=PATH] [--args="FLAGS"]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
nx=104 rt=60 layouts="2x1 1x2" backends="reference openmp" repeat=1 baseline= anchor= args=
for arg in "$@"; do
  case "$arg" in
    --nx=*) nx=${arg#*=} ;;
    --rt=*) rt=${arg#*=} ;;
    --layouts=*) layouts=${arg#*=} ;;
    --backends=*) backends=${arg#*=} ;;
    --repeat=*) repeat=${arg#*=} ;;
    --baseline=*) baseline=${arg#*=} ;;
    --anchor=*) anchor=${arg#*=} ;;
    --args=*) args=${arg#*=} ;;
    *) echo "bench: unknown argument $arg" >&2; exit 2 ;;
  esac
done

[[ $repeat =~ ^[1-9][0-9]*$ ]] || { echo "bench: --repeat needs a positive integer" >&2; exit 2; }
if [[ -n "$baseline" ]]; then
  [[ -x "$baseline" ]] || { echo "bench: --baseline=$baseline is not an executable" >&2; exit 2; }
  baseline=$(cd "$(dirname "$baseline")" && pwd)/$(basename "$baseline")
fi
if [[ -n "$anchor" ]]; then
  [[ -x "$anchor" ]] || { echo "bench: --anchor=$anchor is not an executable" >&2; exit 2; }
  anchor=$(cd "$(dirname "$anchor")" && pwd)/$(basename "$anchor")
fi
# Every run: "NAME" is this build's xhpcg with backend NAME, "NAME@base" the baseline's.
runs=""
for backend in $backends; do
  runs="$runs $backend"
  [[ -n "$baseline" ]] && runs="$runs $backend@base"
done
[[ -n "$anchor" ]] && runs="$runs hpcg3.1"

setup/install_deps.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

value() { sed -n "s/^$1=//p" "$2" | head -n 1; }
# One line per run: rating, raw SpMV, MG, DDOT, WAXPBY, iterations per set, bytes per equation,
# VALID (1 or 0).
run_fields() {
  local report=$1 g="GFLOP\/s Summary::"
  echo "$(value "${g}Total with convergence and optimization phase overhead" "$report")" \
    "$(value "${g}Raw SpMV" "$report")" "$(value "${g}Raw MG" "$report")" \
    "$(value "${g}Raw DDOT" "$report")" "$(value "${g}Raw WAXPBY" "$report")" \
    "$(value "Iteration Count Information::Optimized CG iterations per set" "$report")" \
    "$(value "Memory Use Information::Bytes per equation (Total memory \/ Number of Equations)" "$report")" \
    "$(grep -c '^Final Summary::HPCG result is VALID' "$report")"
}

# The timed sets' checks as a share of the sets' time, from the run's JSON (written one key per
# line); "-" where the build writes none: HPCG 3.1, or a baseline from before they were timed.
checks_share() {
  local json; json=$(ls "$1"/HPCG-Benchmark_3.1_*.json 2>/dev/null | head -n 1)
  [[ -n "$json" ]] || { echo -; return; }
  awk -F': ' '/"timed_check_seconds":/ { checks = $2 + 0; found = 1 }
              /"timed_seconds":/ && !sets { sets = $2 + 0 }
              END { if (found && sets > 0) printf "%.3f\n", 100 * checks / sets; else print "-" }' \
      "$json"
}

printf '%-7s %-14s %8s %8s %8s %8s %8s %6s %8s %8s %9s %8s %7s\n' layout backend rating SpMV MG DDOT WAXPBY iters "x ref" "x 3.1" roofline "B/eq" checks
for layout in $layouts; do
  ranks=${layout%x*} threads=${layout#*x}
  # MPICH's mpirun binds no rank by default, so OMP_PROC_BIND alone would pin the first thread
  # of every rank to core 0; -bind-to core:T gives each rank T cores of its own to bind within.
  launch=(mpirun -bind-to "core:$threads" -np "$ranks")
  # Rounds of every backend in turn: a VM whose speed drifts by minutes moves neighbouring runs
  # alike, so each round's ratio to the reference is paired, and the medians resist one slow run.
  : >"$work/$layout.runs"
  for round in $(seq "$repeat"); do
    for run in $runs; do
      backend=${run%@base} program=$root/bin/xhpcg
      [[ $run == *@base ]] && program=$baseline
      dir="$work/$layout-$run-$round"; mkdir -p "$dir"
      # The triad just before each run: memory speed drifts by minutes on a shared machine.
      triad=$(OMP_NUM_THREADS=$threads OMP_PROC_BIND=close "${launch[@]}" bin/xstream-triad |
              awk '{print $3}')
      if [[ $run == hpcg3.1 ]]; then
        # HPCG 3.1 takes its grid and run time from hpcg.dat only (title lines, nx ny nz, rt).
        printf 'HPCG benchmark input file\nbench.sh\n%s %s %s\n%s\n' "$nx" "$nx" "$nx" "$rt" \
            >"$dir/hpcg.dat"
        (cd "$dir" && OMP_NUM_THREADS=$threads OMP_PROC_BIND=close "${launch[@]}" "$anchor" \
            >/dev/null) || true
      else
        (cd "$dir" && OMP_NUM_THREADS=$threads OMP_PROC_BIND=close "${launch[@]}" "$program" \
            --nx="$nx" --ny="$nx" --nz="$nx" --rt="$rt" --backend="$backend" \
            --triad-bandwidth="$triad" $args >/dev/null) || true
      fi
      echo "$round $run $(run_fields "$(ls "$dir"/HPCG-Benchmark_3.1_*.txt)") $triad" \
           "$(checks_share "$dir")" >>"$work/$layout.runs"
    done
  done
  # Per backend: the median of each column over the rounds, and the median of the rounds' ratios
  # to the reference run of the same round; "INVALID" if any run was not VALID.
  awk -v layout="$layout" -v order="$runs" '
    function median(list,   n, a, i, j, t) {
      n = split(list, a, " ")
      for (i = 2; i <= n; ++i) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; --j) {
        t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
      }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    { key = $2; for (c = 3; c <= 9; ++c) col[key, c] = col[key, c] " " $c
      if ($12 != "-") checks[key] = checks[key] " " $12
      roofline[key] = roofline[key] " " ($11 > 0 ? $3 * 6.4 / $11 : 0); triads = triads " " $11
      if (!$10) invalid[key] = 1
      rating[$1, key] = $3 }
    END {
      n = split(order, names, " ")
      for (b = 1; b <= n; ++b) {
        key = names[b]; ratios = ""
        # A baseline run is compared with the baseline reference of its round.
        reference = key ~ /@base$/ ? "reference@base" : "reference"
        anchored = ""
        for (r = 1; (r, key) in rating; ++r) {
          if ((r, reference) in rating && rating[r, reference] > 0) {
            ratios = ratios " " rating[r, key] / rating[r, reference]
          }
          if ((r, "hpcg3.1") in rating && rating[r, "hpcg3.1"] > 0) {
            anchored = anchored " " rating[r, key] / rating[r, "hpcg3.1"]
          }
        }
        rate = median(col[key, 3])
        printf "%-7s %-14s %8.3f %8.3f %8.3f %8.3f %8.3f %6d %8s %8s %8.2f%% %8.1f %7s%s\n",
               layout, key, rate, median(col[key, 4]), median(col[key, 5]), median(col[key, 6]),
               median(col[key, 7]), median(col[key, 8]),
               (ratios == "" ? "-" : sprintf("%.2f", median(ratios))),
               (anchored == "" ? "-" : sprintf("%.2f", median(anchored))),
               100 * median(roofline[key]), median(col[key, 9]),
               (key in checks ? sprintf("%.2f%%", median(checks[key])) : "-"),
               (key in invalid ? "  INVALID" : "")
      }
      printf "        triad bandwidth %.2f GB/s (median of the triads before each run) with %s\n",
             median(triads), layout
    }' "$work/$layout.runs"
  if ((repeat > 1)); then
    awk '$1 != round { if (round) print line; round = $1; line = "        round " $1 ":" }
         { line = line " " $2 " " $3 } END { print line }' "$work/$layout.runs"
  fi
done
