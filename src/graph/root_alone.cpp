// SPDX-License-Identifier: BSD-3-Clause
// Rank 0's heartbeat while it works alone; see root_alone.hpp. The work runs on a second thread
// so that the thread that calls MPI stays free to send (MPI is used from one thread only).
#include "root_alone.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <future>

#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

constexpr int heartbeat_tag = 3901;
constexpr int still_working = 1, finished = 0;

void signal_others(const Comm& comm, int message) {
  for (int r = 1; r < comm.size(); ++r) {
    MPI_Send(&message, 1, MPI_INT, r, heartbeat_tag, comm.get());
  }
}

}  // namespace

void run_on_root_alone(const Comm& comm, const std::function<void()>& work) {
  if (!comm.is_root()) {
    // Each heartbeat ends one wait and the next begins, so the watchdog times the gap between
    // heartbeats, not the whole work.
    const int root = 0;
    for (int message = still_working; message != finished;) {
      MPI_Request request;
      MPI_Irecv(&message, 1, MPI_INT, root, heartbeat_tag, comm.get(), &request);
      watched_waitall("MPI_Recv (heartbeat of rank 0, which works alone)", comm.get(), 1,
                      &request, &root, 1);
    }
    return;
  }
  std::exception_ptr failure;
  std::future<void> done = std::async(std::launch::async, [&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
  });
  const double limit = watchdog_limit_now();
  if (limit > 0 && comm.size() > 1) {
    const auto beat = std::chrono::duration<double>(std::clamp(limit / 4, 0.01, 1.0));
    while (done.wait_for(beat) != std::future_status::ready) signal_others(comm, still_working);
  }
  done.wait();
  signal_others(comm, finished);
  if (failure) std::rethrow_exception(failure);
}

}  // namespace hpcg::graph
