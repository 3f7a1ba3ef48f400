// SPDX-License-Identifier: BSD-3-Clause
// A thin handle on an MPI communicator (never MPI_COMM_WORLD hard-coded below main) and the few
// collectives the benchmark needs, plus the rule by which ranks agree on a failure.
#pragma once

#include <mpi.h>

#include <functional>
#include <string>

#include "hpcg/base/types.hpp"

namespace hpcg {

class Comm {
 public:
  explicit Comm(MPI_Comm comm = MPI_COMM_WORLD);

  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool is_root() const { return rank_ == 0; }

  double sum(double value) const;
  global_int sum(global_int value) const;
  double max(double value) const;
  double min(double value) const;
  int max(int value) const;
  void barrier() const;
  /// Broadcasts root's string to every rank.
  std::string broadcast(const std::string& text, int root = 0) const;

 private:
  MPI_Comm comm_;
  int rank_ = 0;
  int size_ = 1;
};

/// Runs `phase` on every rank; if it throws on any rank, every rank throws the same
/// CollectiveError (the lowest failing rank's kind and message), so that all ranks stop alike.
/// `phase` must not wait in a collective that a failed rank would skip; it may nest
/// run_collectively on this or a sub-communicator.
void run_collectively(const Comm& comm, const std::function<void()>& phase);

/// Ends every rank of the job with `status` when only this rank knows of a failure: waits
/// 200 ms, so that the launcher forwards what this rank has just written (MPI_Abort kills every
/// rank at once and drops output not yet passed on), then calls MPI_Abort. Uses only
/// async-signal-safe calls besides MPI_Abort itself, so a crash handler may call it.
[[noreturn]] void abort_job(MPI_Comm comm, int status);

}  // namespace hpcg
