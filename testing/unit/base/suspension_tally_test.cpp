// SPDX-License-Identifier: BSD-3-Clause
// The stop thread's suspension accounting (base/stop_signal.hpp), fed wake-ups in the orders a
// loaded machine produces.
#include <gtest/gtest.h>

#include "hpcg/base/stop_signal.hpp"

namespace hpcg {
namespace {

constexpr double tick = 0.2;

TEST(SuspensionTally, CountsAStopWhoseSigcontArrivesWithTheLongGap) {
  SuspensionTally tally(tick);
  tally.wake(0.2, false);
  tally.wake(2.1, true);
  tally.wake(0.2, false);
  EXPECT_EQ(tally.seen().count, 1);
  EXPECT_DOUBLE_EQ(tally.seen().seconds, 2.1);
}

TEST(SuspensionTally, CountsAStopWhoseSigcontIsSeenOneWakeUpLate) {
  // The poll timed out on resumption before the handler, on another thread, set its flag; the
  // handler's byte then woke the thread at once.
  SuspensionTally tally(tick);
  tally.wake(0.2, false);
  tally.wake(2.1, false);
  tally.wake(0.001, true);
  tally.wake(0.2, false);
  EXPECT_EQ(tally.seen().count, 1);
  EXPECT_DOUBLE_EQ(tally.seen().seconds, 2.1);
}

TEST(SuspensionTally, IgnoresASigcontWithoutAStop) {
  SuspensionTally tally(tick);
  tally.wake(0.2, false);
  tally.wake(0.05, true);
  EXPECT_EQ(tally.seen().count, 0);
}

TEST(SuspensionTally, IgnoresALongGapWithoutASigcont) {
  // A thread the machine did not run for a while was not suspended.
  SuspensionTally tally(tick);
  tally.wake(1.0, false);
  tally.wake(0.2, false);
  tally.wake(0.01, true);
  EXPECT_EQ(tally.seen().count, 0);
}

TEST(SuspensionTally, CountsTwoStopsOnceEach) {
  SuspensionTally tally(tick);
  tally.wake(3.0, false);
  tally.wake(0.001, true);
  tally.wake(0.001, true);  // a second SIGCONT right after: no second stop
  tally.wake(1.5, true);
  EXPECT_EQ(tally.seen().count, 2);
  EXPECT_DOUBLE_EQ(tally.seen().seconds, 4.5);
}

}  // namespace
}  // namespace hpcg
