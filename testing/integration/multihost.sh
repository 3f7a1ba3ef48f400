#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Two hosts on one machine: network namespaces node-a and node-b joined to a launcher namespace
# by veth pairs on a bridge (10.213.0.0/24, private to these namespaces), Hydra's ssh launcher
# pointed at a script that enters a namespace under its own host name, MPICH's shared memory off
# (MPIR_CVAR_NOLOCAL) and UCX over TCP. Results must equal, bit for bit, the same run over shared
# memory on one host. Cases:
#   xhpcg_np2 xhpcg_np4 xgraph_bfs xgraph_pr   over the network, compared with shared memory
#   xhpcg_delay   2 ms each way between the hosts (tc netem; where the kernel lacks it, node-b's
#                 link is testing/support/delay_wire): VALID, identical, slower; allreduce share
#   xhpcg_cut     node-b's link set down mid-run: every rank on both sides gone within the
#                 watchdog limit plus a few seconds, the message, no report, the run log kept
#   watchdog_stopped_peer, watchdog_stopped_peer_xgraph   (no namespaces) one rank stopped
#                 (SIGSTOP): the other's watchdog ends the job, status 6, no report
# Exit 77 (skipped, with the reason) where not root, without iproute2, or where namespaces or
# a delay cannot be made. Usage: multihost.sh CASE XHPCG XGRAPH MPIEXEC [DELAY_WIRE]
set -uo pipefail
case_name=$1 xhpcg=$2 xgraph=$3 mpiexec=$4 delay_wire=${5:-}
work=$(mktemp -d)
prefix=h$$  # namespace and link names carry our pid: parallel runs do not collide
limit=4     # --watchdog for the fault cases, seconds
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE

fail() { echo "FAIL [$case_name]: $*" >&2; tail -n 20 "$work"/*.err >&2 2>/dev/null; exit 1; }
skip() { echo "SKIP [$case_name]: $*"; exit 77; }
now() { date +%s.%N; }
elapsed() { echo "$1 $2" | awk '{printf "%.1f", $2 - $1}'; }

remove_hosts() {
  local host
  [[ -s $work/wire.pid ]] && kill "$(cat "$work/wire.pid")" 2> /dev/null
  for host in l a b; do
    ip netns pids "$prefix$host" 2> /dev/null | xargs -r kill -9 2> /dev/null
    ip netns del "$prefix$host" 2> /dev/null
  done
}

cleanup() {
  # A job still running after a failure: timeout passes the signal on to mpiexec.
  [[ -s $work/job.pid ]] && kill "$(cat "$work/job.pid")" 2> /dev/null
  remove_hosts
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Namespaces left by a run that was killed (its pid gone) would otherwise stay until reboot.
remove_stale() {
  local name pid
  for name in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^h[0-9]+[lab]$'); do
    pid=${name:1:-1}
    kill -0 "$pid" 2>/dev/null || ip netns del "$name" 2>/dev/null
  done
}

# make_hosts [DELAY_US]: with a delay, node-b's link is a delay_wire instead of a veth pair.
make_hosts() {
  local delay_us=${1:-}
  [[ $(id -u) -eq 0 ]] || skip "needs root for network namespaces"
  command -v ip > /dev/null || skip "needs iproute2 (ip)"
  remove_stale
  ip netns add "${prefix}l" 2> "$work/netns.err" ||
    skip "cannot create a network namespace: $(cat "$work/netns.err")"
  local host address=2
  ip netns add "${prefix}a" && ip netns add "${prefix}b" || fail "ip netns add failed"
  ip -n "${prefix}l" link add br0 type bridge || skip "cannot create a bridge"
  ip -n "${prefix}l" addr add 10.213.0.1/24 dev br0 && ip -n "${prefix}l" link set br0 up &&
    ip -n "${prefix}l" link set lo up || fail "launcher namespace set-up failed"
  for host in a b; do
    if [[ $host == b && -n $delay_us ]]; then
      make_wire "$delay_us"
    else
      ip link add "$prefix${host}0" type veth peer name "$prefix${host}1" || skip "cannot create veth pairs"
      ip link set "$prefix${host}0" netns "${prefix}l" && ip link set "$prefix${host}1" netns "$prefix$host" &&
        ip -n "$prefix$host" link set "$prefix${host}1" name eth0 || fail "veth set-up failed"
    fi
    ip -n "${prefix}l" link set "$prefix${host}0" master br0 up &&
      ip -n "$prefix$host" addr add "10.213.0.$address/24" dev eth0 &&
      ip -n "$prefix$host" link set eth0 up && ip -n "$prefix$host" link set lo up ||
      fail "host $host set-up failed"
    address=$((address + 1))
  done
  # Hydra calls "SCRIPT -x HOST COMMAND" as it would ssh; COMMAND is one shell string.
  cat > "$work/launch.sh" << EOF
#!/usr/bin/env bash
[[ \$1 == -x ]] && shift
host=\$1
shift
exec ip netns exec "$prefix\${host#node-}" unshare --uts bash -c "hostname \$host && exec \$*"
EOF
  chmod +x "$work/launch.sh"
}

# node-b's link through delay_wire: TAP devices b0 (launcher side) and eth0 (node-b).
make_wire() {
  [[ -x $delay_wire ]] || skip "no tc netem and no delay_wire program to delay the link"
  "$delay_wire" "$1" "${prefix}l" "${prefix}b0" "${prefix}b" eth0 > "$work/wire.out" 2> "$work/wire.err" &
  echo $! > "$work/wire.pid"
  wait_for '^ready' "$work/wire.out"
}

# on_network RANKS_PER_HOST CMD...: the job on node-a and node-b, from the launcher namespace.
on_network() {
  local per_host=$1
  shift
  ip netns exec "${prefix}l" env UCX_TLS=tcp,self MPIR_CVAR_NOLOCAL=1 \
    timeout 240 "$mpiexec" -launcher ssh -launcher-exec "$work/launch.sh" -localhost 10.213.0.1 \
    -hosts "node-a:$per_host,node-b:$per_host" -n $((2 * per_host)) "$@"
}

# network_job DONE_PATTERN DONE_GLOB PER_HOST CMD...: on_network in the background; returns its
# status, or 200 when the output was complete (DONE_PATTERN in DONE_GLOB) but the job had not
# ended 30 s later. MPICH 4.0.2 with UCX over TCP sometimes hangs in MPI_Finalize, with 2 ranks
# as with 4 (a rank closing its endpoints waits for peers already in the PMI barrier); the
# programs bound MPI_Finalize (10 s, then the rank says so and ends with status 7), so such a
# job ends too. Every network run whose results are checked goes through here.
network_job() {
  local pattern=$1 files=$2 since="" host
  shift 2
  on_network "$@" &
  local job=$!
  while kill -0 "$job" 2> /dev/null; do
    # shellcheck disable=SC2086
    [[ -z $since ]] && grep -qsE "$pattern" $files && since=$SECONDS
    if [[ -n $since ]] && ((SECONDS - since > 30)); then
      for host in a b; do ip netns pids "$prefix$host" | xargs -r kill -9 2> /dev/null; done
      wait "$job"
      return 200
    fi
    sleep 0.2
  done
  wait "$job"
}

# finished_job STATUS ERRFILE: whether a network job whose results are complete ended as it
# should: status 0, or non-zero with a rank's message that its MPI_Finalize was bounded (the
# rank ends with 7; MPICH's mpiexec, seeing a rank leave its shutdown, reports 255). A job still
# running 30 s after its results fails.
finished_job() {
  local status=$1 bounded
  ((status != 200)) || fail "results complete, but the job did not end 30 s after them"
  ((status == 0)) && return 0
  bounded=$(grep -c 'MPI_Finalize did not return' "$2")
  ((bounded > 0)) || fail "the run over the network failed (status $status)"
  echo "MPI_Finalize bounded on $bounded rank(s), job status $status: $(grep -m 1 'MPI_Finalize did not return' "$2")"
}

# Bytes node-a and node-b sent on their links.
link_bytes() {
  local host total=0
  for host in a b; do
    total=$((total + $(ip netns exec "$prefix$host" cat /sys/class/net/eth0/statistics/tx_bytes)))
  done
  echo "$total"
}

# The numbers of an xhpcg run that depend neither on timing nor on the draws of the run: the
# reference and validated scaled residuals (17 digits; the timed sets' own depend on their
# drawn right-hand sides), the iteration counts, the symmetry departures and the spectral
# tests' iteration counts.
xhpcg_fingerprint() {
  local keys='reference_scaled_residual|validated_scaled_residual'
  keys+='|reference_per_set|optimized_per_set'
  grep -ohE "\"($keys)\": [^,}]*" "$1"/HPCG-Benchmark_3.1_*.json
  grep -hE 'Departure for|Maximum iteration count' "$1"/HPCG-Benchmark_3.1_*.txt
}

report_value() { sed -n "s/^$2=//p" "$1"/HPCG-Benchmark_3.1_*.txt; }

# xhpcg_compare PER_HOST: the same QuickPath run over shared memory and over the network.
xhpcg_compare() {
  local per_host=$1 ranks=$(($1 * 2)) args=(--nx=16 --ny=16 --nz=16 --rt=0 --quiet --triad-bandwidth=40)
  make_hosts
  mkdir "$work/shm" "$work/net"
  (cd "$work/shm" && timeout 120 "$mpiexec" -n "$ranks" "$xhpcg" "${args[@]}" > out.txt 2> "$work/shm.err") ||
    fail "the shared-memory run failed"
  local before=$(link_bytes) start=$(now)
  (cd "$work/net" && network_job '^Log: ' "$work/net/out.txt" "$per_host" "$xhpcg" "${args[@]}" \
     > out.txt 2> "$work/net.err")
  local status=$?
  finished_job "$status" "$work/net.err"
  local seconds=$(elapsed "$start" "$(now)") sent=$(($(link_bytes) - before))
  grep -q 'VALID with' "$work/net/out.txt" || fail "the run over the network is not VALID"
  xhpcg_fingerprint "$work/shm" > "$work/shm.txt"
  xhpcg_fingerprint "$work/net" > "$work/net.txt"
  [[ $(wc -l < "$work/net.txt") -ge 8 ]] || fail "too few numbers to compare: $(cat "$work/net.txt")"
  cmp -s "$work/shm.txt" "$work/net.txt" || fail "results differ: $(diff "$work/shm.txt" "$work/net.txt")"
  local halo=$(grep -oE '"timed_halo_bytes": [0-9]+' "$work/net"/*.json | grep -oE '[0-9]+$')
  # With one rank per host every halo byte of the timed set crosses the link.
  ((per_host > 1 || sent >= halo)) || fail "only $sent bytes crossed the link, the timed halo alone has $halo"
  ((sent > 100000)) || fail "only $sent bytes crossed the link"
  echo "$ranks ranks on 2 hosts: $(wc -l < "$work/net.txt") numbers identical to shared memory," \
       "$sent bytes over the link, network run $seconds s"
}

# xgraph_compare KERNEL RANKS_PER_HOST OUTPUT_FLAG
xgraph_compare() {
  local kernel=$1 per_host=$2 flag=$3 ranks=$(($2 * 2))
  local args=(--kron=12 --kernel="$kernel" --trials=3 --verify)
  make_hosts
  (cd "$work" && timeout 120 "$mpiexec" -n "$ranks" "$xgraph" "${args[@]}" "$flag=shm.out" \
     > shm.txt 2> shm.err) || fail "the shared-memory run failed"
  local before=$(link_bytes)
  (cd "$work" && network_job '^Verification: .*trials' "$work/net.txt" "$per_host" "$xgraph" \
     "${args[@]}" "$flag=net.out" > net.txt 2> net.err)
  local status=$?
  finished_job "$status" "$work/net.err"
  local sent=$(($(link_bytes) - before))
  grep -q 'Verification: *PASS' "$work/net.txt" || fail "verification did not pass: $(grep Verification "$work/net.txt")"
  [[ $(wc -l < "$work/net.out") -eq 4096 ]] || fail "expected 4096 lines in $flag"
  cmp -s "$work/shm.out" "$work/net.out" || fail "$flag differs: $(diff "$work/shm.out" "$work/net.out" | head -n 4)"
  ((sent > 10000)) || fail "only $sent bytes crossed the link"
  echo "xgraph $kernel, $ranks ranks on 2 hosts: $flag identical to shared memory, $sent bytes over the link"
}

xhpcg_delay() {
  local args=(--nx=16 --ny=16 --nz=16 --rt=0 --quiet --triad-bandwidth=40) host run
  make_hosts
  mkdir "$work/shm" "$work/net" "$work/slow"
  (cd "$work/shm" && timeout 120 "$mpiexec" -n 2 "$xhpcg" "${args[@]}" > out.txt 2> "$work/shm.err") ||
    fail "the shared-memory run failed"
  (cd "$work/net" && network_job '^Log: ' "$work/net/out.txt" 1 "$xhpcg" "${args[@]}" > out.txt \
     2> "$work/net.err")
  finished_job $? "$work/net.err"
  local how="tc netem on both links"
  if ! ip netns exec "${prefix}a" tc qdisc add dev eth0 root netem delay 2ms 2> "$work/tc.err" ||
     ! ip netns exec "${prefix}b" tc qdisc add dev eth0 root netem delay 2ms 2>> "$work/tc.err"; then
    how="delay_wire on node-b's link (tc netem: $(head -n 1 "$work/tc.err"))"
    remove_hosts
    make_hosts 2000
  fi
  (cd "$work/slow" && network_job '^Log: ' "$work/slow/out.txt" 1 "$xhpcg" "${args[@]}" > out.txt \
     2> "$work/slow.err")
  local status=$?
  finished_job "$status" "$work/slow.err"
  grep -q 'VALID with' "$work/slow/out.txt" || fail "the delayed run is not VALID"
  for run in shm net slow; do xhpcg_fingerprint "$work/$run" > "$work/$run.txt"; done
  cmp -s "$work/shm.txt" "$work/slow.txt" || fail "results differ: $(diff "$work/shm.txt" "$work/slow.txt")"
  local fast=$(report_value "$work/net" "Benchmark Time Summary::Total")
  local slow=$(report_value "$work/slow" "Benchmark Time Summary::Total")
  local fast_allreduce=$(report_value "$work/net" "DDOT Timing Variations::Avg DDOT MPI_Allreduce time")
  local slow_allreduce=$(report_value "$work/slow" "DDOT Timing Variations::Avg DDOT MPI_Allreduce time")
  awk -v f="$fast" -v s="$slow" 'BEGIN { exit !(s > f) }' ||
    fail "the delayed run ($slow s) is not slower than the undelayed one ($fast s)"
  echo "$fast $slow $fast_allreduce $slow_allreduce" | awk '{
    printf "timed set %.3f s undelayed, %.3f s with 2 ms delay (%.1fx);", $1, $2, $2 / $1
    printf " allreduce share %.0f%% and %.0f%%\n", 100 * $3 / $1, 100 * $4 / $2 }'
  echo "results identical to shared memory; delayed by $how"
}

# Pids of a program in a namespace (the ranks of that host).
ranks_in() {
  ip netns pids "$prefix$1" | xargs -r ps -o pid=,comm= -p 2> /dev/null | awk -v c="$2" '$2 == c {print $1}'
}

xhpcg_cut() {
  make_hosts
  (cd "$work" && on_network 1 "$xhpcg" --nx=16 --ny=16 --nz=16 --rt=60 --watchdog=$limit --quiet \
     > out.txt 2> job.err; echo $? > status; now > end_time) &
  local job=$!
  # Cut once the timed sets run (the run log has a set's residual line).
  wait_for 'Call \[[0-9]+\] Scaled Residual' "$work/hpcg*.txt"
  [[ -n $(ranks_in a xhpcg) && -n $(ranks_in b xhpcg) ]] || fail "no ranks found on the hosts"
  local cut=$(now) gone_a="" gone_b="" deadline=$((limit + 8))
  ip -n "${prefix}b" link set eth0 down
  while [[ -z $gone_a || -z $gone_b ]]; do
    [[ -z $gone_a && -z $(ranks_in a xhpcg) ]] && gone_a=$(elapsed "$cut" "$(now)")
    [[ -z $gone_b && -z $(ranks_in b xhpcg) ]] && gone_b=$(elapsed "$cut" "$(now)")
    awk -v t="$(elapsed "$cut" "$(now)")" -v d="$deadline" 'BEGIN { exit !(t > d) }' &&
      fail "ranks still running $deadline s after the cut (node-a gone: ${gone_a:-no}, node-b: ${gone_b:-no})"
    sleep 0.1
  done
  wait "$job"
  local ended=$(elapsed "$cut" "$(cat "$work/end_time")") status=$(cat "$work/status")
  [[ $status -eq 6 ]] || fail "mpiexec returned $status, expected 6 (watchdog)"
  grep -E "watchdog: no progress .* in phase 'timed sets.*waiting for" "$work/job.err" > "$work/message" ||
    fail "no watchdog message"
  ls "$work"/HPCG-Benchmark_* > /dev/null 2>&1 && fail "a report was left behind: $(ls "$work"/HPCG-Benchmark_*)"
  local sets=$(grep -cE 'Call \[[0-9]+\] Scaled Residual' "$work"/hpcg*.txt)
  echo "link cut during the timed sets: node-a's ranks gone after $gone_a s, node-b's (cut off) after" \
       "$gone_b s, mpiexec ended after $ended s with status 6 (limit $limit s)"
  echo "message: $(cat "$work/message")"
  echo "no report; the run log keeps $sets timed set(s)"
}

# wait_for PATTERN GLOB: until a line of the files matches (the run has reached that point), at
# most 30 s. GLOB is expanded on every try: the files may not exist yet.
wait_for() {
  local pattern=$1 files=$2 tries=0
  # shellcheck disable=SC2086
  until grep -qsE "$pattern" $files; do
    sleep 0.2
    tries=$((tries + 1))
    ((tries < 150)) || fail "no line matching '$pattern' within 30 s"
  done
}

# Needs no namespaces: rank 1 of PROGRAM stopped (SIGSTOP) once READY_PATTERN shows in one of
# the run's files; rank 0's watchdog must end the job.
stopped_peer() {
  local ready=$1 tag=watch$$ pid victim=""
  shift
  (cd "$work" && H21_TAG=$tag timeout 60 "$mpiexec" -n 2 "$@" --watchdog=$limit > out.txt \
     2> job.err & echo $! > "$work/job.pid"; wait $!; echo $? > "$work/status"; now > "$work/end_time") &
  local job=$!
  wait_for "$ready" "$work/*.txt"
  for pid in $(pgrep -x "$(basename "$1")"); do
    tr '\0' '\n' < "/proc/$pid/environ" 2> /dev/null | grep -qx "H21_TAG=$tag" &&
      tr '\0' '\n' < "/proc/$pid/environ" | grep -qx PMI_RANK=1 && victim=$pid
  done
  [[ -n $victim ]] || fail "rank 1 not found"
  local stop=$(now)
  kill -STOP "$victim"
  wait "$job"
  local ended=$(elapsed "$stop" "$(cat "$work/end_time")") status=$(cat "$work/status")
  kill -9 "$victim" 2> /dev/null
  [[ $status -eq 6 ]] || fail "mpiexec returned $status, expected 6 (watchdog)"
  grep -qE "rank 0: watchdog: no progress .* waiting for .*rank\(s\) 1" "$work/job.err" ||
    fail "no watchdog message naming rank 1"
  awk -v t="$ended" -v d=$((limit + 5)) 'BEGIN { exit !(t <= d) }' || fail "the job took $ended s"
  ls "$work"/HPCG-Benchmark_* "$work"/*.json > /dev/null 2>&1 && fail "a report was left behind"
  echo "rank 1 stopped: the job ended after $ended s with status 6 (limit $limit s)"
  grep watchdog "$work/job.err"
}

case "$case_name" in
  xhpcg_np2) xhpcg_compare 1 ;;
  xhpcg_np4) xhpcg_compare 2 ;;
  xgraph_bfs) xgraph_compare bfs 2 --parents-out ;;
  xgraph_pr) xgraph_compare pr 1 --scores-out ;;
  xhpcg_delay) xhpcg_delay ;;
  xhpcg_cut) xhpcg_cut ;;
  watchdog_stopped_peer)
    stopped_peer 'Call \[[0-9]+\] Scaled Residual' "$xhpcg" --nx=16 --ny=16 --nz=16 --rt=60 --quiet ;;
  watchdog_stopped_peer_xgraph)
    stopped_peer 'PR Trial Time' "$xgraph" --kron=14 --kernel=pr --trials=100000 --json=report.json ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
