#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# xhpgmp's validation against HPG-MxP's reference build (reference_anchors.txt): the same double
# and mixed iteration counts, initial and final residuals to 1e-6 relative, the same penalty.
# Usage: reference_anchors.sh RANKS N XHPGMP MPIEXEC
set -uo pipefail
# The anchors hold on one thread a rank: on more, the reference backend's float dot adds
# per-thread partial sums (src/hpgmp/README.md, "Against the reference build").
export OMP_NUM_THREADS=1
ranks=$1 n=$2 xhpgmp=$3 mpiexec=$4
anchors=$(dirname "${BASH_SOURCE[0]}")/reference_anchors.txt
read -r _ _ dbl_it mix_it initial dbl_final mix_final < <(awk -v r="$ranks" -v n="$n" \
  '!/^#/ && $1 == r && $2 == n' "$anchors")
[[ -n ${dbl_it:-} ]] || { echo "FAIL: no anchor for $ranks ranks at $n^3" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
timeout -k 5 500 "$mpiexec" -n "$ranks" "$xhpgmp" --nx="$n" --ny="$n" --nz="$n" --rt=0 \
  --run_type=benchmark_no_ref --quiet > out.txt 2>&1
status=$?
[[ $status -eq 0 ]] || { cat out.txt; echo "FAIL: status $status" >&2; exit 1; }
json=$(ls HPGMP-Benchmark_0.1_*.json) || { echo "FAIL: no JSON" >&2; exit 1; }
python3 - "$json" "$dbl_it" "$mix_it" "$initial" "$dbl_final" "$mix_final" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))["validation"]
dbl_it, mix_it = int(sys.argv[2]), int(sys.argv[3])
initial, dbl_final, mix_final = map(float, sys.argv[4:7])
failures = []
def near(name, ours, theirs):
    if abs(ours - theirs) > 1e-6 * abs(theirs):
        failures.append(f"{name}: ours {ours!r}, the reference's {theirs!r}")
if v["reference"]["iterations"] != dbl_it:
    failures.append(f"double iterations {v['reference']['iterations']}, the reference's {dbl_it}")
if v["optimized"]["iterations"] != mix_it:
    failures.append(f"mixed iterations {v['optimized']['iterations']}, the reference's {mix_it}")
near("initial residual", v["reference"]["initial_norm"], initial)
near("double final residual", v["reference"]["final_norm"], dbl_final)
near("mixed final residual", v["optimized"]["final_norm"], mix_final)
near("penalty", v["penalty"], max(1.0, mix_it / dbl_it))
print("\n".join(failures) if failures else "same as the reference build")
sys.exit(1 if failures else 0)
PY
