// SPDX-License-Identifier: BSD-3-Clause
// A level's rows split by whether they read a halo column, for the split-phase halo steps: the
// interior rows run while the exchange is in flight (before_halo), the boundary rows once it has
// arrived (after_halo). Both as runs of consecutive rows, cut short so that the runs of a
// z-slab's one large interior spread over the threads.
#pragma once

#include <vector>

#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::backends::openmp {

/// Rows [begin[k], end[k]) for each run k, ascending.
struct RowRuns {
  std::vector<local_int> begin, end;
  size_t size() const { return begin.size(); }
  local_int rows() const;
};

struct HaloSplit {
  RowRuns interior, boundary;
};

/// The longest run the backend splits into: short enough that a z-slab's one interior spreads
/// over the threads.
constexpr local_int longest_run_rows = 2048;

/// Runs of at most `max_run_rows` rows, made of units of `unit_rows` rows from row 0: a unit
/// any of whose rows reads a halo column is a boundary unit (the openmp SpMV's slices, whole).
/// A multiple of unit_rows for max_run_rows keeps every run starting at a unit.
HaloSplit split_by_halo(const SparseMatrix& A, local_int max_run_rows = longest_run_rows,
                        local_int unit_rows = 1);

}  // namespace hpcg::backends::openmp
