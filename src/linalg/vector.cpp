// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/linalg/vector.hpp"

#include <new>

#include "hpcg/base/allocation_failure.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg {

namespace {
constexpr size_t alignment = 64;
}

Vector::Vector(local_int length) : size_(length) {
  HPCG_REQUIRE(length >= 0);
  size_t bytes = (static_cast<size_t>(length) * sizeof(double) + alignment - 1) / alignment *
                 alignment;
  if (bytes == 0) bytes = alignment;
  auto* raw = static_cast<double*>(std::aligned_alloc(alignment, bytes));
  if (raw == nullptr) throw_allocation_failure(bytes);
  values_.reset(raw);
  fill(0.0);
}

void Vector::fill(double value) {
  double* v = data();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < size_; ++i) v[i] = value;
}

void Vector::copy_from(const Vector& other) {
  HPCG_REQUIRE(other.size() <= size_);
  const double* src = other.data();
  double* dst = data();
  local_int n = other.size();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < n; ++i) dst[i] = src[i];
}

}  // namespace hpcg
