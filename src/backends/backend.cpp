// SPDX-License-Identifier: BSD-3-Clause
// Every backend's default steps: host vectors, and the reference kernels on them. On a backend
// whose memory is separate (host_data() gives nullptr) a default kernel runs on host copies it
// downloads and uploads again, counted in staged_bytes(): correct, and visibly not free.
#include "hpcg/backends/backend.hpp"

#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/base/array_memory.hpp"
#include "hpcg/base/error.hpp"
#include "host_values.hpp"

namespace hpcg {

void BackendVector::release_handle() {
  if (owner_ == nullptr) return;
  if (single_) {
    owner_->release_float(handle_);
  } else {
    owner_->release(handle_);
  }
}

BackendVector::~BackendVector() { release_handle(); }

BackendVector::BackendVector(BackendVector&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)), handle_(std::exchange(other.handle_, nullptr)),
      size_(std::exchange(other.size_, 0)), single_(std::exchange(other.single_, false)) {}

BackendVector& BackendVector::operator=(BackendVector&& other) noexcept {
  if (this != &other) {
    release_handle();
    owner_ = std::exchange(other.owner_, nullptr);
    handle_ = std::exchange(other.handle_, nullptr);
    size_ = std::exchange(other.size_, 0);
    single_ = std::exchange(other.single_, false);
  }
  return *this;
}

void Backend::optimize(const Problem& problem) {
  problem_ = &problem;
  float_values_.clear();
  declared_orders_.clear();
  prepare(problem);
}

const Problem& Backend::problem() const {
  if (problem_ == nullptr) {
    throw InternalError("backend " + name() + " used before its optimization phase");
  }
  return *problem_;
}

const Level& Backend::level(int index) const {
  const Problem& p = problem();
  HPCG_REQUIRE(index >= 0 && index < static_cast<int>(p.levels.size()));
  return p.levels[index];
}

BackendVector Backend::allocate(int l, VectorRole role, local_int length) {
  (void)role;
  HPCG_REQUIRE(length == level(l).A.rows || length == level(l).A.columns);
  auto* values = static_cast<double*>(allocate_array(sizeof(double) * static_cast<size_t>(length)));
  // First touch by the threads that later use the rows: their pages land near them.
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < length; ++i) values[i] = 0.0;
  return adopt(values, length);
}

void Backend::release(void* handle) { std::free(handle); }

void Backend::upload(const double* host, local_int begin, local_int count, BackendVector& v) {
  double* values = host_data(v);
  HPCG_REQUIRE(values != nullptr && begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) std::memcpy(values + begin, host, sizeof(double) * count);
}

void Backend::download(const BackendVector& v, local_int begin, local_int count, double* host) {
  const double* values = host_data(v);
  HPCG_REQUIRE(values != nullptr && begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) std::memcpy(host, values + begin, sizeof(double) * count);
}

void Backend::fill(BackendVector& v, double value) {
  HostValues values(*this, v, v.size(), false);
  double* out = values.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < v.size(); ++i) out[i] = value;
  values.write_back(v);
}

void Backend::copy(const BackendVector& from, local_int count, BackendVector& to) {
  HostValues in(*this, from, count, true), out(*this, to, count, false);
  const double* source = in.data();
  double* destination = out.data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < count; ++i) destination[i] = source[i];
  out.write_back(to);
}

void Backend::pack_halo(int l, const BackendVector& x, double* send) {
  const std::vector<local_int>& rows = level(l).A.exchange.halo().send_rows;
  const auto count = static_cast<local_int>(rows.size());
  const double* values = host_data(x);
  if (values == nullptr) {
    // Exactly the values sent cross, as a device backend's own packing would move them.
    for (local_int k = 0; k < count; ++k) download(x, rows[k], 1, send + k);
    return;
  }
#pragma omp parallel for schedule(static) if (count > 65536)
  for (local_int k = 0; k < count; ++k) send[k] = values[rows[k]];
}

void Backend::unpack_halo(int l, const double* receive, BackendVector& x) {
  const SparseMatrix& A = level(l).A;
  upload(receive, A.rows, A.columns - A.rows, x);
}

// The halo steps' defaults do all their work once the halo is current.

void Backend::spmv_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  if (part == HaloPart::before_halo) return;
  const SparseMatrix& A = level(l).A;
  HostValues in(*this, x, A.columns, true), out(*this, y, A.rows, false);
  reference::spmv(A, in.data(), out.data());
  out.write_back(y);
}

void Backend::symgs_part(HaloPart part, int l, const BackendVector& r, BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  const SparseMatrix& A = level(l).A;
  HostValues rhs(*this, r, A.rows, true), solution(*this, x, A.columns, true);
  reference::symgs(A, rhs.data(), solution.data());
  solution.write_back(x);
}

void Backend::symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) {
  // The backend's own SymGS from a zeroed x: a backend that replaces only symgs() keeps its
  // ordering in the pre-smoothing too.
  fill(x, 0.0);
  symgs(l, r, x);
}

void Backend::residual_restriction_part(HaloPart part, int l, const BackendVector& r,
                                        const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  const Level& fine = level(l);
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
  HostValues rhs(*this, r, fine.A.rows, true), solution(*this, x, fine.A.columns, true);
  HostValues out(*this, rc, coarse_rows, false);
  reference::residual_restriction(fine, rhs.data(), solution.data(), out.data());
  out.write_back(rc);
}

void Backend::prolongation(int l, const BackendVector& xc, BackendVector& x) {
  const Level& fine = level(l);
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
  HostValues correction(*this, xc, coarse_rows, true), solution(*this, x, fine.A.rows, true);
  reference::prolongation(fine, correction.data(), solution.data());
  solution.write_back(x);
}

double Backend::spmv_dot_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  spmv_part(part, l, x, y);
  return part == HaloPart::after_halo ? dot(level(l).A.rows, x, y) : 0.0;
}

double Backend::dot(local_int n, const BackendVector& x, const BackendVector& y) {
  HostValues a(*this, x, n, true), b(*this, y, n, true);
  return reference::dot(n, a.data(), b.data());
}

void Backend::waxpby(local_int n, double alpha, const BackendVector& x, double beta,
                     const BackendVector& y, BackendVector& w) {
  HostValues a(*this, x, n, true), b(*this, y, n, true), out(*this, w, n, false);
  reference::waxpby(n, alpha, a.data(), beta, b.data(), out.data());
  out.write_back(w);
}

double Backend::waxpby_norm(local_int n, double alpha, const BackendVector& x, double beta,
                            const BackendVector& y, BackendVector& w) {
  waxpby(n, alpha, x, beta, y, w);
  return dot(n, w, w);
}

}  // namespace hpcg
