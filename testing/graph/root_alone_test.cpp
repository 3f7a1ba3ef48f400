// SPDX-License-Identifier: BSD-3-Clause
// Rank 0 working alone (as in a METIS or Scotch cut) for several times the watchdog's limit is
// not taken for a lost peer: the waiting ranks see its heartbeat. Without the heartbeat the
// watchdog would end the job with status 6 and fail the test. A failure of the work reaches
// every rank.
#include "root_alone.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {
namespace {

TEST(RootAlone, WorkLongerThanTheWatchdogLimitPasses) {
  const Comm comm(MPI_COMM_WORLD);
  Watchdog watchdog("root_alone_test", comm.get(), WatchdogLimit{false, 0.3});
  set_watchdog_phase("rank 0 alone");
  int answer = 0;
  run_collectively(comm, [&] {
    run_on_root_alone(comm, [&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      answer = 42;
    });
  });
  EXPECT_EQ(comm.max(static_cast<double>(answer)), 42.0);
}

TEST(RootAlone, FailureOfTheWorkReachesEveryRank) {
  const Comm comm(MPI_COMM_WORLD);
  Watchdog watchdog("root_alone_test", comm.get(), WatchdogLimit{false, 0.3});
  try {
    run_collectively(comm, [&] {
      run_on_root_alone(comm, [] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        throw InputError("the cut failed");
      });
    });
    ADD_FAILURE() << "no error on rank " << comm.rank();
  } catch (const CollectiveError& error) {
    EXPECT_NE(std::string(error.what()).find("the cut failed"), std::string::npos);
  }
}

TEST(RootAlone, WithoutWatchdogTheWorkStillRunsOnce) {
  const Comm comm(MPI_COMM_WORLD);
  int runs = 0;
  run_on_root_alone(comm, [&] { ++runs; });
  EXPECT_EQ(comm.sum(static_cast<global_int>(runs)), 1);
}

}  // namespace
}  // namespace hpcg::graph
