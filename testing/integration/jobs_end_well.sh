#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Jobs that share a directory, outputs on devices, FIFOs and full disks, and hostile reports
# (testing/README.md, "How jobs end"). One case per CTest test; exit 77: skipped, saying why.
#   concurrent_runs    4 xhpcg runs started together in one directory: 4 reports, JSONs,
#                      pictures and logs, each console naming its own files, each report whole
#   json_on_device     xgraph --json=NODE, NODE a private copy of /dev/null (root: mknod): still a
#                      character device afterwards, the run verified
#   mpiio_out_fifo     xgraph --parents-out=FIFO: refused (status 3) before any work
#   full_disk_mpiio    (root) --parents-out on a full 1 MiB tmpfs over an older file: status 3,
#                      the older file unchanged, no temporary file left
#   full_disk_report   (root) xhpcg in a full tmpfs: status 3, the verdict still printed
#   full_disk_xhpgmp   (root) xhpgmp (built beside xhpcg) in a full tmpfs: the same, nothing left
#   report_escapes     xhpcg-report check of a report holding ESC and CR: printed as \x1B, \x0D
#   report_json_duplicate  the JSON beside a report gives rating_gflops twice: not submittable
#   report_directory   xhpcg-report check DIR: status 2 (bad usage), as its usage says
#   plugin_in_cwd      --backend=plugin:NAME.so for a file in the working directory loads it
#   stale_partials     a partial file of a process gone from this host (a rank MPI_Abort killed)
#                      is removed by the next xgraph --json into that directory; a live
#                      process's, another host's and another boot's are kept
# Usage: jobs_end_well.sh CASE XHPCG XGRAPH XHPCG_REPORT MPIEXEC PLUGIN_DIR
set -uo pipefail
case_name=$1
xhpcg=$(realpath -m "$2") xgraph=$(realpath -m "$3") report_tool=$(realpath -m "$4") mpiexec=$5
plugins=$(realpath -m "$6")
work=$(mktemp -d)
mounted=""
cleanup() {
  [[ -n $mounted ]] && umount "$mounted"
  rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
# The triad's bandwidth given (xhpcg measures it for seconds otherwise; testing/tools tests that).
small=(--nx=16 --ny=16 --nz=16 --rt=0 --triad-bandwidth=40)

fail() {
  echo "FAIL [$case_name]: $*" >&2
  for f in "$work"/*.txt "$work"/*/out*.txt "$work"/*/err*.txt; do
    [[ -f $f && $f != */HPCG-* && $f != */hpcg2* ]] && { echo "--- $f" >&2; tail -n 8 "$f" >&2; }
  done
  exit 1
}
skip() { echo "SKIP [$case_name]: $*"; exit 77; }
need_root() { [[ $(id -u) -eq 0 ]] || skip "needs root (${1})"; }

# small_tmpfs DIR: a 1 MiB tmpfs at DIR (root), unmounted at the end.
small_tmpfs() {
  mkdir -p "$1"
  mount -t tmpfs -o size=1m tmpfs "$1" 2> /dev/null || skip "cannot mount a tmpfs here"
  mounted=$1
}

# a_report: a real report, its JSON beside it, in $work/r (one quick run).
a_report() {
  mkdir -p r && cd r || exit 1
  timeout 120 "$mpiexec" -n 1 "$xhpcg" "${small[@]}" > out.txt 2> err.txt || fail "the quick run failed"
  report=$(ls "$work"/r/HPCG-Benchmark_3.1_*.txt)
  cd "$work" || exit 1
}

case $case_name in
  concurrent_runs)
    for i in 1 2 3 4; do
      timeout 180 "$mpiexec" -n 1 "$xhpcg" "${small[@]}" > "out$i.txt" 2> "err$i.txt" &
    done
    wait
    for kind in 'HPCG-Benchmark_3.1_*.txt' 'HPCG-Benchmark_3.1_*.json' 'HPCG-Benchmark_3.1_*.svg' 'hpcg2*.txt'; do
      n=$(compgen -G "$kind" | wc -l)
      ((n == 4)) || fail "$n files $kind, expected 4"
    done
    named=$(grep -h '^Report: ' out?.txt | sort -u | wc -l)
    ((named == 4)) || fail "the 4 consoles name $named distinct reports"
    for i in 1 2 3 4; do
      r=$(sed -n 's/^Report: //p' "out$i.txt")
      j=$(sed -n 's/^JSON: //p' "out$i.txt")
      [[ -s $r && -s $j ]] || fail "run $i's report or JSON is missing or empty"
      "$report_tool" check "$r" > /dev/null
      (($? <= 1)) || fail "run $i's report cannot be read back"
      grep -q "\"official_report\": \"${r#./}\"" "$j" || fail "run $i's JSON names another report"
    done
    echo "4 runs, 4 reports, each console naming its own" ;;
  json_on_device)
    need_root "mknod"
    mknod null c 1 3 || skip "mknod refused"
    timeout 120 "$mpiexec" -n 2 "$xgraph" --kron=8 --kernel=bfs --trials=2 --json=null > out.txt \
      2> err.txt || fail "status $?"
    [[ -c null ]] || fail "the device was replaced"
    [[ -z $(compgen -G 'null.partial*') ]] || fail "a temporary file was left"
    echo "the character device is still one" ;;
  mpiio_out_fifo)
    mkfifo pipe
    timeout 60 "$mpiexec" -n 2 "$xgraph" --kron=8 --kernel=bfs --parents-out=pipe > out.txt 2> err.txt
    status=$?
    ((status == 3)) || fail "status $status, expected 3"
    grep -q 'cannot write --parents-out=pipe: it exists and is not a regular file' err.txt ||
      fail "no message naming the FIFO"
    [[ -p pipe ]] || fail "the FIFO was replaced"
    echo "refused: $(grep error: err.txt)" ;;
  full_disk_mpiio)
    need_root "mount"
    small_tmpfs "$work/disk"
    echo "older result" > disk/parents.txt
    head -c 900k /dev/zero > disk/filler
    timeout 120 "$mpiexec" -n 2 "$xgraph" --kron=16 --kernel=bfs --trials=1 \
      --parents-out=disk/parents.txt > out.txt 2> err.txt
    status=$?
    ((status == 3)) || fail "status $status, expected 3"
    [[ $(cat disk/parents.txt) == "older result" ]] || fail "the older file was changed"
    [[ -z $(compgen -G 'disk/*partial*') ]] || fail "a temporary file was left: $(ls disk)"
    echo "full disk: status 3, older file kept" ;;
  full_disk_report)
    need_root "mount"
    small_tmpfs "$work/disk"
    cd disk || exit 1
    # Room for the run log, not for the report: fill all but a few KiB.
    head -c 1040000 /dev/zero > filler 2> /dev/null
    timeout 120 "$mpiexec" -n 1 "$xhpcg" "${small[@]}" > ../out.txt 2> ../err.txt
    status=$?
    cd "$work" || exit 1
    ((status == 3)) || fail "status $status, expected 3"
    grep -q '^HPCG result is VALID with a GFLOP/s rating of' out.txt || fail "no verdict printed"
    grep -q 'the outputs were not all written' err.txt || fail "no message about the report"
    [[ -z $(compgen -G 'disk/*partial*') ]] || fail "a temporary file was left: $(ls disk)"
    echo "full disk: verdict printed, status 3" ;;
  full_disk_xhpgmp)
    need_root "mount"
    small_tmpfs "$work/disk"
    cd disk || exit 1
    head -c 2M /dev/zero > filler 2> /dev/null  # fills it: the directory check's empty file fits
    timeout 120 "$mpiexec" -n 1 "$(dirname "$xhpcg")/xhpgmp" --nx=16 --ny=16 --nz=16 --rt=0 \
      --run_type=benchmark_no_ref > ../out.txt 2> ../err.txt
    status=$?
    cd "$work" || exit 1
    ((status == 3)) || fail "status $status, expected 3"
    grep -q '^xhpgmp: VALID with a GFLOP/s rating of' out.txt || fail "no verdict printed"
    grep -q 'the verdict above is the only copy of the result' err.txt || fail "no message about the report"
    [[ $(ls disk) == filler ]] || fail "files were left: $(ls disk)"
    echo "full disk: xhpgmp's verdict printed, status 3" ;;
  report_escapes)
    a_report
    sed -i "s/^\(Machine Summary::Distributed Processes=\)/\1$(printf '\033')[2J$(printf '\r')/" "$report"
    "$report_tool" check "$report" > out.txt 2> err.txt
    ! grep -q $'\033' out.txt err.txt || fail "an escape character reached the terminal"
    grep -qF '\x1B' out.txt err.txt || fail "the escape is not shown as \\x1B"
    echo "control characters shown escaped" ;;
  report_json_duplicate)
    a_report
    json=${report%.txt}.json
    sed -i 's/"rating_gflops": \([^,]*\),/"rating_gflops": \1, "rating_gflops": 99999.0,/' "$json"
    (( $(grep -o '"rating_gflops"' "$json" | wc -l) == 2 )) || fail "could not duplicate the key"
    "$report_tool" check "$report" > out.txt 2> err.txt
    status=$?
    ((status == 1)) || fail "status $status, expected 1"
    grep -q 'gives the key "rating_gflops" twice' out.txt || fail "the duplicate is not named"
    echo "duplicate key refused" ;;
  report_directory)
    mkdir reports
    "$report_tool" check reports > out.txt 2> err.txt
    status=$?
    ((status == 2)) || fail "status $status, expected 2"
    grep -q 'it is a directory' err.txt || fail "no message naming the directory"
    echo "directory: status 2" ;;
  plugin_in_cwd)
    cp "$plugins/libsample_backend.so" . || skip "no sample plugin built"
    timeout 120 "$mpiexec" -n 1 "$xhpcg" "${small[@]}" --backend=plugin:libsample_backend.so \
      > out.txt 2> err.txt || fail "status $?"
    grep -q 'VALID with' out.txt || fail "not VALID"
    echo "the plugin in the working directory was loaded" ;;
  stale_partials)
    # The tag as output_path.cpp makes it: letters and digits of the short host name, 12 of
    # the boot id, and "pid" with the pid namespace's inode.
    host=$(hostname | cut -d. -f1 | tr -dc 'a-zA-Z0-9')
    boot=$(tr -dc 'a-zA-Z0-9' < /proc/sys/kernel/random/boot_id | head -c 12)
    ns=$(readlink /proc/self/ns/pid | tr -dc 'a-z0-9')
    sh -c 'exit 0' & gone=$!
    wait $gone
    touch "g.json.partial-$host-$boot-$ns-$gone-Ab12Cd" "g.json.partial-$host-$boot-$ns-$$-Ab12Cd" \
          "g.json.partial-elsewhere-$boot-$ns-$gone-Ab12Cd" \
          "g.json.partial-$host-000000000000-$ns-$gone-Ab12Cd"
    timeout 120 "$mpiexec" -n 2 "$xgraph" --kron=8 --kernel=bfs --trials=1 --json=g.json \
      > out.txt 2> err.txt || fail "status $?"
    [[ -s g.json ]] || fail "no JSON written"
    [[ ! -e g.json.partial-$host-$boot-$ns-$gone-Ab12Cd ]] || fail "the stale partial file was kept"
    for kept in "$host-$boot-$ns-$$" "elsewhere-$boot-$ns-$gone" "$host-000000000000-$ns-$gone"; do
      [[ -e g.json.partial-$kept-Ab12Cd ]] || fail "removed a partial file it cannot know stale: $kept"
    done
    echo "the stale partial file removed, the other three kept" ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
