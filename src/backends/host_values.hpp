// SPDX-License-Identifier: BSD-3-Clause
// Where a default step reads and writes a backend's vector on the host: in place, or through a
// staged copy counted in staged_bytes(). Shared by the double and the float defaults.
#pragma once

#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg {

/// The first `count` values of a vector where a default kernel can use them on the host: the
/// vector itself in host memory, otherwise a copy (downloaded when `read`; write_back() uploads).
class Backend::HostValues {
 public:
  HostValues(Backend& backend, const BackendVector& v, local_int count, bool read)
      : backend_(backend), vector_(v), count_(count) {
    HPCG_REQUIRE(count >= 0 && count <= v.size());
    data_ = backend.host_data(v);
    if (data_ != nullptr) return;
    copy_.assign(static_cast<size_t>(count), 0.0);
    data_ = copy_.data();
    if (read && count > 0) {
      backend.download(v, 0, count, data_);
      backend.staged_bytes_ += sizeof(double) * static_cast<double>(count);
    }
  }
  double* data() { return data_; }
  /// Makes the values written through data() the vector's (`v` is the vector given above).
  void write_back(BackendVector& v) {
    HPCG_REQUIRE(&v == &vector_);
    if (copy_.empty()) return;
    backend_.upload(copy_.data(), 0, count_, v);
    backend_.staged_bytes_ += sizeof(double) * static_cast<double>(count_);
  }

 private:
  Backend& backend_;
  const BackendVector& vector_;
  local_int count_;
  double* data_ = nullptr;
  std::vector<double> copy_;
};

}  // namespace hpcg
