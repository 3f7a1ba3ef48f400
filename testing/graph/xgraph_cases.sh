#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# End-to-end cases for bin/xgraph, one per CTest test: runs the program in a fresh directory and
# checks the exit status, what rank 0 printed and the files written.
# Usage: xgraph_cases.sh CASE XGRAPH MPIEXEC DATA_DIR
set -uo pipefail
case_name=$1 xgraph=$2 mpiexec=$3 data=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}

fail() { echo "FAIL [$case_name]: $*" >&2; echo "--- stdout" >&2; cat out.txt >&2; echo "--- stderr" >&2; cat err.txt >&2; exit 1; }

# run NP ARGS...: runs xgraph under mpiexec with a hang guard; sets $status.
run() {
  local ranks=$1; shift
  # MPIEXEC_PREFLAGS: the launcher's own flags (Open MPI's --oversubscribe), word-split.
  # shellcheck disable=SC2086
  timeout 100 "$mpiexec" -n "$ranks" ${MPIEXEC_PREFLAGS:-} "$xgraph" "$@" >out.txt 2>err.txt
  status=$?
  [[ $status -eq 124 ]] && fail "xgraph did not finish within 100 s"
  return 0
}
expect_status() { [[ $status -eq $1 ]] || fail "exit status $status, expected $1"; }
expect_out() { grep -q -- "$1" out.txt || fail "stdout lacks '$1'"; }
count_out() { grep -c -- "$1" out.txt; }
expect_count() { [[ $(count_out "$1") -eq $2 ]] || fail "expected $2 lines with '$1', got $(count_out "$1")"; }
# A complete, passing run: N BFS and M PageRank trials, all verified.
expect_pass() {
  expect_status 0
  expect_count '^BFS Trial Time:' "$1"
  expect_count '^PR Trial Time:' "$2"
  expect_count '^Verification: *PASS' $(( $1 + $2 + 1 ))
  [[ -s err.txt ]] && fail "unexpected stderr"
  return 0
}
# expect_input_error NP "message part" ARGS...: exit 2, one message from rank 0.
expect_error() {
  local code=$1 ranks=$2 message=$3; shift 3
  run "$ranks" "$@"
  expect_status "$code"
  [[ $(grep -c 'xgraph: error:' err.txt) -eq 1 ]] || fail "expected exactly one error message"
  grep -q -- "$message" err.txt || fail "message does not mention '$message'"
}
lines() { wc -l < "$1" | tr -d ' '; }

case "$case_name" in
  help) run 1 --help; expect_status 0; expect_out 'Usage: mpirun'; expect_out '--kron=SCALE' ;;
  version) run 1 --version; expect_status 0; expect_out '^xgraph ' ;;
  kron_verify)
    run 2 --kron=10 --trials=4 --verify; expect_pass 4 4
    expect_out '^Graph has 1024 nodes and'; expect_out '^BFS Harmonic TEPS:'; expect_out '^PR Average Time:'
    expect_out 'edge imbalance'; expect_out '^BFS Bytes Sent:' ;;
  urand_block) run 1 --urand=9 --degree=8 --trials=2 --verify --partition=random; expect_pass 2 2 ;;
  grid_balanced)
    run 1 --grid=8 --trials=2 --verify --partition=balanced; expect_pass 2 2
    expect_out 'Graph has 512 nodes and 5068 undirected edges' ;;
  file_el)
    # The path 4-5-6 is bipartite: Jacobi PageRank needs more than 20 iterations to settle.
    run 2 --file="$data/small.el" --symmetrize --verify --trials=3 --max-iters=200; expect_pass 3 3
    expect_out 'Graph has 7 nodes and 5 undirected edges'; expect_out '^Read Time:' ;;
  file_wel) run 1 --file="$data/small.wel" --verify --trials=2 --kernel=bfs; expect_pass 2 0 ;;
  file_mtx) run 1 --file="$data/small.mtx" --verify --trials=2 --kernel=pr --max-iters=200; expect_pass 0 2 ;;
  file_gr)
    run 1 --file="$data/small.gr" --verify --trials=2 --kernel=bfs; expect_pass 2 0
    expect_out 'Graph has 7 nodes and 5 directed edges' ;;
  file_sg)
    # gapbs's converter wrote small.sg (undirected) from small.el.
    run 2 --file="$data/small.sg" --verify --trials=2 --max-iters=200; expect_pass 2 2
    expect_out 'Graph has 7 nodes and 5 undirected edges' ;;
  graph_out_formats)
    # Each format that keeps N and the direction reads back to the graph that was written.
    for extension in sg mtx; do
      run 2 --kron=8 --kernel=none --partition=random --graph-out=g.$extension; expect_status 0
      graph=$(grep '^Graph has' out.txt)
      run 1 --file=g.$extension --kernel=none; expect_status 0
      [[ $(grep '^Graph has' out.txt) == "$graph" ]] ||
        fail "g.$extension reads back as: $(grep '^Graph has' out.txt)"
    done ;;
  outputs)
    run 2 --kron=8 --trials=2 --partition=random --graph-out=g.el --scores-out=s.txt \
      --parents-out=p.txt --source=5 --verify
    expect_status 0
    [[ $(lines s.txt) -eq 256 && $(lines p.txt) -eq 256 ]] || fail "expected 256 lines of scores and parents"
    awk '$1 != NR - 1 { exit 1 }' s.txt || fail "scores are not in vertex order"
    awk '$1 == 5 && $2 != 5 { exit 1 }' p.txt || fail "the source is not its own parent"
    edges=$(sed -n 's/^Graph has [0-9]* nodes and \([0-9]*\) undirected.*/\1/p' out.txt)
    [[ $(lines g.el) -eq $edges ]] || fail "graph-out has $(lines g.el) lines, expected $edges"
    run 1 --file=g.el --symmetrize --kernel=none; expect_status 0
    expect_out "and $edges undirected edges" ;;
  json)
    run 1 --kron=8 --trials=2 --verify --json=report.json; expect_status 0
    [[ -s report.json ]] || fail "no JSON report"
    grep -q '"harmonic_mean_teps"' report.json || fail "JSON lacks the TEPS"
    grep -q '"verification": "PASS"' report.json || fail "JSON lacks the verdict"
    if command -v python3 >/dev/null; then python3 -m json.tool report.json >/dev/null || fail "invalid JSON"; fi ;;
  fixed_source)
    run 1 --kron=8 --kernel=bfs --trials=3 --source=5 --verify; expect_pass 3 0
    expect_count 'source 5,' 3 ;;
  verify_fail_exit)
    # A real failure: one iteration cannot reach a 1e-12 fixed point, so GAP's check must fail.
    run 2 --kron=8 --kernel=pr --trials=1 --max-iters=1 --tolerance=1e-12 --verify
    expect_status 1; expect_out '^Verification: *FAIL' ;;
  pr_not_converged)
    # Tolerance 0 is never reached: the trial stops at the default 1000 iterations and fails.
    run 1 --kron=8 --kernel=pr --trials=1 --tolerance=0
    expect_status 1; expect_out '1000 iterations, L1 change .* (not converged)'
    expect_out '^PR Convergence: *FAIL (1 of 1 trials stopped at 1000 iterations'
    # With --max-iters the stop is allowed: the run succeeds and says so.
    run 1 --kron=8 --kernel=pr --trials=1 --tolerance=0 --max-iters=5
    expect_status 0; expect_out '^PR Convergence: *not reached (1 of 1 trials stopped at 5' ;;
  graph500)
    run 2 --kron=10 --kernel=bfs --graph500 --json=g.json; expect_pass 64 0
    [[ $(grep '^BFS Trial Time' out.txt | sed 's/.*source \([0-9]*\),.*/\1/' | sort -u | wc -l) -eq 64 ]] ||
      fail "the 64 Graph500 roots are not distinct"
    expect_out '^BFS Harmonic TEPS: .*Graph500: distinct roots'
    for key in 'TEPS Min' 'TEPS 1st Quartile' 'TEPS Median' 'TEPS 3rd Quartile' 'TEPS Max' \
               'TEPS Harmonic Mean' 'TEPS Harmonic SD'; do expect_out "^$key:"; done
    grep -q '"graph500_teps"' g.json || fail "JSON lacks graph500_teps" ;;
  cc_sssp_verify)
    # The two min-semiring kernels on 2 ranks with random partitioning, every trial verified.
    run 2 --kron=9 --kernel=cc,sssp --trials=3 --verify --partition=random --json=r.json
    expect_status 0
    expect_count '^CC Trial Time:' 3; expect_count '^SSSP Trial Time:' 3
    expect_count '^Verification: *PASS' 7
    expect_out '^CC Average Time:'; expect_out '^SSSP Average Time:'
    expect_out "^Weights: *GAP's: uniform integers 1 to 255"
    grep -q '"cc": {' r.json && grep -q '"sssp": {' r.json || fail "JSON lacks cc or sssp" ;;
  bc_tc_verify)
    # The two new kernels on 2 ranks, random partitioning, every trial verified; the BC scores
    # file equals the one a 1-rank run writes.
    run 2 --kron=9 --kernel=bc,tc --trials=2 --verify --partition=random --json=r.json \
      --bc-scores-out=s2
    expect_status 0
    expect_count '^BC Trial Time:' 2; expect_count '^TC Trial Time:' 2
    expect_count '^Verification: *PASS' 5
    expect_out '^BC Average Time:'; expect_out '^TC Average Time:'; expect_out '^TC Triangles:'
    expect_out '^TC Ghost Rows:'
    grep -q '"bc": {' r.json && grep -q '"triangles"' r.json || fail "JSON lacks bc or tc"
    run 1 --kron=9 --kernel=bc --trials=2 --bc-scores-out=s1; expect_status 0
    [[ $(lines s1) -eq 512 ]] || fail "expected 512 BC scores"
    paste s1 s2 | awk '$1 != $3 || ($2 - $4) > 1e-6 || ($4 - $2) > 1e-6 { exit 1 }' ||
      fail "BC scores differ between 1 and 2 ranks"
    awk '$2 == 1 { one++ } END { exit one >= 1 ? 0 : 1 }' s1 || fail "no BC score is 1" ;;
  all_six)
    # --kernel=all runs the six; TC on a directed file symmetrizes it first.
    run 1 --file="$data/small.el" --kernel=all --trials=1 --verify --max-iters=200
    expect_status 0
    for k in BFS PR CC SSSP BC TC; do expect_count "^$k Trial Time:" 1; done
    expect_out '^TC Graph: *the directed graph symmetrized'
    expect_count '^Verification: *PASS' 7 ;;
  bad_bc_scores_without_bc) expect_error 2 1 "--bc-scores-out needs the BC kernel" --kron=8 --bc-scores-out=s ;;
  labels_distances_out)
    # The files depend neither on the rank count nor on the partitioning.
    run 1 --kron=8 --kernel=cc,sssp --trials=1 --source=5 --labels-out=l1 --distances-out=d1
    expect_status 0
    run 2 --kron=8 --kernel=cc,sssp --trials=1 --source=5 --partition=random --labels-out=l2 \
      --distances-out=d2
    expect_status 0
    cmp -s l1 l2 || fail "labels differ between 1 rank and 2 ranks with random partitioning"
    cmp -s d1 d2 || fail "distances differ between 1 rank and 2 ranks with random partitioning"
    [[ $(lines l1) -eq 256 && $(lines d1) -eq 256 ]] || fail "expected 256 labels and distances"
    awk '$1 == 5 && $2 != 0 { exit 1 }' d1 || fail "the source's distance is not 0"
    awk '$2 > $1 { exit 1 }' l1 || fail "a label is not its component's smallest vertex"
    grep -q ' inf$' d1 || fail "unreached (isolated) vertices are not written as inf" ;;
  weighted_graph_out)
    # A generated graph's weights go out with it and give the same distances when read back.
    run 2 --kron=8 --kernel=sssp --trials=1 --source=5 --graph-out=g.wel --distances-out=d1
    expect_status 0
    awk 'NF != 3 || $3 < 1 || $3 > 255 { exit 1 }' g.wel || fail "g.wel lacks GAP's weights"
    run 1 --file=g.wel --symmetrize --kernel=sssp --trials=1 --source=5 --verify \
      --distances-out=d2
    expect_status 0; expect_out '^Weights: *from the file'
    # g.wel has no line for isolated top ids: compare the vertices it has.
    awk 'NR == FNR { d[$1] = $2; next } d[$1] != $2 { exit 1 }' d2 d1 ||
      fail "distances on the graph read back differ" ;;
  directed_file)
    run 2 --file="$data/small.wel" --kernel=all --trials=2 --verify --max-iters=200
    expect_status 0; expect_out 'Graph has 7 nodes and 5 directed edges'
    expect_count '^Verification: *PASS' 13 ;;  # the six kernels' 12 trials and the verdict
  bad_delta_too_small)
    # Distances of 2e9 with delta 1 would need 2e9 buckets: refused by every rank, one message.
    printf '0 1 2000000000\n1 2 5\n' > heavy.wel
    expect_error 2 2 "SSSP delta 1 is too small for these weights" --file=heavy.wel --kernel=sssp \
      --trials=1 --delta=1 --source=0 ;;
  bad_graph_out_format)
    # Refused before the graph is built: no Build Time line.
    expect_error 2 1 "unknown format '.txt'" --kron=8 --graph-out=g.txt
    grep -q '^Build Time' out.txt && fail "the graph was built before the refusal" ;;
  metis_verify)
    # METIS's cut on a grid: every kernel verified, and the cut far below block's on 3 ranks.
    run 3 --grid=12 --kernel=all --trials=2 --verify --partition=metis --json=m.json
    expect_status 0; expect_out '^Partition: *metis'; expect_out '^Partition Cut:'
    grep -q '"rank_vertices"' m.json || fail "JSON lacks the per-rank vertices"
    metis_cut=$(sed -n 's/.*"edge_cut": \([0-9]*\).*/\1/p' m.json)
    run 3 --grid=12 --kernel=none --partition=random --json=r.json; expect_status 0
    random_cut=$(sed -n 's/.*"edge_cut": \([0-9]*\).*/\1/p' r.json)
    (( metis_cut * 4 < random_cut )) || fail "METIS cut $metis_cut not 4 times below random's $random_cut" ;;
  bad_metis_too_large)
    export XGRAPH_METIS_MEMORY=1000; expect_error 3 2 "--partition=metis gathers the graph on rank 0" \
      --kron=8 --partition=metis ;;
  scotch_verify)
    # Scotch's cut on a grid: every kernel verified, the cut far below random's on 3 ranks, and
    # the partitioner's own time and per-rank figures reported as METIS's are.
    run 3 --grid=12 --kernel=all --trials=2 --verify --partition=scotch --json=s.json
    expect_status 0; expect_out '^Partition: *scotch'; expect_out '^Partition Cut:'
    grep -q '"partitioner_seconds"' s.json || fail "JSON lacks the partitioner's time"
    grep -q '"rank_edges"' s.json || fail "JSON lacks the per-rank edges"
    scotch_cut=$(sed -n 's/.*"edge_cut": \([0-9]*\).*/\1/p' s.json)
    run 3 --grid=12 --kernel=none --partition=random --json=r.json; expect_status 0
    random_cut=$(sed -n 's/.*"edge_cut": \([0-9]*\).*/\1/p' r.json)
    (( scotch_cut * 4 < random_cut )) || fail "Scotch cut $scotch_cut not 4 times below random's $random_cut"
    # The same cut on every run (Scotch's threads, left alone, gave another each time).
    for attempt in 1 2; do
      run 3 --kron=12 --kernel=none --partition=scotch; expect_status 0
      grep '^Partition Cut:' out.txt | sed 's/, partitioned in.*//' > cut$attempt.txt
    done
    cmp -s cut1.txt cut2.txt || fail "Scotch's cut differs between runs: $(cat cut1.txt) / $(cat cut2.txt)" ;;
  scotch_distributed)
    # The Open MPI build: PT-Scotch cuts the graph as the ranks hold it. Nothing is gathered (a
    # 1000-byte allowance for rank 0 changes nothing), the report says which Scotch cut, and on
    # 2, 3 and 4 ranks every kernel passes GAP's checks with the components and distances of one
    # rank (both files compare across rank counts and partitions). scotch_verify checks the
    # cut's quality against random's.
    export XGRAPH_SCOTCH_MEMORY=1000
    run 1 --grid=8 --kernel=cc,sssp --trials=1 --source=0 --labels-out=lb.txt --distances-out=db.txt
    expect_status 0
    for np in 2 3 4; do
      run $np --grid=8 --kernel=all --trials=1 --source=0 --verify --partition=scotch \
        --labels-out=ls.txt --distances-out=ds.txt --json=s.json
      expect_status 0; expect_out '^Verification: *PASS (all'
      expect_out '^Partition Cut:.*(PT-Scotch, distributed)$'
      grep -q '"partitioner": "PT-Scotch, distributed"' s.json || fail "JSON lacks which Scotch cut"
      cmp -s lb.txt ls.txt || fail "$np ranks: CC labels differ from one rank's"
      cmp -s db.txt ds.txt || fail "$np ranks: SSSP distances differ from one rank's"
      [[ -s err.txt ]] && fail "unexpected stderr"
    done
    # The same cut on every run (one thread, deterministic mode, fixed seed).
    for attempt in 1 2; do
      run 3 --kron=10 --kernel=none --partition=scotch; expect_status 0
      grep '^Partition' out.txt | sed 's/, partitioned in.*//' > cut$attempt.txt
    done
    cmp -s cut1.txt cut2.txt || fail "PT-Scotch's cut differs between runs: $(cat cut1.txt) / $(cat cut2.txt)" ;;
  repartition)
    # A grid spread at random: the dynamic run verifies and shrinks the halo on 1 to 4 ranks,
    # the fixed run keeps it; both record every iteration in the JSON.
    for np in 1 2 3 4; do
      run $np --grid=10 --kernel=pr --trials=1 --partition=random --repartition=dynamic \
        --verify --json=d.json
      expect_status 0; expect_out '^PR Repartition Check: *PASS'
      grep -q '"per_iteration"' d.json || fail "JSON lacks the per-iteration record"
      grep -Eq '"stop_rule": *"(threshold|halo_stalled|never)"' d.json ||
        fail "JSON lacks why the moves stopped"
      read -r before after < <(sed -n 's/^PR Repartition: .*halo volume \([0-9]*\) -> \([0-9]*\).*/\1 \2/p' out.txt)
      if (( np > 1 )); then
        (( 2 * after < before )) || fail "$np ranks: halo $before -> $after did not halve"
      fi
      run $np --grid=10 --kernel=pr --trials=1 --partition=random --repartition=fixed --verify
      expect_status 0; expect_out '^PR Repartition Check: *PASS'
      read -r before after < <(sed -n 's/^PR Repartition: .*halo volume \([0-9]*\) -> \([0-9]*\).*/\1 \2/p' out.txt)
      [[ $before == "$after" ]] || fail "fixed run changed the halo: $before -> $after"
    done ;;
  repartition_bfs | repartition_sssp)
    # BFS or SSSP on a grid spread at random, moved between trials: every recorded trial
    # gives the timed trial's answer and passes the kernel's checks (Graph500's for BFS, GAP's
    # for SSSP) on 1 to 4 ranks, and the halo shrinks by more than a quarter on 2 to 4 ranks
    # (three steps).
    kernel=${case_name#repartition_}
    label=$([[ $kernel == bfs ]] && echo BFS || echo SSSP)
    [[ $kernel == sssp ]] && extra=(--delta=64) || extra=()
    halo() { sed -n "s/^$label Repartition: .*halo volume \([0-9]*\) -> \([0-9]*\).*/\1 \2/p" out.txt; }
    for np in 1 2 3 4; do
      run $np --grid=10 --kernel=$kernel "${extra[@]}" --trials=4 --partition=random \
        --repartition=dynamic --verify --json=d.json
      expect_status 0
      expect_out "^$label Repartition Check: *PASS (every trial's answer as the timed trial's, and the kernel's checks)"
      grep -q '"per_trial"' d.json || fail "JSON lacks the per-trial record"
      read -r before after < <(halo)
      if (( np > 1 )); then
        (( 4 * after < 3 * before )) || fail "$np ranks: halo $before -> $after did not shrink by a quarter"
      fi
    done
    run 2 --grid=10 --kernel=$kernel "${extra[@]}" --trials=2 --partition=random --repartition=fixed
    expect_status 0; expect_out "^$label Repartition Check: *PASS"
    read -r before after < <(halo)
    [[ $before == "$after" ]] || fail "fixed run changed the halo: $before -> $after" ;;
  bad_repartition_with_bfs)
    expect_error 2 2 "--repartition moves the graph's vertices between ranks; run it with one of --kernel=bfs, pr, sssp alone" \
      --kron=8 --repartition=dynamic ;;
  bad_repartition_cc)
    expect_error 2 2 "run it with one of --kernel=bfs, pr, sssp alone" --kron=8 --kernel=cc \
      --repartition=fixed ;;
  bad_repartition_threshold)
    expect_error 2 1 "--repartition-threshold needs --repartition=dynamic" --kron=8 --kernel=pr \
      --repartition-threshold=0.01 ;;
  bad_repartition_mode)
    expect_error 2 1 "unknown --repartition 'sometimes'" --kron=8 --kernel=pr --repartition=sometimes ;;
  bad_scotch_too_large)
    # Builds without PT-Scotch (MPICH's): the refusal names the build that cuts without a gather.
    export XGRAPH_SCOTCH_MEMORY=1000; expect_error 3 2 "--partition=scotch gathers the graph on rank 0" \
      --kron=8 --partition=scotch
    grep -q "the Open MPI build's --partition=scotch is PT-Scotch's distributed cut" err.txt ||
      fail "the refusal does not name the Open MPI build" ;;
  bad_option_without_kernel) expect_error 2 2 "--tolerance needs the PageRank kernel" --kron=8 --kernel=bfs --tolerance=1e-6 ;;
  bad_delta) expect_error 2 1 "option --delta: expected" --kron=8 --kernel=sssp --delta=0 ;;
  bad_symmetrize_generated) expect_error 2 1 "--symmetrize applies to --file" --kron=8 --symmetrize ;;
  bad_labels_without_cc) expect_error 2 1 "--labels-out needs the CC kernel" --kron=8 --labels-out=l ;;
  bad_graph500_trials) expect_error 2 1 "--graph500 runs 64 distinct roots" --kron=8 --graph500 --trials=3 ;;
  neighbour_order_id)
    run 2 --kron=9 --trials=3 --verify --neighbour-order=id --json=g.json; expect_pass 3 3
    expect_out '^Neighbour Order: *by id'; grep -q '"neighbour_order": "id"' g.json ||
      fail "JSON lacks the neighbour order" ;;
  bad_neighbour_order) expect_error 2 1 "unknown neighbour order 'random'" --kron=8 --neighbour-order=random ;;
  bad_no_graph) expect_error 2 2 "no graph given" ;;
  bad_two_graphs) expect_error 2 1 "only one graph" --kron=8 --grid=4 ;;
  bad_unknown_flag) expect_error 2 2 "unknown option '--fast'" --kron=8 --fast=1 ;;
  bad_value) expect_error 2 1 "option --trials: expected an integer from 1 to 100000, got 'x'" --kron=8 --trials=x ;;
  bad_partition) expect_error 2 1 "unknown partitioning 'spectral'" --kron=8 --partition=spectral ;;
  bad_kernel) expect_error 2 1 "unknown kernel 'apsp'" --kron=8 --kernel=bfs,apsp ;;
  bad_degree_grid) expect_error 2 1 "--degree applies" --grid=8 --degree=4 ;;
  bad_missing_file) expect_error 2 2 "cannot open graph file" --file=nothere.el ;;
  bad_empty_file) expect_error 2 2 "is empty" --file="$data/empty.el" ;;
  bad_extension) expect_error 2 1 "unknown format '.txt'" --file=graph.txt ;;
  bad_el_line) expect_error 2 2 "bad_line.el:3:" --file="$data/bad_line.el" ;;
  bad_el_negative) expect_error 2 2 "bad_negative.el:2: vertex id -3 is negative" --file="$data/bad_negative.el" ;;
  bad_wel_weight)
    expect_error 2 2 "bad_weight.wel:2: weight 'abc' is not an integer from 1 to 2147483647" \
      --file="$data/bad_weight.wel" ;;
  bad_wel_zero_weight)
    expect_error 2 2 "bad_zero_weight.wel:3: weight '0' is not an integer from 1" \
      --file="$data/bad_zero_weight.wel" ;;
  bad_gr_count)
    expect_error 2 2 "bad_count.gr: the problem line (line 2) declares 5 arcs but the file has 4" \
      --file="$data/bad_count.gr" ;;
  bad_sg_truncated)
    expect_error 2 2 "truncated.sg: truncated: its header declares 7 vertices and 10 neighbour" \
      --file="$data/truncated.sg" ;;
  bad_wel_fields) expect_error 2 2 "bad_fields.wel:2: expected 'u v w'" --file="$data/bad_fields.wel" ;;
  bad_mtx_entry) expect_error 2 2 "bad_entry.mtx:4: vertex id 'x' is not an integer" --file="$data/bad_entry.mtx" ;;
  bad_mtx_banner) expect_error 2 2 "bad_banner.mtx:1:" --file="$data/bad_banner.mtx" ;;
  bad_mtx_range) expect_error 2 2 "bad_range.mtx:5: vertex id 8 is out of range 1..7" --file="$data/bad_range.mtx" ;;
  bad_mtx_count) expect_error 2 2 "declares 5 entries but the file has 4" --file="$data/bad_count.mtx" ;;
  bad_source_range) expect_error 2 2 "--source=999 is not a vertex" --kron=8 --source=999 ;;
  bad_output_dir) expect_error 3 2 "cannot write" --kron=8 --kernel=pr --trials=1 --scores-out=/nonexistent/s.txt ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
