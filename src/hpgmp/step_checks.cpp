// SPDX-License-Identifier: BSD-3-Clause
// The backend's steps against the reference steps, level by level, on values drawn here.
#include "hpcg/hpgmp/step_checks.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "precision_steps.hpp"
#include "row_errors.hpp"

namespace hpcg::hpgmp {

double float_dot_tolerance(local_int n, const float* x, const float* y, double exact,
                           double scale) {
  const double reference_error = std::abs(reference::dot(n, x, y) - exact);
  return std::max(float_step_tolerance, 2 * reference_error / std::max(scale, 1e-300));
}
namespace {

/// Host values and the same in the backend, in precision T.
template <class T>
struct Pair {
  std::vector<T> host;
  BackendVector device;
};

class StepChecker {
 public:
  explicit StepChecker(MxpWorkspace& ws) : ws_(ws), backend_(ws.backend()) {}

  void check_level(int l);
  std::vector<std::string> reasons() const { return reasons_; }

 private:
  template <class T>
  Pair<T> drawn(int l, local_int length, bool with_halo);
  template <class T>
  std::vector<T> downloaded(const BackendVector& v, local_int count);
  /// v[0, count) = host[0, count): each step starts from the reference's values, so that a
  /// reason names the step that erred, not the ones after it.
  template <class T>
  void upload(const std::vector<T>& host, local_int count, BackendVector& v);
  /// Records a reason where the largest error over the ranks passes tolerance * scale.
  void verdict(const std::string& step, int l, double error, double scale, double tolerance);
  template <class T>
  void check_precision(int l, const std::string& suffix, double tolerance);
  template <class T>
  void check_gram_schmidt(const std::string& suffix, double tolerance);

  MxpWorkspace& ws_;
  Backend& backend_;
  std::mt19937_64 random_{12345};
  std::vector<std::string> reasons_;
};

template <class T>
Pair<T> StepChecker::drawn(int l, local_int length, bool with_halo) {
  SparseMatrix& A = ws_.problem().levels[l].A;
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  random_.seed(1000003ULL * static_cast<unsigned>(ws_.comm().rank() + 1) + random_());
  Pair<T> p;
  p.host.assign(length, T(0));
  for (local_int i = 0; i < std::min(length, A.rows); ++i) p.host[i] = static_cast<T>(value(random_));
  p.device = ws_.allocate<T>(l, length);
  if constexpr (std::is_same_v<T, float>) {
    backend_.upload_float(p.host.data(), 0, A.rows, p.device);
  } else {
    backend_.upload(p.host.data(), 0, std::min(length, A.rows), p.device);
  }
  if (with_halo) {
    A.exchange.run_typed(p.host.data());
    ws_.exchange_halo<T>(l, p.device);
  }
  return p;
}

template <class T>
void StepChecker::upload(const std::vector<T>& host, local_int count, BackendVector& v) {
  if constexpr (std::is_same_v<T, float>) {
    backend_.upload_float(host.data(), 0, count, v);
  } else {
    backend_.upload(host.data(), 0, count, v);
  }
}

template <class T>
std::vector<T> StepChecker::downloaded(const BackendVector& v, local_int count) {
  std::vector<T> host(count);
  if constexpr (std::is_same_v<T, float>) {
    backend_.download_float(v, 0, count, host.data());
  } else {
    backend_.download(v, 0, count, host.data());
  }
  return host;
}

void StepChecker::verdict(const std::string& step, int l, double error, double scale,
                          double tolerance) {
  std::string reason = step_failure(ws_.comm(), step, l, error, scale, tolerance, "");
  if (!reason.empty()) reasons_.push_back(std::move(reason));
}

template <class T>
void StepChecker::check_precision(int l, const std::string& suffix, double tolerance) {
  const Level& level = ws_.problem().levels[l];
  const SparseMatrix& A = level.A;
  const std::vector<T> values(A.values.begin(), A.values.end());  // rounded for float
  Pair<T> x = drawn<T>(l, A.columns, true), r = drawn<T>(l, A.rows, false);

  BackendVector y = ws_.allocate<T>(l, A.rows);
  Steps<T>::spmv(backend_, l, x.device, y);
  std::vector<T> expected(A.rows);
  reference::spmv_values(A, values.data(), x.host.data(), expected.data());
  verdict("spmv" + suffix, l,
          max_row_error(downloaded<T>(y, A.rows), expected,
                        row_magnitudes(A, values.data(), x.host, {}, static_cast<const T*>(nullptr))),
          1.0, tolerance);

  // The forward sweep, from x, in the declared order.
  std::vector<local_int> order = backend_.sweep_order(l);
  std::vector<local_int> seen(A.rows, 0);
  bool permutation = order.empty() || static_cast<local_int>(order.size()) == A.rows;
  for (local_int k = 0; permutation && k < static_cast<local_int>(order.size()); ++k) {
    permutation = order[k] >= 0 && order[k] < A.rows && seen[order[k]]++ == 0;
  }
  if (ws_.comm().min(permutation ? 1.0 : 0.0) == 0.0) {
    reasons_.push_back("backend's declared Gauss-Seidel order on level " + std::to_string(l) +
                       " is not a permutation of its rows");
  } else {
    std::vector<T> swept = x.host;
    reference::gs_forward(A, values.data(), order.empty() ? nullptr : order.data(), r.host.data(),
                          swept.data());
    Steps<T>::gs_forward(backend_, l, r.device, x.device);
    auto [error, scale] = max_error(downloaded<T>(x.device, A.rows), swept, A.rows);
    verdict("gs_forward" + suffix, l, error, scale, tolerance);
    std::copy(swept.begin(), swept.begin() + A.rows, x.host.begin());
    ws_.problem().levels[l].A.exchange.run_typed(x.host.data());
    upload(x.host, A.rows, x.device);
    ws_.exchange_halo<T>(l, x.device);

    // And from x = 0, halo included, as the V-cycle's first sweep starts: a backend may treat
    // that start apart (openmp then reads no U).
    BackendVector zero_start = ws_.allocate<T>(l, A.columns);
    Steps<T>::fill(backend_, zero_start, 0.0);
    Steps<T>::gs_forward(backend_, l, r.device, zero_start);
    std::vector<T> from_zero(A.columns, T(0));
    reference::gs_forward(A, values.data(), order.empty() ? nullptr : order.data(), r.host.data(),
                          from_zero.data());
    auto [zero_error, zero_scale] =
        max_error(downloaded<T>(zero_start, A.rows), from_zero, A.rows);
    verdict("gs_forward" + suffix + " from x = 0", l, zero_error, zero_scale, tolerance);
  }
  if (level.coarse_to_fine.empty()) return;

  const auto coarse_rows = static_cast<local_int>(level.coarse_to_fine.size());
  BackendVector rc = ws_.allocate<T>(l + 1, coarse_rows);
  Steps<T>::residual_restriction(backend_, l, r.device, x.device, rc);
  std::vector<T> rc_expected(coarse_rows);
  reference::residual_restriction_values(level, values.data(), r.host.data(), x.host.data(),
                                         rc_expected.data());
  verdict("residual_restriction" + suffix, l,
          max_row_error(downloaded<T>(rc, coarse_rows), rc_expected,
                        row_magnitudes(A, values.data(), x.host, level.coarse_to_fine, r.host.data())),
          1.0, tolerance);

  // Prolongation into x from the coarse residual just computed.
  upload(rc_expected, coarse_rows, rc);
  Steps<T>::prolongation(backend_, l, rc, x.device);
  for (local_int i = 0; i < coarse_rows; ++i) x.host[level.coarse_to_fine[i]] += rc_expected[i];
  auto [prolongation_error, x_scale] = max_error(downloaded<T>(x.device, A.rows), x.host, A.rows);
  verdict("prolongation" + suffix, l, prolongation_error, x_scale, tolerance);
}

/// Gram-Schmidt's steps on drawn basis vectors, more than a fused kernel takes at once (16 in
/// kokkos and cuda): the dots against the exact ones to the dot's tolerance, the update against
/// waxpby's reference kernel one basis vector at a time, and the fused middle step
/// (subtract_projections_dots) against both: its update as the update's, its dots against the
/// exact dots of the q it made.
template <class T>
void StepChecker::check_gram_schmidt(const std::string& suffix, double tolerance) {
  constexpr int k = 20;
  const local_int n = ws_.problem().levels[0].A.rows;
  std::vector<std::vector<T>> basis;  // the host values of `vectors`
  std::vector<BackendVector> vectors;
  for (int j = 0; j < k; ++j) {
    Pair<T> drawn_vector = drawn<T>(0, n, false);
    basis.push_back(std::move(drawn_vector.host));
    vectors.push_back(std::move(drawn_vector.device));
  }
  // The dots h of q against the basis: verdict on their largest error.
  const auto check_dots = [&](const std::string& step, const std::vector<T>& q, const double* h) {
    double dot_error = 0, dot_scale = 0, dot_tolerance = tolerance;
    for (int j = 0; j < k; ++j) {
      double exact = 0, scale = 0;
      for (local_int i = 0; i < n; ++i) {
        exact += double(basis[j][i]) * q[i];
        scale += std::abs(double(basis[j][i]) * q[i]);
      }
      dot_error = std::max(dot_error, std::abs(h[j] - exact));
      dot_scale = std::max(dot_scale, scale);
      if constexpr (std::is_same_v<T, float>) {
        dot_tolerance = std::max(dot_tolerance, float_dot_tolerance(n, basis[j].data(), q.data(),
                                                                    exact, scale));
      }
    }
    verdict(step + suffix, 0, dot_error, dot_scale, dot_tolerance);
  };
  Pair<T> q = drawn<T>(0, n, false);
  double h[k] = {};
  backend_.basis_dots(n, k, vectors.data(), q.device, h);
  check_dots("basis_dots", q.host, h);

  double coefficients[k], largest = 1;  // |q| + sum |c_j| bounds every value the update makes
  for (int j = 0; j < k; ++j) {
    coefficients[j] = (j % 2 == 0 ? 1 : -1) * (0.5 + 0.0625 * j);
    largest += std::abs(coefficients[j]);
  }
  std::vector<T> expected = q.host;
  for (int j = 0; j < k; ++j) {
    if constexpr (std::is_same_v<T, float>) {
      reference::waxpby(n, 1.0f, expected.data(), static_cast<float>(-coefficients[j]),
                        basis[j].data(), expected.data());
    } else {
      reference::waxpby(n, 1.0, expected.data(), -coefficients[j], basis[j].data(),
                        expected.data());
    }
  }
  backend_.subtract_projections(n, k, vectors.data(), coefficients, q.device);
  verdict("subtract_projections" + suffix, 0,
          max_error(downloaded<T>(q.device, n), expected, n).first, largest, tolerance);

  upload(q.host, n, q.device);
  backend_.subtract_projections_dots(n, k, vectors.data(), coefficients, q.device, h);
  const std::vector<T> updated = downloaded<T>(q.device, n);
  verdict("subtract_projections_dots" + suffix, 0, max_error(updated, expected, n).first, largest,
          tolerance);
  check_dots("subtract_projections_dots", updated, h);
}

void StepChecker::check_level(int l) {
  check_precision<double>(l, "", double_step_tolerance);
  check_precision<float>(l, "_float", float_step_tolerance);
  if (l != 0) return;

  // The vector steps and the refinement's crossings, on the fine level.
  const local_int n = ws_.problem().levels[0].A.rows;
  Pair<double> a = drawn<double>(0, n, false), b = drawn<double>(0, n, false);
  Pair<float> af = drawn<float>(0, n, false), bf = drawn<float>(0, n, false);
  double dot_scale = 0, dot_float_scale = 0, dot_float_expected = 0;
  for (local_int i = 0; i < n; ++i) {
    dot_scale += std::abs(a.host[i] * b.host[i]);
    dot_float_scale += std::abs(double(af.host[i]) * bf.host[i]);
    dot_float_expected += double(af.host[i]) * bf.host[i];
  }
  verdict("dot", 0, std::abs(backend_.dot(n, a.device, b.device) -
                             reference::dot(n, a.host.data(), b.host.data())),
          dot_scale, double_step_tolerance);
  verdict("dot_float", 0, std::abs(backend_.dot_float(n, af.device, bf.device) - dot_float_expected),
          dot_float_scale,
          float_dot_tolerance(n, af.host.data(), bf.host.data(), dot_float_expected,
                              dot_float_scale));

  BackendVector w = ws_.allocate<double>(0, n);
  backend_.waxpby(n, 0.75, a.device, -1.25, b.device, w);
  std::vector<double> w_expected(n);
  reference::waxpby(n, 0.75, a.host.data(), -1.25, b.host.data(), w_expected.data());
  verdict("waxpby", 0, max_error(downloaded<double>(w, n), w_expected, n).first, 2.0,
          double_step_tolerance);
  BackendVector wf = ws_.allocate<float>(0, n);
  backend_.waxpby_float(n, 0.75, af.device, -1.25, bf.device, wf);
  std::vector<float> wf_expected(n);
  reference::waxpby(n, 0.75f, af.host.data(), -1.25f, bf.host.data(), wf_expected.data());
  verdict("waxpby_float", 0, max_error(downloaded<float>(wf, n), wf_expected, n).first, 2.0,
          float_step_tolerance);

  backend_.round_to_float(n, 3.0, a.device, wf);
  for (local_int i = 0; i < n; ++i) wf_expected[i] = static_cast<float>(3.0 * a.host[i]);
  verdict("round_to_float", 0, max_error(downloaded<float>(wf, n), wf_expected, n).first, 3.0,
          float_step_tolerance);
  // x += z must carry z's float bits into double exactly, not round x to float.
  backend_.add_float(n, af.device, a.device);
  for (local_int i = 0; i < n; ++i) a.host[i] += static_cast<double>(af.host[i]);
  verdict("add_float", 0, max_error(downloaded<double>(a.device, n), a.host, n).first, 2.0,
          double_step_tolerance);
  check_gram_schmidt<double>("", double_step_tolerance);
  check_gram_schmidt<float>("_float", float_step_tolerance);
}

}  // namespace

std::vector<std::string> check_steps(MxpWorkspace& ws) {
  StepChecker checker(ws);
  for (int l = 0; l < static_cast<int>(ws.problem().levels.size()); ++l) checker.check_level(l);
  return checker.reasons();
}

}  // namespace hpcg::hpgmp
