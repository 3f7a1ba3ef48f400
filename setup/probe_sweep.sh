#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds and runs setup/probes/sweep_dependency.cpp (one thread): whether a Gauss-Seidel sweep's
# row-to-row dependency or memory bandwidth caps it, and whether 16-bit column offsets for U would
# pay; then setup/probes/sweep_row.cpp: the backward sweep over U with each row's sum written as
# one running sum, as four partial sums, as AVX-512 gathers, the four sums on 16-bit offsets
# (`offsets`), with two chains interleaved, and in fixed-width rows (`fixed-width`, the openmp
# kernel; `fixed-prefetch`, with U's rows 16 ahead prefetched in software), the forward sweep
# over L in the last two forms and prefetched (`lower-offsets`, `lower-fixed`,
# `lower-fixed-prefetch`), and
# y = A x on the CSR and on the fixed-width parts (`spmv-csr`, `spmv-fixed`) (setup/README.md,
# "probe_sweep.sh"; results in setup/BENCHMARKS.md).
# --rounds=N [FORMS...]: only sweep_row, the forms (default: offsets fixed-width lower-offsets
# lower-fixed spmv-csr spmv-fixed) one after another, N rounds, fastest of 5 passes each, with
# the load average before and after: alternating, so that a drift of the machine's speed hits
# every form alike.
# --instructions [FORMS...]: instead, one pass's instruction count per form, which does not
# depend on the machine's load (perf stat where the CPU's counters are visible, else valgrind's
# callgrind, which has no AVX-512: the forms are then built for x86-64-v3 and the gather form is
# left out).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { "${CXX:-g++}" -std=c++17 -O3 "-march=$1" -I"$root/include" "$root/setup/probes/$2.cpp" \
                -o "$work/$2"; }
all_forms="one-sum four-sums gather offsets two-chains fixed-width fixed-cursor fixed-prefetch
           lower-offsets lower-fixed lower-fixed-prefetch spmv-csr spmv-fixed"
load() { cut -d' ' -f1-3 /proc/loadavg; }

case ${1:-} in
  --rounds=*)
    rounds=${1#--rounds=}
    shift
    forms=${*:-offsets fixed-width lower-offsets lower-fixed spmv-csr spmv-fixed}
    build native sweep_row
    echo "load before: $(load)"
    for ((round = 1; round <= rounds; ++round)); do
      for form in $forms; do echo "round $round: $("$work/sweep_row" "$form" 5)"; done
    done
    echo "load after: $(load)"
    exit 0
    ;;
  --instructions) shift ;;
  *)
    build native sweep_dependency && build native sweep_row
    "$work/sweep_dependency"
    for form in $all_forms; do "$work/sweep_row" "$form"; done
    exit 0
    ;;
esac

# Instructions of PASSES passes, the build and the set-up included.
if perf stat -x, -e instructions true 2>&1 | grep -q '^[0-9]'; then
  build native sweep_row
  forms=${*:-$all_forms}
  count() { perf stat -x, -e instructions "$work/sweep_row" "$1" "$2" 2>&1 >/dev/null |
            awk -F, '/instructions/ {print $1}'; }
else
  if ! command -v valgrind >/dev/null; then
    echo "probe_sweep: needs perf counters or valgrind" >&2
    exit 1
  fi
  build x86-64-v3 sweep_row
  forms=${*:-${all_forms/gather /}}
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/sweep_row" "$1" "$2" \
              2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
fi
for form in $forms; do
  entries=$("$work/sweep_row" "$form" 1 | sed -n 's/.* for \([0-9]*\) entries.*/\1/p')
  one=$(count "$form" 1) three=$(count "$form" 3)
  awk -v f="$form" -v a="$one" -v b="$three" -v e="$entries" \
      'BEGIN { d = (b - a) / 2
               printf "%s: %.1f M instructions a pass, %.2f per entry\n", f, d / 1e6, d / e }'
done
