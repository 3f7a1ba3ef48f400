// SPDX-License-Identifier: BSD-3-Clause
// Where the core's host vectors meet the Kokkos execution space's memory, and the backend's own
// allocations there. One code path for every space: on host spaces a view wraps the core's
// vector (no copy, no allocation); with separate memory (a GPU, or
// KokkosOptions::separate_memory) the data is copied into a buffer reused for the same host
// vector, in at a kernel's start and back at its end.
#pragma once

#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "hpcg/linalg/vector.hpp"

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

class MemoryBridge {
 public:
  explicit MemoryBridge(bool separate) : separate_(separate || !space_reads_host_memory) {}

  bool separate() const { return separate_; }
  double allocated_bytes() const { return allocated_bytes_; }

  /// An allocation in the space, counted in allocated_bytes(). Fill it through
  /// Kokkos::create_mirror_view (the same memory on host spaces) and deep_copy.
  template <class T>
  SpaceView<T> allocate(const char* label, std::size_t length) {
    allocated_bytes_ += sizeof(T) * static_cast<double>(length);
    return SpaceView<T>(allocation(label), length);
  }
  /// A copy of a host array in the space.
  template <class T>
  SpaceView<T> copy(const std::vector<T>& host, const char* label) {
    SpaceView<T> view = allocate<T>(label, host.size());
    Kokkos::deep_copy(view, HostWrap<const T>(host.data(), host.size()));
    return view;
  }

  /// v[0, n) as kernel input.
  DeviceVector in(const Vector& v, local_int n);
  /// Storage for kernel output to `v` (its current contents are not copied in).
  DeviceVector out(const Vector& v);
  /// Makes d[0, n) visible in v once the kernels have finished.
  void back(const DeviceVector& d, Vector& v, local_int n);
  /// Allocates v's buffer now (optimisation phase) instead of at first use.
  void reserve(const Vector& v) { (void)out(v); }

 private:
  /// Kokkos 3 takes a `const char*` among allocation properties for memory to wrap.
  static auto allocation(const char* label) {
    return Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label));
  }

  bool separate_;
  /// One buffer per host vector seen, keyed by its address: CG reuses the same vectors, so the
  /// timed sets allocate nothing, and a kernel whose output aliases an input stays in place.
  std::unordered_map<const double*, DeviceVector> buffers_;
  double allocated_bytes_ = 0;
};

}  // namespace hpcg::backends::kokkos
