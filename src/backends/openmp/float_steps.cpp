// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's HPG-MxP steps: the forward Gauss-Seidel sweep, in double and in float, in
// the block-colour order the backend declares for its SymGS, the blocks of a colour in parallel.
// A row's off-diagonal entries sum in independent partial sums (row_product.hpp), except the
// entry just before the diagonal, the nearest lower neighbour in ascending columns: the value the
// sweep wrote last, taken alone after the others, so that a row waits on its predecessor for one
// multiply-add and the division, not for its whole sum with the diagonal inside it and taken back
// out, as the reference writes it (measured in setup/BENCHMARKS.md).
// The sweep is the reference's in the declared order up to that rounding (the checks'
// tolerances).
#include "openmp_backend.hpp"
#include "row_product.hpp"

namespace hpcg::backends::openmp {
namespace {

template <class T>
void block_gs_forward(const SparseMatrix& A, const BlockColoring& coloring, const T* values,
                      const T* r, T* x) {
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const int colors = coloring.colors();
  const nnz_int* row_start = A.row_start.data();
  const nnz_int* diagonal = A.diagonal.data();
  const local_int* column = A.column_index.data();
#pragma omp parallel
  for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
    for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
      const local_int b = blocks[k];
      for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
        const nnz_int start = row_start[i], d = diagonal[i];
        const nnz_int nearest = d > start ? d - 1 : d;  // d: no lower entry
        T rest = r[i] - (range_product(column, values, x, start, nearest) +
                         range_product(column, values, x, d + 1, row_start[i + 1]));
        if (nearest != d) rest -= values[nearest] * x[column[nearest]];
        x[i] = rest / values[d];
      }
    }
  }
}

}  // namespace

void OpenMPBackend::gs_forward_part(HaloPart part, int l, const BackendVector& r,
                                    BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  forget_upper_sums();
  const SparseMatrix& A = level(l).A;
  block_gs_forward(A, ordering(l).coloring, A.values.data(), host_data(r), host_data(x));
}

void OpenMPBackend::gs_forward_float_part(HaloPart part, int l, const BackendVector& r,
                                          BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  forget_upper_sums();
  block_gs_forward(level(l).A, ordering(l).coloring, float_values(l), host_data_float(r),
                   host_data_float(x));
}

}  // namespace hpcg::backends::openmp
