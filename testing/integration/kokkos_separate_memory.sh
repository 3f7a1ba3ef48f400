#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The kokkos backend's device code path on the CPU (--separate-memory), end to end: the whole
# benchmark, validation and timed sets, must give the host path's scaled residuals bit for bit
# and move nothing between host and backend memory in the timed sets but halo values. With
# --gpu-aware-mpi as well, MPI reads the backend's own halo buffers (host memory on a CPU
# space, so safe to run here) and nothing at all crosses.
# Usage: kokkos_separate_memory.sh RANKS XHPCG MPIEXEC
set -uo pipefail
ranks=$1 xhpcg=$2 mpiexec=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
# Oversubscribed ranks must not spin; unset, Kokkos::OpenMP warns about OMP_PROC_BIND on each.
export OMP_WAIT_POLICY=PASSIVE OMP_PROC_BIND=false

fail() {
  echo "FAIL [kokkos_separate_memory np$ranks]: $*" >&2
  for f in */out.txt */err.txt; do [[ -f $f ]] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  exit 1
}

# run NAME ARGS...: xhpcg in directory NAME on $ranks ranks; it must end VALID.
run() {
  local name=$1; shift
  mkdir "$name"
  (cd "$name" && timeout 600 "$mpiexec" -n "$ranks" "$xhpcg" --nx=16 --ny=16 --nz=16 --rt=0 \
     --triad-bandwidth=40 --backend=kokkos "$@" >out.txt 2>err.txt)
  local status=$?
  [[ $status -eq 0 ]] || fail "$name: exit status $status"
  grep -q '^Final Summary::HPCG result is VALID' "$name"/HPCG-Benchmark_3.1_*.txt ||
    fail "$name: the report is not VALID"
}
json() { ls "$1"/HPCG-Benchmark_3.1_*.json; }
# number DIR KEY: the first value of "KEY": in DIR's JSON report.
number() { sed -n "s/.*\"$2\": \([-0-9.eE+]*\).*/\1/p" "$(json "$1")" | head -n 1; }
# The validated run's scaled residual, in the JSON's shortest round-trip digits (the timed sets
# run on right-hand sides drawn at run time).
residuals() { grep -o '"validated_scaled_residual": [-0-9.eE+]*' "$(json "$1")"; }
# The run log: every validation figure (TestCG, TestSymmetry, the backend checks), less what
# differs by design: transfers, the timed sets, their checks and re-run drawn at run time, and the
# memory bandwidth measured around them (the triad and the roofline it gives).
log_figures() { grep -v '^Transfers in\|^Timed windows\|^Checks planned\|^Checks on the live\|^Call \[\|^timed set\|^STREAM triad\|^Roofline' "$1"/hpcg20*T*.txt; }

run host
run separate --separate-memory
grep -q '"memory": "host"' "$(json host)" || fail "the host run's JSON does not say host memory"
grep -q '"memory": "separate"' "$(json separate)" || fail "the JSON does not say separate memory"
[[ -n "$(residuals host)" ]] || fail "no validated residual"
[[ "$(residuals host)" == "$(residuals separate)" ]] ||
  fail "residuals differ: $(diff <(residuals host) <(residuals separate))"
[[ -n "$(log_figures host)" && "$(log_figures host)" == "$(log_figures separate)" ]] ||
  fail "the run logs differ: $(diff <(log_figures host) <(log_figures separate))"
moved=$(number host timed_bytes)
awk -v m="$moved" 'BEGIN { exit !(m != "" && m == 0) }' ||
  fail "the host path moved $moved bytes between host and backend memory"
timed=$(number separate timed_bytes) halo=$(number separate timed_halo_bytes)
[[ -n "$timed" && "$timed" == "$halo" ]] ||
  fail "timed_bytes $timed, timed_halo_bytes $halo: expected only halo values to cross"
if [[ $ranks -gt 1 ]] && awk -v h="$halo" 'BEGIN { exit !(h == 0) }'; then
  fail "no halo bytes with $ranks ranks"
fi
echo "np$ranks: timed_bytes $timed = timed_halo_bytes $halo;" $(residuals host)

# On one rank too: a level without a halo still offers buffers (none would mean "stage").
run aware --separate-memory --gpu-aware-mpi
grep -q '"halo_buffers": "backend"' "$(json aware)" ||
  fail "MPI did not use the backend's halo buffers"
[[ "$(residuals aware)" == "$(residuals host)" ]] || fail "--gpu-aware-mpi changed the residuals"
awk -v t="$(number aware timed_bytes)" 'BEGIN { exit !(t != "" && t == 0) }' &&
  [[ "$(number aware timed_halo_bytes)" == "$halo" ]] ||
  fail "with --gpu-aware-mpi: timed_bytes $(number aware timed_bytes), expected 0"
echo "PASS [kokkos_separate_memory np$ranks]"
