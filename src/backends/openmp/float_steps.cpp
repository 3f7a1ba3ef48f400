// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's HPG-MxP steps: the forward Gauss-Seidel sweep, in double and in float, in
// the block-colour order the backend declares for its SymGS, the blocks of a colour in parallel.
// Each row sums its entries in four independent partial sums: in one running sum (the
// reference's) each of a row's 27 products waits for the previous addition, so the sweep was
// bound by that wait, not by memory, and ran no faster in float than in double. The sweep is the
// reference's in the declared order up to that rounding (the checks' tolerances).
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
        T s0(0), s1(0), s2(0), s3(0);
        nnz_int e = A.row_start[i];
        const nnz_int end = A.row_start[i + 1];
        for (; e + 4 <= end; e += 4) {
          s0 += values[e] * x[A.column_index[e]];
          s1 += values[e + 1] * x[A.column_index[e + 1]];
          s2 += values[e + 2] * x[A.column_index[e + 2]];
          s3 += values[e + 3] * x[A.column_index[e + 3]];
        }
        for (; e < end; ++e) s0 += values[e] * x[A.column_index[e]];
        const T diagonal = values[A.diagonal[i]];
        // The sums took in the diagonal term too; add it back.
        x[i] = (r[i] - ((s0 + s1) + (s2 + s3)) + x[i] * diagonal) / diagonal;
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
