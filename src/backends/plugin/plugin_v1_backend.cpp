// SPDX-License-Identifier: BSD-3-Clause
#include "plugin_v1_backend.hpp"

#include "hpcg/base/error.hpp"

namespace hpcg::backends::plugin {

PluginV1Backend::PluginV1Backend(std::unique_ptr<SharedLibrary> library,
                                 const hpcg_backend_v1& table, const BackendOptions& options)
    : library_(std::move(library)), table_(table) {
  if (table_.name == nullptr || table_.version == nullptr) {
    throw InputError("cannot use backend plugin " + library_->path() +
                     ": its function table has no name or version");
  }
  if (options.separate_memory) {
    throw InputError("backend plugin " + library_->path() + " (plugin ABI version 1) keeps its "
                     "vectors in host memory and has no separate-memory mode (--separate-memory)");
  }
}

PluginV1Backend::~PluginV1Backend() {
  if (state_ != nullptr && table_.destroy != nullptr) table_.destroy(state_);
}

std::string PluginV1Backend::name() const { return std::string("plugin:") + table_.name; }

std::string PluginV1Backend::version() const { return table_.version; }

KernelSet PluginV1Backend::optimized_kernels() const {
  KernelSet set;
  set.spmv = table_.spmv != nullptr;
  set.mg = table_.symgs != nullptr || table_.mg != nullptr;
  set.dot = table_.dot != nullptr;
  set.waxpby = table_.waxpby != nullptr;
  return set;
}

void PluginV1Backend::prepare(const Problem& problem) {
  views_ = std::make_unique<ProblemViews>(problem, "", false);
  if (table_.create == nullptr) return;
  hpcg_error error{};
  check_status(table_.create(views_->get(), &state_, &error), "create", error, name(),
               library_->path());
}

double PluginV1Backend::optimization_bytes() const {
  if (state_ == nullptr || table_.memory_bytes == nullptr) return 0.0;
  return static_cast<double>(table_.memory_bytes(state_));
}

void PluginV1Backend::diagonal_changed(int l) {
  if (table_.diagonal_changed != nullptr) call("diagonal_changed", table_.diagonal_changed, l);
}

// Version 1 has whole steps only: they run once the halo is current.

void PluginV1Backend::spmv_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  if (table_.spmv == nullptr) return Backend::spmv_part(part, l, x, y);
  if (part == HaloPart::before_halo) return;
  call("spmv", table_.spmv, l, static_cast<const double*>(host_data(x)), host_data(y));
}

void PluginV1Backend::symgs_part(HaloPart part, int l, const BackendVector& r,
                                 BackendVector& x) {
  if (table_.symgs == nullptr) return Backend::symgs_part(part, l, r, x);
  if (part == HaloPart::before_halo) return;
  call("symgs", table_.symgs, l, static_cast<const double*>(host_data(r)), host_data(x));
}

double PluginV1Backend::dot(local_int n, const BackendVector& x, const BackendVector& y) {
  if (table_.dot == nullptr) return Backend::dot(n, x, y);
  double result = 0.0;
  call("dot", table_.dot, n, static_cast<const double*>(host_data(x)),
       static_cast<const double*>(host_data(y)), &result);
  return result;
}

void PluginV1Backend::waxpby(local_int n, double alpha, const BackendVector& x, double beta,
                             const BackendVector& y, BackendVector& w) {
  if (table_.waxpby == nullptr) return Backend::waxpby(n, alpha, x, beta, y, w);
  call("waxpby", table_.waxpby, n, alpha, static_cast<const double*>(host_data(x)), beta,
       static_cast<const double*>(host_data(y)), host_data(w));
}

bool PluginV1Backend::mg(HaloService& halo, const BackendVector& r, BackendVector& x) {
  if (table_.mg == nullptr) return false;
  mg_callback_ = HaloCallback{&halo, &problem(), nullptr};
  mg_services_ = mg_callback_.services();
  hpcg_error error{};
  const hpcg_status status = table_.mg(state_, host_data(r), host_data(x), &mg_services_, &error);
  mg_callback_.rethrow_failure();  // the cause, before whatever the plugin made of it
  check_status(status, "mg", error, name(), library_->path());
  return true;
}

}  // namespace hpcg::backends::plugin
