// SPDX-License-Identifier: BSD-3-Clause
// The `plugin:PATH` backend: adapts a vendor library's C function table (backend_abi.h) to
// hpcg::Backend. Loading checks the ABI version and table size; kernel errors become
// BackendError naming the plugin; kernels the plugin leaves NULL run the reference.
#pragma once

#include <string>
#include <vector>

#include "hpcg/backend/backend.hpp"
#include "hpcg/backend_abi.h"

namespace hpcg::backends::plugin {

class PluginBackend final : public Backend {
 public:
  /// Loads the library; throws InputError when it cannot be loaded or is not a compatible plugin.
  explicit PluginBackend(const std::string& path);
  ~PluginBackend() override;
  PluginBackend(const PluginBackend&) = delete;
  PluginBackend& operator=(const PluginBackend&) = delete;

  std::string name() const override;
  std::string version() const override;
  KernelSet optimized_kernels() const override;
  void optimize(Problem& problem) override;
  double optimization_bytes() const override;
  void diagonal_changed(const Level& level) override;
  bool mg(Problem& problem, const Vector& r, Vector& x) override;
  void spmv(const Level& level, const Vector& x, Vector& y) override;
  void symgs(const Level& level, const Vector& r, Vector& x) override;
  double dot(local_int n, const Vector& x, const Vector& y) override;
  void waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y,
              Vector& w) override;

 private:
  int level_index(const Level& level) const;
  void check(hpcg_status status, const char* call, const hpcg_error& error) const;
  static void exchange_halo(void* context, int32_t level, double* x);

  std::string path_;
  void* library_ = nullptr;
  const hpcg_backend* table_ = nullptr;
  void* state_ = nullptr;
  Problem* problem_ = nullptr;
  std::vector<hpcg_level_view> views_;
  hpcg_problem_view view_{};
};

}  // namespace hpcg::backends::plugin
