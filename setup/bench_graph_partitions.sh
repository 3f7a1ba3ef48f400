#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# GPS's partitioning experiment with xgraph: PageRank for 3 to 100 iterations on 2 and 4 ranks,
# on a Kronecker graph and on a road-like grid with shortcuts (an .el this script writes), from
# random, block, METIS and Scotch partitions, with and without dynamic repartitioning. Prints
# each start's halo volume and, with repartitioning, the crossover iteration for bytes sent and
# for run time (the first run length from which repartitioning stays ahead up to 100), and
# writes an SVG plot of the two ratios.
# One run of 100 iterations per setting stands for the 98 runs of 3..100: PageRank's iterations
# and the repartitioning steps do not depend on the iteration limit (a run of k iterations does
# the same first k iterations and the k - 1 steps between them), so the record of iteration i
# in the 100-iteration run is that of any run of at least i iterations.
# Usage: setup/bench_graph_partitions.sh [OUTPUT_DIR]   (default build/graph-partitions)
#   XGRAPH_SCALE=S       Kronecker scale (default 18)
#   XGRAPH_GRID=W        the road-like grid's side (default 512: W^2 vertices)
#   XGRAPH_RANKS="2 4"   rank counts
#   XGRAPH_STARTS="random block metis scotch"  starting partitions
#   XGRAPH_BUILD=DIR     build directory (default build/graph-release)
#   XGRAPH_BIN=FILE      an xgraph already built (nothing is built then)
#   XGRAPH_ITERATIONS=K  run length (default 100; fewer only to try the script)
#   XGRAPH_WATCHDOG=S    xgraph's --watchdog (default 600: METIS and Scotch cut the graph on rank
#                        0 alone while the other ranks wait, which can pass the adaptive 60 s)
# Run it on a quiet machine: timings under load mean waiting, not work (src/graph/README.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
out=${1:-build/graph-partitions}
scale=${XGRAPH_SCALE:-18}
side=${XGRAPH_GRID:-512}
ranks_list=${XGRAPH_RANKS:-2 4}
starts=${XGRAPH_STARTS:-random block metis scotch}
build=${XGRAPH_BUILD:-build/graph-release}
[[ "$build" == /* ]] || build=$root/$build
iterations=${XGRAPH_ITERATIONS:-100}
watchdog=${XGRAPH_WATCHDOG:-600}
mkdir -p "$out"

if [[ -n "${XGRAPH_BIN:-}" ]]; then
  xgraph=$XGRAPH_BIN
else
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHPCG_RUNTIME_DIR="$build/bin" >/dev/null
  cmake --build "$build" -j "$(nproc)" --target xgraph >/dev/null
  xgraph=$build/bin/xgraph
fi

# A road-like graph: a side x side grid numbered row by row (ids carry locality, as a road
# network's do after a geographic ordering), each point joined to its right and lower
# neighbours, and one point in fifty joined to a random point within 16 rows (a shortcut).
road=$out/road_$side.el
if [[ ! -s "$road" ]]; then
  awk -v w="$side" 'BEGIN {
    srand(27491095)
    for (y = 0; y < w; ++y) for (x = 0; x < w; ++x) {
      v = y * w + x
      if (x + 1 < w) print v, v + 1
      if (y + 1 < w) print v, v + w
      if (rand() < 0.02) {
        ty = y + int((rand() - 0.5) * 32); tx = int(rand() * w)
        if (ty >= 0 && ty < w) print v, ty * w + tx
      }
    }
  }' > "$road"
fi

load() { cut -d' ' -f1-3 /proc/loadavg; }

# per_iteration FILE: "seconds bytes repartition_seconds repartition_bytes" per iteration.
per_iteration() {
  awk '/"per_iteration"/ { on = 1 }
       on && /"seconds":/ { gsub(/[",]/, ""); s = $2 }
       on && /"bytes_sent":/ { gsub(/[",]/, ""); b = $2 }
       on && /"repartition_seconds":/ { gsub(/[",]/, ""); rs = $2 }
       on && /"repartition_bytes":/ { gsub(/[",]/, ""); print s, b, rs, $2 }' "$1"
}

table=$out/crossover.txt
: > "$table"
printf '%-6s %-6s %-7s %12s %12s %9s %9s %10s %10s\n' graph ranks start halo halo_after \
  moved_by cross_B cross_time dyn/fix_t | tee -a "$table"
for graph in kron road; do
  case $graph in
    kron) source_args=(--kron="$scale") ;;
    road) source_args=(--file="$road" --symmetrize) ;;
  esac
  for ranks in $ranks_list; do
    for start in $starts; do
      for mode in fixed dynamic; do
        json=$out/${graph}_${ranks}_${start}_$mode.json
        echo "== $graph, $ranks ranks, $start, $mode (load average $(load))" >&2
        # A core per rank: MPICH binds nothing by default, and an OMP_PROC_BIND in the
        # environment would then pin every rank to core 0.
        OMP_NUM_THREADS=1 mpiexec -bind-to core -n "$ranks" "$xgraph" "${source_args[@]}" --kernel=pr \
          --trials=1 --partition="$start" --tolerance=0 --max-iters=$iterations \
          --repartition=$mode --watchdog=$watchdog --json="$json" > "${json%.json}.txt"
        per_iteration "$json" > "${json%.json}.iterations"
      done
      base=$out/${graph}_${ranks}_${start}
      halo=$(sed -n 's/^PR Repartition: .*halo volume \([0-9]*\) -> \([0-9]*\).*/\1 \2/p' \
        "${base}_dynamic.txt")
      moved=$(sed -n 's/.* moving \([0-9]*\) vertices.*/\1/p' "${base}_dynamic.txt")
      # Cumulative cost of a k-iteration run: k iterations and, with repartitioning, the k - 1
      # steps between them. The crossover: the first k >= 3 from which dynamic stays cheaper;
      # "-" where no vertex moved (dynamic then ran fixed's iterations: a time ratio off 1 is
      # the clock's noise, not a crossover).
      paste -d' ' "${base}_fixed.iterations" "${base}_dynamic.iterations" | awk \
        -v g="$graph" -v r="$ranks" -v s="$start" -v h="$halo" -v m="$moved" -v n=$iterations \
        -v curve="${base}.curve" '
        { fs += $1; fb += $2; ds += $5 + prev_s; db += $6 + prev_b; prev_s = $7; prev_b = $8
          k = NR; ratio_b[k] = db / fb; ratio_t[k] = ds / fs
          print k, ratio_b[k], ratio_t[k] > curve }
        END {
          cb = "none"; ct = "none"
          for (k = n; k >= 3; --k) { if (ratio_b[k] < 1) cb = k; else break }
          for (k = n; k >= 3; --k) { if (ratio_t[k] < 1) ct = k; else break }
          if (m + 0 == 0) { cb = "-"; ct = "-" }
          split(h, halo, " ")
          printf "%-6s %-6s %-7s %12s %12s %9s %9s %10s %10.3f\n", g, r, s, halo[1], halo[2], m,
                 cb, ct, ratio_t[n] }' | tee -a "$table"
    done
  done
done

# The plot: dynamic over fixed, cumulative bytes (left) and time (right), per setting; the
# crossover is where a line falls below 1.
svg=$out/crossover.svg
{
  echo '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="460" font-family="sans-serif" font-size="11">'
  for panel in 0 1; do
    x0=$((60 + panel * 480))
    title=$([[ $panel -eq 0 ]] && echo "bytes sent, dynamic / fixed" || echo "run time, dynamic / fixed")
    echo "<text x=\"$((x0 + 120))\" y=\"20\" font-size=\"13\">$title</text>"
    echo "<rect x=\"$x0\" y=\"30\" width=\"400\" height=\"300\" fill=\"none\" stroke=\"black\"/>"
    # y from 0 to 2; 1 dashed.
    echo "<line x1=\"$x0\" y1=\"180\" x2=\"$((x0 + 400))\" y2=\"180\" stroke=\"gray\" stroke-dasharray=\"4\"/>"
    for tick in 0 0.5 1 1.5 2; do
      y=$(awk -v t=$tick 'BEGIN { printf "%d", 330 - t * 150 }')
      echo "<text x=\"$((x0 - 28))\" y=\"$((y + 4))\">$tick</text>"
    done
    for tick in 1 $((iterations / 4)) $((iterations / 2)) $((3 * iterations / 4)) $iterations; do
      x=$(awk -v t=$tick -v x0=$x0 -v n=$iterations 'BEGIN { printf "%d", x0 + (t - 1) * 400 / (n - 1) }')
      echo "<text x=\"$((x - 6))\" y=\"346\">$tick</text>"
    done
    echo "<text x=\"$((x0 + 170))\" y=\"362\">iterations</text>"
    colour=0
    for curve in "$out"/*.curve; do
      colours=(crimson royalblue darkgreen darkorange purple teal saddlebrown black)
      dash=$([[ $curve == *road* ]] && echo 'stroke-dasharray="6 3"' || echo '')
      points=$(awk -v c=$((panel + 2)) -v x0=$x0 -v n=$iterations '{ y = $c; if (y > 2) y = 2
        printf "%.1f,%.1f ", x0 + ($1 - 1) * 400 / (n - 1), 330 - y * 150 }' "$curve")
      echo "<polyline fill=\"none\" stroke=\"${colours[$((colour % 8))]}\" $dash points=\"$points\"/>"
      if [[ $panel -eq 0 ]]; then
        name=$(basename "$curve" .curve)
        echo "<text x=\"$((60 + (colour % 4) * 230))\" y=\"$((385 + (colour / 4) * 14))\" fill=\"${colours[$((colour % 8))]}\">$name</text>"
      fi
      colour=$((colour + 1))
    done
  done
  echo '</svg>'
} > "$svg"
echo "table: $table; plot: $svg (dashed: road graph; above 2 clipped)"
