// SPDX-License-Identifier: BSD-3-Clause
// A version-2 or version-3 plugin as hpcg::Backend: its vectors are its own handles, and each
// step it leaves NULL is the core's default (the reference, on host copies where its memory is
// separate or its vectors are in its own order).
#pragma once

#include <memory>
#include <string>
#include <type_traits>

#include "hpcg/backends/backend.hpp"
#include "plugin_library.hpp"

namespace hpcg::backends::plugin {

class PluginBackend final : public Backend {
 public:
  /// `table` is the library's; entries past its struct_size are taken as NULL. Throws
  /// InputError for a table this adapter cannot use.
  PluginBackend(std::unique_ptr<SharedLibrary> library, const hpcg_backend& table,
                const BackendOptions& options);
  ~PluginBackend() override;
  PluginBackend(const PluginBackend&) = delete;
  PluginBackend& operator=(const PluginBackend&) = delete;

  std::string name() const override;
  std::string version() const override;
  KernelSet optimized_kernels() const override;
  FusedKernels fused_kernels() const override;
  MemoryKind memory() const override;
  bool bit_reproducible() const override;
  bool asynchronous() const override;
  double optimization_bytes() const override;
  void diagonal_changed(int level) override;
  std::optional<KernelTraffic> kernel_traffic() const override;

  BackendVector allocate(int level, VectorRole role, local_int length) override;
  void upload(const double* host, local_int begin, local_int count, BackendVector& v) override;
  void download(const BackendVector& v, local_int begin, local_int count, double* host) override;
  void fill(BackendVector& v, double value) override;
  void copy(const BackendVector& from, local_int count, BackendVector& to) override;
  void fence() override;
  void pack_halo(int level, const BackendVector& x, double* send) override;
  void unpack_halo(int level, const double* receive, BackendVector& x) override;
  HaloBuffers halo_buffers(int level) override;

  /// Each step is the table's entry of the same name (or its *_part entry), else the default.
  HPCG_HALO_STEPS(HPCG_OVERRIDE_HALO_STEP)
  HPCG_LOCAL_STEPS(HPCG_OVERRIDE_LOCAL_STEP)
  /// Gram-Schmidt's steps: basis_dots / subtract_projections / subtract_projections_dots (or
  /// their _float entries, by q's precision), else the defaults.
  void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                  double* h) override;
  void subtract_projections(local_int n, int k, const BackendVector* basis, const double* h,
                            BackendVector& q) override;
  void subtract_projections_dots(local_int n, int k, const BackendVector* basis, const double* h,
                                 BackendVector& q, double* dots) override;
  bool mg(HaloService& halo, const BackendVector& r, BackendVector& x) override;
  std::vector<local_int> sweep_order(int level) const override;

 protected:
  void prepare(const Problem& problem) override;
  void release(void* handle) override;
  double* host_data(const BackendVector& v) override;

 private:
  /// Calls a table entry with the plugin's state and an error buffer; throws on failure.
  template <class Function, class... Args>
  void call(const char* what, Function function, Args... args) const {
    hpcg_error error{};
    check_status(function(state_, args..., &error), what, error, name(), library_->path());
  }
  /// Calls a step's entry with the ABI's form of `args` (a vector's handle), adding the result
  /// pointer of a step that returns one.
  template <class Result, class Function, class... Args>
  Result run(const char* what, Function function, Args&&... args) const {
    if constexpr (std::is_void_v<Result>) {
      call(what, function, abi(args)...);
    } else {
      Result result{};
      call(what, function, abi(args)..., &result);
      return result;
    }
  }
  static const void* abi(const BackendVector& v) { return v.handle(); }
  static void* abi(BackendVector& v) { return v.handle(); }
  static int32_t abi(HaloPart part) {
    return part == HaloPart::before_halo ? HPCG_PART_BEFORE_HALO : HPCG_PART_AFTER_HALO;
  }
  template <class T, class = std::enable_if_t<std::is_arithmetic_v<T>>>
  static T abi(T value) {
    return value;
  }
  bool owns_vectors() const { return table_.alloc_vector != nullptr || orders_vectors(); }
  /// Version 3: vectors per level, possibly in the plugin's own row order.
  bool orders_vectors() const { return table_.alloc_level_vector != nullptr; }

  std::unique_ptr<SharedLibrary> library_;
  hpcg_backend table_{};  ///< the library's, zero past its struct_size
  BackendOptions options_;
  std::unique_ptr<ProblemViews> views_;
  void* state_ = nullptr;
  /// What mg() hands the plugin: the header promises every pointer stays valid until destroy(),
  /// so they live here, not on mg()'s stack (the halo is the latest mg() call's).
  HaloCallback mg_callback_{};
  hpcg_core_services mg_services_{};
  hpcg_backend_traffic_fn traffic_ = nullptr;  ///< the optional hpcg_backend_traffic
};

}  // namespace hpcg::backends::plugin
