// SPDX-License-Identifier: BSD-3-Clause
#include "plugin_backend.hpp"

#include <vector>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::plugin {
PluginBackend::PluginBackend(std::unique_ptr<SharedLibrary> library, const hpcg_backend& table,
                             const BackendOptions& options)
    : library_(std::move(library)), table_(table), options_(options) {
  traffic_ = reinterpret_cast<hpcg_backend_traffic_fn>(
      library_->optional_symbol(HPCG_BACKEND_TRAFFIC_SYMBOL));
  const std::string where = "cannot use backend plugin " + library_->path() + ": ";
  if (table_.name == nullptr || table_.version == nullptr) {
    throw InputError(where + "its function table has no name or version");
  }
  if (owns_vectors() && (table_.free_vector == nullptr || table_.upload == nullptr ||
                         table_.download == nullptr)) {
    throw InputError(where + "it allocates vectors (" +
                     (orders_vectors() ? "alloc_level_vector" : "alloc_vector") +
                     ") but lacks free_vector, upload or download, without which xhpcg cannot "
                     "use them");
  }
  if ((table_.flags & HPCG_BACKEND_SEPARATE_MEMORY) != 0 && !owns_vectors()) {
    throw InputError(where + "it declares separate memory but does not allocate vectors");
  }
  if (options.separate_memory && memory() != MemoryKind::separate) {
    throw InputError("backend plugin " + library_->path() + " keeps its vectors in host memory "
                     "and has no separate-memory mode (--separate-memory)");
  }
}

PluginBackend::~PluginBackend() {
  if (state_ != nullptr && table_.destroy != nullptr) table_.destroy(state_);
}

std::string PluginBackend::name() const { return std::string("plugin:") + table_.name; }

std::string PluginBackend::version() const { return table_.version; }

KernelSet PluginBackend::optimized_kernels() const {
  KernelSet set;
  set.spmv = table_.spmv != nullptr || table_.spmv_dot != nullptr ||
             table_.spmv_part != nullptr || table_.spmv_dot_part != nullptr;
  set.mg = table_.symgs != nullptr || table_.symgs_part != nullptr || table_.mg != nullptr;
  set.dot = table_.dot != nullptr;
  set.waxpby = table_.waxpby != nullptr || table_.waxpby_norm != nullptr;
  return set;
}

FusedKernels PluginBackend::fused_kernels() const {
  return {table_.spmv_dot != nullptr || table_.spmv_dot_part != nullptr,
          table_.waxpby_norm != nullptr};
}

MemoryKind PluginBackend::memory() const {
  return (table_.flags & HPCG_BACKEND_SEPARATE_MEMORY) != 0 ? MemoryKind::separate
                                                            : MemoryKind::host;
}

std::optional<KernelTraffic> PluginBackend::kernel_traffic() const {
  if (traffic_ == nullptr || state_ == nullptr) return std::nullopt;
  hpcg_traffic traffic{};
  call("hpcg_backend_traffic", traffic_, &traffic);
  if (traffic.counted == 0) return std::nullopt;
  return KernelTraffic{static_cast<double>(traffic.read_bytes),
                       static_cast<double>(traffic.written_bytes),
                       static_cast<double>(traffic.kernels)};
}

bool PluginBackend::asynchronous() const {
  return (table_.flags & HPCG_BACKEND_ASYNCHRONOUS) != 0;
}

bool PluginBackend::bit_reproducible() const {
  return (table_.flags & HPCG_BACKEND_NOT_BIT_REPRODUCIBLE) == 0;
}

void PluginBackend::prepare(const Problem& problem) {
  views_ = std::make_unique<ProblemViews>(problem, options_.settings,
                                          options_.mpi_reads_backend_memory);
  if (table_.create == nullptr) return;
  hpcg_error error{};
  check_status(table_.create(views_->get(), &state_, &error), "create", error, name(),
               library_->path());
}

double PluginBackend::optimization_bytes() const {
  if (state_ == nullptr || table_.memory_bytes == nullptr) return 0.0;
  return static_cast<double>(table_.memory_bytes(state_));
}

void PluginBackend::diagonal_changed(int l) {
  if (table_.diagonal_changed != nullptr) call("diagonal_changed", table_.diagonal_changed, l);
}

BackendVector PluginBackend::allocate(int l, VectorRole role, local_int length) {
  if (!owns_vectors()) return Backend::allocate(l, role, length);
  void* handle = nullptr;
  if (orders_vectors()) {
    call("alloc_level_vector", table_.alloc_level_vector, l, static_cast<int32_t>(role), length,
         &handle);
  } else {
    call("alloc_vector", table_.alloc_vector, length, &handle);
  }
  return adopt(handle, length);
}

void PluginBackend::release(void* handle) {
  if (!owns_vectors()) return Backend::release(handle);
  table_.free_vector(state_, handle);
}

double* PluginBackend::host_data(const BackendVector& v) {
  // A vector in the plugin's own order is its object, whatever memory holds it.
  if (memory() == MemoryKind::separate || orders_vectors()) return nullptr;
  return static_cast<double*>(v.handle());
}

void PluginBackend::upload(const double* host, local_int begin, local_int count,
                           BackendVector& v) {
  if (table_.upload == nullptr) return Backend::upload(host, begin, count, v);
  call("upload", table_.upload, host, begin, count, v.handle());
}

void PluginBackend::download(const BackendVector& v, local_int begin, local_int count,
                             double* host) {
  if (table_.download == nullptr) return Backend::download(v, begin, count, host);
  call("download", table_.download, static_cast<const void*>(v.handle()), begin, count, host);
}

void PluginBackend::fill(BackendVector& v, double value) {
  if (table_.fill == nullptr) return Backend::fill(v, value);
  call("fill", table_.fill, v.handle(), v.size(), value);
}

void PluginBackend::copy(const BackendVector& from, local_int count, BackendVector& to) {
  if (table_.copy == nullptr) return Backend::copy(from, count, to);
  call("copy", table_.copy, static_cast<const void*>(from.handle()), count, to.handle());
}

void PluginBackend::fence() {
  if (table_.fence != nullptr) call("fence", table_.fence);
}

void PluginBackend::pack_halo(int l, const BackendVector& x, double* send) {
  if (table_.pack_halo == nullptr) return Backend::pack_halo(l, x, send);
  call("pack_halo", table_.pack_halo, l, static_cast<const void*>(x.handle()), send);
}

void PluginBackend::unpack_halo(int l, const double* receive, BackendVector& x) {
  if (table_.unpack_halo == nullptr) return Backend::unpack_halo(l, receive, x);
  call("unpack_halo", table_.unpack_halo, l, receive, x.handle());
}

HaloBuffers PluginBackend::halo_buffers(int l) {
  HaloBuffers buffers;
  if (table_.halo_buffers != nullptr) {
    call("halo_buffers", table_.halo_buffers, l, &buffers.send, &buffers.receive);
  }
  return buffers;
}

// A halo step: the plugin's part entry; else its whole entry, run after the halo (a part from
// before it returns 0); else the default. A whole step is always its two parts.
#define HPCG_PLUGIN_HALO_STEP(name, result, parameters, arguments)                               \
  result PluginBackend::name##_part HPCG_STEP_WITH_PART parameters {                             \
    if (table_.name##_part != nullptr) {                                                         \
      const auto value = [&] {                                                                   \
        return run<result>(#name "_part", table_.name##_part, part,                              \
                           HPCG_STEP_UNPAREN arguments);                                         \
      };                                                                                         \
      return part == HaloPart::after_halo ? value() : (value(), result());                       \
    }                                                                                            \
    if (table_.name == nullptr) return Backend::name##_part HPCG_STEP_PART_ARGUMENTS arguments;   \
    if (part == HaloPart::before_halo) return result();                                          \
    return run<result>(#name, table_.name, HPCG_STEP_UNPAREN arguments);                         \
  }
HPCG_HALO_STEPS(HPCG_PLUGIN_HALO_STEP)
#undef HPCG_PLUGIN_HALO_STEP

#define HPCG_PLUGIN_LOCAL_STEP(name, result, parameters, arguments)         \
  result PluginBackend::name parameters {                                   \
    if (table_.name == nullptr) return Backend::name arguments;             \
    return run<result>(#name, table_.name, HPCG_STEP_UNPAREN arguments);    \
  }
HPCG_LOCAL_STEPS(HPCG_PLUGIN_LOCAL_STEP)
#undef HPCG_PLUGIN_LOCAL_STEP

namespace {

/// The plugin's handles of a basis, as its Gram-Schmidt entries take them.
std::vector<const void*> handles(const BackendVector* basis, int k) {
  std::vector<const void*> result(k);
  for (int j = 0; j < k; ++j) result[j] = basis[j].handle();
  return result;
}

}  // namespace

void PluginBackend::basis_dots(local_int n, int k, const BackendVector* basis,
                               const BackendVector& q, double* h) {
  const auto entry = q.single() ? table_.basis_dots_float : table_.basis_dots;
  if (entry == nullptr) return Backend::basis_dots(n, k, basis, q, h);
  call(q.single() ? "basis_dots_float" : "basis_dots", entry, n, static_cast<int32_t>(k),
       handles(basis, k).data(), static_cast<const void*>(q.handle()), h);
}

void PluginBackend::subtract_projections(local_int n, int k, const BackendVector* basis,
                                         const double* h, BackendVector& q) {
  const auto entry = q.single() ? table_.subtract_projections_float : table_.subtract_projections;
  if (entry == nullptr) return Backend::subtract_projections(n, k, basis, h, q);
  call(q.single() ? "subtract_projections_float" : "subtract_projections", entry, n,
       static_cast<int32_t>(k), handles(basis, k).data(), h, q.handle());
}

void PluginBackend::subtract_projections_dots(local_int n, int k, const BackendVector* basis,
                                              const double* h, BackendVector& q, double* dots) {
  const auto entry =
      q.single() ? table_.subtract_projections_dots_float : table_.subtract_projections_dots;
  if (entry == nullptr) return Backend::subtract_projections_dots(n, k, basis, h, q, dots);
  call(q.single() ? "subtract_projections_dots_float" : "subtract_projections_dots", entry, n,
       static_cast<int32_t>(k), handles(basis, k).data(), h, q.handle(), dots);
}

std::vector<local_int> PluginBackend::sweep_order(int l) const {
  if (table_.sweep_order == nullptr) return {};
  std::vector<local_int> order(level(l).A.rows, -1);
  call("sweep_order", table_.sweep_order, l, order.data());
  return order;
}

bool PluginBackend::mg(HaloService& halo, const BackendVector& r, BackendVector& x) {
  if (table_.mg == nullptr) return false;
  mg_callback_ = HaloCallback{&halo, &problem(), nullptr};
  mg_services_ = mg_callback_.services();
  hpcg_error error{};
  const hpcg_status status = table_.mg(state_, r.handle(), x.handle(), &mg_services_, &error);
  mg_callback_.rethrow_failure();  // the cause, before whatever the plugin made of it
  check_status(status, "mg", error, name(), library_->path());
  return true;
}

}  // namespace hpcg::backends::plugin
