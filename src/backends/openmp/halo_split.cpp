// SPDX-License-Identifier: BSD-3-Clause
#include "halo_split.hpp"

#include <algorithm>

namespace hpcg::backends::openmp {
namespace {

bool reads_halo(const SparseMatrix& A, local_int i) {
  for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
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

HaloSplit split_by_halo(const SparseMatrix& A, local_int max_run_rows) {
  HaloSplit split;
  local_int run_start = 0;
  for (local_int i = 0; i <= A.rows; ++i) {
    const bool ends = i == A.rows || (i > run_start && reads_halo(A, i) != reads_halo(A, run_start));
    if (!ends) continue;
    if (run_start < i) {
      add_run(reads_halo(A, run_start) ? split.boundary : split.interior, run_start, i,
              max_run_rows);
    }
    run_start = i;
  }
  return split;
}

}  // namespace hpcg::backends::openmp
