#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds with tests and runs every test through CTest; exits non-zero on any failure.
# Usage: setup/test.sh [--sanitize] [ctest arguments...]   e.g. setup/test.sh -L unit
#   --sanitize: build into build/sanitize with AddressSanitizer and UndefinedBehaviorSanitizer
#   (any UB report stops the program) and run the suite but the fuzz label (its targets are
#   sanitized already) and the longest runs (setup/README.md, "Sanitizers").
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

sanitize=0
if [[ "${1:-}" == "--sanitize" ]]; then
  sanitize=1
  shift
fi

setup/install_deps.sh --tests
build=build/test
extra=()
ctest_filter=()
if [[ $sanitize -eq 1 ]]; then
  build=build/sanitize
  flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  # On the command line, for every target at once; CMakeLists stay clean. The only C code is
  # the test plugins: AddressSanitizer alone there, because faulty_crash dereferences NULL on
  # purpose and UBSan would stop it before the crash its tests expect.
  extra=(-DCMAKE_C_FLAGS="-fsanitize=address -fno-omit-frame-pointer" -DCMAKE_CXX_FLAGS="$flags"
         -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
         -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined"
         -DCMAKE_MODULE_LINKER_FLAGS="-fsanitize=address,undefined")
  # Sanitizer options and the one MPICH false positive's workaround; the build needs them too
  # (gtest discovery runs the test programs).
  . setup/sanitizers/environment.sh
  supp=setup/sanitizers
  ctest_filter=(-LE fuzz)
  excluded=$(grep -v -e '^#' -e '^$' "$supp/excluded_tests.txt" | paste -sd '|' || true)
  [[ -n "$excluded" ]] && ctest_filter+=(-E "$excluded")
fi
# HPCG_ENABLE_KOKKOS=ON: the kokkos backend is tested (on Debian's Serial Kokkos unless
# Kokkos_ROOT names another install), never silently left out.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPCG_BUILD_TESTS=ON \
  -DHPCG_ENABLE_KOKKOS=ON -DHPCG_RUNTIME_DIR="$root/$build/bin" "${extra[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "${ctest_filter[@]}" "$@"
