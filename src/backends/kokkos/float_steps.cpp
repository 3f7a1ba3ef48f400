// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's HPG-MxP steps: float vectors as views in the execution space's memory,
// and every step on the kernels of float_kernels.hpp, so that under separate memory (a device)
// only halo values cross to the host in the inner solver too. Halos travel as doubles (exact),
// the way the core's exchange carries them for both precisions.
#include "backend_state.hpp"
#include "float_kernels.hpp"
#include "kokkos_backend.hpp"

namespace hpcg::backends::kokkos {
namespace {

constexpr double float_bytes = sizeof(float);

FloatVector& float_view_of(const BackendVector& v) {
  HPCG_REQUIRE(v.single());
  return *static_cast<FloatVector*>(v.handle());
}

DeviceVector& double_view_of(const BackendVector& v) {
  HPCG_REQUIRE(!v.single());
  return *static_cast<DeviceVector*>(v.handle());
}

FloatVector float_part_of(const BackendVector& v, local_int begin, local_int count) {
  return Kokkos::subview(float_view_of(v), Kokkos::make_pair(begin, begin + count));
}

}  // namespace

BackendVector KokkosBackend::allocate_float(int l, VectorRole role, local_int length) {
  (void)role;
  HPCG_REQUIRE(length == level(l).A.rows || length == level(l).A.columns);
  auto* view = new FloatVector(std::string("hpcg::float_vector"), length);  // zeroed
  if (separate_memory()) state_->memory.count(float_bytes * static_cast<double>(length));
  return adopt_float(view, length);
}

void KokkosBackend::release_float(void* handle) {
  auto* view = static_cast<FloatVector*>(handle);
  if (separate_memory()) state_->memory.count(-float_bytes * static_cast<double>(view->extent(0)));
  delete view;
}

float* KokkosBackend::host_data_float(const BackendVector& v) {
  return separate_memory() ? nullptr : float_view_of(v).data();
}

void KokkosBackend::upload_float(const float* host, local_int begin, local_int count,
                                 BackendVector& v) {
  HPCG_REQUIRE(begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) {
    Kokkos::deep_copy(float_part_of(v, begin, count), HostWrap<const float>(host, count));
  }
}

void KokkosBackend::download_float(const BackendVector& v, local_int begin, local_int count,
                                   float* host) {
  HPCG_REQUIRE(begin >= 0 && count >= 0 && begin + count <= v.size());
  if (count > 0) Kokkos::deep_copy(HostWrap<float>(host, count), float_part_of(v, begin, count));
}

void KokkosBackend::fill_float(BackendVector& v, float value) {
  kokkos::fill(float_view_of(v), 0, v.size(), value);
}

void KokkosBackend::pack_halo_float(int l, const BackendVector& x, double* send) {
  const LevelViews& A = state_->views(l);
  const auto count = static_cast<local_int>(A.send_rows.extent(0));
  if (count == 0) return;
  kokkos::gather(A.send_rows, float_view_of(x), A.send_values);
  if (send != A.send_values.data()) {
    Kokkos::deep_copy(HostWrap<double>(send, count),
                      Kokkos::subview(A.send_values, Kokkos::make_pair(0, count)));
  } else {
    Kokkos::fence();
  }
}

void KokkosBackend::unpack_halo_float(int l, const double* receive, BackendVector& x) {
  const LevelViews& A = state_->views(l);
  const local_int halo = A.columns - A.rows;
  if (halo == 0) return;
  // Through receive_values: the doubles reach the space's memory, then narrow into x's halo.
  if (receive != A.receive_values.data()) {
    Kokkos::deep_copy(Kokkos::subview(A.receive_values, Kokkos::make_pair(0, halo)),
                      HostWrap<const double>(receive, halo));
  }
  kokkos::narrow(halo, A.receive_values, float_part_of(x, A.rows, halo));
}

void KokkosBackend::gs_forward_part(HaloPart part, int l, const BackendVector& r,
                                    BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  kokkos::gs_forward(state_->views(l), double_view_of(r), double_view_of(x));
}

void KokkosBackend::spmv_float_part(HaloPart part, int l, const BackendVector& x,
                                    BackendVector& y) {
  if (part == HaloPart::before_halo) return;
  kokkos::spmv(state_->views(l), state_->float_values(l), float_view_of(x), float_view_of(y));
}

void KokkosBackend::gs_forward_float_part(HaloPart part, int l, const BackendVector& r,
                                          BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  kokkos::gs_forward(state_->views(l), state_->float_values(l), float_view_of(r),
                     float_view_of(x));
}

void KokkosBackend::residual_restriction_float_part(HaloPart part, int l, const BackendVector& r,
                                                    const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  kokkos::residual_restriction(state_->views(l), state_->float_values(l), float_view_of(r),
                               float_view_of(x), float_view_of(rc));
}

void KokkosBackend::prolongation_float(int l, const BackendVector& xc, BackendVector& x) {
  kokkos::prolongation(state_->views(l), float_view_of(xc), float_view_of(x));
}

double KokkosBackend::dot_float(local_int n, const BackendVector& x, const BackendVector& y) {
  HPCG_REQUIRE(n <= x.size() && n <= y.size());
  return kokkos::dot(n, float_view_of(x), float_view_of(y));
}

void KokkosBackend::waxpby_float(local_int n, double alpha, const BackendVector& x, double beta,
                                 const BackendVector& y, BackendVector& w) {
  kokkos::waxpby(n, static_cast<float>(alpha), float_view_of(x), static_cast<float>(beta),
                 float_view_of(y), float_view_of(w));
}

void KokkosBackend::round_to_float(local_int n, double alpha, const BackendVector& x,
                                   BackendVector& y) {
  kokkos::round_to_float(n, alpha, double_view_of(x), float_view_of(y));
}

void KokkosBackend::add_float(local_int n, const BackendVector& z, BackendVector& x) {
  kokkos::add_float(n, float_view_of(z), double_view_of(x));
}

}  // namespace hpcg::backends::kokkos
