// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/comm.hpp"

#include <unistd.h>

#include <ctime>
#include <exception>
#include <new>

#include "hpcg/base/allocation_failure.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/base/stop_signal.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg {

Comm::Comm(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

double Comm::sum(double value) const {
  double result = 0;
  WatchedWait wait("MPI_Allreduce (sum)", comm_);
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_SUM, comm_);
  return result;
}

global_int Comm::sum(global_int value) const {
  long long in = value, out = 0;
  WatchedWait wait("MPI_Allreduce (sum)", comm_);
  MPI_Allreduce(&in, &out, 1, MPI_LONG_LONG, MPI_SUM, comm_);
  return out;
}

double Comm::max(double value) const {
  double result = 0;
  WatchedWait wait("MPI_Allreduce (max)", comm_);
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MAX, comm_);
  return result;
}

double Comm::min(double value) const {
  double result = 0;
  WatchedWait wait("MPI_Allreduce (min)", comm_);
  MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_MIN, comm_);
  return result;
}

int Comm::max(int value) const {
  int result = 0;
  WatchedWait wait("MPI_Allreduce (max)", comm_);
  MPI_Allreduce(&value, &result, 1, MPI_INT, MPI_MAX, comm_);
  return result;
}

void Comm::barrier() const {
  WatchedWait wait("MPI_Barrier", comm_);
  MPI_Barrier(comm_);
}

std::string Comm::broadcast(const std::string& text, int root) const {
  long long length = static_cast<long long>(text.size());
  WatchedWait wait("MPI_Bcast", comm_);
  MPI_Bcast(&length, 1, MPI_LONG_LONG, root, comm_);
  std::string result = rank_ == root ? text : std::string(static_cast<size_t>(length), '\0');
  if (length > 0) MPI_Bcast(result.data(), static_cast<int>(length), MPI_CHAR, root, comm_);
  return result;
}

void run_collectively(const Comm& comm, const std::function<void()>& phase) {
  int status = 0;
  std::string message;
  try {
    phase();
  } catch (const std::exception& error) {
    // A CollectiveError from a nested phase is agreed again here: it may have been agreed on
    // a sub-communicator only.
    status = static_cast<int>(exit_status_of(error));
    message = dynamic_cast<const std::bad_alloc*>(&error) == nullptr
                  ? error.what()
                  : "out of memory on rank " + std::to_string(comm.rank()) + " (" +
                        describe_allocation_failure() +
                        "); use a smaller local grid (--nx --ny --nz) or more nodes";
  }
  // The lowest failing rank reports; a rank that did not fail offers `size`, which never wins.
  int candidate = status != 0 ? comm.rank() : comm.size();
  int reporter = comm.size();
  WatchedWait wait("MPI_Allreduce (failure agreement)", comm.get());
  MPI_Allreduce(&candidate, &reporter, 1, MPI_INT, MPI_MIN, comm.get());
  if (reporter == comm.size()) return;
  MPI_Bcast(&status, 1, MPI_INT, reporter, comm.get());
  message = comm.broadcast(message, reporter);
  throw CollectiveError(static_cast<ExitStatus>(status), message);
}

void abort_job(MPI_Comm comm, int status) {
  disarm_early_exit();  // MPI_Abort may end this process through exit()
  remove_partial_outputs();  // the other ranks' are left to the next run (remove_stale_partials)
  const timespec grace{0, 200 * 1000 * 1000};
  nanosleep(&grace, nullptr);
  MPI_Abort(comm, status);
  _exit(status);  // MPI_Abort does not return; this keeps [[noreturn]] true if it did
}

}  // namespace hpcg
