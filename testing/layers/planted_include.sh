#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The layering check must be able to fail: on a copy of include/ and src/ with one upward
# include planted (base including report), it must exit non-zero and name that line.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r "$root/include" "$root/src" "$scratch/"
echo '#include "hpcg/report/report.hpp"' >>"$scratch/src/base/error.cpp"
if output=$(bash "$root/testing/layers/check_layers.sh" "$scratch" 2>&1); then
  echo "FAIL: the check passed a tree where base includes report:"
  echo "$output"
  exit 1
fi
if ! grep -q "src/base/error.cpp:[0-9]*: layer 'base' includes layer 'report'" <<<"$output"; then
  echo "FAIL: the check failed without naming the planted include:"
  echo "$output"
  exit 1
fi
echo "planted upward include detected: $(grep "src/base/error.cpp" <<<"$output")"
