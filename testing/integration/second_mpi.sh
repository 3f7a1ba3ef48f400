#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The second MPI (setup/test.sh runs this after the Open MPI build's mpi label): xhpcg built with
# Open MPI runs a VALID 2-rank job under Open MPI's mpiexec, and each MPI's launcher starting the
# other MPI's xhpcg is refused (status 2, one message naming the right launcher, nothing
# written): a real launcher that MPI does not see, beside bad_inputs.launch_*'s variables alone.
# Usage: second_mpi.sh OPENMPI_XHPCG OPENMPI_MPIEXEC MPICH_XHPCG MPICH_MPIEXEC
# (the MPICH half is skipped, saying so, where MPICH_XHPCG is not built)
set -uo pipefail
ompi_xhpcg=$(realpath -m "$1") ompi_mpiexec=$2 mpich_xhpcg=$(realpath -m "$3") mpich_mpiexec=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
# Open MPI refuses root without these, and more ranks than cores without --oversubscribe.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The triad's bandwidth given (xhpcg measures it for seconds otherwise; testing/tools tests that).
args=(--nx=16 --ny=16 --nz=16 --rt=0 --triad-bandwidth=40)

fail() { echo "FAIL [second MPI]: $*" >&2; cat "$work"/*/err.txt >&2 2> /dev/null; exit 1; }

# in_dir NAME CMD...: CMD in a fresh $work/NAME, output in out.txt and err.txt; sets $status.
in_dir() {
  mkdir "$work/$1" && cd "$work/$1" || exit 1
  shift
  timeout -k 5 180 "$@" > out.txt 2> err.txt
  status=$?
  cd - > /dev/null || exit 1
}

# refused NAME WHAT: status 2, one message from xhpcg naming WHAT, nothing written.
refused() {
  [[ $status -eq 2 ]] || fail "$1: status $status, expected 2"
  [[ $(grep -c '^xhpcg: error:' "$work/$1/err.txt") -eq 1 ]] || fail "$1: expected one message"
  grep -qF "$2" "$work/$1/err.txt" || fail "$1: the message does not name '$2'"
  [[ -z $(find "$work/$1" -mindepth 1 ! -name out.txt ! -name err.txt) ]] || fail "$1: files were written"
  echo "$1: refused, $(grep '^xhpcg: error:' "$work/$1/err.txt")"
}

in_dir openmpi "$ompi_mpiexec" --oversubscribe -n 2 "$ompi_xhpcg" "${args[@]}"
[[ $status -eq 0 ]] || fail "Open MPI's xhpcg under $ompi_mpiexec: status $status"
grep -q 'VALID with' "$work/openmpi/out.txt" || fail "Open MPI's xhpcg: not VALID"
grep -q '^Machine Summary::Distributed Processes=2$' "$work"/openmpi/HPCG-Benchmark_3.1_*.txt ||
  fail "Open MPI's xhpcg: the report is not a 2-rank run"
echo "Open MPI: 2-rank xhpcg VALID under $ompi_mpiexec"

in_dir mpich_launches_openmpi "$mpich_mpiexec" -n 2 "$ompi_xhpcg" "${args[@]}"
refused mpich_launches_openmpi "mpirun.openmpi"

if [[ ! -x $mpich_xhpcg ]]; then
  echo "skipped: Open MPI's launcher starting MPICH's xhpcg ($mpich_xhpcg is not built)"
  exit 0
fi
in_dir openmpi_launches_mpich "$ompi_mpiexec" --oversubscribe -n 2 "$mpich_xhpcg" "${args[@]}"
refused openmpi_launches_mpich "mpiexec.mpich"
