#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# End-to-end cases for xhpcg's day-to-day features and bin/xhpcg-report, one per CTest test.
# Each runs in a fresh directory and checks exit statuses, printed text and files.
# Usage: report_tool_cases.sh CASE XHPCG XHPCG_REPORT MPIEXEC REPORTS_DIR PLUGIN_DIR RSVG_CONVERT
set -uo pipefail
case_name=$1 xhpcg=$2 tool=$3 mpiexec=$4 reports=$5 plugins=$6 rsvg=${7:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export OMP_NUM_THREADS=1

fail() {
  echo "FAIL [$case_name]: $*" >&2
  for f in out.txt err.txt check.txt; do [[ -f $f ]] && { echo "--- $f" >&2; cat "$f" >&2; }; done
  exit 1
}

# xhpcg_in DIR NP ARGS...: runs xhpcg in DIR (created) with stdout in DIR/out.txt; sets $status.
xhpcg_in() {
  local dir=$1 ranks=$2; shift 2
  mkdir -p "$dir"
  (cd "$dir" && timeout 240 "$mpiexec" -n "$ranks" "$xhpcg" "$@" >out.txt 2>err.txt)
  status=$?
  [[ $status -eq 124 ]] && fail "xhpcg did not finish within 240 s"
  return 0
}
report_in() { ls "$1"/HPCG-Benchmark_3.1_*.txt 2>/dev/null | head -n 1; }
value() { awk -v key="$2=" 'index($0, key) == 1 { print substr($0, length(key) + 1); exit }' "$1"; }
# check FILE... : runs xhpcg-report check; sets $status, output in check.txt.
check() { "$tool" check "$@" >check.txt 2>&1; status=$?; }
expect_status() { [[ $status -eq $1 ]] || fail "exit status $status, expected $1"; }
expect_in() { grep -q -- "$2" "$1" || fail "$1 does not contain '$2'"; }
expect_not_in() { grep -q -- "$2" "$1" && fail "$1 contains '$2'"; return 0; }

# render SVG: rsvg-convert draws it; the PNG must hold far more than a blank page of its size.
render() {
  [[ -x "$rsvg" ]] || fail "rsvg-convert not found: install librsvg2-bin (setup/install_deps.sh --tests)"
  local svg=$1 png=${1%.svg}.png
  expect_not_in "$svg" "<script"
  expect_not_in "$svg" "href"
  "$rsvg" -o "$png" "$svg" 2>render.txt || fail "rsvg-convert cannot render $svg: $(cat render.txt)"
  local size w h; size=$(stat -c %s "$png")
  w=$(sed -n 's/.*<svg [^>]*width="\([0-9.]*\)".*/\1/p' "$svg" | head -n 1)
  h=$(sed -n 's/.*<svg [^>]*height="\([0-9.]*\)".*/\1/p' "$svg" | head -n 1)
  printf '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s"><rect width="100%%" height="100%%" fill="#fff"/></svg>\n' "$w" "$h" >blank.svg
  "$rsvg" -o blank.png blank.svg || fail "rsvg-convert cannot render a blank page"
  [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "$png is not a PNG"
  (( size > 5000 && size > 4 * $(stat -c %s blank.png) )) ||
    fail "$png has $size bytes, a blank page $(stat -c %s blank.png): nothing drawn"
}

case "$case_name" in
  progress)
    # To a file: plain lines for each phase, the first and last timed set with time left and GFLOP/s.
    xhpcg_in plain 2 --nx=16 --ny=16 --nz=16 --rt=1; [[ $status -eq 0 ]] || fail "plain run failed"
    for text in '] setup: ' '] validation: ' '] timed sets 1/' ' left, ' ' GFLOP/s; scaled residual'; do
      expect_in plain/out.txt "$text"
    done
    expect_not_in plain/out.txt $'\r'
    # --quiet: no progress lines, the outcome still printed.
    xhpcg_in quiet 2 --nx=16 --ny=16 --nz=16 --quiet; [[ $status -eq 0 ]] || fail "quiet run failed"
    grep -q '^\[ *[0-9.]* s\]' quiet/out.txt && fail "--quiet printed progress"
    expect_in quiet/out.txt '^Report: '
    # On a terminal (script(1) provides one): one live line redrawn with carriage returns.
    mkdir -p live
    (cd live && timeout 240 script -qfec "$mpiexec -n 1 $xhpcg --nx=16 --ny=16 --nz=16" /dev/null >out.txt 2>&1)
    expect_in live/out.txt $'\r'
    expect_in live/out.txt $'\e\[K'
    expect_in live/out.txt 'timed sets 1/1' ;;
  sizing)
    # 1/8 of 0.4 GiB per node for 2 ranks (0.0537 GB) with the openmp backend, whose
    # optimisation data sizing plans as 0.85 of the model: 32x24x24 (0.0264 GB by HPCG's model,
    # 0.0489 with the share) fits, 32x32x24 (0.0352, 0.0651) does not; 11% of the node is below
    # the official quarter, which it says.
    xhpcg_in run 2 --memory=0.4 --memory-fraction=0.125 --quiet; [[ $status -eq 0 ]] || fail "sized run failed"
    expect_in run/out.txt 'sizing: 12.5% of 0.4 GiB per node with 2 rank(s) per node gives local grid 32x24x24'
    expect_in run/out.txt 'note: official runs must use at least a quarter'
    r=$(report_in run)
    [[ $(value "$r" "Local Domain Dimensions::nz") == 24 ]] || fail "report nz is not 24"
    # The report's total, the backend's optimisation data included, is within the target.
    awk -v m="$(value "$r" "Memory Use Information::Total memory used for data (Gbytes)")" \
      'BEGIN { exit !(m > 0.04 && m <= 0.05 * 1.073741824) }' ||
      fail "report memory is not within 0.05 GiB"
    expect_in run/HPCG-Benchmark_3.1_*.json '"fraction": 0.125,'
    # A share of this machine's MemTotal too small for 16^3: refused with the numbers.
    xhpcg_in small 2 --memory-fraction=0.0000001
    [[ $status -eq 2 ]] || fail "tiny memory target: exit $status, expected 2"
    expect_in small/err.txt 'is too small: the smallest local grid, 16^3, needs' ;;
  json)
    # --triad-bandwidth: a positive number of GB/s, anything else refused before the run.
    for bad in abc 0 -3 '' nan 1e999 12GB; do
      xhpcg_in "bad$bad" 1 --nx=16 --ny=16 --nz=16 --triad-bandwidth="$bad"
      [[ $status -eq 2 ]] || fail "--triad-bandwidth='$bad': exit $status, expected 2"
      expect_in "bad$bad/err.txt" "option --triad-bandwidth: expected a number above 0 .*, got '$bad'"
    done
    xhpcg_in run 2 --nx=16 --ny=16 --nz=16 --rt=1 --quiet --triad-bandwidth=12.5
    [[ $status -eq 0 ]] || fail "run failed"
    r=$(report_in run); json=${r%.txt}.json
    [[ -f $json ]] || fail "no JSON beside the report"
    ls run/*.partial >/dev/null 2>&1 && fail "temporary file left behind"
    for text in '"format": "xhpcg-run"' '"official_report": "HPCG-Benchmark_3.1_' '"mpi_library": "MPICH' \
                '"compiler": "' '"name": "openmp"' '"replaced_kernels": \[' '"threads_per_rank": 1' \
                '"triad_bandwidth_gbs": 12.5,' '"bandwidth_source": "--triad-bandwidth",'; do
      expect_in "$json" "$text"
    done
    sets=$(( $(value "$r" "Iteration Count Information::Total number of reference iterations") / 50 ))
    # The JSON's layout is the library's: match records on the text without blanks.
    flat=$(tr -d ' \n' <"$json")
    [[ $(grep -o '{"seconds":' <<<"$flat" | wc -l) -eq $sets ]] ||
      fail "JSON does not have $sets timed sets"
    # Roofline: the report's rating x 6.4 B/flop / 12.5 GB/s (the report prints 6 digits).
    rating=$(value "$r" "GFLOP/s Summary::Total with convergence and optimization phase overhead")
    fraction=$(sed -n '/"roofline"/,/}/s/^ *"fraction": \([^,]*\),\{0,1\}$/\1/p' "$json")
    awk -v f="$fraction" -v g="$rating" \
      'BEGIN { e = g * 6.4 / 12.5; exit !(f > 0 && (f - e) ^ 2 < (1e-5 * e) ^ 2) }' ||
      fail "roofline fraction '$fraction', expected $rating x 6.4 / 12.5"
    # MG levels: each timed, together within the report's MG time (both rank 0's) and most of it.
    levels=$(grep -o '{"level":[0-3],[^}]*}' <<<"$flat" | sed 's/.*"seconds":\([^,]*\),.*/\1/')
    [[ $(wc -w <<<"$levels") -eq 4 ]] || fail "JSON does not have 4 timed MG levels: '$levels'"
    awk -v mg="$(value "$r" "Benchmark Time Summary::MG")" -v levels="$levels" 'BEGIN {
          n = split(levels, s, " "); for (i = 1; i <= n; ++i) { if (s[i] <= 0) exit 1; sum += s[i] }
          exit !(sum <= mg * (1 + 1e-5) && sum >= 0.5 * mg) }' ||
      fail "MG level seconds '$levels' do not add up to at most the report's MG time"
    svg=${r%.txt}.svg
    expect_in "$svg" 'Where MG went, by multigrid level'
    expect_in "$svg" 'memory-bandwidth roofline: '
    render "$svg"
    expect_not_in "$json" '"measured_before_gbs"'  # the option overrides the measurement
    # The kokkos backend's own V-cycle times its levels too (when it is built). Without
    # --triad-bandwidth xhpcg measures the triad itself, before and after the timed sets.
    if "$xhpcg" --list-backends | grep -q '^kokkos'; then
      xhpcg_in kokkos 1 --nx=16 --ny=16 --nz=16 --quiet --backend=kokkos
      [[ $status -eq 0 ]] || fail "kokkos run failed"
      k=$(report_in kokkos)
      [[ $(tr -d ' \n' <"${k%.txt}.json" | grep -o '{"level":[0-3],[^}]*"seconds":[0-9]' |
           wc -l) -eq 4 ]] ||
        fail "the kokkos run's JSON does not have 4 timed MG levels"
      for text in '"bandwidth_source": "measured before the timed sets",' \
                  '"measured_before_gbs": ' '"measured_after_gbs": ' '"fraction_after": '; do
        expect_in "${k%.txt}.json" "$text"
      done
      expect_in kokkos/hpcg*.txt '^STREAM triad before the timed sets: .* GB/s'
      expect_in kokkos/hpcg*.txt '^Roofline: the official rating is '
      expect_in "${k%.txt}.svg" 'measured before the timed sets; '
    fi
    # check compares the JSON's "official" lines with the report, number by number.
    check "$r"; expect_status 1; expect_in check.txt 'consistency: OK'
    sed -i '/"key": "Machine Summary::Threads per processes",/{n;s/"value": 1$/"value": 7/}' "$json"
    check "$r"; expect_status 1
    expect_in check.txt "JSON file beside the report disagrees on line 6 ('Machine Summary::Threads per processes')" ;;
  check)
    check "$reports/official-1800s.txt"; expect_status 0; expect_in check.txt 'can be submitted'
    check "$reports/hpcg-3.1-sample.txt"; expect_status 1
    expect_in check.txt 'consistency: OK'; expect_in check.txt 'official results need at least 1800 s'
    xhpcg_in short 2 --nx=16 --ny=16 --nz=16 --rt=1 --quiet; [[ $status -eq 0 ]] || fail "short run failed"
    r=$(report_in short)
    check "$r"; expect_status 1
    expect_in check.txt 'format:      OK'; expect_in check.txt 'consistency: OK'
    expect_in check.txt 'result:      VALID'; expect_in check.txt 'official results need at least 1800 s'
    xhpcg_in quick 1 --nx=16 --ny=16 --nz=16 --quiet; [[ $status -eq 0 ]] || fail "QuickPath run failed"
    check "$(report_in quick)"; expect_status 1; expect_in check.txt 'QuickPath (rt=0) results are official only'
    # Two z-blocks: rank 0's halo and the global counts are rebuilt from the block sizes.
    xhpcg_in zblocks 2 --nx=16 --ny=16 --nz=16 --npx=1 --npy=1 --npz=2 --pz=1 --zl=16 --zu=24 --quiet
    [[ $status -eq 0 ]] || fail "z-block run failed"
    check "$(report_in zblocks)"; expect_status 1; expect_in check.txt 'consistency: OK'
    # Tampered: a better rating in both places it appears.
    sed -e 's/^\(GFLOP\/s Summary::Total with convergence and optimization phase overhead\)=.*/\1=999/' \
        -e 's/^\(Final Summary::HPCG result is VALID with a GFLOP\/s rating of\)=.*/\1=999/' "$r" >tampered.txt
    check tampered.txt; expect_status 1
    expect_in check.txt "is 999 but the report's own numbers give"
    check "$reports/official-1800s.txt" "$r"; expect_status 1
    check short/hpcg20*T*.txt; expect_status 1; expect_in check.txt 'not key=value'
    check missing.txt; expect_status 2; expect_in check.txt 'cannot read missing.txt'
    # The default backend's report says how its timed sets were re-proved; without that line,
    # or with other numbers in it, the check refuses it.
    expect_in "$r" 'Final Summary::Timed sets re-proved=[0-9]* sets on perturbed right-hand sides followed .* reproduced its scaled residual bit for bit'
    grep -v '^Final Summary::Timed sets re-proved=' "$r" >unproved.txt
    check unproved.txt; expect_status 1; expect_in check.txt 'were not re-proved'
    sed 's/^\(Final Summary::Timed sets re-proved=\)[0-9]* sets/\19999 sets/' "$r" >overclaimed.txt
    check overclaimed.txt; expect_status 1; expect_in check.txt "Timed sets re-proved' is 9999 sets" ;;
  check_invalid)
    xhpcg_in run 2 --nx=16 --ny=16 --nz=16 --quiet --backend="plugin:$plugins/libfaulty_noisy_dot.so"
    [[ $status -eq 1 ]] || fail "faulty plugin run: exit $status, expected 1 (INVALID)"
    check "$(report_in run)"; expect_status 1
    expect_in check.txt 'consistency: OK'; expect_in check.txt 'result:      INVALID'
    expect_in check.txt 'INVALID because backend .plugin:faulty.: dot product is not reproducible' ;;
  compare_and_plot)
    xhpcg_in one 1 --nx=16 --ny=16 --nz=16 --quiet; [[ $status -eq 0 ]] || fail "1-rank run failed"
    xhpcg_in two 2 --nx=16 --ny=16 --nz=16 --quiet; [[ $status -eq 0 ]] || fail "2-rank run failed"
    a=$(report_in one) b=$(report_in two)
    "$tool" compare "$a" "$b" >out.txt 2>err.txt || fail "compare failed"
    expect_in out.txt 'B/A'
    grep -q '^Machine Summary::Distributed Processes  *1  *2  *2.000$' out.txt || fail "no ranks row with ratio 2.000"
    expect_not_in out.txt 'Coarse Grids::Memory used'
    "$tool" compare "$a" "$b" --all >out.txt 2>err.txt || fail "compare --all failed"
    expect_in out.txt 'Coarse Grids::Memory used'
    render "${a%.txt}.svg"
    "$tool" plot "$a" "$b" "$reports/hpcg-3.1-sample.txt" -o scaling.svg >out.txt 2>err.txt || fail "plot failed"
    expect_in out.txt 'wrote scaling.svg (3 report(s))'
    expect_in scaling.svg 'rating against MPI ranks'
    render scaling.svg
    "$tool" plot "$a" --x=sockets >out.txt 2>err.txt && fail "plot accepted an unknown option" ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
