#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs setup/probes/sweep_dependency.cpp (one thread): whether a Gauss-Seidel sweep's
# row-to-row dependency or memory bandwidth caps it, and whether 16-bit column offsets for U would
# pay (setup/README.md, "probe_sweep.sh"; results in setup/BENCHMARKS.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${CXX:-g++}" -std=c++17 -O3 -march=native "$root/setup/probes/sweep_dependency.cpp" -o "$work/probe"
"$work/probe"
