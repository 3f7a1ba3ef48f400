// SPDX-License-Identifier: BSD-3-Clause
// The STREAM triad every run measures: it computes a = b + 3 c (the checksum proves the stores),
// gives every rank the same figure, runs at least the repetitions and the seconds asked, sizes
// its arrays past the caches, and reports an allocation it cannot make instead of failing.
#include "hpcg/base/stream_triad.hpp"

#include <gtest/gtest.h>

#include "hpcg/base/timer.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

TEST(StreamTriad, ComputesTheTriadAndAgreesAcrossRanks) {
  const Comm comm;
  const long n = 1L << 16;
  const TriadMeasurement triad = measure_stream_triad(comm, n, {4, 0.0});
  ASSERT_TRUE(triad.measured);
  EXPECT_EQ(triad.repetitions, 4);
  EXPECT_EQ(triad.checksum, 7.0 * (n / 4096)) << "a = 1 + 3 x 2 sampled every 4096th element";
  EXPECT_GT(triad.gbs, 0);
  EXPECT_GT(triad.best_seconds, 0);
  EXPECT_EQ(comm.max(triad.gbs), comm.min(triad.gbs)) << "one figure for the job";
}

TEST(StreamTriad, RunsUntilTheSecondsAskedHavePassed) {
  const Comm comm;
  EXPECT_EQ(measure_stream_triad(comm, 1L << 12, {1, 0.0}).repetitions, 1);
  const double start = wall_time();
  const TriadMeasurement triad = measure_stream_triad(comm, 1L << 12, {1, 0.05});
  EXPECT_GE(wall_time() - start, 0.05) << "however long one repetition takes under load";
  EXPECT_EQ(comm.max(triad.repetitions), comm.min(static_cast<double>(triad.repetitions)));
}

TEST(StreamTriad, SizesItsArraysPastTheCaches) {
  const Comm comm;
  const long n = triad_elements_per_rank(comm);
  EXPECT_GE(n * static_cast<long>(sizeof(double)), 16L << 20);
  EXPECT_EQ(comm.max(static_cast<double>(n)), comm.min(static_cast<double>(n)));
}

TEST(StreamTriad, SaysSoWhenItCannotAllocate) {
  const Comm comm;
  // Rank 0 alone asks for far more than any machine has: every rank gets "not measured".
  const long n = comm.is_root() ? (1L << 55) : (1L << 10);
  const TriadMeasurement triad = measure_stream_triad(comm, n, {1, 0.0});
  EXPECT_FALSE(triad.measured);
  EXPECT_EQ(triad.gbs, 0);
}

}  // namespace
}  // namespace hpcg
