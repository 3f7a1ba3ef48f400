#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The rows of testing/README.md's "Bad inputs and what they get", one CTest test each: xhpcg or
# xgraph runs on one bad input in a fresh directory, and the case checks the exit status, a
# distinctive part of the one error message, an exit within 10 s (HPCG_BAD_INPUT_SECONDS), no core
# file, and that the directory holds afterwards what it held before: no report, log, *.partial or
# probe file.
# Usage: bad_inputs.sh CASE XHPCG XGRAPH MPIEXEC PLUGIN_DIR   (exit 77: skipped)
set -uo pipefail
case_name=$1 xhpcg=$2 xgraph=$3 mpiexec=$4 plugins=$5
limit_seconds=${HPCG_BAD_INPUT_SECONDS:-10}
scratch=$(mktemp -d)
trap 'chmod -R u+w "$scratch"; rm -rf "$scratch"' EXIT
mkdir "$scratch/run"
cd "$scratch/run" || exit 1
export OMP_NUM_THREADS=1
# Tests oversubscribe the cores; spinning OpenMP threads would then starve each other.
export OMP_WAIT_POLICY=PASSIVE
# A crash must leave its trace: with core_pattern "core" the kernel writes ./core* here.
ulimit -c unlimited 2>/dev/null || true
as_user=()       # a command prefix that drops root's rights (unwritable directory case)
launcher=()      # how run starts the program: mpiexec -n RANKS unless a case sets it (bare)
allowed_new='^$' # files a case may leave (extended regex on ./path), none by default

fail() {
  echo "FAIL [$case_name]: $*" >&2
  echo "--- stdout" >&2; cat "$scratch/out.txt" >&2
  echo "--- stderr" >&2; cat "$scratch/err.txt" >&2
  exit 1
}
skip() { echo "SKIP [$case_name]: $*"; exit 77; }

# run PROGRAM NP ARGS...: mpiexec killed after the time limit; sets $status and $elapsed_ms.
run() {
  local program=$1 ranks=$2; shift 2
  find . -mindepth 1 | sort > "$scratch/before.txt"
  local start; start=$(date +%s%N)
  [[ ${#launcher[@]} -gt 0 ]] || launcher=("$mpiexec" -n "$ranks")
  "${as_user[@]}" timeout -k 2 "$limit_seconds" "${launcher[@]}" "$program" "$@" \
    > "$scratch/out.txt" 2> "$scratch/err.txt"
  status=$?
  elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [[ $status -eq 124 || $status -eq 137 ]] && fail "did not exit within $limit_seconds s (killed)"
  return 0
}
# The checks every row makes after the status and the message.
after_checks() {
  (( status < 128 )) || fail "ended by signal $(( status - 128 ))"
  (( elapsed_ms < limit_seconds * 1000 )) || fail "took $elapsed_ms ms, limit $limit_seconds s"
  local cores; cores=$(find "$scratch" -name 'core*' | head -n 3)
  [[ -z "$cores" ]] || fail "core dump left: $cores"
  find . -mindepth 1 | sort > "$scratch/after.txt"
  local new
  new=$(comm -13 "$scratch/before.txt" "$scratch/after.txt" | grep -Ev "$allowed_new")
  [[ -z "$new" ]] || fail "left behind: $(echo $new)"
  if find . -name '*.partial*' -o -name '.hpcg-write-check-*' | grep -q .; then
    fail "temporary file left behind"
  fi
}
# refuse PROGRAM NP STATUS "message part" ARGS...: the program refuses with one message from
# rank 0 ("xhpcg: error: ..."), the status, in time, leaving nothing.
refuse() {
  local program=$1 ranks=$2 expected=$3 message=$4; shift 4
  run "$program" "$ranks" "$@"
  [[ $status -eq $expected ]] || fail "exit status $status, expected $expected"
  local name; name=$(basename "$program")
  [[ $(grep -c "^$name: error:" "$scratch/err.txt") -eq 1 ]] || fail "expected exactly one error message"
  grep -qF -- "$message" "$scratch/err.txt" || fail "message does not mention '$message'"
  after_checks
}
# backend_failure PLUGIN "message part": the run stops with status 5 naming the backend. It
# failed after the benchmark started, so its run log (how far it got) may stay; no report.
backend_failure() {
  allowed_new='^\./hpcg[0-9]{8}T[0-9]{6}\.txt$'
  run "$xhpcg" 2 --nx=16 --ny=16 --nz=16 --backend="plugin:$plugins/lib$1.so"
  [[ $status -eq 5 ]] || fail "exit status $status, expected 5"
  grep -q -- "$2" "$scratch/err.txt" || fail "message does not mention '$2'"
  after_checks
}
# mislaunched PROGRAM MESSAGES VARIABLE=VALUE...: the program started alone, with no launcher but
# a launcher's variables, as each task of a launch MPI does not see starts: status 2 before
# anything is written, the message (naming the fix) from the task that reports only.
mislaunched() {
  local program=$1 messages=$2; shift 2
  launcher=(env "$@")
  run "$program" 1 "${grid[@]}"
  [[ $status -eq 2 ]] || fail "exit status $status, expected 2"
  local name; name=$(basename "$program")
  [[ $(grep -c "^$name: error:" "$scratch/err.txt") -eq $messages ]] || fail "expected $messages error message(s)"
  if [[ $messages -eq 1 ]]; then
    grep -q "but MPI sees one rank only" "$scratch/err.txt" || fail "the message does not say what happened"
  fi
  after_checks
}
write_dat() { printf 'HPCG benchmark input file\nSandia National Laboratories\n' > hpcg.dat; printf '%s\n' "$@" >> hpcg.dat; }
grid=(--nx=16 --ny=16 --nz=16)

case "$case_name" in
  # hpcg.dat, read when no grid is given on the command line
  dat_missing) refuse "$xhpcg" 2 2 "cannot read hpcg.dat" ;;
  dat_empty) : > hpcg.dat; refuse "$xhpcg" 2 2 "hpcg.dat line 3 is missing" ;;
  dat_text) write_dat "sixteen 16 16" 0; refuse "$xhpcg" 2 2 "hpcg.dat line 3: expected three integers 'nx ny nz', got 'sixteen 16 16'" ;;
  dat_negative) write_dat "16 -16 16" 0; refuse "$xhpcg" 2 2 "hpcg.dat line 3: local dimensions must be positive" ;;
  dat_zero) write_dat "0 0 0" 0; refuse "$xhpcg" 2 2 "hpcg.dat line 3: local dimensions must be positive" ;;
  dat_huge_number) write_dat "99999999999 16 16" 0; refuse "$xhpcg" 2 2 "got '99999999999 16 16'" ;;
  dat_huge_grid) write_dat "2048 2048 2048" 0; refuse "$xhpcg" 2 2 "more than the 32-bit local index allows" ;;
  dat_short_line) write_dat "104 104" 60; refuse "$xhpcg" 2 2 "hpcg.dat line 3: expected three integers" ;;
  dat_no_runtime) write_dat "16 16 16"; refuse "$xhpcg" 2 2 "hpcg.dat line 4 is missing" ;;
  dat_negative_runtime) write_dat "16 16 16" -5; refuse "$xhpcg" 2 2 "hpcg.dat line 4: run time must not be negative" ;;
  dat_binary)
    printf '\x7fELF\x02\x01\x01\x00\x00\x00\xff\xfe\n16 16 16\n\x00\x01' > hpcg.dat
    refuse "$xhpcg" 2 2 "hpcg.dat is not a text file (it contains NUL bytes)" ;;
  dat_control_characters)
    # A terminal escape in hpcg.dat (clear the screen) is echoed as text, not obeyed.
    printf 'HPCG benchmark input file\nSandia\n16 16 \0331[2J6\n0\n' > hpcg.dat
    refuse "$xhpcg" 2 2 "got '16 16 \x1B1[2J6'"
    ! grep -q $'\033' "$scratch/err.txt" || fail "an escape character reached the terminal" ;;
  dat_crlf)
    # Accepted: a file saved on Windows is the same hpcg.dat. Runs 16^3 QuickPath, VALID.
    allowed_new='^\./(HPCG-Benchmark_3\.1_[-_0-9]+\.(txt|json|svg)|hpcg[0-9]{8}T[0-9]{6}\.txt)$'
    printf 'HPCG benchmark input file\r\nSandia National Laboratories\r\n16 16 16\r\n0\r\n' > hpcg.dat
    run "$xhpcg" 1 --backend=reference
    [[ $status -eq 0 ]] || fail "exit status $status, expected 0 (VALID)"
    grep -q '^Local Domain Dimensions::nx=16$' HPCG-Benchmark_3.1_*.txt || fail "the report does not have nx=16"
    grep -q 'parameters from hpcg.dat' "$scratch/out.txt" || fail "hpcg.dat was not read"
    after_checks ;;
  # flags
  flag_unknown) refuse "$xhpcg" 2 2 "unknown option '--fast'" "${grid[@]}" --fast ;;
  flag_malformed) refuse "$xhpcg" 2 2 "option --nx: expected a non-negative integer below 2^31, got '1e3'" --nx=1e3 --ny=16 --nz=16 ;;
  flag_without_value) refuse "$xhpcg" 2 2 "option --rt needs =VALUE" "${grid[@]}" --rt ;;
  flag_negative) refuse "$xhpcg" 2 2 "option --rt: must not be negative" "${grid[@]}" --rt=-5 ;;
  flag_bad_watchdog) refuse "$xhpcg" 2 2 "option --watchdog: expected a number from 0 to 1e+06, got '-1'" "${grid[@]}" --watchdog=-1 ;;
  xgraph_bad_watchdog) refuse "$xgraph" 2 2 "option --watchdog: expected a number from 0 to 1e+06, got 'soon'" --kron=8 --watchdog=soon ;;
  flag_too_many_positional) refuse "$xhpcg" 2 2 "too many positional arguments" 16 16 16 0 0 0 0 1 1 2 7 ;;
  flag_not_multiple_of_8) refuse "$xhpcg" 2 2 "local nx=20 is not a multiple of 8" --nx=20 --ny=16 --nz=16 ;;
  flag_aspect_ratio) refuse "$xhpcg" 2 2 "ratio min(x,y,z)/max(x,y,z)=0.117647 is too small" --nx=16 --ny=16 --nz=136 ;;
  flag_bad_fraction) refuse "$xhpcg" 2 2 "option --memory-fraction: expected a number above 0 and at most 1, got '1.5'" --memory-fraction=1.5 ;;
  flag_memory_and_grid) refuse "$xhpcg" 2 2 "--memory-fraction/--memory choose the local grid; leave out nx" --memory-fraction=0.1 --nx=16 ;;
  flag_partial_process_grid) refuse "$xhpcg" 2 2 "give all three of npx, npy, npz" "${grid[@]}" --npx=2 ;;
  # Past the address space the job may use (ulimit -v, as a batch system's limit would): the
  # memory check reads the node's memory, so the generator's allocation is what fails.
  out_of_memory)
    allowed_new='^\./hpcg[0-9]{8}T[0-9]{6}\.txt$'  # the run log: how far it got
    ulimit -v 1000000
    refuse "$xhpcg" 2 3 "out of memory on rank 0 (an allocation of" --nx=160 --ny=160 --nz=160
    grep -qE "an allocation of [0-9.]+ [MG]iB failed" "$scratch/err.txt" || fail "the size is not named" ;;
  flag_unknown_backend) refuse "$xhpcg" 2 2 "unknown backend 'nope'" "${grid[@]}" --backend=nope ;;
  env_backend_garbage)
    export HPCG_BACKEND=garbage
    refuse "$xhpcg" 2 2 "the environment variable HPCG_BACKEND=garbage names no backend" "${grid[@]}" ;;
  flag_separate_memory_unsupported) refuse "$xhpcg" 2 2 "backend 'openmp' keeps its data in host memory and has no separate-memory mode" "${grid[@]}" --backend=openmp --separate-memory ;;
  flag_backend_settings_refused) refuse "$xhpcg" 2 2 "backend 'openmp' does not accept --backend-settings key 'slice' (it takes no settings)" "${grid[@]}" --backend=openmp --backend-settings=slice=4 ;;
  flag_backend_settings_reference) refuse "$xhpcg" 1 2 "backend 'reference' does not accept --backend-settings key 'colouring'" "${grid[@]}" --backend=reference --backend-settings=,colouring=hash ;;
  # rank counts that cannot form the grid
  ranks_grid_mismatch) refuse "$xhpcg" 3 2 "process grid 2x2x1 has 4 ranks but the job has 3" "${grid[@]}" --npx=2 --npy=2 --npz=1 ;;
  ranks_z_blocks) refuse "$xhpcg" 2 2 "--pz=3 must be below npz=" "${grid[@]}" --pz=3 ;;
  # sizes
  size_memory) refuse "$xhpcg" 2 3 "GiB are available there (" --nx=512 --ny=512 --nz=512 ;;
  xhpgmp_size_memory)  # xhpgmp is built beside xhpcg
    refuse "$(dirname "$xhpcg")/xhpgmp" 2 3 "GiB are available there (" --nx=512 --ny=512 --nz=512 ;;
  size_32bit) refuse "$xhpcg" 2 2 "more than the 32-bit local index allows" --nx=2048 --ny=2048 --nz=2048 ;;
  # where the results go
  report_dir_unwritable)
    chmod 555 .
    if [[ $EUID -eq 0 ]]; then
      # root writes anywhere: run as nobody, who needs to reach this directory.
      command -v setpriv > /dev/null || skip "running as root without setpriv"
      chmod 755 "$scratch"
      as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    fi
    refuse "$xhpcg" 2 3 "cannot write the report, JSON, picture and log: the working directory" "${grid[@]}" ;;
  xgraph_json_no_dir) refuse "$xgraph" 2 3 "cannot write --json=missing/r.json: directory 'missing' does not exist" --kron=8 --json=missing/r.json ;;
  xgraph_output_under_file) touch plain; refuse "$xgraph" 2 3 "cannot write --scores-out=plain/s.txt: 'plain' is not a directory" --kron=8 --scores-out=plain/s.txt ;;
  xgraph_output_is_dir) mkdir out; refuse "$xgraph" 2 3 "cannot write --parents-out=out: it is a directory" --kron=8 --kernel=bfs --parents-out=out ;;
  # graph files for xgraph --file
  graph_missing) refuse "$xgraph" 2 2 "cannot open graph file 'none.el'" --file=none.el ;;
  graph_empty) : > g.el; refuse "$xgraph" 2 2 "graph file 'g.el' is empty" --file=g.el ;;
  graph_no_edges) printf '# nothing\n\n' > g.el; refuse "$xgraph" 2 2 "graph file 'g.el' has no edges" --file=g.el ;;
  graph_truncated_el) printf '0 1\n1 2\n2 3\n3' > g.el; refuse "$xgraph" 2 2 "g.el:4: expected 'u v' (two vertex ids), got '3'" --file=g.el ;;
  graph_truncated_mtx)
    printf '%%%%MatrixMarket matrix coordinate pattern general\n5 5 4\n1 2\n2 3\n' > g.mtx
    refuse "$xgraph" 2 2 "declares 4 entries but the file has 2" --file=g.mtx ;;
  graph_mtx_no_size_line)
    printf '%%%%MatrixMarket matrix coordinate pattern general\n%% cut here\n' > g.mtx
    refuse "$xgraph" 2 2 "g.mtx:3: Matrix Market header ends before the size line" --file=g.mtx ;;
  graph_wrong_header) printf '%%%%MatrixMarket vector coordinate real general\n3 3 1\n1 2 1\n' > g.mtx
    refuse "$xgraph" 2 2 "g.mtx:1: expected the banner '%%MatrixMarket matrix coordinate" --file=g.mtx ;;
  graph_mtx_array) printf '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' > g.mtx
    refuse "$xgraph" 2 2 "only 'coordinate' Matrix Market files hold graphs, not 'array'" --file=g.mtx ;;
  graph_mtx_nonsquare) printf '%%%%MatrixMarket matrix coordinate pattern general\n4 3 1\n1 2\n' > g.mtx
    refuse "$xgraph" 2 2 "a graph needs a square matrix, this one is 4 x 3" --file=g.mtx ;;
  graph_id_out_of_range)
    printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n4 1\n' > g.mtx
    refuse "$xgraph" 2 2 "g.mtx:4: vertex id 4 is out of range 1..3" --file=g.mtx ;;
  graph_id_zero_mtx)
    printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 1\n0 1\n' > g.mtx
    refuse "$xgraph" 2 2 "g.mtx:3: vertex id 0 is out of range 1..3 (Matrix Market ids are 1-based" --file=g.mtx ;;
  graph_negative_id) printf '0 1\n-3 4\n' > g.el; refuse "$xgraph" 2 2 "g.el:2: vertex id -3 is negative" --file=g.el ;;
  graph_huge_id) printf '0 1\n1 99999999999999999999\n' > g.el; refuse "$xgraph" 2 2 "g.el:2: vertex id '99999999999999999999' is too large" --file=g.el ;;
  graph_binary) printf '\x00\x01\x02\xff\n\x89PNG\r\n' > g.el; refuse "$xgraph" 2 2 "g.el:1: expected 'u v' (two vertex ids), got '" --file=g.el ;;
  graph_bad_weight) printf '0 1 5\n1 2 nan\n' > g.wel; refuse "$xgraph" 2 2 "g.wel:2: weight 'nan' is not an integer from 1 to 2147483647" --file=g.wel ;;
  graph_negative_weight) printf '0 1 -2\n1 2 1\n' > g.wel; refuse "$xgraph" 2 2 "g.wel:1: weight '-2' is not an integer from 1 to 2147483647" --file=g.wel ;;
  graph_gr_arc_count) printf 'p sp 3 3\na 1 2 4\na 2 3 1\n' > g.gr; refuse "$xgraph" 2 2 "g.gr: the problem line (line 1) declares 3 arcs but the file has 2" --file=g.gr ;;
  graph_fifo) mkfifo g.el; refuse "$xgraph" 2 2 "graph file 'g.el' is not a regular file" --file=g.el ;;
  graph_vertices_beyond_memory)
    # 4.2e9 vertices, 2 edges: the random partition's relabelling alone needs 8 bytes per vertex
    # on each rank, 134 GiB for the 2 ranks here (a machine with more free fails this row).
    printf '%%%%MatrixMarket matrix coordinate pattern general\n4200000000 4200000000 2\n1 2\n2 3\n' > g.mtx
    refuse "$xgraph" 2 3 "vertices need at least" --file=g.mtx --partition=random ;;
  graph_truncated_sg)
    # A gapbs header (undirected, 10 entries, 7 vertices) without the arrays it announces.
    printf '\x00\x0a\x00\x00\x00\x00\x00\x00\x00\x07\x00\x00\x00\x00\x00\x00\x00\x00\x00' > g.sg
    refuse "$xgraph" 2 2 "g.sg: truncated: its header declares 7 vertices and 10 neighbour entries" --file=g.sg ;;
  graph_sg_asymmetric)
    # gapbs layout, undirected, 3 vertices, 3 entries: 0: [1], 1: [0, 2], 2: [] (2 lacks 1).
    { printf '\x00\x03\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00'
      for offset in 0 1 3 3; do printf "\\x$(printf %02x $offset)\\x00\\x00\\x00\\x00\\x00\\x00\\x00"; done
      for id in 1 0 2; do printf "\\x$(printf %02x $id)\\x00\\x00\\x00"; done; } > g.sg
    refuse "$xgraph" 2 2 "g.sg: the file says the graph is undirected, but its adjacency is not symmetric: vertex 1" --file=g.sg ;;
  xgraph_graph_out_format) refuse "$xgraph" 2 2 "graph file 'g.txt' has an unknown format '.txt'" --kron=8 --graph-out=g.txt ;;
  graph_unknown_extension) printf '0 1\n' > g.csv; refuse "$xgraph" 2 2 "graph file 'g.csv' has an unknown format '.csv'" --file=g.csv ;;
  # faulty backend plugins (src/backends/README.md, "Writing a plugin")
  plugin_missing) refuse "$xhpcg" 2 2 "cannot load backend plugin" "${grid[@]}" --backend="plugin:$scratch/nothing.so" ;;
  plugin_not_a_plugin) refuse "$xhpcg" 2 2 "is not an xhpcg backend plugin: it does not export hpcg_backend_entry()" "${grid[@]}" --backend="plugin:$plugins/libnot_a_plugin.so" ;;
  plugin_wrong_abi) refuse "$xhpcg" 2 2 "it was built for plugin ABI version 99; this xhpcg loads versions 1 to 3" "${grid[@]}" --backend="plugin:$plugins/libfaulty_wrong_abi.so" ;;
  plugin_error_status) backend_failure faulty_error_status "plugin:faulty .* failed in spmv: simulated device failure" ;;
  plugin_crash) backend_failure faulty_crash "crashed while running backend 'plugin:faulty'" ;;
  plugin_exit)
    # Rank 1's plugin calls exit(0) in the timed sets: past the reference phases, so the time
    # limit is a run's, not a refusal's.
    limit_seconds=$((limit_seconds * 6))
    backend_failure faulty_exit_later "rank 1: exit() was called while running backend 'plugin:faulty' before the end of the run"
    grep -q "timed sets" "$scratch/out.txt" || fail "the exit came before the timed sets"
    [[ $(grep -c "exit() was called" "$scratch/err.txt") -eq 1 ]] || fail "expected one message" ;;
  # launches MPI does not see (README, "Under Slurm"): each launcher's variables, no launcher
  launch_slurm)
    mislaunched "$xhpcg" 1 SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 SLURM_PROCID=0
    grep -q "srun --mpi=pmi2" "$scratch/err.txt" || fail "the message does not name srun --mpi=pmi2" ;;
  launch_slurm_task1) mislaunched "$xhpcg" 0 SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 SLURM_PROCID=1 ;;
  launch_slurm_xgraph)
    grid=(--kron=8)
    mislaunched "$xgraph" 1 SLURM_STEP_NUM_TASKS=4 SLURM_PROCID=0
    grep -q "srun --mpi=pmi2" "$scratch/err.txt" || fail "the message does not name srun --mpi=pmi2" ;;
  launch_hydra)
    mislaunched "$xhpcg" 1 PMI_SIZE=2 PMI_RANK=0
    grep -q "the mpirun of the MPI xhpcg was built with" "$scratch/err.txt" || fail "the message does not name the fix" ;;
  launch_openmpi)
    mislaunched "$xhpcg" 1 OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=0
    grep -q "the mpirun of the MPI xhpcg was built with" "$scratch/err.txt" || fail "the message does not name the fix" ;;
  launch_openmpi_xgraph) grid=(--kron=8); mislaunched "$xgraph" 0 OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=1 ;;
  launch_pmix) mislaunched "$xhpcg" 1 PMIX_RANK=1 PMIX_NAMESPACE=test ;;
  launch_single)
    # One task that says it is one (srun -n 1): a normal run, not refused.
    allowed_new='^\./(HPCG-Benchmark_3\.1_[-_0-9]+\.(txt|json|svg)|hpcg[0-9]{8}T[0-9]{6}\.txt)$'
    launcher=(env SLURM_STEP_NUM_TASKS=1 SLURM_NTASKS=4 SLURM_PROCID=0)
    run "$xhpcg" 1 "${grid[@]}" --rt=0 --backend=reference
    [[ $status -eq 0 ]] || fail "exit status $status, expected 0 (VALID)"
    after_checks ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name] status $status in $elapsed_ms ms"
