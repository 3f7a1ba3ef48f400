// SPDX-License-Identifier: BSD-3-Clause
#include "kokkos_backend.hpp"

#include "backend_state.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/version.hpp"
#include "kernels.hpp"

namespace hpcg::backends::kokkos {
namespace {

constexpr double value_bytes = sizeof(double);

/// A vector's handle: the view it lives in.
DeviceVector& view_of(const BackendVector& v) { return *static_cast<DeviceVector*>(v.handle()); }

/// v[begin, begin + count) as a view.
DeviceVector part_of(const BackendVector& v, local_int begin, local_int count) {
  return Kokkos::subview(view_of(v), Kokkos::make_pair(begin, begin + count));
}

}  // namespace

KokkosBackend::KokkosBackend(KokkosOptions options) {
  if (!Kokkos::is_initialized()) {
    throw InternalError("the kokkos backend needs Kokkos running: call "
                        "hpcg::initialize_backends() after MPI_Init");
  }
  state_ = std::make_unique<State>(options);
}

KokkosBackend::~KokkosBackend() = default;

std::string KokkosBackend::version() const {
  return std::string(version_string) + " (" + configuration() + ")";
}

KernelSet KokkosBackend::optimized_kernels() const {
  KernelSet set;
  set.dot = set.waxpby = set.spmv = set.mg = true;
  return set;
}

MemoryKind KokkosBackend::memory() const {
  return separate_memory() ? MemoryKind::separate : MemoryKind::host;
}

bool KokkosBackend::separate_memory() const { return state_->memory.separate(); }

void KokkosBackend::prepare(const Problem& problem) {
  State& s = *state_;
  s.levels.clear();
  s.float_levels.clear();
  for (const Level& level : problem.levels) {
    local_int block_rows = s.options.block_rows;
    if (block_rows <= 0) {
      block_rows = space_reads_host_memory ? cpu_block_rows(level.geometry, concurrency()) : 1;
    }
    s.levels.push_back(make_level_views(level, block_rows, s.memory));
  }
}

double KokkosBackend::optimization_bytes() const { return state_->memory.allocated_bytes(); }

void KokkosBackend::diagonal_changed(int l) {
  refresh_diagonal(state_->views(l), level(l).A);
  if (l < static_cast<int>(state_->float_levels.size()) &&
      state_->float_levels[l].diagonal.extent(0) > 0) {
    refresh_float_diagonal(state_->views(l), state_->float_levels[l]);
  }
}

BackendVector KokkosBackend::allocate(int l, VectorRole role, local_int length) {
  (void)l, (void)role;  // one layout for every vector
  // Zeroed, as the core expects of a new vector; the view's label names it in Kokkos tools.
  auto* view = new DeviceVector(std::string("hpcg::vector"), length);
  // Vectors apart from the host's count as the backend's memory; in host memory they are the
  // vectors of HPCG's own model.
  if (separate_memory()) state_->memory.count(value_bytes * static_cast<double>(length));
  return adopt(view, length);
}

void KokkosBackend::release(void* handle) {
  auto* view = static_cast<DeviceVector*>(handle);
  if (separate_memory()) state_->memory.count(-value_bytes * static_cast<double>(view->extent(0)));
  delete view;
}

double* KokkosBackend::host_data(const BackendVector& v) {
  return separate_memory() ? nullptr : view_of(v).data();
}

void KokkosBackend::upload(const double* host, local_int begin, local_int count,
                           BackendVector& v) {
  HPCG_REQUIRE(begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) Kokkos::deep_copy(part_of(v, begin, count), HostWrap<const double>(host, count));
}

void KokkosBackend::download(const BackendVector& v, local_int begin, local_int count,
                             double* host) {
  HPCG_REQUIRE(begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) Kokkos::deep_copy(HostWrap<double>(host, count), part_of(v, begin, count));
}

void KokkosBackend::fill(BackendVector& v, double value) {
  kokkos::fill(view_of(v), 0, v.size(), value);
}

void KokkosBackend::copy(const BackendVector& from, local_int count, BackendVector& to) {
  kokkos::copy(count, view_of(from), view_of(to));
}

void KokkosBackend::fence() { Kokkos::fence(); }

void KokkosBackend::pack_halo(int l, const BackendVector& x, double* send) {
  const LevelViews& A = state_->views(l);
  const auto count = static_cast<local_int>(A.send_rows.extent(0));
  if (count == 0) return;
  kokkos::gather(A.send_rows, view_of(x), A.send_values);
  // Into MPI's buffer: the host's, or under --gpu-aware-mpi send_values itself.
  if (send != A.send_values.data()) {
    Kokkos::deep_copy(HostWrap<double>(send, count),
                      Kokkos::subview(A.send_values, Kokkos::make_pair(0, count)));
  } else {
    Kokkos::fence();
  }
}

void KokkosBackend::unpack_halo(int l, const double* receive, BackendVector& x) {
  const LevelViews& A = state_->views(l);
  const local_int halo = A.columns - A.rows;
  if (halo == 0) return;
  if (receive == A.receive_values.data()) {
    kokkos::copy(halo, A.receive_values, part_of(x, A.rows, halo));
  } else {
    Kokkos::deep_copy(part_of(x, A.rows, halo), HostWrap<const double>(receive, halo));
  }
}

HaloBuffers KokkosBackend::halo_buffers(int l) {
  const LevelViews& A = state_->views(l);
  return {A.send_values.data(), A.receive_values.data()};
}

// No overlap: every step runs whole once its halo is current.

void KokkosBackend::spmv_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  if (part == HaloPart::before_halo) return;
  kokkos::spmv(state_->views(l), view_of(x), view_of(y));
}

void KokkosBackend::symgs_part(HaloPart part, int l, const BackendVector& r, BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  kokkos::symgs(state_->views(l), view_of(r), view_of(x), false);
}

void KokkosBackend::symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) {
  // x's values are to be ignored, its halo too: the backward sweep reads the halo's zeros.
  const LevelViews& A = state_->views(l);
  kokkos::fill(view_of(x), A.rows, A.columns, 0.0);
  kokkos::symgs(A, view_of(r), view_of(x), true);
}

void KokkosBackend::residual_restriction_part(HaloPart part, int l, const BackendVector& r,
                                         const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  kokkos::residual_restriction(state_->views(l), view_of(r), view_of(x), view_of(rc));
}

void KokkosBackend::prolongation(int l, const BackendVector& xc, BackendVector& x) {
  kokkos::prolongation(state_->views(l), view_of(xc), view_of(x));
}

double KokkosBackend::dot(local_int n, const BackendVector& x, const BackendVector& y) {
  return kokkos::dot(n, view_of(x), view_of(y));
}

void KokkosBackend::waxpby(local_int n, double alpha, const BackendVector& x, double beta,
                           const BackendVector& y, BackendVector& w) {
  kokkos::waxpby(n, alpha, view_of(x), beta, view_of(y), view_of(w));
}

std::vector<local_int> KokkosBackend::sweep_order(int l) const {
  return state_->levels.at(l).sweep_order;
}

std::vector<int> KokkosBackend::colors_per_level() const {
  std::vector<int> colors;
  for (const LevelViews& v : state_->levels) {
    colors.push_back(static_cast<int>(v.color_start.size()) - 1);
  }
  return colors;
}

std::vector<bool> KokkosBackend::lower_offsets_per_level() const {
  std::vector<bool> offsets;
  for (const LevelViews& v : state_->levels) offsets.push_back(v.lower_as_offsets());
  return offsets;
}

}  // namespace hpcg::backends::kokkos
