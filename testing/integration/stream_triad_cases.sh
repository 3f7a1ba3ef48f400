#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# bin/xstream-triad end to end. Usage: stream_triad_cases.sh CASE XSTREAM_TRIAD MPIEXEC
# host_np2: the host triad on 2 ranks, one line from rank 0; bad_argument: status 2 and one
# usage message; no_device: --device where no GPU is visible (or CUDA was not built) stops
# every rank with status 3 and one message; gpu_device: --device on a GPU (label gpu; exit 77,
# skipped, where no device is visible). Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
case_name=$1 program=$2 mpiexec=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

fail() { echo "FAIL ($case_name): $*"; echo "--- output:"; cat out.txt 2>/dev/null; exit 1; }
skip() { echo "SKIPPED ($case_name): $*"; exit 77; }
run() {  # run RANKS ARGS...: output in out.txt, status in $status
  local ranks=$1; shift
  OMP_NUM_THREADS=1 timeout 60 "$mpiexec" -n "$ranks" "$program" "$@" > out.txt 2>&1
  status=$?
}
gpu_visible() { command -v nvidia-smi > /dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU; }

case "$case_name" in
  host_np2)
    run 2 65536
    [[ $status -eq 0 ]] || fail "status $status, expected 0"
    [[ $(grep -c "^triad GB/s [0-9.]* (checksum 112)$" out.txt) -eq 1 ]] ||
      fail "expected one line 'triad GB/s X (checksum 112)'" ;;
  bad_argument)
    for argument in 0 -5 12x "--device --device" "5 6" --devices; do
      # shellcheck disable=SC2086  # the two-word cases are two arguments
      run 2 $argument
      [[ $status -eq 2 ]] || fail "'$argument': status $status, expected 2"
      [[ $(grep -c "^xstream-triad: unexpected argument" out.txt) -eq 1 ]] ||
        fail "'$argument': expected one usage message"
    done ;;
  no_device)
    gpu_visible && skip "a GPU is visible here: gpu.cuda_stream_triad_device measures it"
    run 2 --device 1024
    [[ $status -eq 3 ]] || fail "status $status, expected 3"
    [[ $(grep -c "^xstream-triad: rank 0: " out.txt) -eq 1 ]] || fail "expected one message"
    grep -q -e "no CUDA device visible" -e "built without CUDA" out.txt ||
      fail "the message gives no reason" ;;
  gpu_device)
    gpu_visible || skip "no GPU visible (nvidia-smi -L)"
    run 1 --device
    [[ $status -eq 0 ]] || fail "status $status, expected 0"
    grep -q "^device: " out.txt || fail "no device line"
    grep -q "^copy GB/s: [0-9]" out.txt || fail "no copy bandwidth"
    grep -q "^triad GB/s: [0-9]" out.txt || fail "no triad bandwidth" ;;
  *) echo "unknown case $case_name"; exit 1 ;;
esac
echo "PASS ($case_name)"
