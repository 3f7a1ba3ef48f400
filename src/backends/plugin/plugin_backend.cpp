// SPDX-License-Identifier: BSD-3-Clause
#include "plugin_backend.hpp"

#include <dlfcn.h>

#include <cstring>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::plugin {
namespace {

std::string load_error() {
  const char* message = dlerror();
  return message != nullptr ? message : "unknown dlopen error";
}

}  // namespace

PluginBackend::PluginBackend(const std::string& path) : path_(path) {
  library_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library_ == nullptr) {
    throw InputError("cannot load backend plugin " + path + ": " + load_error());
  }
  auto entry = reinterpret_cast<hpcg_backend_entry_fn>(dlsym(library_, HPCG_BACKEND_ENTRY_SYMBOL));
  if (entry == nullptr) {
    dlclose(library_);
    throw InputError(path + " is not an xhpcg backend plugin: it does not export " +
                     HPCG_BACKEND_ENTRY_SYMBOL + "()");
  }
  table_ = entry();
  std::string problem;
  if (table_ == nullptr) {
    problem = "its entry returned no function table";
  } else if (table_->abi_version != HPCG_BACKEND_ABI_VERSION) {
    problem = "it was built for plugin ABI version " + std::to_string(table_->abi_version) +
              ", this xhpcg loads version " + std::to_string(HPCG_BACKEND_ABI_VERSION) +
              "; rebuild it against this xhpcg's backend_abi.h";
  } else if (table_->struct_size < sizeof(hpcg_backend)) {
    problem = "its function table has " + std::to_string(table_->struct_size) +
              " bytes, expected " + std::to_string(sizeof(hpcg_backend));
  } else if (table_->name == nullptr || table_->version == nullptr) {
    problem = "its function table has no name or version";
  }
  if (!problem.empty()) {
    dlclose(library_);
    throw InputError("cannot use backend plugin " + path + ": " + problem);
  }
}

PluginBackend::~PluginBackend() {
  if (state_ != nullptr && table_->destroy != nullptr) table_->destroy(state_);
  dlclose(library_);
}

std::string PluginBackend::name() const { return std::string("plugin:") + table_->name; }

std::string PluginBackend::version() const { return table_->version; }

KernelSet PluginBackend::optimized_kernels() const {
  KernelSet set;
  set.spmv = table_->spmv != nullptr;
  set.mg = table_->symgs != nullptr || table_->mg != nullptr;
  set.dot = table_->dot != nullptr;
  set.waxpby = table_->waxpby != nullptr;
  return set;
}

void PluginBackend::optimize(Problem& problem) {
  problem_ = &problem;
  views_.clear();
  for (size_t l = 0; l < problem.levels.size(); ++l) {
    const Level& level = problem.levels[l];
    const SparseMatrix& A = level.A;
    views_.push_back({A.rows, A.columns, A.row_start.data(), A.column_index.data(),
                      A.values.data(), A.diagonal.data(),
                      static_cast<int32_t>(level.coarse_to_fine.size()),
                      level.coarse_to_fine.empty() ? nullptr : level.coarse_to_fine.data()});
  }
  view_ = {sizeof(hpcg_problem_view), static_cast<int32_t>(views_.size()), views_.data(),
           problem.fine().geometry.rank, problem.fine().geometry.ranks};
  if (table_->create == nullptr) return;
  hpcg_error error{};
  check(table_->create(&view_, &state_, &error), "create", error);
}

double PluginBackend::optimization_bytes() const {
  if (state_ == nullptr || table_->memory_bytes == nullptr) return 0.0;
  return static_cast<double>(table_->memory_bytes(state_));
}

void PluginBackend::diagonal_changed(const Level& level) {
  if (table_->diagonal_changed == nullptr) return;
  hpcg_error error{};
  check(table_->diagonal_changed(state_, level_index(level), &error), "diagonal_changed", error);
}

void PluginBackend::exchange_halo(void* context, int32_t level, double* x) {
  auto* self = static_cast<PluginBackend*>(context);
  self->problem_->levels.at(level).A.exchange.run(x);
}

bool PluginBackend::mg(Problem& problem, const Vector& r, Vector& x) {
  if (table_->mg == nullptr) return false;
  HPCG_REQUIRE(&problem == problem_);
  hpcg_core_services core{this, &PluginBackend::exchange_halo};
  hpcg_error error{};
  check(table_->mg(state_, r.data(), x.data(), &core, &error), "mg", error);
  return true;
}

void PluginBackend::spmv(const Level& level, const Vector& x, Vector& y) {
  if (table_->spmv == nullptr) return Backend::spmv(level, x, y);
  hpcg_error error{};
  check(table_->spmv(state_, level_index(level), x.data(), y.data(), &error), "spmv", error);
}

void PluginBackend::symgs(const Level& level, const Vector& r, Vector& x) {
  if (table_->symgs == nullptr) return Backend::symgs(level, r, x);
  hpcg_error error{};
  check(table_->symgs(state_, level_index(level), r.data(), x.data(), &error), "symgs", error);
}

double PluginBackend::dot(local_int n, const Vector& x, const Vector& y) {
  if (table_->dot == nullptr) return Backend::dot(n, x, y);
  double result = 0.0;
  hpcg_error error{};
  check(table_->dot(state_, n, x.data(), y.data(), &result, &error), "dot", error);
  return result;
}

void PluginBackend::waxpby(local_int n, double alpha, const Vector& x, double beta,
                           const Vector& y, Vector& w) {
  if (table_->waxpby == nullptr) return Backend::waxpby(n, alpha, x, beta, y, w);
  hpcg_error error{};
  check(table_->waxpby(state_, n, alpha, x.data(), beta, y.data(), w.data(), &error), "waxpby",
        error);
}

int PluginBackend::level_index(const Level& level) const {
  if (problem_ == nullptr) {
    throw InternalError("backend " + name() + " used before its optimization phase");
  }
  auto index = &level - problem_->levels.data();
  HPCG_REQUIRE(index >= 0 && index < static_cast<long>(problem_->levels.size()));
  return static_cast<int>(index);
}

void PluginBackend::check(hpcg_status status, const char* call, const hpcg_error& error) const {
  if (status == HPCG_STATUS_OK) return;
  std::string message(error.message, strnlen(error.message, sizeof error.message));
  throw BackendError("backend " + name() + " (" + path_ + ") failed in " + call + ": " +
                     (message.empty() ? "no message" : message));
}

}  // namespace hpcg::backends::plugin
