// SPDX-License-Identifier: BSD-3-Clause
// How a job that is told to stop (Slurm's time limit and scancel send SIGTERM, Ctrl-C SIGINT, a
// closed terminal SIGHUP) ends: on every rank, with one line per signalled rank that names the
// signal, the phase, the CG iteration and the rank, on the console and in the run log; partial
// outputs removed; and status 128 + signal from the launcher, never 0. The handler only sets a
// flag; the main thread acts on it at its next safe point (each CG iteration, each phase or
// trial), and a stop thread acts after a short grace if the main thread is busy or waiting for
// a rank that never got the signal. Both end the job through MPI_Abort, which every launcher
// tested (MPICH's Hydra, Open MPI's mpirun, srun) turns into the job's status: MPICH's launcher
// does not always report a rank that a signal killed, so the status must not depend on it.
// The same thread measures suspensions (SIGSTOP/SIGCONT, Slurm's suspend) for the report.
#pragma once

#include <atomic>
#include <string>

namespace hpcg {

/// Seconds the main thread has, after a stop signal, to reach a safe point before the stop
/// thread ends the job itself.
constexpr double stop_grace_seconds = 2;

/// Installs the handlers (SIGTERM, SIGINT, SIGHUP; SIGCONT to time suspensions) and starts this
/// rank's stop thread. Once per process; later calls only update the program name and rank.
void catch_stop_signals(const std::string& program, int rank);

/// The file that receives the stop line besides stderr (the run log; every rank may append).
void set_stop_log(const std::string& path);

/// Files being written that a stop removes (temporary files before their rename).
void add_partial_output(const std::string& path);
void remove_partial_output(const std::string& path);
/// Removes every registered partial output (a job ended by an error: abort_job).
void remove_partial_outputs();

/// Suspensions seen so far (SIGCONT after a stop) and their total length in seconds, measured
/// to within a fifth of a second.
struct Suspensions {
  int count = 0;
  double seconds = 0;
};
Suspensions suspensions();

/// The stop thread's accounting, apart so that its races can be tested: each wake-up brings the
/// time since the previous one and whether a SIGCONT arrived since. A stop shows as a gap longer
/// than `tick` seconds; the SIGCONT that ends it may be seen at that wake-up or the next one
/// (the thread can time out before the handler, run on another thread, has set its flag).
class SuspensionTally {
 public:
  explicit SuspensionTally(double tick) : threshold_(1.5 * tick) {}
  void wake(double gap, bool resumed);
  const Suspensions& seen() const { return seen_; }

 private:
  double threshold_;
  double previous_gap_ = 0;  // the last wake-up's gap, while no SIGCONT has claimed it
  Suspensions seen_;
};

/// "stop signal" text for a signal number ("SIGTERM"); "signal N" for others.
std::string stop_signal_name(int signal);

namespace detail {
extern std::atomic<int> stop_signal;  // the first stop signal that arrived, 0 for none
extern std::atomic<int> cg_iteration;  // the CG iteration running now, -1 outside CG
[[noreturn]] void stop_job();
}  // namespace detail

/// A safe point: ends the job (never returns) if a stop signal has arrived. Costs one load.
inline void stop_point() {
  if (detail::stop_signal.load(std::memory_order_relaxed) != 0) detail::stop_job();
}

/// A CG iteration's safe point: records the iteration for the stop message, then stop_point.
inline void stop_point_in_cg(int iteration) {
  detail::cg_iteration.store(iteration, std::memory_order_relaxed);
  stop_point();
}

}  // namespace hpcg
