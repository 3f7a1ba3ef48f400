#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds with tests and runs every test through CTest; exits non-zero on any failure.
# Usage: setup/test.sh [--sanitize | --openmpi] [ctest arguments...]   e.g. setup/test.sh -L unit
#   --sanitize: build into build/sanitize with AddressSanitizer and UndefinedBehaviorSanitizer
#   (any UB report stops the program) and run the suite but the fuzz label (its targets are
#   sanitized already) and the longest runs (setup/README.md, "Sanitizers").
#   --openmpi: only the second MPI's configuration (below), which the full run (no arguments)
#   runs after the MPICH suite.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

sanitize=0 openmpi=0
if [[ "${1:-}" == "--sanitize" ]]; then
  sanitize=1
  shift
elif [[ "${1:-}" == "--openmpi" ]]; then
  openmpi=1
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

# The second MPI, Debian's Open MPI, in build/openmpi: the library, the distributed suites of the
# mpi label and one xhpcg run, plus each MPI's launcher refused by the other's program
# (integration/second_mpi.sh). Lean, for CI's time: no Kokkos, CUDA or other tests. Each step returns its
# failure itself: set -e does not act inside a function called from `||`.
test_openmpi() {
  local start=$SECONDS
  echo "setup: second MPI: Open MPI in build/openmpi"
  cmake -S . -B build/openmpi -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPCG_BUILD_TESTS=ON \
    -DHPCG_ENABLE_KOKKOS=OFF -DHPCG_ENABLE_CUDA=OFF -DHPCG_RUNTIME_DIR="$root/build/openmpi/bin" \
    -DMPI_CXX_COMPILER=/usr/bin/mpicxx.openmpi -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.openmpi \
    >/dev/null || return
  # testing/mpi's distributed suites: the mpi label's programs that exercise our MPI code alone
  # (the backend and graph suites under that label are left to the MPICH build).
  local suites=(halo_test spmv_test cg_test comm_test watchdog_waits_test)
  cmake --build build/openmpi -j "$(nproc)" --target xhpcg xgraph "${suites[@]}" || return
  ctest --test-dir build/openmpi --output-on-failure -j "$(nproc)" -L mpi \
    -R "^($(IFS='|'; echo "${suites[*]}"))\.np" "$@" || return
  # xgraph's --partition=scotch is PT-Scotch's distributed cut in this build alone.
  ctest --test-dir build/openmpi --output-on-failure -R '^integration\.xgraph_scotch_distributed$' \
    "$@" || return
  testing/integration/second_mpi.sh build/openmpi/bin/xhpcg /usr/bin/mpiexec.openmpi \
    build/test/bin/xhpcg /usr/bin/mpiexec.mpich || return
  # Stop signals under Open MPI's launcher (testing/README.md, "How jobs end"), a few tries each.
  local signal_case
  for signal_case in launcher_term launcher_int all_term one_rank_term one_rank_hup; do
    testing/integration/stop_signals.sh "$signal_case" 3 build/openmpi/bin/xhpcg \
      /usr/bin/mpiexec.openmpi --oversubscribe || return
  done
  echo "setup: second MPI done in $((SECONDS - start)) s"
}
if [[ $openmpi -eq 1 ]]; then
  test_openmpi "$@"
  exit 0
fi

# HPCG_ENABLE_KOKKOS=ON: the kokkos backend is tested (on Debian's Serial Kokkos unless
# Kokkos_ROOT names another install), never silently left out. MPICH named explicitly: with
# Open MPI installed beside it, Debian's default MPI is whichever its alternatives say.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHPCG_BUILD_TESTS=ON \
  -DHPCG_ENABLE_KOKKOS=ON -DHPCG_RUNTIME_DIR="$root/$build/bin" \
  -DMPI_CXX_COMPILER=/usr/bin/mpicxx.mpich -DMPIEXEC_EXECUTABLE=/usr/bin/mpiexec.mpich \
  "${extra[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
status=0
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "${ctest_filter[@]}" "$@" || status=$?
# The full run (CI's) adds the second MPI's configuration.
if [[ $sanitize -eq 0 && $# -eq 0 ]]; then
  test_openmpi || status=$?
fi
exit $status
