// SPDX-License-Identifier: BSD-3-Clause
// A version-1 plugin (built against the first backend_abi.h) as hpcg::Backend, so that a vendor
// need not rebuild: its vectors are the core's host vectors, handed to it as double*.
#pragma once

#include <memory>
#include <string>

#include "hpcg/backends/backend.hpp"
#include "plugin_library.hpp"

namespace hpcg::backends::plugin {

class PluginV1Backend final : public Backend {
 public:
  PluginV1Backend(std::unique_ptr<SharedLibrary> library, const hpcg_backend_v1& table,
                  const BackendOptions& options);
  ~PluginV1Backend() override;
  PluginV1Backend(const PluginV1Backend&) = delete;
  PluginV1Backend& operator=(const PluginV1Backend&) = delete;

  std::string name() const override;
  std::string version() const override;
  KernelSet optimized_kernels() const override;
  double optimization_bytes() const override;
  void diagonal_changed(int level) override;
  void spmv_part(HaloPart part, int level, const BackendVector& x, BackendVector& y) override;
  void symgs_part(HaloPart part, int level, const BackendVector& r, BackendVector& x) override;
  double dot(local_int n, const BackendVector& x, const BackendVector& y) override;
  void waxpby(local_int n, double alpha, const BackendVector& x, double beta,
              const BackendVector& y, BackendVector& w) override;
  bool mg(HaloService& halo, const BackendVector& r, BackendVector& x) override;

 protected:
  void prepare(const Problem& problem) override;

 private:
  template <class Function, class... Args>
  void call(const char* what, Function function, Args... args) const {
    hpcg_error error{};
    check_status(function(state_, args..., &error), what, error, name(), library_->path());
  }

  std::unique_ptr<SharedLibrary> library_;
  hpcg_backend_v1 table_;
  std::unique_ptr<ProblemViews> views_;
  void* state_ = nullptr;
  /// What mg() hands the plugin: the header promises every pointer stays valid until destroy(),
  /// so they live here, not on mg()'s stack (the halo is the latest mg() call's).
  HaloCallback mg_callback_{};
  hpcg_core_services mg_services_{};
};

}  // namespace hpcg::backends::plugin
