#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Fails on any #include that points up the layer order, so the layering cannot rot unnoticed.
#   base < linalg < problem < backend < solver < validation < report < benchmark < apps
#   graph sits beside solver and may use only base, linalg and problem.
#   hpgmp (xhpgmp, HPG-MxP) sits beside benchmark: it may use every layer below it, and only apps
#   use it.
# A file's layer is its folder under include/hpcg/ or src/ (src/backends/* is the backend layer).
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
if [[ $violations -gt 0 ]]; then
  echo "check_layers: $violations include(s) point up the order"
  exit 1
fi
echo "check_layers: $checked files, every include points down the order"
