// SPDX-License-Identifier: BSD-3-Clause
// The bytes the openmp backend's kernels stream, counted from the arrays each one reads and
// writes: every array a kernel touches counts once per call in full (the x values a row gathers
// stay in cache within a kernel, as the stencil's neighbours do), nothing stays in cache between
// kernels, and where a kernel touches only the injected rows their elements are counted, not
// whole cache lines. A model of the compulsory traffic, the CPU's counterpart of the cuda
// emulation's sector count (Backend::kernel_traffic); perf stat measures the real traffic.
#pragma once

#include "hpcg/backends/backend.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/problem/problem.hpp"
#include "prolonged_upper.hpp"
#include "sliced_rows.hpp"

namespace hpcg::backends::openmp {

struct StepBytes {
  double read = 0, written = 0;
};

/// What one call of each matrix step moves on one level.
struct LevelBytes {
  StepBytes spmv, symgs, symgs_zero_guess, symgs_after_prolongation, residual_restriction,
      residual_restriction_after_pre_smoothing, prolongation, pack, unpack;
};
LevelBytes count_level_bytes(const Level& level, const SweepLayout& layout,
                             const BlockColoring& coloring, const ProlongedUpper& prolonged,
                             const SlicedRows<double>& sliced);

/// A vector step over n entries reading `reads` distinct vectors and writing `writes`.
StepBytes vector_bytes(local_int n, int reads, int writes);

/// The running total a backend reports as its kernel_traffic().
class TrafficCount {
 public:
  void add(const StepBytes& bytes) {
    total_.read_bytes += bytes.read;
    total_.written_bytes += bytes.written;
    total_.kernels += 1;
  }
  const KernelTraffic& total() const { return total_; }

 private:
  KernelTraffic total_;
};

}  // namespace hpcg::backends::openmp
