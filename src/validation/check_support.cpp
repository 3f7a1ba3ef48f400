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
  Vector expected(A.rows);
  reference::spmv(A, x.data(), expected.data());
  double worst = 0.0;
  for (local_int i = 0; i < A.rows; ++i) {
    double magnitude = 0.0;
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      magnitude += std::fabs(A.values[k] * x[A.column_index[k]]);
    }
    double error = std::fabs(y[i] - expected[i]) / magnitude;
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
