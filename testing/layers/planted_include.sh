#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The layering check must be able to fail: on a copy of include/ and src/ with two upward
# includes planted (base including report; inside graph, the bfs kernel including pagerank's
# folder), it must exit non-zero and name both lines.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/include" "$root/src" "$scratch/"
echo '#include "hpcg/report/report.hpp"' >>"$scratch/src/base/error.cpp"
echo '#include "../pagerank/pagerank_blocking.hpp"' >>"$scratch/src/graph/kernels/bfs/bfs.cpp"
if output=$(bash "$root/testing/layers/check_layers.sh" "$scratch" 2>&1); then
  echo "FAIL: the check passed a tree where base includes report:"
  echo "$output"
  exit 1
fi
for expected in "src/base/error.cpp:[0-9]*: layer 'base' includes layer 'report'" \
                "src/graph/kernels/bfs/bfs.cpp:[0-9]*: graph sublayer 'bfs' includes 'pagerank'"; do
  if ! grep -q "$expected" <<<"$output"; then
    echo "FAIL: the check failed without naming a planted include ($expected):"
    echo "$output"
    exit 1
  fi
done
echo "planted upward includes detected:"
grep -e "src/base/error.cpp" -e "src/graph/kernels/bfs/bfs.cpp" <<<"$output"
