// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's single-precision SpMV, restricted residual and dot. The core's defaults
// sum each row and each dot in one running float sum, as HPG-MxP's reference does: every
// addition then waits for the one before it, which made the float dot slower than the double
// one (four partial sums, blocked_sum.hpp) and the float SpMV no faster than openmp's double
// SpMV. Here the sums run in independent partial sums in a fixed order, so results repeat bit for
// bit; they differ from the reference steps in rounding only (the checks' float tolerance).
#include <algorithm>
#include <vector>

#include "float_dot.hpp"
#include "hpcg/base/threads.hpp"
#include "openmp_backend.hpp"
#include "row_product.hpp"

namespace hpcg::backends::openmp {

void OpenMPBackend::spmv_float_part(HaloPart part, int l, const BackendVector& x,
                                    BackendVector& y) {
  if (part == HaloPart::before_halo) return;
  const SparseMatrix& A = level(l).A;
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const float* value = float_values(l);
  const float* in = host_data_float(x);
  float* out = host_data_float(y);
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) out[i] = row_product(start, column, value, in, i);
}

void OpenMPBackend::residual_restriction_float_part(HaloPart part, int l, const BackendVector& r,
                                                    const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  const Level& fine = level(l);
  const nnz_int* start = fine.A.row_start.data();
  const local_int* column = fine.A.column_index.data();
  const local_int* injected = fine.coarse_to_fine.data();
  const float* value = float_values(l);
  const float* rhs = host_data_float(r);
  const float* in = host_data_float(x);
  float* out = host_data_float(rc);
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < coarse_rows; ++i) {
    const local_int f = injected[i];
    out[i] = rhs[f] - row_product(start, column, value, in, f);
  }
}

// Blocks of float lanes, the blocks' sums added in double per thread and the threads' sums in
// thread order: repeatable for a thread count, and closer to the exact dot than one float sum.
double OpenMPBackend::dot_float(local_int n, const BackendVector& x, const BackendVector& y) {
  const float* a = host_data_float(x);
  const float* b = host_data_float(y);
  const local_int blocks = (n + dot_block - 1) / dot_block;
  std::vector<double> partial(max_threads(), 0.0);
#pragma omp parallel
  {
    double sum = 0.0;
    const ThreadBlocks share(blocks);
    for (local_int k = share.first; k < share.last; ++k) {
      const local_int begin = k * dot_block;
      sum += block_dot(a, b, begin, std::min(n, begin + dot_block));
    }
    partial[thread_id()] = sum;
  }
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

}  // namespace hpcg::backends::openmp
