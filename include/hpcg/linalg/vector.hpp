// SPDX-License-Identifier: BSD-3-Clause
// A dense vector of doubles, cache-line aligned and first touched in parallel so that pages land
// near the threads that later use them.
#pragma once

#include <cstdlib>
#include <memory>

#include "hpcg/base/types.hpp"

namespace hpcg {

class Vector {
 public:
  Vector() = default;
  /// A zero vector of `length` entries.
  explicit Vector(local_int length);

  local_int size() const { return size_; }
  double* data() { return values_.get(); }
  const double* data() const { return values_.get(); }
  double& operator[](local_int i) { return values_[i]; }
  double operator[](local_int i) const { return values_[i]; }

  void fill(double value);
  void copy_from(const Vector& other);  ///< requires other.size() <= size()

 private:
  struct Free {
    void operator()(double* p) const { std::free(p); }
  };
  std::unique_ptr<double[], Free> values_;
  local_int size_ = 0;
};

}  // namespace hpcg
