// SPDX-License-Identifier: BSD-3-Clause
#include "memory.hpp"

namespace hpcg::backends::kokkos {

DeviceVector MemoryBridge::out(const Vector& v) {
  if (!separate_) return DeviceVector(const_cast<double*>(v.data()), v.size());
  DeviceVector& buffer = buffers_[v.data()];
  // A freed host vector's address may come back with another length.
  if (buffer.extent(0) < static_cast<size_t>(v.size())) {
    allocated_bytes_ -= sizeof(double) * static_cast<double>(buffer.extent(0));
    const std::string label = "hpcg::vector";
    buffer = DeviceVector(Kokkos::view_alloc(Kokkos::WithoutInitializing, label), v.size());
    allocated_bytes_ += sizeof(double) * static_cast<double>(v.size());
  }
  return buffer;
}

DeviceVector MemoryBridge::in(const Vector& v, local_int n) {
  DeviceVector d = out(v);
  if (separate_ && n > 0) {
    Kokkos::deep_copy(Kokkos::subview(d, Kokkos::make_pair(local_int{0}, n)),
                      HostWrap<const double>(v.data(), n));
  }
  return d;
}

void MemoryBridge::back(const DeviceVector& d, Vector& v, local_int n) {
  if (!separate_) {
    // Kernels may run asynchronously; the core reads v next.
    ExecutionSpace().fence();
    return;
  }
  if (n > 0) {
    Kokkos::deep_copy(HostWrap<double>(v.data(), n),
                      Kokkos::subview(d, Kokkos::make_pair(local_int{0}, n)));
  }
}

}  // namespace hpcg::backends::kokkos
