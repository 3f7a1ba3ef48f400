// SPDX-License-Identifier: BSD-3-Clause
// Reference kernels. SpMV and the vector kernels are threaded as in HPCG 3.1; SymGS stays
// sequential because Gauss-Seidel in natural order is inherently so (optimised backends reorder).
#include "hpcg/backend/reference_kernels.hpp"

#include <vector>

#include "hpcg/base/error.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace hpcg::reference {
namespace {

int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int thread_id() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

}  // namespace

void spmv(const SparseMatrix& A, const Vector& x, Vector& y) {
  HPCG_REQUIRE(x.size() >= A.columns && y.size() >= A.rows);
  const nnz_int* start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  const double* xv = x.data();
  double* yv = y.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) {
    double sum = 0.0;
    for (nnz_int k = start[i]; k < start[i + 1]; ++k) sum += value[k] * xv[column[k]];
    yv[i] = sum;
  }
}

namespace {
inline void relax_row(const SparseMatrix& A, local_int i, const double* rv, double* xv) {
  const nnz_int end = A.row_start[i + 1];
  double sum = rv[i];
  for (nnz_int k = A.row_start[i]; k < end; ++k) sum -= A.values[k] * xv[A.column_index[k]];
  const double diagonal = A.values[A.diagonal[i]];
  sum += xv[i] * diagonal;  // the loop subtracted the diagonal term too; add it back
  xv[i] = sum / diagonal;
}
}  // namespace

void symgs(const SparseMatrix& A, const Vector& r, Vector& x) {
  HPCG_REQUIRE(x.size() >= A.columns && r.size() >= A.rows);
  const double* rv = r.data();
  double* xv = x.data();
  for (local_int i = 0; i < A.rows; ++i) relax_row(A, i, rv, xv);
  for (local_int i = A.rows - 1; i >= 0; --i) relax_row(A, i, rv, xv);
}

double dot(local_int n, const Vector& x, const Vector& y) {
  HPCG_REQUIRE(x.size() >= n && y.size() >= n);
  const double* xv = x.data();
  const double* yv = y.data();
  // Per-thread partial sums added in thread order: an OpenMP reduction clause combines them in
  // arrival order, which changes the last bits from run to run.
  std::vector<double> partial(max_threads(), 0.0);
#pragma omp parallel
  {
    double sum = 0.0;
#pragma omp for schedule(static)
    for (local_int i = 0; i < n; ++i) sum += xv[i] * yv[i];
    partial[thread_id()] = sum;
  }
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

void waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y, Vector& w) {
  HPCG_REQUIRE(x.size() >= n && y.size() >= n && w.size() >= n);
  const double* xv = x.data();
  const double* yv = y.data();
  double* wv = w.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) wv[i] = alpha * xv[i] + beta * yv[i];
}

void restrict_residual(const Level& fine, const Vector& r, const Vector& Axf, Vector& rc) {
  const auto& map = fine.coarse_to_fine;
  auto n = static_cast<local_int>(map.size());
  HPCG_REQUIRE(rc.size() >= n);
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) rc[i] = r[map[i]] - Axf[map[i]];
}

void prolongate(const Level& fine, const Vector& xc, Vector& x) {
  const auto& map = fine.coarse_to_fine;
  auto n = static_cast<local_int>(map.size());
  HPCG_REQUIRE(xc.size() >= n);
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) x[map[i]] += xc[i];
}

}  // namespace hpcg::reference
