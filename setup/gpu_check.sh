#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The cuda backend on a GPU machine, as one command (under 8 minutes on an H200):
# checks that the driver can run what the toolkit builds, builds with CUDA, runs the `gpu`
# tests, measures the device's copy bandwidth (xstream-triad --device), runs xhpcg
# --backend=cuda on one GPU twice, and prints the rating, the iterations per set, the layout's
# bytes per flop (counted on the emulation, cuda_traffic_test), the share of the copy
# bandwidth's roofline at 6.4 B/flop and whether the result is VALID:
#   1. an official-path run at 104^3 (reference phases on the host): VALID and iterations/set;
#   2. an --unofficial-quick run with the local grid sized to GPU_CHECK_FRACTION (default 0.6)
#      of the device's memory, which must give a local grid of at least 256^3: the rating at
#      device size (reference phases skipped);
# then xhpgmp --backend=cuda at 64^3, which must be VALID: HPG-MxP's step checks and timed-phase
# audits hold the device's Gram-Schmidt kernels (ABI 3.3) to the reference steps.
# Usage: setup/gpu_check.sh   (environment: GPU_CHECK_FRACTION, GPU_CHECK_BUILD=build/gpu)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${GPU_CHECK_BUILD:-build/gpu}
fraction=${GPU_CHECK_FRACTION:-0.6}
minimum_grid=256
started=$(date +%s)
say() { echo "[gpu_check $(( $(date +%s) - started )) s] $*"; }

nvidia-smi -L || { echo "gpu_check: no GPU visible (nvidia-smi -L failed)"; exit 3; }
gpu_mib=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits -i 0 | head -1)

# The driver runs code of a toolkit up to the CUDA version it names; a newer toolkit of the
# same major version runs through minor-version compatibility, a newer major one not at all.
nvcc=${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader -i 0 | head -1)
driver_cuda=$(nvidia-smi | sed -n 's/.*CUDA Version: *\([0-9][0-9.]*\).*/\1/p' | head -1)
toolkit=$("$nvcc" --version 2>/dev/null | sed -n 's/.*release \([0-9][0-9.]*\).*/\1/p' | head -1)
echo "driver $driver (runs CUDA up to ${driver_cuda:-?}); toolkit ${toolkit:-not found} ($nvcc)"
[[ -n $toolkit ]] || { echo "gpu_check: no CUDA toolkit (nvcc) found; set CUDACXX"; exit 3; }
if [[ -n $driver_cuda ]]; then
  if (( ${driver_cuda%%.*} < ${toolkit%%.*} )); then
    echo "gpu_check: driver $driver runs CUDA up to $driver_cuda, older than toolkit $toolkit" \
         "needs (major ${toolkit%%.*}): install a newer driver or build with an older toolkit"
    exit 3
  fi
  if [[ $(printf '%s\n%s\n' "$driver_cuda" "$toolkit" | sort -V | head -1) != "$toolkit" ]]; then
    echo "gpu_check: note: toolkit $toolkit is newer than the driver's CUDA $driver_cuda;" \
         "it runs through minor-version compatibility (no PTX JIT for newer architectures)"
  fi
fi

say "building with CUDA into $build"
# build/ is git-ignored, so a fresh checkout lacks it: the log redirections below need it.
mkdir -p "$build"
build=$(cd "$build" && pwd)  # absolute, so that GPU_CHECK_BUILD may be absolute too
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHPCG_BUILD_TESTS=ON -DHPCG_ENABLE_KOKKOS=OFF \
  -DHPCG_ENABLE_CUDA=ON -DHPCG_RUNTIME_DIR="$build/bin" > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "$(nproc)" --target xhpcg xhpcg-report xstream-triad hpcg_cuda \
  hpcg_cuda_emulation cuda_layout_test cuda_traffic_test xhpgmp > "$build.build.log" 2>&1 ||
  { tail -50 "$build.build.log"; exit 1; }
bin="$build/bin"

say "gpu tests and the CPU tests of the row functions"
# A skipped test (exit 77: no device seen, plugin not built) leaves ctest's status 0: look for it.
ctest --test-dir "$build" -L gpu -R "cuda" --no-tests=error --output-on-failure --timeout 300 \
  2>&1 | tee "$build.ctest.log" || gpu_tests=FAILED
ctest --test-dir "$build" -R "cuda_layout_test" --no-tests=error --output-on-failure --timeout 300 \
  2>&1 | tee -a "$build.ctest.log" || gpu_tests=FAILED
if [[ -z ${gpu_tests:-} ]] && grep -q "(Skipped)" "$build.ctest.log"; then
  gpu_tests="SKIPPED (see $build.ctest.log)"
fi
gpu_tests=${gpu_tests:-passed}

say "bytes per flop of the device layout, counted on the emulation"
bytes_per_flop=$("$build/testing/cuda/cuda_traffic_test" --gtest_filter='*Reference*' 2>&1 |
  awk "/^cuda layout '' at/ {sub(\":\", \"\", \$5); print \$(NF-3) \" at \" \$5}" | head -1)
echo "bytes per flop: ${bytes_per_flop:-not counted}"

say "device copy bandwidth"
stream=$("$bin/xstream-triad" --device 268435456)  # 2 GiB per array
echo "$stream"
copy_gbs=$(awk '/^copy GB\/s:/ {print $3}' <<< "$stream")

# run_xhpcg DIR ARGS...: one rank on GPU 0, report in DIR.
run_xhpcg() {
  local dir=$1; shift
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && timeout 300 mpiexec -n 1 "$bin/xhpcg" --backend=cuda "$@" > out.txt 2>&1) || true
  tail -6 "$dir/out.txt"
}
# "" when the run wrote no report (set -e would otherwise stop the summary at a failed run).
field() { { grep -h -F "$2=" "$1"/HPCG-Benchmark_*.txt 2>/dev/null || true; } | head -1 | cut -d= -f2-; }

say "official path at 104^3 (reference phases on the host)"
run_xhpcg "$build/gpu_check_104" --nx=104 --ny=104 --nz=104 --rt=0
say "unofficial quick run at ${fraction} of the device's ${gpu_mib} MiB"
gpu_gib=$(awk -v m="$gpu_mib" 'BEGIN { printf "%.1f", m / 1024 }')
run_xhpcg "$build/gpu_check_device" --memory="$gpu_gib" --memory-fraction="$fraction" --rt=0 \
  --unofficial-quick
say "xhpgmp at 64^3: the device's Gram-Schmidt kernels (ABI 3.3) against the reference steps"
xhpgmp_dir="$build/gpu_check_xhpgmp"
rm -rf "$xhpgmp_dir" && mkdir -p "$xhpgmp_dir"
(cd "$xhpgmp_dir" && timeout 300 mpiexec -n 1 "$bin/xhpgmp" --backend=cuda --nx=64 --ny=64 --nz=64 \
  --rt=0 --run_type=benchmark_no_ref > out.txt 2>&1) || true
tail -4 "$xhpgmp_dir/out.txt"

echo
echo "=== gpu_check summary ($(( $(date +%s) - started )) s) ==="
echo "gpu tests: $gpu_tests"
echo "device copy bandwidth: ${copy_gbs} GB/s; 6.4 B/flop bound: $(awk -v b="$copy_gbs" 'BEGIN { printf "%.0f", b / 6.4 }') GFLOP/s"
for dir in "$build/gpu_check_104" "$build/gpu_check_device"; do
  rating=$(field "$dir" "Final Summary::HPCG result is VALID with a GFLOP/s rating of")
  grid="$(field "$dir" "Local Domain Dimensions::nx")^3"
  iterations=$(field "$dir" "Iteration Count Information::Optimized CG iterations per set")
  if [[ -n "$rating" ]]; then
    roofline=$(awk -v r="$rating" -v b="$copy_gbs" 'BEGIN { printf "%.2f", r * 6.4 / b }')
    echo "$(basename "$dir"): VALID, local grid $grid, ${rating} GFLOP/s, $iterations iterations per set (reference 50), ${roofline} of the copy-bandwidth roofline at 6.4 B/flop (goal >= 1.1)"
  else
    echo "$(basename "$dir"): NOT VALID or failed (see $dir/out.txt):"
    { grep -h -e "INVALID" -e "error" -e "Reason" "$dir/out.txt" || true; } | head -5
  fi
done
if grep -q "^Final Summary::HPGMP result is VALID" "$xhpgmp_dir"/HPGMP-Benchmark_*.txt 2>/dev/null; then
  echo "gpu_check_xhpgmp: VALID (every step, Gram-Schmidt's on the device, checked and audited)"
else
  echo "gpu_check_xhpgmp: NOT VALID or failed (see $xhpgmp_dir/out.txt):"
  { grep -h -e "INVALID" -e "error" -e "differs" "$xhpgmp_dir/out.txt" || true; } | head -5
fi
echo "layout bytes per flop (emulation counters): ${bytes_per_flop:-not counted}; reference algorithm 6.4"
device_nx=$(field "$build/gpu_check_device" "Local Domain Dimensions::nx")
if [[ -n $device_nx ]] && (( device_nx < minimum_grid )); then
  echo "gpu_check: the device run's local grid ${device_nx}^3 is below ${minimum_grid}^3:" \
       "raise GPU_CHECK_FRACTION (now $fraction)"
fi
echo "(the quick run's 50 iterations are by construction: its residual to reach is its own)"
