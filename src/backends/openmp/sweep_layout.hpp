// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's matrix layout for Gauss-Seidel. With L the columns a forward sweep
// updates before a row and U the others (halo columns included), a forward sweep stores
// t = r - L x, and the backward sweep, x = D^-1 (t - U x), then reads only U, since L's columns
// still hold the forward sweep's values; from x = 0 the forward sweep reads only L.
//
// Layout: the core's CSR with each row's entries reordered in place into [L ascending |
// diagonal | U descending] (any order of a row is the same matrix: the core's kernels and
// validation's reference kernels keep working on it, only the rounding of their sums changes),
// plus a separate copy of U. Forward sweeps stream the core's rows; backward sweeps stream the
// U copy, half a matrix, where reading U inside the core's rows would pull in whole rows (the
// hardware prefetcher fetches the L entries in between). A copy of L as well would save the
// zero-guess forward sweep another half pass but take the memory past 1.5 times the
// reference's; with U alone a V-cycle level streams the matrix about 3.1 times (reference 5).
#pragma once

#include <vector>

#include "hpcg/backend/block_coloring.hpp"

namespace hpcg::backends::openmp {

struct SweepLayout {
  std::vector<nnz_int> upper_start;  ///< row i's U is [upper_start[i], upper_start[i + 1])
  std::vector<local_int> upper_column;
  std::vector<double> upper_value;
  std::vector<double> inverse_diagonal;  ///< 1 / a_ii: sweeps multiply instead of dividing

  double bytes() const;
};

/// Reorders every row of A in place as above (A.diagonal then ends L and starts U) and returns
/// the U copy and inverse diagonal. Idempotent for a given colouring.
SweepLayout arrange_rows_in_sweep_order(SparseMatrix& A, const BlockColoring& coloring);

/// Recomputes the inverse diagonal after the core changed diagonal values.
void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout);

}  // namespace hpcg::backends::openmp
