// SPDX-License-Identifier: BSD-3-Clause
// How far a backend step's output is from the reference step's: shared by the checks before and
// after the timed phase (step_checks.cpp) and the audits inside it (step_audits.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::hpgmp {

/// The verdict on one step, the same on every rank: the largest error over the ranks (one that
/// is not finite as 1e300) against the largest scale and the largest tolerance (a float dot's
/// tolerance is each rank's own, its reference sum's error). Empty where the step passes, else
/// the reason, `when` following "differs from the reference step".
inline std::string step_failure(const Comm& comm, const std::string& step, int l, double error,
                                double scale, double tolerance, const std::string& when) {
  error = comm.max(std::isfinite(error) ? error : 1e300);
  scale = comm.max(scale);
  tolerance = comm.max(tolerance);
  if (error <= tolerance * scale) return {};
  std::ostringstream out;
  out << "backend step " << step << " on level " << l << " differs from the reference step"
      << when << ": error " << error / std::max(scale, 1e-300) << " relative, tolerance "
      << tolerance;
  return out.str();
}

/// Largest |a - b| and largest |b|, over the first n entries.
template <class T>
std::pair<double, double> max_error(const std::vector<T>& a, const std::vector<T>& b, size_t n) {
  double error = 0, scale = 0;
  for (size_t i = 0; i < n; ++i) {
    error = std::max(error, std::abs(static_cast<double>(a[i]) - static_cast<double>(b[i])));
    if (!std::isfinite(static_cast<double>(a[i]))) error = 1e300;
    scale = std::max(scale, std::abs(static_cast<double>(b[i])));
  }
  return {error, scale};
}

/// One row's |a - b| against the sum of the magnitudes the row added; 1e300 where it is not
/// finite, so that a NaN or an overflow always fails.
template <class T>
double row_error(T a, T b, double scale) {
  const double e = std::abs(static_cast<double>(a) - static_cast<double>(b));
  return std::isfinite(e) ? e / std::max(scale, 1e-300) : 1e300;
}

/// Largest row_error over the rows, so that a large entry cannot hide another row's error.
template <class T>
double max_row_error(const std::vector<T>& a, const std::vector<T>& b,
                     const std::vector<double>& scale) {
  double error = 0;
  for (size_t i = 0; i < scale.size(); ++i) {
    error = std::max(error, row_error(a[i], b[i], scale[i]));
  }
  return error;
}

/// sum over row i of |a_ij x_j|.
template <class T>
double row_magnitude(const SparseMatrix& A, const T* values, const T* x, local_int i) {
  double sum = 0;
  for (nnz_int e = A.row_start[i]; e < A.row_start[i + 1]; ++e) {
    sum += std::abs(static_cast<double>(values[e]) * static_cast<double>(x[A.column_index[e]]));
  }
  return sum;
}

/// reference::row_sum and row_magnitude of the rows [first, first + count), into sum[] and
/// magnitude[]. Four rows' sums go side by side, so that their additions, each waiting on the
/// one before, overlap; each row still adds its terms one after another in stored order, so
/// the sums are reference::row_sum's.
template <class T>
void row_sums(const SparseMatrix& A, const T* values, const T* x, local_int first,
              local_int count, T* sum, double* magnitude) {
  constexpr int side_by_side = 4;
  local_int r = 0;
  for (; r + side_by_side <= count; r += side_by_side) {
    nnz_int start[side_by_side], length[side_by_side];
    T s[side_by_side];
    double m[side_by_side];
    for (int j = 0; j < side_by_side; ++j) {
      start[j] = A.row_start[first + r + j];
      length[j] = A.row_start[first + r + j + 1] - start[j];
      s[j] = 0, m[j] = 0;
    }
    const nnz_int common = *std::min_element(length, length + side_by_side);
    const auto add = [&](int j, nnz_int e) {
      const T a = values[start[j] + e], xj = x[A.column_index[start[j] + e]];
      s[j] += a * xj;
      m[j] += std::abs(static_cast<double>(a) * static_cast<double>(xj));
    };
    for (nnz_int e = 0; e < common; ++e) {
      for (int j = 0; j < side_by_side; ++j) add(j, e);
    }
    for (int j = 0; j < side_by_side; ++j) {
      for (nnz_int e = common; e < length[j]; ++e) add(j, e);
      sum[r + j] = s[j], magnitude[r + j] = m[j];
    }
  }
  for (; r < count; ++r) {
    sum[r] = reference::row_sum(A, values, first + r, x);
    magnitude[r] = row_magnitude(A, values, x, first + r);
  }
}

/// |r_f| + row_magnitude(f) for each row f in `rows` (all rows when empty).
template <class T>
std::vector<double> row_magnitudes(const SparseMatrix& A, const T* values,
                                   const std::vector<T>& x, const std::vector<local_int>& rows,
                                   const T* r) {
  const local_int count = rows.empty() ? A.rows : static_cast<local_int>(rows.size());
  std::vector<double> scale(count);
  for (local_int k = 0; k < count; ++k) {
    const local_int i = rows.empty() ? k : rows[k];
    const double residual = r != nullptr ? std::abs(static_cast<double>(r[i])) : 0.0;
    scale[k] = residual + row_magnitude(A, values, x.data(), i);
  }
  return scale;
}

}  // namespace hpcg::hpgmp
