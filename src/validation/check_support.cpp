// SPDX-License-Identifier: BSD-3-Clause
#include "check_support.hpp"

#include <cmath>
#include <sstream>

#include "hpcg/backends/reference_kernels.hpp"

namespace hpcg::checks {

std::string describe(const char* what, int level, double value, double limit) {
  std::ostringstream text;
  text << what << " on level " << level << ": " << value << " (limit " << limit << ")";
  return text.str();
}

double scaled_spmv_error(const Comm& comm, const SparseMatrix& A, const Vector& x,
                         const Vector& y) {
  // Each row's product and its scale in one pass over the matrix (two passes cost an audit
  // twice the matrix's reads), each in two partial sums so that the products do not wait for
  // one chain of additions.
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  double worst = 0.0;
#pragma omp parallel for schedule(static) reduction(max : worst)
  for (local_int i = 0; i < A.rows; ++i) {
    double sum0 = 0.0, sum1 = 0.0, magnitude0 = 0.0, magnitude1 = 0.0;
    nnz_int k = A.row_start[i];
    const nnz_int end = A.row_start[i + 1];
    for (; k + 2 <= end; k += 2) {
      const double p0 = value[k] * x[column[k]], p1 = value[k + 1] * x[column[k + 1]];
      sum0 += p0, sum1 += p1;
      magnitude0 += std::fabs(p0), magnitude1 += std::fabs(p1);
    }
    if (k < end) {
      const double p0 = value[k] * x[column[k]];
      sum0 += p0;
      magnitude0 += std::fabs(p0);
    }
    const double error = std::fabs(y[i] - (sum0 + sum1)) / (magnitude0 + magnitude1);
    if (!(error <= worst)) worst = std::isnan(error) ? INFINITY : error;
  }
  return comm.max(worst);
}

double trusted_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y) {
  return comm.sum(reference::dot(n, x.data(), y.data()));
}

double accurate_dot(const Comm& comm, local_int n, const Vector& x, const Vector& y) {
  return comm.sum(accurate_local_dot(n, x, y));
}

double accurate_local_dot(local_int n, const Vector& x, const Vector& y) {
  double sum = 0.0, error = 0.0;
  for (local_int i = 0; i < n; ++i) {
    const double product = x[i] * y[i];
    const double product_error = std::fma(x[i], y[i], -product);
    const double next = sum + product, part = next - sum;
    error += (sum - (next - part)) + (product - part) + product_error;
    sum = next;
  }
  return sum + error;
}

double magnitude_local_dot(local_int n, const Vector& x, const Vector& y) {
  double sum = 0.0;
  for (local_int i = 0; i < n; ++i) sum += std::fabs(x[i] * y[i]);
  return sum;
}

}  // namespace hpcg::checks
