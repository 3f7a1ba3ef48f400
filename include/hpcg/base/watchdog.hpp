// SPDX-License-Identifier: BSD-3-Clause
// Bounds every blocking MPI wait: a monitor thread per rank ends the job when a collective or a
// halo exchange has waited longer than a limit (a lost peer or network), instead of spinning on.
// Separate from comm.hpp because halo exchanges and the graph's own collectives use it too.
#pragma once

#include <mpi.h>

#include <string>

#include "hpcg/base/options.hpp"

namespace hpcg {

/// The watchdog's limit as given by --watchdog=SECONDS: `seconds` > 0 fixes it, 0 disables the
/// watchdog, and no flag (adaptive) means max(60 s, 20 x the longest wait completed so far, as
/// the monitor timed it: to within its poll interval, 1 s at that limit).
struct WatchdogLimit {
  bool adaptive = true;
  double seconds = 0;
};

/// The --watchdog=SECONDS row both programs' option tables share, and its value as a limit.
OptionSpec watchdog_option();
WatchdogLimit watchdog_limit(const OptionValue& value);

/// Starts the rank's monitor thread for the lifetime of this object (one at a time). When a
/// wait passes the limit, the monitor writes one line to stderr naming the rank, the phase, the
/// operation and the peers waited for, and ends the job with MPI_Abort and status 6
/// (ExitStatus::watchdog); if MPI_Abort has not ended this process 3 s later, _exit(6) does.
class Watchdog {
 public:
  Watchdog(const std::string& program, MPI_Comm comm, WatchdogLimit limit);
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
};

/// Names what the rank does now ("timed sets", "BFS trial 3"), for the watchdog's message and
/// a stop signal's; a new phase is also a safe point for a stop signal (stop_signal.hpp).
void set_watchdog_phase(const std::string& phase);

/// The phase last set.
std::string watchdog_phase();

/// The limit a wait has now, in seconds (the adaptive one as it stands); 0 when the watchdog is
/// off. A rank that works alone while others wait signals them more often than this
/// (src/graph/root_alone.hpp).
double watchdog_limit_now();

namespace detail {
extern bool watchdog_running;  // written by the main thread only, while no wait is open
void begin_wait(const char* operation, MPI_Comm comm);
void end_wait();
}  // namespace detail

/// Marks a blocking collective on `comm` for the scope of this object, on the thread that calls
/// MPI; costs a flag test when the watchdog is off and two stores when on (the monitor does the
/// timing). Nested waits count as the outer one.
class WatchedWait {
 public:
  WatchedWait(const char* operation, MPI_Comm comm) : open_(detail::watchdog_running) {
    if (open_) detail::begin_wait(operation, comm);
  }
  ~WatchedWait() {
    if (open_) detail::end_wait();
  }
  WatchedWait(const WatchedWait&) = delete;
  WatchedWait& operator=(const WatchedWait&) = delete;

 private:
  bool open_;
};

/// MPI_Waitall on point-to-point requests under the watchdog, which then names the peers whose
/// messages are still open: requests [0, receives) receive from peers[i], the others send to it.
/// Returns MPI_Waitall's status (MPI_Waitsome's, when watched).
int watched_waitall(const char* operation, MPI_Comm comm, int count, MPI_Request* requests,
                    const int* peers, int receives);

}  // namespace hpcg
