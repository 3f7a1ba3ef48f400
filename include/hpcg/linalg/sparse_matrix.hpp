// SPDX-License-Identifier: BSD-3-Clause
// The core's distributed sparse matrix: this rank's rows in CSR with 32-bit local column ids
// (owned rows first, then halo columns) and the halo exchange that fills those columns.
#pragma once

#include <vector>

#include "hpcg/base/types.hpp"
#include "hpcg/linalg/halo.hpp"

namespace hpcg {

struct SparseMatrix {
  local_int rows = 0;     ///< rows owned by this rank
  local_int columns = 0;  ///< rows + halo columns: the length a vector multiplied by A needs
  global_int global_rows = 0;
  global_int global_nonzeros = 0;
  std::vector<nnz_int> row_start;  ///< rows + 1 offsets (64-bit: local nonzeros may pass 2^31)
  std::vector<local_int> column_index;
  std::vector<double> values;
  std::vector<nnz_int> diagonal;  ///< offset of each row's diagonal entry in `values`
  HaloExchange exchange;

  nnz_int nonzeros() const { return row_start.empty() ? 0 : row_start.back(); }
};

}  // namespace hpcg
