// SPDX-License-Identifier: BSD-3-Clause
// Reference kernels of HPG-MxP's steps. The row sums run in the order of the row's entries, as
// the double reference kernels, so that in double they give those kernels' values bit for bit.
#include <vector>

#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/base/threads.hpp"

namespace hpcg::reference {
namespace {

template <class T>
void relax_row(const SparseMatrix& A, const T* values, local_int i, const T* r, T* x) {
  T sum = r[i];
  for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
    sum -= values[k] * x[A.column_index[k]];
  }
  const T diagonal = values[A.diagonal[i]];
  sum += x[i] * diagonal;  // the loop subtracted the diagonal term too; add it back
  x[i] = sum / diagonal;
}

}  // namespace

template <class T>
void spmv_values(const SparseMatrix& A, const T* values, const T* x, T* y) {
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) y[i] = row_sum(A, values, i, x);
}

template <class T>
void gs_forward(const SparseMatrix& A, const T* values, const local_int* order, const T* r, T* x) {
  for (local_int k = 0; k < A.rows; ++k) relax_row(A, values, order ? order[k] : k, r, x);
}

template <class T>
void residual_restriction_values(const Level& fine, const T* values, const T* r, const T* x,
                                 T* rc) {
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < coarse_rows; ++i) {
    const local_int f = fine.coarse_to_fine[i];
    rc[i] = r[f] - row_sum(fine.A, values, f, x);
  }
}

void prolongation(const Level& fine, const float* xc, float* x) {
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < coarse_rows; ++i) x[fine.coarse_to_fine[i]] += xc[i];
}

double dot(local_int n, const float* x, const float* y) {
  std::vector<float> partial(max_threads(), 0.0f);
#pragma omp parallel
  {
    float sum = 0.0f;
#pragma omp for schedule(static)
    for (local_int i = 0; i < n; ++i) sum += x[i] * y[i];
    partial[thread_id()] = sum;
  }
  float total = 0.0f;
  for (float p : partial) total += p;
  return total;
}

void waxpby(local_int n, float alpha, const float* x, float beta, const float* y, float* w) {
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) w[i] = alpha * x[i] + beta * y[i];
}

template void spmv_values<double>(const SparseMatrix&, const double*, const double*, double*);
template void spmv_values<float>(const SparseMatrix&, const float*, const float*, float*);
template void gs_forward<double>(const SparseMatrix&, const double*, const local_int*,
                                 const double*, double*);
template void gs_forward<float>(const SparseMatrix&, const float*, const local_int*, const float*,
                                float*);
template void residual_restriction_values<double>(const Level&, const double*, const double*,
                                                  const double*, double*);
template void residual_restriction_values<float>(const Level&, const float*, const float*,
                                                 const float*, float*);

}  // namespace hpcg::reference
