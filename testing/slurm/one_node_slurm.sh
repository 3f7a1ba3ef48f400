#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The programs under a real Slurm: a one-node cluster of our own (munged on a private socket,
# slurmctld -D and slurmd -D with a configuration in a temporary directory: linuxproc process
# tracking, task/affinity, no cgroups, no accounting, Slurm's default MpiDefault=none), started
# for the case and stopped by pid at its end. Cases:
#   srun_xhpcg          srun --mpi=pmi2 -n 2 xhpcg: one 2-rank job, VALID
#   srun_xgraph         srun --mpi=pmi2 -n 2 xgraph BFS: one 2-rank job, verified
#   srun_stop_signals   integration/stop_signals.sh under srun --mpi=pmi2: SIGTERM to every
#                       task (as scancel and the time limit), SIGTERM and SIGHUP to one task
#                       alone (passed to the step by scancel): status 128+N within 15 s
#   srun_without_pmi    srun -n 2 xhpcg (no --mpi): refused, status 2, one message naming
#                       srun --mpi=pmi2, nothing written
#   sbatch_readme       README.md's batch script, taken from the README, through sbatch --wait:
#                       its node, task and CPU counts scaled to this cluster and the run's size
#                       and length to a test's, nothing else changed; VALID 2-rank report
# Exit 77 (skipped, with the reason) when not root or without the Debian packages slurmctld,
# slurmd, slurm-client and munge (setup/install_deps.sh --tests installs them).
# Usage: one_node_slurm.sh CASE XHPCG XGRAPH README
set -uo pipefail
case_name=$1 xhpcg=$2 xgraph=$3 readme=$4
work=$(mktemp -d)
chmod 711 "$work"  # munged: its socket's directory must be searchable by all
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE

fail() {
  echo "FAIL [$case_name]: $*" >&2
  for log in "$work"/*.log "$work"/run/*.err "$work"/run/out.txt; do
    [[ -s $log ]] && { echo "--- $log" >&2; tail -n 15 "$log" >&2; }
  done
  exit 1
}
skip() { echo "SKIP [$case_name]: $*"; exit 77; }

daemons=()  # pids of what we started, in start order: stopped by pid, nothing by name
# start_daemon CMD...: in the background, its pid kept (disowned: no job notice when killed).
start_daemon() {
  "$@" &
  daemons+=($!)
  disown $!
}
stop_cluster() {
  local i pid
  # Jobs ended and their step daemons (slurmstepd, whose sockets are in the spool) gone first:
  # a step daemon whose slurmd and slurmctld are gone would wait for them forever.
  if [[ -n ${SLURM_CONF:-} ]]; then
    for _ in $(seq 100); do
      [[ -z $(squeue -h 2> /dev/null) && -z $(find "$work/spool" -type s 2> /dev/null) ]] && break
      sleep 0.1
    done
  fi
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do  # slurmd, slurmctld, then munged
    pid=${daemons[i]}
    kill "$pid" 2> /dev/null
    for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2> /dev/null
  done
  rm -rf "$work"
}
trap stop_cluster EXIT
trap 'exit 1' INT TERM

[[ $(id -u) -eq 0 ]] || skip "needs root to run slurmd and munged"
for program in munged mungekey slurmctld slurmd srun sbatch sinfo; do
  command -v "$program" > /dev/null ||
    skip "needs $program (Debian packages slurmctld slurmd slurm-client munge: setup/install_deps.sh --tests)"
done

# start_cluster: munged, slurmctld, slurmd; returns once the node takes jobs.
start_cluster() {
  local start=$SECONDS host cpus port
  host=$(hostname -s)
  # Online CPUs, not nproc: nproc follows OMP_NUM_THREADS. Two at least, for two tasks.
  cpus=$(getconf _NPROCESSORS_ONLN)
  ((cpus >= 2)) || cpus=2
  # Ports from our pid, so that two runs (or a site's own Slurm on 6817/6818) do not collide.
  port=$((20000 + ($$ % 20000) * 2))
  mkdir -p "$work/state" "$work/spool" "$work/run"
  mungekey --create --keyfile="$work/munge.key" 2> "$work/mungekey.log" ||
    fail "mungekey failed"
  start_daemon munged --foreground --socket="$work/munge.sock" --key-file="$work/munge.key" \
    --pid-file="$work/munged.pid" --seed-file="$work/munge.seed" --log-file="$work/munged.log" \
    2> "$work/munged.stderr"
  cat > "$work/slurm.conf" << CONF
ClusterName=hpcgtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.sock
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$work/slurm.conf
  for _ in $(seq 50); do [[ -S $work/munge.sock ]] && break; sleep 0.1; done
  [[ -S $work/munge.sock ]] || fail "munged did not start"
  start_daemon slurmctld -D -i -f "$SLURM_CONF" 2> "$work/slurmctld.stderr"
  start_daemon slurmd -D -f "$SLURM_CONF" 2> "$work/slurmd.stderr"
  local tries=0
  until sinfo -h -N -o '%t' 2> /dev/null | grep -qE '^(idle|mix|alloc)'; do
    sleep 0.2
    tries=$((tries + 1))
    ((tries < 150)) || fail "the node is not idle 30 s after start: $(sinfo -h -N -o '%t %E' 2>&1)"
  done
  echo "one-node Slurm ($host, $cpus CPUs) up in $((SECONDS - start)) s"
}

# in_run CMD...: runs CMD in $work/run with a time limit, output in run/out.txt and run/job.err.
in_run() {
  (cd "$work/run" && timeout -k 5 240 "$@" > out.txt 2> job.err)
}

# The triad's bandwidth given (xhpcg measures it for seconds otherwise; testing/tools tests that).
xhpcg_args=(--nx=16 --ny=16 --nz=16 --rt=0 --triad-bandwidth=40)
start_cluster
case "$case_name" in
  srun_xhpcg)
    in_run srun --mpi=pmi2 -n 2 "$xhpcg" "${xhpcg_args[@]}" || fail "srun failed with status $?"
    grep -q 'VALID with' "$work/run/out.txt" || fail "not VALID: $(tail -n 3 "$work/run/out.txt")"
    reports=("$work"/run/HPCG-Benchmark_3.1_*.txt)
    [[ ${#reports[@]} -eq 1 ]] || fail "expected one report, found ${#reports[@]}"
    grep -q '^Machine Summary::Distributed Processes=2$' "${reports[0]}" ||
      fail "the report is not a 2-rank run: $(grep 'Distributed Processes' "${reports[0]}")"
    echo "srun --mpi=pmi2 -n 2 xhpcg: one 2-rank VALID report" ;;
  srun_stop_signals)
    # integration/stop_signals.sh under srun (2 tries each; HPCG_SIGNAL_TRIES=20 for the
    # repetition runs), as Slurm signals: its time limit and scancel have slurmstepd send SIGTERM
    # to the tasks. Signals to srun itself are left out: srun answers SIGTERM by killing the
    # tasks with SIGKILL (status 137, nothing a program can catch) and one SIGINT by printing
    # the tasks' states.
    # A signal to one task alone (one_rank_*): srun does not pass it on, so that task has Slurm
    # signal the whole step (scancel --signal), and every task ends within seconds, not at the
    # watchdog's limit.
    for signal_case in ranks_term one_rank_term one_rank_hup; do
      bash "$(dirname "$0")/../integration/stop_signals.sh" "$signal_case" "${HPCG_SIGNAL_TRIES:-2}" \
        "$xhpcg" srun --mpi=pmi2 || fail "stop signals under srun: $signal_case"
    done
    echo "srun: stop signals end the job with 128+N" ;;
  srun_xgraph)
    in_run srun --mpi=pmi2 -n 2 "$xgraph" --kron=12 --kernel=bfs --trials=3 --verify ||
      fail "srun failed with status $?"
    grep -q '^Verification: *PASS (all 3 trials)' "$work/run/out.txt" ||
      fail "BFS not verified in each trial: $(grep Verification "$work/run/out.txt")"
    grep -q '^xgraph .*: 2 rank(s)' "$work/run/out.txt" ||
      fail "not one 2-rank run: $(grep '^xgraph' "$work/run/out.txt")"
    echo "srun --mpi=pmi2 -n 2 xgraph BFS: verified, 2 ranks" ;;
  srun_without_pmi)
    in_run srun -n 2 "$xhpcg" "${xhpcg_args[@]}"
    status=$?
    [[ $status -eq 2 ]] || fail "srun without --mpi returned $status, expected 2"
    [[ $(grep -c '^xhpcg: error:' "$work/run/job.err") -eq 1 ]] || fail "expected exactly one message"
    grep -q "srun --mpi=pmi2" "$work/run/job.err" || fail "the message does not name srun --mpi=pmi2"
    [[ -z $(find "$work/run" -mindepth 1 ! -name out.txt ! -name job.err) ]] ||
      fail "files were written: $(ls "$work/run")"
    echo "srun -n 2 without --mpi: status 2, $(cat "$work/run/job.err")" ;;
  sbatch_readme)
    # The block under "Under Slurm" in README.md, from its #! line to the closing fence.
    sed -n '/^### Under Slurm/,/^```$/p' "$readme" | sed -n '/^#!/,/^```$/p' | sed '$d' > "$work/readme.sbatch"
    grep -q '^#SBATCH' "$work/readme.sbatch" || fail "no batch script under 'Under Slurm' in $readme"
    cpus_per_task=$(($(getconf _NPROCESSORS_ONLN) / 2))
    ((cpus_per_task >= 1)) || cpus_per_task=1
    sed -e 's/--nodes=[0-9]*/--nodes=1/' -e 's/--ntasks-per-node=[0-9]*/--ntasks-per-node=2/' \
        -e "s/--cpus-per-task=[0-9]*/--cpus-per-task=$cpus_per_task/" \
        -e "s/--memory-fraction=[0-9.]* --rt=[0-9]*/${xhpcg_args[*]}/" \
        "$work/readme.sbatch" > "$work/run/job.sbatch"
    cmp -s "$work/readme.sbatch" "$work/run/job.sbatch" && fail "nothing was scaled in the script"
    grep -q -- "${xhpcg_args[*]}" "$work/run/job.sbatch" || fail "the run's size was not scaled: $(cat "$work/run/job.sbatch")"
    mkdir "$work/run/bin"
    ln -s "$xhpcg" "$work/run/bin/xhpcg"
    in_run sbatch --wait --output=slurm-job.out job.sbatch || fail "the batch job failed (status $?): $(cat "$work/run/slurm-job.out")"
    grep -q 'VALID with' "$work/run/slurm-job.out" || fail "not VALID: $(tail -n 5 "$work/run/slurm-job.out")"
    grep -q '^Machine Summary::Distributed Processes=2$' "$work"/run/HPCG-Benchmark_3.1_*.txt ||
      fail "the report is not a 2-rank run"
    echo "README's batch script through sbatch --wait: VALID, 2 ranks. As run:"
    cat "$work/run/job.sbatch" ;;
  *) echo "unknown case $case_name" >&2; exit 2 ;;
esac
echo "PASS [$case_name]"
