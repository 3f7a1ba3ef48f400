// SPDX-License-Identifier: BSD-3-Clause
#include "plugin_library.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstring>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::plugin {
namespace {

std::string load_error() {
  const char* message = dlerror();
  return message != nullptr ? message : "unknown dlopen error";
}

/// What dlopen is given: a name with a '/' is a path already; a bare name that exists in the
/// working directory is that file ("./name"), as a user means it, where dlopen alone would search
/// the library path instead; any other bare name is left to the library path.
std::string path_for_dlopen(const std::string& path) {
  if (path.find('/') != std::string::npos) return path;
  return ::access(path.c_str(), F_OK) == 0 ? "./" + path : path;
}

}  // namespace

SharedLibrary::SharedLibrary(const std::string& path) : path_(path) {
  handle_ = dlopen(path_for_dlopen(path).c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    throw InputError("cannot load backend plugin " + path + ": " + load_error());
  }
}

SharedLibrary::~SharedLibrary() { dlclose(handle_); }

void* SharedLibrary::optional_symbol(const char* name) const { return dlsym(handle_, name); }

const void* SharedLibrary::entry_table() const {
  auto entry = reinterpret_cast<hpcg_backend_entry_fn>(dlsym(handle_, HPCG_BACKEND_ENTRY_SYMBOL));
  if (entry == nullptr) {
    throw InputError(path_ + " is not an xhpcg backend plugin: it does not export " +
                     HPCG_BACKEND_ENTRY_SYMBOL + "()");
  }
  const void* table = entry();
  if (table == nullptr) {
    throw InputError("cannot use backend plugin " + path_ + ": its entry returned no table");
  }
  return table;
}

ProblemViews::ProblemViews(const Problem& problem, const std::string& settings,
                           bool mpi_reads_backend_memory)
    : settings_(settings) {
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    const std::vector<local_int>& send_rows = A.exchange.halo().send_rows;
    levels_.push_back({A.rows, A.columns, A.row_start.data(), A.column_index.data(),
                       A.values.data(), A.diagonal.data(),
                       static_cast<int32_t>(level.coarse_to_fine.size()),
                       level.coarse_to_fine.empty() ? nullptr : level.coarse_to_fine.data()});
    halos_.push_back({static_cast<int32_t>(send_rows.size()),
                      send_rows.empty() ? nullptr : send_rows.data()});
    const Geometry& g = level.geometry;
    grids_.push_back({g.nx, g.ny, g.nz, g.npx, g.npy, g.npz, g.ipx, g.ipy, g.ipz});
  }
  const Geometry& g = problem.fine().geometry;
  view_ = {sizeof(hpcg_problem_view), static_cast<int32_t>(levels_.size()), levels_.data(),
           g.rank, g.ranks, settings_.c_str(), mpi_reads_backend_memory ? 1 : 0, halos_.data(),
           grids_.data()};
}

void HaloCallback::exchange(void* context, int32_t level, void* x) {
  auto* callback = static_cast<HaloCallback*>(context);
  try {
    BackendVector borrowed(x, callback->problem->levels.at(level).A.columns);
    callback->halo->exchange_halo(level, borrowed);
  } catch (...) {
    if (!callback->failure) callback->failure = std::current_exception();
  }
}

void check_status(hpcg_status status, const char* call, const hpcg_error& error,
                  const std::string& name, const std::string& path) {
  if (status == HPCG_STATUS_OK) return;
  std::string message(error.message, strnlen(error.message, sizeof error.message));
  throw BackendError("backend " + name + " (" + path + ") failed in " + call + ": " +
                     (message.empty() ? "no message" : message));
}

}  // namespace hpcg::backends::plugin
