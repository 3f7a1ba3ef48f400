// SPDX-License-Identifier: BSD-3-Clause
// Checks that every rank can report without deadlocking: each rank records its own failures, then
// all ranks agree on the outcome in one collective and EXPECT the same thing, so a failure on one
// rank never leaves the others waiting in a later collective (and rank 0 prints the message).
#pragma once

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstdio>
#include <string>

namespace hpcg::testing {

// Failures seen by this rank; only the first message is kept, with a count of the rest.
class RankChecks {
 public:
  // Records `message` when `ok` is false; returns ok so callers can stop a loop early.
  bool check(bool ok, const std::string& message) {
    if (!ok) fail(message);
    return ok;
  }
  void fail(const std::string& message) {
    if (failures_++ == 0) first_ = message;
  }
  int failures() const { return failures_; }
  const std::string& first() const { return first_; }

 private:
  int failures_ = 0;
  std::string first_;
};

// A number in messages at full precision (std::to_string prints 0.000000 for 1e-9).
inline std::string num(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// Collective: "" when no rank failed, else the lowest failing rank's first message, prefixed
// by its rank and failure count, on every rank.
inline std::string agreed_failure(const RankChecks& checks, MPI_Comm comm = MPI_COMM_WORLD) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int candidate = checks.failures() > 0 ? rank : size;
  int reporter = size;
  MPI_Allreduce(&candidate, &reporter, 1, MPI_INT, MPI_MIN, comm);
  if (reporter == size) return "";
  std::string text = "rank " + std::to_string(rank) + " (" + std::to_string(checks.failures()) +
                     " failures): " + checks.first();
  int length = static_cast<int>(text.size());
  MPI_Bcast(&length, 1, MPI_INT, reporter, comm);
  text.resize(static_cast<size_t>(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, reporter, comm);
  return text;
}

// Collective EXPECT: fails on every rank when any rank recorded a failure.
#define HPCG_EXPECT_ALL_RANKS(checks)                                          \
  do {                                                                         \
    const std::string hpcg_failure_ = ::hpcg::testing::agreed_failure(checks); \
    EXPECT_TRUE(hpcg_failure_.empty()) << hpcg_failure_;                       \
  } while (0)

}  // namespace hpcg::testing
