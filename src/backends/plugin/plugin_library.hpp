// SPDX-License-Identifier: BSD-3-Clause
// What the adapters of every ABI version share: the loaded library, the read-only views of the
// problem handed to create(), and turning a failed call into a BackendError naming the plugin.
#pragma once

#include <exception>
#include <string>
#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/backend_abi.h"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::plugin {

/// A dlopen()ed library, closed on destruction.
class SharedLibrary {
 public:
  explicit SharedLibrary(const std::string& path);  ///< throws InputError
  ~SharedLibrary();
  SharedLibrary(const SharedLibrary&) = delete;
  SharedLibrary& operator=(const SharedLibrary&) = delete;

  const std::string& path() const { return path_; }
  /// The table hpcg_backend_entry() returns; throws InputError when there is none.
  const void* entry_table() const;
  /// The address of an optional exported symbol, or nullptr.
  void* optional_symbol(const char* name) const;

 private:
  std::string path_;
  void* handle_ = nullptr;
};

/// The views of a problem the plugin reads, valid as long as this object and the problem live.
class ProblemViews {
 public:
  ProblemViews(const Problem& problem, const std::string& settings, bool mpi_reads_backend_memory);
  const hpcg_problem_view* get() const { return &view_; }

 private:
  std::string settings_;
  std::vector<hpcg_level_view> levels_;
  std::vector<hpcg_halo_view> halos_;
  std::vector<hpcg_grid_view> grids_;
  hpcg_problem_view view_{};
};

/// The core's halo exchange as a plugin's mg() calls it back, with a handle (version 1: a host
/// address, which is the handle of a host vector) of the level's length.
struct HaloCallback {
  HaloService* halo;
  const Problem* problem;
  /// An exception cannot unwind through the plugin's C frames: the first one an exchange
  /// throws waits here until mg() has returned.
  std::exception_ptr failure;
  hpcg_core_services services() { return {this, &exchange}; }
  static void exchange(void* context, int32_t level, void* x);
  void rethrow_failure() const {
    if (failure) std::rethrow_exception(failure);
  }
};

/// Throws BackendError("backend NAME (PATH) failed in CALL: message") unless status is OK.
void check_status(hpcg_status status, const char* call, const hpcg_error& error,
                  const std::string& name, const std::string& path);

}  // namespace hpcg::backends::plugin
