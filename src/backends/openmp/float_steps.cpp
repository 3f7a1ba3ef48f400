// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's HPG-MxP steps: the forward Gauss-Seidel sweep, in double and in float, in
// the block-colour order the backend declares for its SymGS, the blocks of a colour in parallel.
// Each row sums its entries in CSR order, as the reference does, so the sweep is the reference's
// in the declared order to the last bit. The other steps are the core's threaded defaults.
#include "openmp_backend.hpp"

namespace hpcg::backends::openmp {
namespace {

template <class T>
void block_gs_forward(const SparseMatrix& A, const BlockColoring& coloring, const T* values,
                      const T* r, T* x) {
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const int colors = coloring.colors();
#pragma omp parallel
  for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
    for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
      const local_int b = blocks[k];
      for (local_int i = block_start[b]; i < block_start[b + 1]; ++i) {
        T sum = r[i];
        for (nnz_int e = A.row_start[i]; e < A.row_start[i + 1]; ++e) {
          sum -= values[e] * x[A.column_index[e]];
        }
        const T diagonal = values[A.diagonal[i]];
        sum += x[i] * diagonal;  // the loop subtracted the diagonal term too
        x[i] = sum / diagonal;
      }
    }
  }
}

}  // namespace

void OpenMPBackend::gs_forward_part(HaloPart part, int l, const BackendVector& r,
                                    BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  const SparseMatrix& A = level(l).A;
  block_gs_forward(A, ordering(l).coloring, A.values.data(), host_data(r), host_data(x));
}

void OpenMPBackend::gs_forward_float_part(HaloPart part, int l, const BackendVector& r,
                                          BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  block_gs_forward(level(l).A, ordering(l).coloring, float_values(l), host_data_float(r),
                   host_data_float(x));
}

}  // namespace hpcg::backends::openmp
