#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Stop signals, as a cluster sends them, repeated: each try starts a 2-rank xhpcg run, waits for
# it to start its work plus a random delay (so tries land in different phases), signals it, and
# requires: the launcher's status is 128 + signal (Open MPI's mpirun, itself signalled, returns
# 1 whatever the ranks do: there any non-zero status is accepted), the job ends within 15 s, a
# "received SIG..." line naming a rank is on stderr and in the run log, no partial or report
# file is left. Cases:
#   launcher_term   SIGTERM to the launcher (Slurm's time limit, scancel)
#   launcher_int    SIGINT to the launcher (Ctrl-C)
#   all_term        SIGTERM to the launcher and every rank at once
#   ranks_term      SIGTERM to every rank, not the launcher (Slurm's time limit and scancel:
#                   slurmstepd signals the tasks)
#   one_rank_term   SIGTERM to the last rank only (the others learn it through the job's end;
#                   under srun, through the step's signal that rank has Slurm send)
#   one_rank_hup    SIGHUP to the last rank only
#   suspend         SIGSTOP then SIGCONT to every rank, 2 s apart: the run ends with status 0,
#                   its console and JSON say it was suspended once for about 2 s
# Usage: stop_signals.sh CASE TRIES XHPCG MPIEXEC [LAUNCHER ARGS...]
set -uo pipefail
case_name=$1 tries=$2 xhpcg=$(realpath -m "$3") mpiexec=$4
shift 4
launcher_args=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
openmpi=0
[[ $("$mpiexec" --version 2>&1) == *"Open MPI"* || $("$mpiexec" --version 2>&1) == *OpenRTE* ]] &&
  openmpi=1

fail() {
  echo "FAIL [$case_name, try $try]: $*" >&2
  tail -n 20 "$dir/err.txt" "$dir/out.txt" >&2
  exit 1
}

# ranks: this try's xhpcg processes (the binary, started in this try's directory), in pid
# order: found alike under mpiexec, mpirun and srun (whose tasks are slurmstepd's children).
ranks() {
  local pid
  for pid in $(pgrep -x "$(basename "$xhpcg")"); do  # candidates by name, kept by exe and cwd
    [[ $(readlink "/proc/$pid/exe" 2> /dev/null) == "$xhpcg" &&
       $(readlink "/proc/$pid/cwd" 2> /dev/null) == "$dir" ]] && echo "$pid"
  done | sort -n
}

# start: a run of 30 s (suspend: QuickPath) in a fresh directory; returns once its run log
# exists (the handlers are in place before the log is opened) and both ranks are seen, plus a
# random 0-1.5 s.
start() {
  dir=$work/try$try
  mkdir "$dir" && cd "$dir" || exit 1
  local length=30 side=16
  # QuickPath on 48^3: a VALID run of about ten seconds, so that the suspension lands inside its
  # work even when a loaded machine makes the test see the ranks late (32^3 missed it once)
  [[ $case_name == suspend ]] && length=0 side=48
  "$mpiexec" "${launcher_args[@]}" -n 2 "$xhpcg" --nx=$side --ny=$side --nz=$side --rt=$length \
    > out.txt 2> err.txt &
  launcher=$!
  cd - > /dev/null || exit 1
  for _ in $(seq 300); do
    [[ -n $(compgen -G "$dir/hpcg20*.txt") && $(ranks | wc -l) -eq 2 ]] && break
    kill -0 "$launcher" 2> /dev/null || fail "the run ended before it was signalled"
    sleep 0.1
  done
  [[ $case_name == suspend ]] || sleep "$(awk -v r=$RANDOM 'BEGIN { print (r % 16) / 10 }')"
  mapfile -t rank_pids < <(ranks)
  [[ ${#rank_pids[@]} -eq 2 ]] || fail "expected 2 ranks, found ${#rank_pids[@]}"
}

# ended SIGNAL: waits (at most 15 s) and checks status, message, log and files.
ended() {
  local signal=$1 number waited=0
  number=$(kill -l "$signal")
  while kill -0 "$launcher" 2> /dev/null && ((waited < 150)); do
    sleep 0.1
    ((waited++))
  done
  kill -0 "$launcher" 2> /dev/null && { kill -KILL "$launcher"; fail "still running 15 s after $signal"; }
  wait "$launcher"
  status=$?
  if ((openmpi)) && [[ $case_name == launcher_* || $case_name == all_* ]]; then
    ((status != 0)) || fail "status 0 after $signal"
  else
    ((status == 128 + number)) || fail "status $status after $signal, expected $((128 + number))"
  fi
  # Open MPI's mpirun answers SIGINT by sending SIGTERM to the ranks: that is what they see.
  local seen=$signal
  ((openmpi)) && [[ $case_name == launcher_int ]] && seen=TERM
  grep -q "^xhpcg: rank [0-9]*: received SIG$seen in phase" "$dir/err.txt" ||
    fail "no 'received SIG$seen' line"
  grep -q "received SIG$seen" "$dir"/hpcg20*.txt || fail "the run log does not name SIG$seen"
  # srun does not pass a signal to one task on: that task has Slurm signal the step.
  if [[ $(basename "$mpiexec") == srun && $case_name == one_rank_* ]]; then
    grep -q "sent SIG$seen to Slurm step [0-9]*\.[0-9]*" "$dir/err.txt" ||
      fail "the signalled task did not pass SIG$seen to its Slurm step"
  fi
  [[ -z $(compgen -G "$dir/*partial*") ]] || fail "partial files left: $(ls "$dir")"
  [[ -z $(compgen -G "$dir/HPCG-Benchmark*") ]] || fail "a report was written"
}

for ((try = 1; try <= tries; try++)); do
  start
  case $case_name in
    launcher_term) kill -TERM "$launcher" && ended TERM ;;
    launcher_int) kill -INT "$launcher" && ended INT ;;
    all_term) kill -TERM "$launcher" "${rank_pids[@]}" && ended TERM ;;
    ranks_term) kill -TERM "${rank_pids[@]}" && ended TERM ;;
    one_rank_term) kill -TERM "${rank_pids[1]}" && ended TERM ;;
    one_rank_hup) kill -HUP "${rank_pids[1]}" && ended HUP ;;
    suspend)
      kill -STOP "${rank_pids[@]}" || fail "the run ended before it could be suspended"
      sleep 2
      kill -CONT "${rank_pids[@]}"
      wait "$launcher"
      status=$?
      ((status == 0)) || fail "status $status after a suspension"
      grep -q '^note: the job was suspended 1 time(s), [2-9]' "$dir/out.txt" ||
        fail "the console does not report a suspension of about 2 s"
      grep -A3 '"suspended"' "$dir"/HPCG-*.json | grep -q '"seconds": [2-9]' ||
        fail "the JSON does not report it"
      echo "try $try: $(grep '^note: the job was suspended' "$dir/out.txt")"
      continue ;;
    *) echo "unknown case $case_name" >&2; exit 2 ;;
  esac
  echo "try $try: status $status; $(grep -m1 'received SIG' "$dir/err.txt")"
done
echo "$case_name: $tries of $tries tries ended as required"
