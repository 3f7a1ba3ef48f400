// SPDX-License-Identifier: BSD-3-Clause
// A rank 0 lost while the others wait for its work alone still ends the job: rank 0 here goes
// silent (no heartbeat, no end), and the waiting ranks' watchdog must end the job with status 6
// and a message naming rank 0. CMake passes the test on that message; were the wait unbounded,
// the test would hang until CTest's timeout and fail.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "hpcg/base/watchdog.hpp"
#include "root_alone.hpp"

namespace hpcg::graph {
namespace {

TEST(RootAlone, LostRankZeroEndsTheJobNamingIt) {
  const Comm comm(MPI_COMM_WORLD);
  ASSERT_GT(comm.size(), 1);
  Watchdog watchdog("root_lost_test", comm.get(), WatchdogLimit{false, 0.5});
  set_watchdog_phase("cut on rank 0");
  if (comm.is_root()) {
    std::this_thread::sleep_for(std::chrono::seconds(30));  // lost: never signals
  } else {
    run_on_root_alone(comm, [] {});
  }
  ADD_FAILURE() << "rank " << comm.rank() << " was not ended by the watchdog";
}

}  // namespace
}  // namespace hpcg::graph
