// SPDX-License-Identifier: BSD-3-Clause
// Wall-clock time for the benchmark's timers (MPI_Wtime, as HPCG 3.1).
#pragma once

#include <mpi.h>

namespace hpcg {

inline double wall_time() { return MPI_Wtime(); }

/// Adds the time between construction and destruction to `accumulator`.
class ScopedTimer {
 public:
  explicit ScopedTimer(double& accumulator) : accumulator_(accumulator), start_(wall_time()) {}
  ~ScopedTimer() { accumulator_ += wall_time() - start_; }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  double& accumulator_;
  double start_;
};

}  // namespace hpcg
