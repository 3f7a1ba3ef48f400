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

# Everything below runs in this one shell: a fork per include (sed, realpath, a subshell) made
# the check take most of a minute.

# The rank of a layer folder, in $rank ("" when the folder is no layer).
rank_of() {
  case $1 in
    base) rank=0 ;; linalg) rank=1 ;; problem) rank=2 ;; backend|backends) rank=3 ;;
    solver) rank=4 ;; graph) rank=4 ;; validation) rank=5 ;; report) rank=6 ;;
    benchmark|hpgmp) rank=7 ;; apps) rank=8 ;; *) rank="" ;;
  esac
}

# A layer may include its own folder and any folder of lower rank, except that graph sees only
# base, linalg and problem, and nothing but apps sees graph.
allowed() {
  local from=$1 to=$2 rf
  [[ $from == "$to" ]] && return 0
  [[ $from == backends && $to == backend ]] && return 0
  [[ $to == graph ]] && { [[ $from == apps ]]; return; }
  [[ $to == hpgmp ]] && { [[ $from == apps ]]; return; }
  if [[ $from == graph ]]; then
    [[ $to == base || $to == linalg || $to == problem ]]
    return
  fi
  rank_of "$from"; rf=$rank
  rank_of "$to"
  [[ -n $rf && -n $rank && $rank -lt $rf ]]
}

# graph's sublayer of a file, in $sub_rank and $sub_name: 0 core (graphs, partitions, readers
# and writers), 1 the kernel frame (src/graph/kernels/*: the table, the trial loop, the report
# pieces), 2 a kernel (src/graph/kernels/NAME/ and its public header include/hpcg/graph/NAME.hpp),
# 3 the program (xgraph, its options and report).
graph_kernels=" bfs pagerank cc sssp bc tc "
graph_sublayer() {
  local path=$1 name
  sub_rank=0 sub_name=core
  case $path in
    src/graph/xgraph.cpp | src/graph/xgraph_options.cpp | src/graph/graph_report* | \
      include/hpcg/graph/xgraph.hpp) sub_rank=3 sub_name=program ;;
    src/graph/kernels/*/*) name=${path#src/graph/kernels/}; sub_rank=2 sub_name=${name%%/*} ;;
    src/graph/kernels/*) sub_rank=1 sub_name=frame ;;
    include/hpcg/graph/*)
      name=${path#include/hpcg/graph/}; name=${name%.hpp}
      if [[ $graph_kernels == *" $name "* ]]; then sub_rank=2 sub_name=$name; fi ;;
  esac
}

# A relative path with its "." and "dir/.." parts removed, in $normal.
normalize() {
  local part out=()
  local IFS=/
  for part in $1; do
    case $part in
      "" | .) ;;
      ..) if ((${#out[@]} > 0)); then unset 'out[${#out[@]}-1]'; else out+=(..); fi ;;
      *) out+=("$part") ;;
    esac
  done
  normal="${out[*]}"
}

# The file an include inside graph names, in $normal: "hpcg/graph/X" from include/, a quoted
# path next to the including file, else from src/graph/ (the module's include folder).
graph_include_target() {
  local file=$1 target=$2 here=${1%/*}
  if [[ $target == hpcg/* ]]; then
    normal="include/$target"
  elif [[ -f $here/$target ]]; then
    normalize "$here/$target"
  else
    normalize "src/graph/$target"
  fi
}

include_line='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)"'

graph_violations=0
while IFS= read -r file; do
  graph_sublayer "$file"
  from_rank=$sub_rank from_name=$sub_name
  number=0
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    [[ $line =~ $include_line ]] || continue
    target=${BASH_REMATCH[1]}
    [[ $target == hpcg/* && $target != hpcg/graph/* ]] && continue
    graph_include_target "$file" "$target"
    graph_sublayer "$normal"
    if ((sub_rank > from_rank)) || { ((sub_rank == from_rank && sub_rank == 2)) &&
                                     [[ $sub_name != "$from_name" ]]; }; then
      echo "$file:$number: graph sublayer '$from_name' includes '$sub_name' ($target, up the order)"
      graph_violations=$((graph_violations + 1))
    fi
  done <"$file"
done < <(find src/graph include/hpcg/graph -type f \( -name '*.hpp' -o -name '*.cpp' \) | sort)

layer_include='^[[:space:]]*#[[:space:]]*include[[:space:]]*"hpcg/([a-z_]+)/'
violations=0
checked=0
while IFS= read -r file; do
  case $file in
    include/hpcg/*/*) from=${file#include/hpcg/} ;;
    src/*/*) from=${file#src/} ;;
    *) continue ;;
  esac
  from=${from%%/*}
  rank_of "$from"
  [[ -z $rank ]] && continue
  checked=$((checked + 1))
  number=0
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    [[ $line =~ $layer_include ]] || continue
    target=${BASH_REMATCH[1]}
    if ! allowed "$from" "$target"; then
      echo "$file:$number: layer '$from' includes layer '$target' (up the order)"
      violations=$((violations + 1))
    fi
  done <"$file"
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
