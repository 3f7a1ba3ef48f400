// SPDX-License-Identifier: BSD-3-Clause
#include "halo_split.hpp"

#include <algorithm>

namespace hpcg::backends::openmp {
namespace {

/// Whether any row of [begin, end) reads a halo column.
bool reads_halo(const SparseMatrix& A, local_int begin, local_int end) {
  for (nnz_int k = A.row_start[begin]; k < A.row_start[end]; ++k) {
    if (A.column_index[k] >= A.rows) return true;
  }
  return false;
}

void add_run(RowRuns& runs, local_int begin, local_int end, local_int max_run_rows) {
  for (local_int start = begin; start < end; start += max_run_rows) {
    runs.begin.push_back(start);
    runs.end.push_back(std::min(end, start + max_run_rows));
  }
}

}  // namespace

local_int RowRuns::rows() const {
  local_int total = 0;
  for (size_t k = 0; k < size(); ++k) total += end[k] - begin[k];
  return total;
}

HaloSplit split_by_halo(const SparseMatrix& A, local_int max_run_rows, local_int unit_rows) {
  HaloSplit split;
  local_int run_start = 0;
  bool run_reads = false;  // whether the run from run_start reads the halo
  for (local_int u = 0; u < A.rows; u += unit_rows) {
    const bool reads = reads_halo(A, u, std::min(A.rows, u + unit_rows));
    if (u > run_start && reads != run_reads) {
      add_run(run_reads ? split.boundary : split.interior, run_start, u, max_run_rows);
      run_start = u;
    }
    run_reads = reads;
  }
  if (run_start < A.rows) {
    add_run(run_reads ? split.boundary : split.interior, run_start, A.rows, max_run_rows);
  }
  return split;
}

}  // namespace hpcg::backends::openmp
