// SPDX-License-Identifier: BSD-3-Clause
// Under srun each task ends by itself on a stop signal (stop_signal.hpp), but srun does not pass
// a signal sent to one task alone (`kill PID`) on to the others: they would wait for the dead
// task until the watchdog's limit. So the task that got such a signal asks Slurm to send the same
// signal to its whole step, and every task stops within seconds with the same status. A signal
// that Slurm sent (the time limit, scancel: slurmstepd signals every task) is not passed on:
// the other tasks have it already, and a job of many tasks must not send as many requests.
#pragma once

#include <sys/types.h>

#include <string>

namespace hpcg {

/// True when `sender` (a signal's si_pid) is Slurm's step daemon: its /proc/PID/comm reads
/// "slurmstepd". `proc` is the /proc directory to look in (tests give a fake one).
bool sent_by_slurm(pid_t sender, const std::string& proc = "/proc");

/// "JOB.STEP" from SLURM_JOB_ID and SLURM_STEP_ID, or "" when either is missing or not a number.
std::string slurm_step_of(const char* job_id, const char* step_id);

/// Runs `scancel --signal=NAME JOB.STEP` (posix_spawnp, never from a signal handler) and waits
/// for it at most `wait_seconds`. Returns "" when it ran and exited 0, else why not.
std::string signal_slurm_step(const std::string& step, const std::string& signal_name,
                              double wait_seconds);

}  // namespace hpcg
