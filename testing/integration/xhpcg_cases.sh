#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# End-to-end cases for bin/xhpcg, one per CTest test: runs the program in a fresh directory and
# checks the exit status, what rank 0 printed, and the report's numbers.
# Usage: xhpcg_cases.sh CASE XHPCG MPIEXEC KEYS_FILE [PLUGIN_DIR]
set -uo pipefail
case_name=$1 xhpcg=$2 mpiexec=$3 keys_file=$4 plugins=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
# Tests oversubscribe the cores; spinning OpenMP threads would then starve each other.
export OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL [$case_name]: $*" >&2; echo "--- stdout" >&2; cat out.txt >&2; echo "--- stderr" >&2; cat err.txt >&2; exit 1; }

# run NP ARGS...: runs xhpcg under mpiexec with a hang guard; sets $status. The bandwidth is
# given: measuring the triad (arrays four times the caches, before and after the timed sets)
# would cost each case seconds; testing/tools/report_tool_cases.sh tests the measured triad.
run() {
  local ranks=$1; shift
  timeout 600 "$mpiexec" -n "$ranks" "$xhpcg" --triad-bandwidth=40 "$@" >out.txt 2>err.txt
  status=$?
  [[ $status -eq 124 ]] && fail "xhpcg did not finish within 600 s"
  return 0
}
expect_status() { [[ $status -eq $1 ]] || fail "exit status $status, expected $1"; }
report() { ls HPCG-Benchmark_3.1_*.txt 2>/dev/null | head -n 1; }
value() { awk -v key="$1=" 'index($0, key) == 1 { print substr($0, length(key) + 1); exit }' "$(report)"; }
expect_value() { [[ "$(value "$1")" == "$2" ]] || fail "$1 is '$(value "$1")', expected '$2'"; }
# expect_close KEY EXPECTED RELATIVE_TOLERANCE
expect_close() {
  local actual; actual=$(value "$1")
  awk -v a="$actual" -v e="$2" -v t="$3" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(a != "" && d <= t * (e < 0 ? -e : e)) }' ||
    fail "$1 is '$actual', expected $2 within relative $3"
}
expect_between() {
  local actual; actual=$(value "$1")
  awk -v a="$actual" -v lo="$2" -v hi="$3" 'BEGIN { exit !(a != "" && a + 0 >= lo && a + 0 <= hi) }' ||
    fail "$1 is '$actual', expected between $2 and $3"
}
expect_valid() {
  expect_status 0
  [[ -n "$(report)" ]] || fail "no report file"
  grep -q '^Final Summary::HPCG result is VALID with a GFLOP/s rating of=' "$(report)" || fail "report is not VALID"
  ls ./*.partial >/dev/null 2>&1 && fail "temporary report left behind"
  ls hpcg20*T*.txt >/dev/null 2>&1 || fail "no run log"
  grep -q '^Report: ' out.txt || fail "stdout does not name the report"
}
# Everything but the Final Summary tail must follow HPCG 3.1's key list.
expect_keys() {
  local lines; lines=$(grep -n '^Final Summary$' "$keys_file" | cut -d: -f1)
  [[ -n "$lines" ]] || fail "no Final Summary section in $keys_file"
  diff <(sed 's/=.*//' "$(report)" | head -n "$lines") <(head -n "$lines" "$keys_file") >/dev/null ||
    fail "report keys differ from HPCG 3.1's"
}
# expect_input_error NP "message part" ARGS...: exit 2, one message from rank 0, no report.
expect_input_error() {
  local ranks=$1 message=$2; shift 2
  run "$ranks" "$@"
  expect_status 2
  [[ $(grep -c 'xhpcg: error:' err.txt) -eq 1 ]] || fail "expected exactly one error message"
  grep -q -- "$message" err.txt || fail "message does not mention '$message'"
  [[ -z "$(report)" ]] || fail "a report was written for bad input"
}
# expect_invalid PLUGIN "reason part": the run finishes INVALID (status 1) and says why, on
# $invalid_ranks ranks (default 2).
expect_invalid() {
  run "${invalid_ranks:-2}" --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/lib$1.so"
  expect_status 1
  grep -q '^Final Summary::HPCG result is=INVALID.' "$(report)" || fail "report is not INVALID"
  grep -q "^Final Summary::Reason=.*$2" "$(report)" || fail "no INVALID reason mentioning '$2'"
  grep -q -- "$2" out.txt || fail "stdout does not give the reason '$2'"
}
# expect_invalid_later PLUGIN "reason part": a plugin that behaves through validation and the
# iteration search is caught in the timed sets, and only there.
expect_invalid_later() {
  expect_invalid "$@"
  grep -q "^Final Summary::Reason=backend 'plugin:faulty': " "$(report)" &&
    fail "caught by the validation before the timed sets: the fault switched on too early"
  grep -q "^Final Summary::Reason=spectral\|^Final Summary::Reason=departure" "$(report)" &&
    fail "HPCG's validation failed: the fault switched on too early"
  return 0
}
# expect_invalid_later_np1_np2 PLUGIN "reason part": expect_invalid_later on one rank, then two.
expect_invalid_later_np1_np2() {
  local np
  for np in 1 2; do
    rm -f HPCG-Benchmark_* hpcg20*T*.txt
    invalid_ranks=$np expect_invalid_later "$@"
  done
}
# expect_backend_failure PLUGIN STATUS "message part": the run stops with a message, no report.
expect_backend_failure() {
  run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/lib$1.so"
  expect_status "$2"
  grep -q -- "$3" err.txt || fail "stderr does not mention '$3'"
  [[ -z "$(report)" ]] || fail "a report was written"
}
# The window and cheat cases run on one and two ranks; the long tier (HPCG_LONG_TESTS, which
# sets HPCG_CHEAT_RANKS) adds four, a 2x2 grid: on CI's two cores four oversubscribed ranks
# cost as much as the other two runs together and the checks are the same collectives.
cheat_ranks=${HPCG_CHEAT_RANKS:-1 2}
# expect_invalid_np124 PLUGIN "reason part": expect_invalid_later on each of $cheat_ranks.
expect_invalid_np124() {
  local np
  for np in $cheat_ranks; do
    rm -f HPCG-Benchmark_* hpcg20*T*.txt
    invalid_ranks=$np expect_invalid_later "$@"
  done
}
# expect_window_timed PLUGIN: a plugin that works 50 ms in each set's upload of b or download
# of x is VALID on each of $cheat_ranks, and that work is inside the sets' timed windows.
expect_window_timed() {
  local np json seconds bytes
  for np in $cheat_ranks; do
    rm -f HPCG-Benchmark_* hpcg20*T*.txt
    run "$np" --nx=16 --ny=16 --nz=16 --rt=0 --backend="plugin:$plugins/lib$1.so"
    expect_valid
    json=$(ls HPCG-Benchmark_3.1_*.json)
    seconds=$(sed -n 's/.*"window_transfer_seconds": \([0-9.e+-]*\).*/\1/p' "$json")
    bytes=$(sed -n 's/.*"window_transfer_bytes": \([0-9.e+-]*\).*/\1/p' "$json")
    [[ -n "$seconds" && -n "$bytes" ]] || fail "no window figures in the JSON"
    awk -v s="$seconds" 'BEGIN { exit !(s >= 0.05) }' ||
      fail "$np ranks: the window's transfers took $seconds s, less than the plugin's 50 ms"
  done
}
write_dat() { printf 'HPCG benchmark input file\nSandia National Laboratories\n' > hpcg.dat; printf '%s\n' "$@" >> hpcg.dat; }

case "$case_name" in
  help) run 1 --help; expect_status 0; grep -q 'Usage: mpirun' out.txt || fail "no usage text" ;;
  version) run 1 --version; expect_status 0; grep -q 'HPCG 3.1' out.txt || fail "no version" ;;
  list_backends) run 2 --list-backends; expect_status 0
    [[ $(grep -c '^reference' out.txt) -eq 1 ]] || fail "reference not listed once" ;;
  quickpath)
    run 1 --nx=16 --ny=16 --nz=16 --backend=reference; expect_valid; expect_keys
    # With the reference backend the whole report follows 3.1, warnings included.
    grep -q '^Final Summary::Reference version of ComputeMG used=' "$(report)" || fail "no reference warning"
    expect_value "Final Summary::You have selected the QuickPath option" \
      "Results are official for legacy installed systems with confirmation from the HPCG Benchmark leaders."
    expect_value "Iteration Count Information::Total number of optimized iterations" 50 ;;
  hpcg_dat)
    write_dat "16 24 16" "0" "1 1 2"; run 2; expect_valid; expect_keys
    expect_value "Processor Dimensions::npz" 2; expect_value "Global Problem Dimensions::Global nz" 32
    expect_value "Local Domain Dimensions::ny" 24 ;;
  timed_sets)
    run 2 16 16 16 1 --rt=5; expect_valid; expect_keys
    expect_value "Final Summary::Official results execution time (sec) must be at least" 1800
    sets=$(( $(value "Iteration Count Information::Total number of reference iterations") / 50 ))
    [[ $sets -ge 2 ]] || fail "expected several timed sets for --rt=5, got $sets"
    [[ $(grep -c '^Call \[[0-9]*\] Scaled Residual' hpcg20*T*.txt) -eq $sets ]] || fail "log lacks set lines"
    # Each set's b is perturbed by at least 2^-26 relative, drawn at run time: residuals apart.
    expect_between "Reproducibility Information::Scaled residual variance" 0 1e-40 ;;
  anchor_64_np2)
    # HPCG 3.1's own sample report (testing/data/reports/hpcg-3.1-sample.txt) for this configuration.
    run 2 --nx=64 --ny=64 --nz=64 --rt=0 --backend=reference; expect_valid
    expect_close "Reproducibility Information::Scaled residual mean" 7.76155e-09 1e-4
    expect_value "Spectral Convergence Tests::Unpreconditioned::Maximum iteration count" 11
    expect_value "Spectral Convergence Tests::Preconditioned::Maximum iteration count" 2
    expect_value "Linear System Information::Number of Nonzero Terms" 13790200
    # 3.1 sums its dot products in one running sum; ours are blocked and pairwise (the backend
    # contract's local sums), which rounds less: the SpMV departure can be exactly 0.
    expect_between "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon::Departure for SpMV" 0 1e-5
    expect_between "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon::Departure for MG" 0 1e-5 ;;
  anchor_64_np1)
    run 1 --nx=64 --ny=64 --nz=64 --rt=0 --backend=reference; expect_valid
    expect_close "Reproducibility Information::Scaled residual mean" 1.13589e-11 1e-4
    expect_value "Spectral Convergence Tests::Unpreconditioned::Maximum iteration count" 11 ;;
  anchor_104_np2)
    run 2 --nx=104 --ny=104 --nz=104 --rt=0 --backend=reference; expect_valid
    expect_close "Reproducibility Information::Scaled residual mean" 3.36952e-06 1e-4 ;;
  openmp_one_thread)
    # On one thread the openmp backend's ordering is natural order: the reference's numbers, up
    # to rounding (its rows are summed in sweep layout, L then U).
    run 2 --nx=32 --ny=32 --nz=32 --backend=reference; expected=$(value "Reproducibility Information::Scaled residual mean")
    rm -f HPCG-Benchmark_3.1_*.txt
    run 2 --nx=32 --ny=32 --nz=32 --backend=openmp; expect_valid
    expect_close "Reproducibility Information::Scaled residual mean" "$expected" 1e-3
    expect_value "Iteration Count Information::Optimized CG iterations per set" 50 ;;
  openmp_threads)
    OMP_NUM_THREADS=2 run 1 --nx=32 --ny=48 --nz=32 --backend=openmp; expect_valid
    expect_value "Final Summary::Backend" "openmp 1.0.0"
    grep -q '^Final Summary::Reference version of ComputeMG used' "$(report)" && fail "MG reported as reference"
    expect_between "Iteration Count Information::Optimized CG iterations per set" 50 52 ;;
  openmp_hybrid)
    # ranks x 2 threads on an uneven, non-cubic grid (ranks4 and openmp_threads cover the rest).
    OMP_NUM_THREADS=2 run 3 --nx=16 --ny=24 --nz=32 --backend=openmp; expect_valid
    expect_value "Machine Summary::Threads per processes" 2 ;;
  kokkos_ranks)
    # Kokkos runs between MPI_Init and MPI_Finalize on every rank; --kokkos-* arguments go to
    # Kokkos, not to xhpcg's parser (which rejects unknown options).
    OMP_PROC_BIND=false run 2 --nx=16 --ny=24 --nz=16 --kokkos-disable-warnings --backend=kokkos
    expect_valid; expect_keys
    [[ "$(value "Final Summary::Backend")" == "kokkos 1.0.0 (Kokkos "* ]] || fail "backend is '$(value "Final Summary::Backend")'"
    grep -q '^Final Summary::Reference version of' "$(report)" && fail "a kernel reported as the reference's"
    rm -f HPCG-Benchmark_3.1_*.txt
    OMP_PROC_BIND=false run 4 --nx=16 --ny=16 --nz=16 --backend=kokkos; expect_valid ;;
  kokkos_one_thread)
    # On one thread the kokkos backend's ordering is natural order: the reference's numbers, up
    # to rounding (its split matrix sums each row in another order).
    run 2 --nx=32 --ny=32 --nz=32 --backend=reference; expected=$(value "Reproducibility Information::Scaled residual mean")
    rm -f HPCG-Benchmark_3.1_*.txt
    OMP_PROC_BIND=false run 2 --nx=32 --ny=32 --nz=32 --backend=kokkos; expect_valid
    expect_close "Reproducibility Information::Scaled residual mean" "$expected" 1e-3
    expect_value "Iteration Count Information::Optimized CG iterations per set" 50 ;;
  kokkos_threads)
    OMP_NUM_THREADS=2 OMP_PROC_BIND=false run 1 --nx=32 --ny=48 --nz=32 --backend=kokkos; expect_valid
    expect_between "Iteration Count Information::Optimized CG iterations per set" 50 52 ;;
  kokkos_help)
    # Kokkos 3 answers --help with its own text when it sees the whole command line.
    run 1 --help --kokkos-disable-warnings; expect_status 0
    grep -q 'Usage: mpirun' out.txt || fail "no usage text"
    grep -q 'kokkos-threads' out.txt && fail "Kokkos printed its help for xhpcg's --help" ;;
  ranks3_noncubic)
    run 3 --nx=16 --ny=24 --nz=32; expect_valid
    expect_value "Global Problem Dimensions::Global nx" 48; expect_value "Processor Dimensions::npx" 3 ;;
  ranks4) run 4 --nx=16 --ny=16 --nz=16; expect_valid
    expect_value "Processor Dimensions::npx" 2; expect_value "Processor Dimensions::npy" 2 ;;
  ranks8) run 8 --nx=16 --ny=16 --nz=16; expect_valid; expect_value "Processor Dimensions::npz" 2 ;;
  z_blocks)
    run 2 --nx=16 --ny=16 --nz=16 --npx=1 --npy=1 --npz=2 --pz=1 --zl=16 --zu=24; expect_valid
    expect_value "Global Problem Dimensions::Global nz" 40
    [[ $(grep -c '^Local Domain Dimensions::Lower ipz=' "$(report)") -eq 2 ]] || fail "expected two z-blocks" ;;
  bad_missing_dat) expect_input_error 2 "hpcg.dat" ;;
  bad_dat_text) write_dat "sixteen 16 16" "60"; expect_input_error 2 "line 3" ;;
  bad_dat_short) write_dat "104 104" "60"; expect_input_error 2 "line 3" ;;
  bad_dat_binary) head -c 300 /dev/urandom > hpcg.dat; printf '\0' >> hpcg.dat; expect_input_error 2 "hpcg.dat" ;;
  bad_not_multiple_of_8) expect_input_error 2 "multiple of 8" --nx=20 --ny=16 --nz=16 ;;
  bad_aspect_ratio) expect_input_error 2 "ratio" --nx=16 --ny=16 --nz=136 ;;
  bad_grid_mismatch) expect_input_error 2 "rank count" --nx=16 --ny=16 --nz=16 --npx=3 --npy=1 --npz=1 ;;
  bad_unknown_flag) expect_input_error 2 "unknown option" --nx=16 --ny=16 --nz=16 --fast ;;
  bad_negative) expect_input_error 2 "negative" --nx=16 --ny=16 --nz=16 --rt=-5 ;;
  bad_backend) expect_input_error 2 "unknown backend" --nx=16 --ny=16 --nz=16 --backend=nope ;;
  bad_too_large) expect_input_error 2 "32-bit" --nx=2048 --ny=2048 --nz=2048 ;;
  bad_too_much_memory)
    run 2 --nx=512 --ny=512 --nz=512; expect_status 3
    [[ $(grep -c 'xhpcg: error:' err.txt) -eq 1 ]] || fail "expected exactly one error message"
    grep -q "GiB are available" err.txt || fail "no memory message"
    [[ -z "$(report)" ]] || fail "a report was written" ;;
  plugin_sample)
    run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/libsample_backend.so"; expect_valid
    expect_value "Final Summary::Backend" "plugin:sample 2.0"
    grep -q "^Final Summary::Timed sets re-proved=1 sets on perturbed right-hand sides followed the validated run's convergence within 0.001 .*; set [0-9]* re-run with every iteration checked reproduced its scaled residual bit for bit; [0-9]* SpMV, [0-9]* V-cycle and 2 solution spot checks" "$(report)" || fail "no re-proof line"
    grep -q '^Backend: plugin:sample 2.0, replaces SpMV, MG, DDOT, WAXPBY' hpcg20*T*.txt || fail "log does not name the backend" ;;
  plugin_v1)
    # A plugin built against the version-1 header, as vendors built them: still loads, VALID.
    run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/libv1_backend.so"; expect_valid
    expect_value "Final Summary::Backend" "plugin:sample-v1 1.0" ;;
  plugin_guarded_np1|plugin_guarded_np2)
    # Its vectors fault on any access outside its own calls: VALID proves the core never
    # touches backend memory, and only halo values cross in the timed sets.
    run "${case_name: -1}" --nx=16 --ny=16 --nz=16 --rt=0 --backend="plugin:$plugins/libguarded_backend.so"
    expect_valid
    json=$(ls HPCG-Benchmark_3.1_*.json)
    timed=$(sed -n 's/.*"timed_bytes": \([0-9.e+]*\).*/\1/p' "$json")
    halo=$(sed -n 's/.*"timed_halo_bytes": \([0-9.e+]*\).*/\1/p' "$json")
    [[ -n "$timed" && "$timed" == "$halo" ]] || fail "timed_bytes $timed, timed_halo_bytes $halo: expected equal" ;;
  plugin_v2_sample)
    # The sample plugin built against the frozen version-2 header: still loads, VALID.
    run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/libv2_sample_backend.so"; expect_valid
    expect_value "Final Summary::Backend" "plugin:sample 2.0" ;;
  plugin_permuted_np1|plugin_permuted_np2|plugin_permuted_np4)
    # Version 3: vectors in the plugin's own row order, each halo exchange overlapped with the
    # rows that need none. VALID, checked exactly in its declared order, and only halo values
    # cross between host and plugin memory in the timed sets.
    run "${case_name: -1}" --nx=16 --ny=16 --nz=16 --rt=0 --backend="plugin:$plugins/libpermuted_backend.so"
    expect_valid
    expect_value "Final Summary::Backend" "plugin:permuted 3.0"
    grep -q "^Final Summary::Preconditioner checked=exactly" "$(report)" || fail "not checked in the declared order"
    json=$(ls HPCG-Benchmark_3.1_*.json)
    timed=$(sed -n 's/.*"timed_bytes": \([0-9.e+]*\).*/\1/p' "$json")
    halo=$(sed -n 's/.*"timed_halo_bytes": \([0-9.e+]*\).*/\1/p' "$json")
    [[ -n "$timed" && "$timed" == "$halo" ]] || fail "timed_bytes $timed, timed_halo_bytes $halo: expected equal" ;;
  plugin_permuted_stale_halo)
    # Its SpMV computes the boundary rows before the halo arrives.
    expect_invalid permuted_faulty_stale_halo "SpMV differs from the reference" ;;
  plugin_permuted_unpermuted_download)
    # It hands the checks its own storage order: the core compares in natural row order.
    expect_invalid permuted_faulty_unpermuted_download "differs from the reference" ;;
  plugin_window_work_in_upload) expect_window_timed window_work_in_upload ;;
  plugin_window_work_in_download) expect_window_timed window_work_in_download ;;
  plugin_window_float_after_two_audits)
    expect_invalid_np124 window_float_after_two_audits "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_window_p_from_float_z) expect_invalid_np124 window_p_from_float_z "p not tied to z" ;;
  plugin_window_honest_on_seen_rhs)
    expect_invalid_np124 window_honest_on_seen_rhs "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  # hidden_cheats.c: the re-run recognised by HPCG's b uploaded before it (no longer done) or by
  # the call stack of its upload (now the sets' own), the work stopped below the trajectory's
  # floor with CG's residual left true or made up.
  plugin_cheat_rerun_by_restore)
    expect_invalid_np124 cheat_rerun_by_restore "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_cheat_rerun_by_stack)
    expect_invalid_np124 cheat_rerun_by_stack "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_cheat_tail_skip)
    expect_invalid_np124 cheat_tail_skip "work left undone where the trajectory check does not look\|vectors handed to the checks give\|p not tied to z" ;;
  plugin_cheat_tail_skip_faked)
    expect_invalid_np124 cheat_tail_skip_faked "is not that of its final r\|vectors handed to the checks give\|p not tied to z" ;;
  plugin_kept_services)
    # Its own V-cycle exchanges halos through the services its first mg() call received.
    for ranks in 1 2; do
      run $ranks --nx=16 --ny=16 --nz=16 --rt=0 --backend="plugin:$plugins/libkept_services.so"
      expect_valid
      rm -f HPCG-Benchmark_3.1_*.txt HPCG-Benchmark_3.1_*.json hpcg20*T*.txt
    done ;;
  plugin_old_v2_table)
    # Built against an older version-2 header: the entries past its struct_size (set here to
    # fail if called) are NULL to xhpcg.
    run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/libfaulty_old_v2_table.so"; expect_valid ;;
  plugin_truncated_table) expect_input_error 2 "its function table has 24 bytes, fewer than the 32 of its version-3 header" --backend="plugin:$plugins/libfaulty_truncated_table.so" --nx=16 --ny=16 --nz=16 ;;
  plugin_alloc_without_free) expect_input_error 2 "it allocates vectors (alloc_vector) but lacks free_vector, upload or download" --backend="plugin:$plugins/libfaulty_alloc_without_free.so" --nx=16 --ny=16 --nz=16 ;;
  plugin_unknown_version) expect_input_error 2 "it was built for plugin ABI version 99; this xhpcg loads versions 1 to 3" --backend="plugin:$plugins/libfaulty_wrong_abi.so" --nx=16 --ny=16 --nz=16 ;;
  plugin_wrong_spmv_row) expect_invalid faulty_wrong_spmv_row "SpMV differs from the reference" ;;
  plugin_nonsymmetric_smoother) expect_invalid faulty_nonsymmetric_smoother "SymGS is not symmetric" ;;
  plugin_stagnant_smoother) expect_invalid faulty_stagnant_smoother "SymGS does not reduce the error" ;;
  plugin_noisy_dot) expect_invalid faulty_noisy_dot "dot product is not reproducible" ;;
  plugin_zero_norm_later) expect_invalid_later faulty_zero_norm_later "timed set 1: stopped after 0 of the 50 iterations" ;;
  plugin_skip_backward_sweep_later) expect_invalid_later faulty_skip_backward_sweep_later "timed set 1: ||r||/||r0|| .* after iteration 1 departs from the validated run's" ;;
  plugin_nan_spmv_later) expect_invalid_later faulty_nan_spmv_later "timed set 1: NaN or infinity" ;;
  # Audits fall on iterations drawn one by one: the convergence may catch it before one does.
  plugin_replay_spmv_later) expect_invalid_later faulty_replay_spmv_later "SpMV in a timed set differs from the reference\|departs from the validated run's" ;;
  # Scaling the replay by the input's ratio to the recorded one would be exact if the sets only
  # rescaled b: the perturbed b of each set defeats it.
  plugin_rescaled_replay_later) expect_invalid_later faulty_rescaled_replay_later "SpMV in a timed set differs from the reference\|departs from the validated run's" ;;
  plugin_skip_coarse_levels_later) expect_invalid_later faulty_skip_coarse_levels_later "timed set 1: ||r||/||r0|| .* departs from the validated run's" ;;
  # CG's residual is updated on its own: only the checks that recompute b - A x from the
  # downloaded x see x left behind (the solution's, and the tie of the final r), in a timed set
  # or in the re-run, whichever call comes first.
  plugin_skip_solution_update_later)
    expect_invalid_later faulty_skip_solution_update_later "the solution of \(a timed set\|the re-run\).* leaves ||b - Ax||/||b||"
    if grep '^Final Summary::Reason=' "$(report)" |
         grep -qv -e 'the solution of \(a timed set\|the re-run\)' -e 'its final r is .* from b - A x of its solution'; then
      fail "another check failed too"
    fi ;;
  # The same from the start: the validated run's solution, the standard of the sets', is short.
  plugin_skip_solution_update) expect_invalid faulty_skip_solution_update "the iteration search's validated solution leaves ||b - Ax||/||b||" ;;
  # Right to within rounding in the timed set; only its re-run shows that it does not repeat.
  plugin_noisy_dot_later)
    # Noisy from the timed sets on, so the backend checks after them see it too.
    expect_invalid faulty_noisy_dot_later "timed set [0-9]* re-run: scaled residual .* differs from its first run's" ;;
  # Single precision, fewer levels, a skipped smoothing: caught exactly where the plugin declares
  # its Gauss-Seidel order, by the symmetry of CG's iterates where it declares none.
  plugin_float_vcycle_later) expect_invalid_later_np1_np2 faulty_float_vcycle_later "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_float_vcycle_undeclared_later) expect_invalid_later_np1_np2 faulty_float_vcycle_undeclared_later "not symmetric between two of its iterates" ;;
  plugin_v1_float_vcycle_later) expect_invalid_later_np1_np2 v1_faulty_float_vcycle_later "not symmetric between two of its iterates" ;;
  plugin_float_level_later) expect_invalid_later_np1_np2 faulty_float_level_later "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_float_symgs_in_vcycle_later) expect_invalid_later_np1_np2 faulty_float_symgs_in_vcycle_later "differs from the V-cycle in its declared order\|not symmetric between two of its iterates" ;;
  plugin_three_level_vcycle_later) expect_invalid_later_np1_np2 faulty_three_level_vcycle_later "differs from the V-cycle in its declared order\|departs from the validated run's" ;;
  plugin_skip_coarsest_smoothing_later) expect_invalid_later_np1_np2 faulty_skip_coarsest_smoothing_later "differs from the V-cycle in its declared order\|departs from the validated run's" ;;
  plugin_checks_see_other_values_later) expect_invalid_later_np1_np2 faulty_checks_see_other_values_later "but the vectors handed to the checks give" ;;
  plugin_fine_smoother_vcycle) expect_invalid faulty_fine_smoother_vcycle "does not remove smooth error as a V-cycle does" ;;
  plugin_error_status) expect_backend_failure faulty_error_status 5 "plugin:faulty.*failed in spmv: simulated device failure" ;;
  plugin_crash)
    run 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/libfaulty_crash.so"
    [[ $status -ne 0 ]] || fail "a crashing backend gave exit status 0"
    grep -q "crashed while running backend 'plugin:faulty'" err.txt || fail "no crash message naming the backend"
    [[ -z "$(report)" ]] || fail "a report was written" ;;
  plugin_not_a_plugin) expect_input_error 2 "is not an xhpcg backend plugin" --backend="plugin:$plugins/libnot_a_plugin.so" --nx=16 --ny=16 --nz=16 ;;
  plugin_missing) expect_input_error 2 "cannot load backend plugin" --backend="plugin:$work/nothing.so" --nx=16 --ny=16 --nz=16 ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
