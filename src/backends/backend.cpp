// SPDX-License-Identifier: BSD-3-Clause
// Default kernels of every backend: the reference implementation.
#include "hpcg/backend/backend.hpp"

#include "hpcg/backend/reference_kernels.hpp"

namespace hpcg {

void Backend::spmv(const Level& level, const Vector& x, Vector& y) {
  reference::spmv(level.A, x, y);
}

void Backend::symgs(const Level& level, const Vector& r, Vector& x) {
  reference::symgs(level.A, r, x);
}

double Backend::dot(local_int n, const Vector& x, const Vector& y) {
  return reference::dot(n, x, y);
}

void Backend::waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y,
                     Vector& w) {
  reference::waxpby(n, alpha, x, beta, y, w);
}

void Backend::restrict_residual(const Level& fine, const Vector& r, const Vector& Axf,
                                Vector& rc) {
  reference::restrict_residual(fine, r, Axf, rc);
}

void Backend::prolongate(const Level& fine, const Vector& xc, Vector& x) {
  reference::prolongate(fine, xc, x);
}

}  // namespace hpcg
