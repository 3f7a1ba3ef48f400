// SPDX-License-Identifier: BSD-3-Clause
// The watchdog leaves a healthy run alone: under a short fixed limit and under the adaptive
// default, waits shorter than the limit (one rank late by a fraction of it) complete with the
// right values, nested waits count once, and every request of watched_waitall completes. A
// watchdog that fired here would end the job with status 6 and fail the test.
#include "hpcg/base/watchdog.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <chrono>
#include <thread>
#include <vector>

#include "hpcg/base/comm.hpp"

namespace hpcg {
namespace {

/// Every rank sends its rank to both ring neighbours; rank 0 posts its messages late.
void ring_exchange(const Comm& comm, double late_seconds) {
  const int next = (comm.rank() + 1) % comm.size();
  const int previous = (comm.rank() + comm.size() - 1) % comm.size();
  if (comm.rank() == 0) std::this_thread::sleep_for(std::chrono::duration<double>(late_seconds));
  int received[2] = {-1, -1};
  int mine = comm.rank();
  std::vector<MPI_Request> requests(4);
  const int peers[4] = {previous, next, previous, next};
  MPI_Irecv(&received[0], 1, MPI_INT, previous, 7, comm.get(), &requests[0]);
  MPI_Irecv(&received[1], 1, MPI_INT, next, 8, comm.get(), &requests[1]);
  MPI_Isend(&mine, 1, MPI_INT, previous, 8, comm.get(), &requests[2]);
  MPI_Isend(&mine, 1, MPI_INT, next, 7, comm.get(), &requests[3]);
  EXPECT_EQ(watched_waitall("test ring", comm.get(), 4, requests.data(), peers, 2), MPI_SUCCESS);
  for (MPI_Request request : requests) EXPECT_EQ(request, MPI_REQUEST_NULL);
  EXPECT_EQ(received[0], previous);
  EXPECT_EQ(received[1], next);
}

void collectives(const Comm& comm, double late_seconds) {
  if (comm.rank() == comm.size() - 1) {
    std::this_thread::sleep_for(std::chrono::duration<double>(late_seconds));
  }
  EXPECT_EQ(comm.sum(1.0), static_cast<double>(comm.size()));
  {
    WatchedWait outer("outer", comm.get());
    EXPECT_EQ(comm.max(comm.rank()), comm.size() - 1);  // a nested wait
  }
  EXPECT_EQ(comm.broadcast(comm.is_root() ? "root" : ""), "root");
  comm.barrier();
}

TEST(Watchdog, FixedLimitLetsShortWaitsPass) {
  const Comm comm(MPI_COMM_WORLD);
  Watchdog watchdog("watchdog_test", comm.get(), WatchdogLimit{false, 2.0});
  set_watchdog_phase("fixed limit");
  for (int round = 0; round < 3; ++round) {
    ring_exchange(comm, 0.3);
    collectives(comm, 0.3);
  }
}

TEST(Watchdog, AdaptiveDefaultLetsLongerWaitsPass) {
  const Comm comm(MPI_COMM_WORLD);
  Watchdog watchdog("watchdog_test", comm.get(), WatchdogLimit{});
  ring_exchange(comm, 1.0);
  collectives(comm, 1.0);
}

TEST(Watchdog, OffCostsNothingAndStillExchanges) {
  const Comm comm(MPI_COMM_WORLD);
  Watchdog watchdog("watchdog_test", comm.get(), WatchdogLimit{false, 0.0});
  ring_exchange(comm, 0.0);
  collectives(comm, 0.0);
}

}  // namespace
}  // namespace hpcg
