// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's allocations in the memory of Kokkos' default execution space, counted
// for the report. With separate memory (a GPU, or KokkosOptions::separate_memory on a CPU) the
// host reaches them only through deep_copy; on host spaces without it they are host memory too.
#pragma once

#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>
#include <vector>

#include "hpcg/base/types.hpp"

namespace hpcg::backends::kokkos {

using ExecutionSpace = Kokkos::DefaultExecutionSpace;
using MemorySpace = ExecutionSpace::memory_space;
template <class T>
using SpaceView = Kokkos::View<T*, MemorySpace>;
using DeviceVector = SpaceView<double>;
using ConstDeviceVector = Kokkos::View<const double*, MemorySpace>;
template <class T>
using HostWrap = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

/// Kernels of the default execution space can read plain host allocations (Serial, OpenMP,
/// Threads, HPX); otherwise (CUDA, HIP, SYCL) data must be copied.
constexpr bool space_reads_host_memory = std::is_same<MemorySpace, Kokkos::HostSpace>::value;

class SpaceMemory {
 public:
  explicit SpaceMemory(bool separate) : separate_(separate || !space_reads_host_memory) {}

  /// Whether the host must not touch these allocations directly.
  bool separate() const { return separate_; }
  double allocated_bytes() const { return allocated_bytes_; }

  /// An allocation in the space, counted in allocated_bytes().
  template <class T>
  SpaceView<T> allocate(const char* label, std::size_t length) {
    allocated_bytes_ += sizeof(T) * static_cast<double>(length);
    return SpaceView<T>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)),
                        length);
  }
  /// A copy of `length` host values in the space.
  template <class T>
  SpaceView<T> copy(const T* host, std::size_t length, const char* label) {
    SpaceView<T> view = allocate<T>(label, length);
    if (length > 0) Kokkos::deep_copy(view, HostWrap<const T>(host, length));
    return view;
  }
  template <class T>
  SpaceView<T> copy(const std::vector<T>& host, const char* label) {
    return copy(host.data(), host.size(), label);
  }
  /// Counts an allocation made elsewhere (a vector), or with negative bytes one given back.
  void count(double bytes) { allocated_bytes_ += bytes; }

 private:
  bool separate_;
  double allocated_bytes_ = 0;
};

}  // namespace hpcg::backends::kokkos
