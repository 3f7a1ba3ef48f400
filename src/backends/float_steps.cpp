// SPDX-License-Identifier: BSD-3-Clause
// Every backend's defaults for HPG-MxP's steps: float vectors in host memory, the forward
// Gauss-Seidel sweep in the backend's declared order, the single-precision steps on the
// level's values rounded to float, and Gram-Schmidt from the vector steps. The refinement's crossings (round_to_float, add_float) reach
// the double vector through host copies where the backend's memory is separate.
#include <cstdlib>
#include <cstring>

#include "hpcg/backends/backend.hpp"
#include "hpcg/backends/reference_float_kernels.hpp"
#include "hpcg/base/array_memory.hpp"
#include "hpcg/base/error.hpp"
#include "host_values.hpp"

namespace hpcg {
namespace {

float* host_floats(float* values) {
  // The defaults reach float vectors in place; a backend keeping them elsewhere overrides
  // every *_float step and the float vector calls.
  HPCG_REQUIRE(values != nullptr);
  return values;
}

}  // namespace

BackendVector Backend::allocate_float(int l, VectorRole role, local_int length) {
  (void)role;
  HPCG_REQUIRE(length == level(l).A.rows || length == level(l).A.columns);
  auto* values = static_cast<float*>(allocate_array(sizeof(float) * static_cast<size_t>(length)));
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < length; ++i) values[i] = 0.0f;
  return adopt_float(values, length);
}

void Backend::release_float(void* handle) { std::free(handle); }

void Backend::upload_float(const float* host, local_int begin, local_int count, BackendVector& v) {
  HPCG_REQUIRE(v.single() && begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) std::memcpy(host_floats(host_data_float(v)) + begin, host, sizeof(float) * count);
}

void Backend::download_float(const BackendVector& v, local_int begin, local_int count,
                             float* host) {
  HPCG_REQUIRE(v.single() && begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) std::memcpy(host, host_floats(host_data_float(v)) + begin, sizeof(float) * count);
}

void Backend::fill_float(BackendVector& v, float value) {
  HPCG_REQUIRE(v.single());
  float* out = host_floats(host_data_float(v));
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < v.size(); ++i) out[i] = value;
}

void Backend::pack_halo_float(int l, const BackendVector& x, double* send) {
  const std::vector<local_int>& rows = level(l).A.exchange.halo().send_rows;
  const float* values = host_floats(host_data_float(x));
  for (size_t k = 0; k < rows.size(); ++k) send[k] = values[rows[k]];  // exact
}

void Backend::unpack_halo_float(int l, const double* receive, BackendVector& x) {
  const SparseMatrix& A = level(l).A;
  float* values = host_floats(host_data_float(x));
  for (local_int k = 0; k < A.columns - A.rows; ++k) {
    values[A.rows + k] = static_cast<float>(receive[k]);  // exact: the sender's floats
  }
}

const float* Backend::float_values(int l) {
  const SparseMatrix& A = level(l).A;
  if (float_values_.size() != problem().levels.size()) float_values_.resize(problem().levels.size());
  std::vector<float>& values = float_values_[l];
  if (values.size() != A.values.size()) {
    values.resize(A.values.size());
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<float>(A.values[k]);
  }
  return values.data();
}

const local_int* Backend::declared_order(int l) {
  if (declared_orders_.size() != problem().levels.size()) {
    declared_orders_.assign(problem().levels.size(), {});
    for (size_t k = 0; k < declared_orders_.size(); ++k) {
      declared_orders_[k] = sweep_order(static_cast<int>(k));
    }
  }
  const std::vector<local_int>& order = declared_orders_.at(l);
  return order.empty() ? nullptr : order.data();
}

void Backend::gs_forward_part(HaloPart part, int l, const BackendVector& r, BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  const SparseMatrix& A = level(l).A;
  HostValues rhs(*this, r, A.rows, true), solution(*this, x, A.columns, true);
  reference::gs_forward(A, A.values.data(), declared_order(l), rhs.data(), solution.data());
  solution.write_back(x);
}

void Backend::spmv_float_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  if (part == HaloPart::before_halo) return;
  HPCG_REQUIRE(x.single() && y.single());
  reference::spmv_values(level(l).A, float_values(l), host_floats(host_data_float(x)),
                         host_floats(host_data_float(y)));
}

void Backend::gs_forward_float_part(HaloPart part, int l, const BackendVector& r,
                                    BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  HPCG_REQUIRE(r.single() && x.single());
  reference::gs_forward(level(l).A, float_values(l), declared_order(l),
                        host_floats(host_data_float(r)), host_floats(host_data_float(x)));
}

void Backend::residual_restriction_float_part(HaloPart part, int l, const BackendVector& r,
                                              const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  HPCG_REQUIRE(r.single() && x.single() && rc.single());
  reference::residual_restriction_values(level(l), float_values(l),
                                         host_floats(host_data_float(r)),
                                         host_floats(host_data_float(x)),
                                         host_floats(host_data_float(rc)));
}

void Backend::prolongation_float(int l, const BackendVector& xc, BackendVector& x) {
  HPCG_REQUIRE(xc.single() && x.single());
  reference::prolongation(level(l), host_floats(host_data_float(xc)),
                          host_floats(host_data_float(x)));
}

double Backend::dot_float(local_int n, const BackendVector& x, const BackendVector& y) {
  HPCG_REQUIRE(x.single() && y.single() && n <= x.size() && n <= y.size());
  return reference::dot(n, host_floats(host_data_float(x)), host_floats(host_data_float(y)));
}

void Backend::waxpby_float(local_int n, double alpha, const BackendVector& x, double beta,
                           const BackendVector& y, BackendVector& w) {
  HPCG_REQUIRE(x.single() && y.single() && w.single());
  reference::waxpby(n, static_cast<float>(alpha), host_floats(host_data_float(x)),
                    static_cast<float>(beta), host_floats(host_data_float(y)),
                    host_floats(host_data_float(w)));
}

void Backend::round_to_float(local_int n, double alpha, const BackendVector& x, BackendVector& y) {
  HPCG_REQUIRE(!x.single() && y.single());
  HostValues in(*this, x, n, true);
  const double* source = in.data();
  float* out = host_floats(host_data_float(y));
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) out[i] = static_cast<float>(alpha * source[i]);
}

void Backend::add_float(local_int n, const BackendVector& z, BackendVector& x) {
  HPCG_REQUIRE(z.single() && !x.single());
  const float* correction = host_floats(host_data_float(z));
  HostValues solution(*this, x, n, true);
  double* out = solution.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) out[i] += static_cast<double>(correction[i]);
  solution.write_back(x);
}

void Backend::basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                         double* h) {
  for (int j = 0; j < k; ++j) h[j] = q.single() ? dot_float(n, basis[j], q) : dot(n, basis[j], q);
}

void Backend::subtract_projections(local_int n, int k, const BackendVector* basis,
                                   const double* h, BackendVector& q) {
  for (int j = 0; j < k; ++j) {
    if (q.single()) {
      waxpby_float(n, 1.0, q, -h[j], basis[j], q);
    } else {
      waxpby(n, 1.0, q, -h[j], basis[j], q);
    }
  }
}

void Backend::subtract_projections_dots(local_int n, int k, const BackendVector* basis,
                                        const double* h, BackendVector& q, double* dots) {
  subtract_projections(n, k, basis, h, q);
  basis_dots(n, k, basis, q, dots);
}

}  // namespace hpcg
