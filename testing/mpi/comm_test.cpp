// SPDX-License-Identifier: BSD-3-Clause
// run_collectively: a failure on some ranks becomes the same CollectiveError on all ranks (the
// lowest failing rank's kind and message), success throws nowhere, and the communicator is left
// in step for the next collective.
#include "hpcg/base/comm.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <functional>
#include <new>
#include <stdexcept>
#include <string>

#include "hpcg/base/error.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

// What run_collectively did on this rank.
struct Outcome {
  bool threw_collective = false;
  bool threw_other = false;
  ExitStatus status = ExitStatus::valid;
  std::string message;
};

Outcome run(const Comm& comm, const std::function<void()>& phase) {
  Outcome outcome;
  try {
    run_collectively(comm, phase);
  } catch (const CollectiveError& error) {
    outcome.threw_collective = true;
    outcome.status = error.status();
    outcome.message = error.what();
  } catch (...) {
    outcome.threw_other = true;
  }
  return outcome;
}

// Every rank throws CollectiveError(status, message); then one more collective proves that no
// rank was left behind in run_collectively's own communication.
void check_agreed(const Comm& comm, const Outcome& outcome, ExitStatus status,
                  const std::string& message, RankChecks& checks) {
  checks.check(outcome.threw_collective && !outcome.threw_other, "no CollectiveError thrown");
  checks.check(outcome.status == status, "status " +
                                             std::to_string(static_cast<int>(outcome.status)) +
                                             ", want " + std::to_string(static_cast<int>(status)));
  checks.check(outcome.message == message,
               "message '" + outcome.message + "', want '" + message + "'");
  checks.check(comm.sum(global_int{1}) == comm.size(), "communicator out of step afterwards");
}

TEST(RunCollectively, OneFailingRankMakesEveryRankThrow) {
  Comm comm;
  const int last = comm.size() - 1;
  Outcome outcome = run(comm, [&] {
    if (comm.rank() == last) throw InputError("x");
  });
  RankChecks checks;
  check_agreed(comm, outcome, ExitStatus::input_error, "x", checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, NothingThrownWhenNoRankFails) {
  Comm comm;
  int ran = 0;
  Outcome outcome = run(comm, [&] { ++ran; });
  RankChecks checks;
  checks.check(!outcome.threw_collective && !outcome.threw_other, "threw although nothing failed");
  checks.check(ran == 1, "phase ran " + std::to_string(ran) + " times");
  checks.check(comm.sum(global_int{1}) == comm.size(), "communicator out of step afterwards");
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, BadAllocBecomesResourceError) {
  Comm comm;
  const int failing = comm.size() / 2;
  Outcome outcome = run(comm, [&] {
    if (comm.rank() == failing) throw std::bad_alloc();
  });
  RankChecks checks;
  checks.check(outcome.threw_collective && outcome.status == ExitStatus::resource_error,
               "bad_alloc did not become resource_error everywhere");
  // The message names the rank that ran out, so the user knows where.
  checks.check(outcome.message.find("rank " + std::to_string(failing)) != std::string::npos,
               "message '" + outcome.message + "' does not name rank " + std::to_string(failing));
  checks.check(comm.sum(global_int{1}) == comm.size(), "communicator out of step afterwards");
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, LowestFailingRankWins) {
  Comm comm;
  // Ranks from size/2 up fail with different kinds; only the lowest one's error is reported.
  const int lowest = comm.size() / 2;
  Outcome outcome = run(comm, [&] {
    if (comm.rank() == lowest) throw InternalError("from rank " + std::to_string(comm.rank()));
    if (comm.rank() > lowest) throw ResourceError("from rank " + std::to_string(comm.rank()));
  });
  RankChecks checks;
  check_agreed(comm, outcome, ExitStatus::internal_error, "from rank " + std::to_string(lowest),
               checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, StandardExceptionBecomesInternalError) {
  Comm comm;
  Outcome outcome = run(comm, [&] {
    if (comm.rank() == 0) throw std::out_of_range("index 7");
  });
  RankChecks checks;
  check_agreed(comm, outcome, ExitStatus::internal_error, "index 7", checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, NestedAgreementIsPassedOnUnchanged) {
  // An inner run_collectively already agreed on every rank; the outer one must pass that error on
  // with its kind and message, not wrap it as an internal error of its own.
  Comm comm;
  const int last = comm.size() - 1;
  Outcome outcome = run(comm, [&] {
    run_collectively(comm, [&] {
      if (comm.rank() == last) throw ResourceError("inner");
    });
  });
  RankChecks checks;
  check_agreed(comm, outcome, ExitStatus::resource_error, "inner", checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunCollectively, WorksOnASubCommunicator) {
  // Ranks split into even and odd halves; each half agrees on its own failure only.
  Comm world;
  MPI_Comm half = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, world.rank() % 2, world.rank(), &half);
  Comm comm(half);
  const bool odd = world.rank() % 2 == 1;
  Outcome outcome = run(comm, [&] {
    if (odd && comm.rank() == comm.size() - 1) throw InputError("odd half");
  });
  RankChecks checks;
  if (odd) {
    check_agreed(comm, outcome, ExitStatus::input_error, "odd half", checks);
  } else {
    checks.check(!outcome.threw_collective && !outcome.threw_other, "even half threw");
  }
  MPI_Comm_free(&half);
  HPCG_EXPECT_ALL_RANKS(checks);
}

}  // namespace
}  // namespace hpcg
