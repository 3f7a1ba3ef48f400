#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Fails on any #include that points up the layer order, so the layering cannot rot unnoticed.
#   base < linalg < problem < backend < solver < validation < report < benchmark < apps
#   graph sits beside solver and may use only base, linalg and problem.
#   hpgmp (xhpgmp, HPG-MxP) sits beside benchmark: it may use every layer below it, and only apps
#   use it.
# A file's layer is its folder under include/hpcg/ or src/ (src/backends/* is the backend layer).
# Inside graph, sublayers (src/graph/README.md, "Code layout"): core < kernel frame < kernels <
# program, and a kernel's folder includes no other kernel's.
# Usage: check_layers.sh [ROOT]   (ROOT: the repository, default: two folders up from here)
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cd "$root"

rank_of() {
  case $1 in
    base) echo 0 ;; linalg) echo 1 ;; problem) echo 2 ;; backend|backends) echo 3 ;;
    solver) echo 4 ;; graph) echo 4 ;; validation) echo 5 ;; report) echo 6 ;;
    benchmark|hpgmp) echo 7 ;; apps) echo 8 ;; *) echo "" ;;
  esac
}

# A layer may include its own folder and any folder of lower rank, except that graph sees only
# base, linalg and problem, and nothing but apps sees graph.
allowed() {
  local from=$1 to=$2
  [[ $from == "$to" ]] && return 0
  [[ $from == backends && $to == backend ]] && return 0
  [[ $to == graph ]] && { [[ $from == apps ]]; return; }
  [[ $to == hpgmp ]] && { [[ $from == apps ]]; return; }
  if [[ $from == graph ]]; then
    [[ $to == base || $to == linalg || $to == problem ]]
    return
  fi
  local rf rt
  rf=$(rank_of "$from") rt=$(rank_of "$to")
  [[ -n $rf && -n $rt && $rt -lt $rf ]]
}

# graph's sublayer of a file, as "RANK NAME": 0 core (graphs, partitions, readers and writers),
# 1 the kernel frame (src/graph/kernels/*: the table, the trial loop, the report pieces),
# 2 a kernel (src/graph/kernels/NAME/ and its public header include/hpcg/graph/NAME.hpp),
# 3 the program (xgraph, its options and report).
graph_kernels=" bfs pagerank cc sssp bc tc "
graph_sublayer() {
  local path=$1 name
  case $path in
    src/graph/xgraph.cpp | src/graph/xgraph_options.cpp | src/graph/graph_report* | \
      include/hpcg/graph/xgraph.hpp) echo "3 program" ;;
    src/graph/kernels/*/*) name=${path#src/graph/kernels/}; echo "2 ${name%%/*}" ;;
    src/graph/kernels/*) echo "1 frame" ;;
    include/hpcg/graph/*)
      name=${path#include/hpcg/graph/}; name=${name%.hpp}
      if [[ $graph_kernels == *" $name "* ]]; then echo "2 $name"; else echo "0 core"; fi ;;
    *) echo "0 core" ;;
  esac
}

# The file an include inside graph names: "hpcg/graph/X" from include/, a quoted path next to
# the including file, else from src/graph/ (the module's include folder).
graph_include_target() {
  local file=$1 target=$2 here
  here=$(dirname "$file")
  if [[ $target == hpcg/* ]]; then
    echo "include/$target"
  elif [[ -f $here/$target ]]; then
    realpath -m --relative-to=. "$here/$target"
  else
    realpath -m --relative-to=. "src/graph/$target"
  fi
}

graph_violations=0
while IFS= read -r file; do
  read -r from_rank from_name < <(graph_sublayer "$file")
  while IFS= read -r line; do
    number=${line%%:*}
    target=$(sed -E 's/.*#include *"([^"]+)".*/\1/' <<<"${line#*:}")
    [[ $target == hpcg/* && $target != hpcg/graph/* ]] && continue
    path=$(graph_include_target "$file" "$target")
    read -r to_rank to_name < <(graph_sublayer "$path")
    if ((to_rank > from_rank)) || { ((to_rank == from_rank && to_rank == 2)) &&
                                     [[ $to_name != "$from_name" ]]; }; then
      echo "$file:$number: graph sublayer '$from_name' includes '$to_name' ($target, up the order)"
      graph_violations=$((graph_violations + 1))
    fi
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" || true)
done < <(find src/graph include/hpcg/graph -type f \( -name '*.hpp' -o -name '*.cpp' \) | sort)

violations=0
checked=0
while IFS= read -r file; do
  case $file in
    include/hpcg/*/*) from=${file#include/hpcg/} ;;
    src/*/*) from=${file#src/} ;;
    *) continue ;;
  esac
  from=${from%%/*}
  [[ -z $(rank_of "$from") ]] && continue
  checked=$((checked + 1))
  while IFS= read -r line; do
    number=${line%%:*}
    target=$(sed -E 's/.*#include *"hpcg\/([a-z_]+)\/.*/\1/' <<<"${line#*:}")
    if ! allowed "$from" "$target"; then
      echo "$file:$number: layer '$from' includes layer '$target' (up the order)"
      violations=$((violations + 1))
    fi
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"hpcg/[a-z_]+/' "$file" || true)
done < <(find include src -type f \( -name '*.hpp' -o -name '*.cpp' -o -name '*.h' -o -name '*.cu' \
                                 -o -name '*.cuh' \) | sort)

if [[ $checked -eq 0 ]]; then
  echo "check_layers: no sources found under $root" >&2
  exit 1
fi
if [[ $((violations + graph_violations)) -gt 0 ]]; then
  echo "check_layers: $violations include(s) point up the order, $graph_violations inside graph"
  exit 1
fi
echo "check_layers: $checked files, every include points down the order (graph's sublayers too)"
