// SPDX-License-Identifier: BSD-3-Clause
// The timed phase's audits: the step's inputs and output downloaded, the reference step run on
// the inputs on the host, the output compared with the tolerances of step_checks.hpp.
#include "hpcg/hpgmp/step_audits.hpp"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/hpgmp/step_checks.hpp"
#include "hpcg/validation/os_random.hpp"
#include "row_errors.hpp"

namespace hpcg::hpgmp {
namespace {

template <class T>
std::string suffixed(const std::string& step) {
  return std::is_same_v<T, float> ? step + "_float" : step;
}

template <class T>
double tolerance_of() {
  return std::is_same_v<T, float> ? float_step_tolerance : double_step_tolerance;
}

/// Rows the row-by-row audits take at a time: the chunk of each vector they download (up to 31
/// of them for the update) is read again from the cache, where whole vectors cost an allocation
/// each and a trip through memory. Each vector takes rows / audit_rows downloads, which a
/// device backend pays in transfers: larger chunks would trade the cache for fewer of them.
constexpr local_int audit_rows = 8192;

/// row_sums of the rows [first, first + count) in pieces shared by the team of the enclosing
/// parallel region (an orphaned loop: one thread runs all of it outside a region). Ends with
/// the loop's barrier.
template <class T>
void shared_row_sums(const SparseMatrix& A, const T* values, const T* x, local_int first,
                     local_int count, T* sum, double* magnitude) {
  constexpr local_int piece = 256;
#pragma omp for schedule(static)
  for (local_int b = 0; b < count; b += piece) {
    row_sums(A, values, x, first + b, std::min(piece, count - b), sum + b, magnitude + b);
  }
}

}  // namespace

StepAuditor::StepAuditor(MxpWorkspace& ws) : ws_(ws) {
  const auto levels = ws.problem().levels.size();
  float_values_.resize(levels);
  for (size_t l = 0; l < levels; ++l) {
    order_.push_back(ws.backend().sweep_order(static_cast<int>(l)));
  }
}

bool StepAuditor::draw() {
  // Rank 0 asks the operating system after the step ran and broadcasts the decision: no state
  // in memory that a backend could read foretells it (the cost is a system call and a small
  // broadcast per auditable step).
  enum : unsigned char { pass, audit, no_bits };
  unsigned char decision = pass;
  if (ws_.comm().is_root()) {
    try {
      decision = os_random_bits() % audit_one_in == 0 ? audit : pass;
    } catch (const std::exception&) {
      decision = no_bits;  // raised on every rank below, so that none waits
    }
  }
  if (ws_.comm().size() > 1) MPI_Bcast(&decision, 1, MPI_UNSIGNED_CHAR, 0, ws_.comm().get());
  if (decision == no_bits) {
    throw ResourceError("getrandom(2) gave no bits for the timed phase's audits");
  }
  return decision == audit;
}

template <class T>
void StepAuditor::download_rows(const BackendVector& v, local_int begin, local_int count,
                                T* host) {
  if constexpr (std::is_same_v<T, float>) {
    ws_.backend().download_float(v, begin, count, host);
  } else {
    ws_.backend().download(v, begin, count, host);
  }
}

template <class T>
std::vector<T> StepAuditor::downloaded(const BackendVector& v, local_int count) {
  std::vector<T> host(count);
  download_rows(v, 0, count, host.data());
  return host;
}

template <class T>
std::vector<T> StepAuditor::with_halo(int l, const BackendVector& v) {
  SparseMatrix& A = ws_.problem().levels[l].A;
  std::vector<T> host = downloaded<T>(v, A.rows);
  host.resize(A.columns, T(0));
  A.exchange.run_typed(host.data());
  return host;
}

template <class T>
const T* StepAuditor::values(int l) {
  const SparseMatrix& A = ws_.problem().levels[l].A;
  if constexpr (std::is_same_v<T, float>) {
    std::vector<float>& v = float_values_[l];
    if (v.empty()) v.assign(A.values.begin(), A.values.end());
    return v.data();
  } else {
    return A.values.data();
  }
}

void StepAuditor::verdict(const std::string& step, int l, double error, double scale,
                          double tolerance) {
  ++audited_;
  std::string reason =
      step_failure(ws_.comm(), step, l, error, scale, tolerance, " in the timed phase");
  if (!reason.empty() && failed_.emplace(step, l).second) reasons_.push_back(std::move(reason));
}

template <class T>
void StepAuditor::spmv(int l, const BackendVector& x, const BackendVector& y) {
  if (!draw()) return;
  const SparseMatrix& A = ws_.problem().levels[l].A;
  const std::vector<T> x_host = with_halo<T>(l, x);
  const T* v = values<T>(l);
  std::vector<T> y_rows(audit_rows), expected(audit_rows);
  std::vector<double> scale(audit_rows);
  double error = 0;
  for (local_int first = 0; first < A.rows; first += audit_rows) {
    const local_int count = std::min(audit_rows, A.rows - first);
    download_rows(y, first, count, y_rows.data());
#pragma omp parallel
    {
      shared_row_sums(A, v, x_host.data(), first, count, expected.data(), scale.data());
#pragma omp for schedule(static) reduction(max : error)
      for (local_int r = 0; r < count; ++r) {
        error = std::max(error, row_error(y_rows[r], expected[r], scale[r]));
      }
    }
  }
  verdict(suffixed<T>("spmv"), l, error, 1.0, tolerance_of<T>());
}

template <class T>
void StepAuditor::first_sweep(int l, const BackendVector& r, const BackendVector& x) {
  if (!draw()) return;
  const SparseMatrix& A = ws_.problem().levels[l].A;
  const std::vector<T> r_host = downloaded<T>(r, A.rows);
  std::vector<T> expected(A.columns, T(0));
  reference::gs_forward(A, values<T>(l), order_[l].empty() ? nullptr : order_[l].data(),
                        r_host.data(), expected.data());
  auto [error, scale] = max_error(downloaded<T>(x, A.rows), expected, A.rows);
  verdict(suffixed<T>("gs_forward"), l, error, scale, tolerance_of<T>());
}

template <class T>
void StepAuditor::residual_restriction(int l, const BackendVector& r, const BackendVector& x,
                                       const BackendVector& rc) {
  if (!draw()) return;
  const Level& level = ws_.problem().levels[l];
  const SparseMatrix& A = level.A;
  const auto coarse_rows = static_cast<local_int>(level.coarse_to_fine.size());
  const std::vector<T> r_host = downloaded<T>(r, A.rows);
  const std::vector<T> x_host = with_halo<T>(l, x);
  std::vector<T> expected(coarse_rows);
  const T* v = values<T>(l);
  reference::residual_restriction_values(level, v, r_host.data(), x_host.data(), expected.data());
  verdict(suffixed<T>("residual_restriction"), l,
          max_row_error(downloaded<T>(rc, coarse_rows), expected,
                        row_magnitudes(A, v, x_host, level.coarse_to_fine,
                                       r_host.data())),
          1.0, tolerance_of<T>());
}

template <class T>
void StepAuditor::basis_dots(int k, const BackendVector* basis, const BackendVector& q,
                             const double* h, const char* step) {
  if (!draw()) return;
  const local_int n = ws_.problem().fine().A.rows;
  const std::vector<T> q_host = downloaded<T>(q, n);
  std::vector<T> v(n);
  double error = 0;  // the largest over j of |h_j - basis_j.q| / sum_i |basis_j[i] q[i]|
  double tolerance = tolerance_of<T>();
  for (int j = 0; j < k; ++j) {
    download_rows(basis[j], 0, n, v.data());
    double exact = 0, scale = 0;  // in any order: double's rounding is far below the tolerance
#pragma omp simd reduction(+ : exact, scale)
    for (local_int i = 0; i < n; ++i) {
      const double product = double(v[i]) * q_host[i];
      if constexpr (std::is_same_v<T, float>) exact += product;  // float products are exact
      scale += std::abs(product);
    }
    if constexpr (std::is_same_v<T, double>) exact = reference::dot(n, v.data(), q_host.data());
    error = std::max(error, std::abs(h[j] - exact) / std::max(scale, 1e-300));
    if (!std::isfinite(h[j])) error = 1e300;
    if constexpr (std::is_same_v<T, float>) {
      tolerance = std::max(tolerance,
                           float_dot_tolerance(n, v.data(), q_host.data(), exact, scale));
    }
  }
  verdict(suffixed<T>(step), 0, error, 1.0, tolerance);
}

template <class T>
void StepAuditor::subtract_projections(const BackendVector& z, int k, const BackendVector* basis,
                                       const std::vector<const double*>& passes,
                                       const BackendVector& q, const char* step) {
  if (!draw()) return;
  const SparseMatrix& A = ws_.problem().fine().A;
  const std::vector<T> z_host = with_halo<T>(0, z);
  const T* matrix = values<T>(0);
  std::vector<T> basis_rows(static_cast<std::size_t>(k) * audit_rows), q_rows(audit_rows);
  std::vector<T> expected(audit_rows);
  std::vector<double> scale(audit_rows);  // what each row added: A z's products, every term
  double error = 0;
  for (local_int first = 0; first < A.rows; first += audit_rows) {
    const local_int count = std::min(audit_rows, A.rows - first);
    for (int j = 0; j < k; ++j) {
      download_rows(basis[j], first, count, basis_rows.data() + std::size_t(j) * audit_rows);
    }
    download_rows(q, first, count, q_rows.data());
    // The loops after the sums take the same rows on each thread (static schedules of one
    // length), so a thread's rows need no barrier between them.
#pragma omp parallel
    {
      shared_row_sums(A, matrix, z_host.data(), first, count, expected.data(), scale.data());
      for (const double* h : passes) {
        for (int j = 0; j < k; ++j) {
          const T c = static_cast<T>(-h[j]);  // as reference::waxpby takes each term
          const T* v = basis_rows.data() + std::size_t(j) * audit_rows;
#pragma omp for schedule(static) nowait
          for (local_int r = 0; r < count; ++r) {
            expected[r] = T(1) * expected[r] + c * v[r];
            scale[r] += std::abs(h[j] * static_cast<double>(v[r]));
          }
        }
      }
#pragma omp for schedule(static) reduction(max : error)
      for (local_int r = 0; r < count; ++r) {
        error = std::max(error, row_error(q_rows[r], expected[r], scale[r]));
      }
    }
  }
  verdict(suffixed<T>(step), 0, error, 1.0, tolerance_of<T>());
}

#define HPGMP_AUDITS(T)                                                                        \
  template void StepAuditor::spmv<T>(int, const BackendVector&, const BackendVector&);         \
  template void StepAuditor::first_sweep<T>(int, const BackendVector&, const BackendVector&);  \
  template void StepAuditor::residual_restriction<T>(int, const BackendVector&,                \
                                                     const BackendVector&, const BackendVector&); \
  template void StepAuditor::basis_dots<T>(int, const BackendVector*, const BackendVector&,    \
                                           const double*, const char*);                        \
  template void StepAuditor::subtract_projections<T>(                                          \
      const BackendVector&, int, const BackendVector*, const std::vector<const double*>&,      \
      const BackendVector&, const char*);
HPGMP_AUDITS(double)
HPGMP_AUDITS(float)
#undef HPGMP_AUDITS

}  // namespace hpcg::hpgmp
