#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# xgraph's performance check: Kronecker scale 20 with 1 rank x 2 threads and with
# 2 ranks x 1 thread, GAP's trials (64 BFS sources, 16 PageRank runs), mean trial times and
# harmonic-mean TEPS next to the GAP / Graph500 reference figures for a 2-core machine.
# Given GAP's reference binaries (gapbs, built elsewhere: this script never builds or fetches
# them), it also times them against xgraph on the same machine, kernel by kernel; when DIR holds
# gapbs's converter, both programs read the same graph instance from its .sg/.wsg files.
# For BC and TC it then runs xgraph on 2 and 4 ranks on the same graph (halo and ghost-row
# volumes), and checks that gapbs's tc counts the triangles xgraph counts and that gapbs's bc
# from one source (-r) ranks the same top vertices with the same scores.
# Usage: setup/bench_graph.sh [--partitions] [--gapbs=DIR] [--gapbs-KERNEL=PATH] [--repeat=N]
#                             [--compare-only] [extra xgraph arguments...]
#   --partitions        also compare block, balanced and random partitioning on 2 ranks
#   --gapbs=DIR         compare xgraph with DIR/pr, DIR/bfs, DIR/cc, DIR/sssp, DIR/bc, DIR/tc
#   --compare-only      only the gapbs comparison (no xgraph-only runs first)
#   --gapbs-pr=PATH, --gapbs-bfs=PATH, --gapbs-cc=PATH, --gapbs-sssp=PATH, --gapbs-bc=PATH,
#   --gapbs-tc=PATH     one kernel's gapbs binary (over --gapbs=DIR; alone, only that kernel)
#   --kernels=LIST      compare only these kernels of --gapbs=DIR (comma-separated)
#   --repeat=N          gapbs / xgraph pairs per kernel (default 3)
#   XGRAPH_SCALE=S      Kronecker scale (default 20)
#   XGRAPH_BUILD=DIR    build directory (default build/graph-release)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

die() { echo "bench_graph.sh: $*" >&2; exit 2; }

kernels=(pr bfs cc sssp bc tc)
declare -A gapbs=()
partitions=0
compare_only=0
repeat=3
gapbs_dir=
arguments=()
for arg in "$@"; do
  case "$arg" in
    --partitions) partitions=1 ;;
    --gapbs=*) gapbs_dir=${arg#*=} ;;
    --gapbs-pr=*|--gapbs-bfs=*|--gapbs-cc=*|--gapbs-sssp=*|--gapbs-bc=*|--gapbs-tc=*)
      kernel=${arg%%=*}; gapbs[${kernel#--gapbs-}]=${arg#*=} ;;
    --repeat=*) repeat=${arg#*=} ;;
    --kernels=*) IFS=, read -r -a kernels <<< "${arg#*=}" ;;
    --compare-only) compare_only=1 ;;
    *) arguments+=("$arg") ;;
  esac
done
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || die "--repeat wants a positive count, not '$repeat'"
if [[ -n "$gapbs_dir" ]]; then
  for kernel in "${kernels[@]}"; do
    [[ -n "${gapbs[$kernel]:-}" ]] || gapbs[$kernel]=$gapbs_dir/$kernel
  done
fi
for kernel in "${!gapbs[@]}"; do
  [[ -f "${gapbs[$kernel]}" && -x "${gapbs[$kernel]}" ]] ||
    die "no gapbs $kernel binary at '${gapbs[$kernel]}' (build gapbs with its own make first)"
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
load() { cut -d' ' -f1-3 /proc/loadavg; }

# The graph xgraph runs on: generated, or a file (the comparison's shared instance).
graph=(--kron="$scale")

# run LABEL RANKS THREADS ARGS...: one xgraph run, its output kept as $out/LABEL.txt.
run() {
  local label=$1 ranks=$2 threads=$3; shift 3
  # Other work on the machine distorts the figures (spinning OpenMP threads and MPI ranks wait
  # for descheduled peers): the load average is printed with each run.
  echo "== $label: mpiexec -n $ranks, OMP_NUM_THREADS=$threads, xgraph ${graph[*]} $*" \
    "(load average before: $(load))" >&2
  OMP_NUM_THREADS=$threads mpiexec -n "$ranks" "$xgraph" "${graph[@]}" "$@" \
    ${arguments[@]+"${arguments[@]}"} > "$out/$label.txt"
  echo "   load average after: $(load)" >&2
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

if [[ $compare_only -eq 0 ]]; then
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
fi

[[ ${#gapbs[@]} -gt 0 ]] || exit 0

# GAP's benchmark settings (its benchmark/bench.mk; -d2 is its delta for Kronecker graphs), and
# xgraph/gapbs mean-trial-time ratios to reach.
declare -A trials=([pr]=16 [bfs]=64 [cc]=16 [sssp]=64 [bc]=16 [tc]=3)
declare -A gapbs_options=([pr]="-i1000 -t1e-4" [bfs]="" [cc]="" [sssp]="-d2" [bc]="-i4" [tc]="")
declare -A name=([pr]=PR [bfs]=BFS [cc]=CC [sssp]=SSSP [bc]=BC [tc]=TC)
declare -A target=([pr]=0.8 [bfs]=0.6 [cc]=1.0 [sssp]=1.0 [bc]=1.0 [tc]=1.0)

# The same graph instance for both programs where gapbs's converter is at hand: its .sg (and,
# with its weights, .wsg) of Kronecker scale $scale; otherwise each generates its own (same
# generator parameters, different random numbers).
sg='' wsg=''
if [[ -n "$gapbs_dir" && -x "$gapbs_dir/converter" ]]; then
  sg=$out/kron$scale.sg wsg=$out/kron$scale.wsg
  "$gapbs_dir/converter" -g "$scale" -b "$sg" >/dev/null
  "$gapbs_dir/converter" -g "$scale" -w -b "$wsg" >/dev/null
fi
# graph_of KERNEL: gapbs's graph option for a kernel (SSSP reads the weighted file).
graph_of() {
  if [[ -z "$sg" ]]; then echo "-g $scale"; elif [[ $1 == sssp ]]; then echo "-f $wsg"; else echo "-f $sg"; fi
}

# gapbs_run KERNEL LABEL
gapbs_run() {
  local kernel=$1 label=$2
  # shellcheck disable=SC2207  # the graph option is two words
  local command=("${gapbs[$kernel]}" $(graph_of "$kernel") -n "${trials[$kernel]}")
  # shellcheck disable=SC2206  # the options are words
  command+=(${gapbs_options[$kernel]})
  echo "== $label: OMP_NUM_THREADS=2 ${command[*]} (load average before: $(load))" >&2
  OMP_NUM_THREADS=2 "${command[@]}" > "$out/$label.txt"
  echo "   load average after: $(load)" >&2
}

# xgraph gains kernels one by one: one it rejects is reported as not available, not fatal.
# A tiny graph is enough to learn that.
xgraph_has() {
  local message
  message=$(OMP_NUM_THREADS=1 mpiexec -n 1 "$xgraph" --kron=6 --kernel="$1" --trials=1 2>&1) &&
    return 0
  grep -q -e '--kernel' <<< "$message" && return 1
  echo "$message" >&2
  die "xgraph --kernel=$1 failed on a tiny graph"
}

echo
instance="each program generates its own"
[[ -n "$sg" ]] && instance="one instance: gapbs's converter wrote it, both read it"
echo "gapbs against xgraph: Kronecker scale $scale ($instance)," \
  "1 rank x 2 threads, mean trial time of GAP's trial counts, $repeat pairs per kernel in" \
  "alternating order (load: 1-minute load average before the pair)"
for kernel in "${kernels[@]}"; do
  [[ -n "${gapbs[$kernel]:-}" ]] || continue
  echo
  if ! xgraph_has "$kernel"; then
    echo "${name[$kernel]}: xgraph --kernel=$kernel not available"
    continue
  fi
  rows=()
  if [[ -n "$sg" ]]; then
    graph=(--file="$sg")
    [[ $kernel == sssp ]] && graph=(--file="$wsg")
  fi
  for ((r = 1; r <= repeat; r++)); do
    before=$(cut -d' ' -f1 /proc/loadavg)
    # Who runs first swaps each pair, so a drift in the machine's load favours neither.
    if ((r % 2)); then
      gapbs_run "$kernel" "gapbs_${kernel}_$r"
      run "xgraph_${kernel}_$r" 1 2 --kernel="$kernel" --trials="${trials[$kernel]}"
    else
      run "xgraph_${kernel}_$r" 1 2 --kernel="$kernel" --trials="${trials[$kernel]}"
      gapbs_run "$kernel" "gapbs_${kernel}_$r"
    fi
    g=$(field 'Average Time' "$out/gapbs_${kernel}_$r.txt")
    x=$(field "${name[$kernel]} Average Time" "$out/xgraph_${kernel}_$r.txt")
    [[ -n "$g" && -n "$x" ]] || die "$kernel repeat $r: no average time in the output"
    rows+=("$r $g $x $before")
  done
  echo "${name[$kernel]} (${trials[$kernel]} trials; gapbs ${gapbs_options[$kernel]:-with defaults})"
  printf '%s\n' "${rows[@]}" | awk -v t="${target[$kernel]}" '
    BEGIN { printf "%-7s %-10s %-10s %-7s %-9s %s\n", "repeat", "gapbs s", "xgraph s", "ratio", "target", "load" }
    { ratio[NR] = $3 / $2
      printf "%-7s %-10.5f %-10.5f %-7.3f <= %-6s %s\n", $1, $2, $3, ratio[NR], t, $4 }
    END { n = NR   # insertion sort: mawk has no asort
          for (i = 2; i <= n; i++)
            for (j = i; j > 1 && ratio[j - 1] > ratio[j]; j--) { v = ratio[j]; ratio[j] = ratio[j - 1]; ratio[j - 1] = v }
          median = n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2
          printf "median ratio %.3f: %s\n", median, median <= t ? "meets the target" : "misses the target" }'
done

# BC and TC across ranks on the same graph: the halo and the ghost rows they move.
for kernel in bc tc; do
  [[ -n "${gapbs[$kernel]:-}" ]] && xgraph_has "$kernel" || continue
  [[ -n "$sg" ]] && graph=(--file="$sg")
  echo
  echo "${name[$kernel]} across ranks (1 thread per rank, ${trials[$kernel]} trials)"
  for ranks in 2 4; do
    run "xgraph_${kernel}_${ranks}ranks" "$ranks" 1 --kernel="$kernel" --trials="${trials[$kernel]}"
    file=$out/xgraph_${kernel}_${ranks}ranks.txt
    echo "$ranks ranks: $(field "${name[$kernel]} Average Time" "$file") s;" \
      "$(sed -n 's/^Partition: *//p' "$file")"
    sed -n "s/^\(${name[$kernel]} Bytes Sent\|TC Ghost Rows\): */    \1: /p" "$file"
  done
done

# The same results as gapbs on the same instance: the triangle count, and BC's top scores from
# one source (gapbs prints its five largest with -a).
if [[ -n "$sg" && -n "${gapbs[tc]:-}" ]] && xgraph_has tc; then
  OMP_NUM_THREADS=2 "${gapbs[tc]}" -f "$sg" -n 1 -a > "$out/gapbs_tc_count.txt"
  want=$(sed -n 's/^\([0-9]*\) triangles$/\1/p' "$out/gapbs_tc_count.txt")
  graph=(--file="$sg")
  run xgraph_tc_count 1 2 --kernel=tc --trials=1
  got=$(field 'TC Triangles' "$out/xgraph_tc_count.txt")
  echo
  echo "TC count: gapbs $want, xgraph $got: $([[ "$want" == "$got" ]] && echo same || echo DIFFERENT)"
fi
if [[ -n "$sg" && -n "${gapbs[bc]:-}" ]] && xgraph_has bc; then
  graph=(--file="$sg")
  run xgraph_bc_source 1 2 --kernel=bc --trials=1 --bc-scores-out="$out/bc_scores.txt"
  source=$(sed -n 's/^BC Trial Time: *[0-9.]*  sources \([0-9]*\),.*/\1/p' "$out/xgraph_bc_source.txt")
  run xgraph_bc_single 1 2 --kernel=bc --trials=1 --source="$source" \
    --bc-scores-out="$out/bc_single.txt"
  OMP_NUM_THREADS=2 "${gapbs[bc]}" -f "$sg" -n 1 -i 1 -r "$source" -a > "$out/gapbs_bc_single.txt"
  echo
  echo "BC from source $source, gapbs's top five (vertex:score) against xgraph's score of the same vertex:"
  grep -E '^[0-9]+:[0-9.e+-]+$' "$out/gapbs_bc_single.txt" | tr ':' ' ' | while read -r v score; do
    ours=$(awk -v v="$v" '$1 == v { print $2 }' "$out/bc_single.txt")
    awk -v v="$v" -v g="$score" -v x="$ours" 'BEGIN {
      d = g - x; if (d < 0) d = -d
      printf "  vertex %-9s gapbs %-12s xgraph %-12s %s\n", v, g, x, d <= 1e-5 ? "same to rounding" : "DIFFERENT" }'
  done
fi
