#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds with tests and runs every test through CTest; exits non-zero on any failure.
# Usage: setup/test.sh [ctest arguments...]   e.g. setup/test.sh -L unit
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

setup/install_deps.sh --tests
build=build/test
# HPCG_ENABLE_KOKKOS=ON: the kokkos backend is tested (on Debian's Serial Kokkos unless
# Kokkos_ROOT names another install), never silently left out.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPCG_BUILD_TESTS=ON \
  -DHPCG_ENABLE_KOKKOS=ON -DHPCG_RUNTIME_DIR="$root/$build/bin" >/dev/null
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
