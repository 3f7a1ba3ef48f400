// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's plugin table (ABI 3.3) and the symbols a plugin exports: the entry, the probe
// and the traffic counter. Every vector and matrix lives in the executor's memory
// (plugin_state.hpp); the core only ever holds handles. Compiled once, linked with each executor.
#include "plugin_state.hpp"

namespace hpcg::cuda {
namespace {

hpcg_backend make_table() {
  hpcg_backend table{};
  table.abi_version = HPCG_BACKEND_ABI_VERSION;
  table.struct_size = sizeof(hpcg_backend);
  table.name = executor_backend_name();
  table.version =
      "1.2 (sliced ELLPACK, first-fit colouring in paired order, vectors in colour order, "
      "deterministic reductions)";
  // Separate memory: the core never reads a handle. Bit-reproducible: no atomics, reductions
  // in a fixed order (row_kernels.hpp).
  // Kernels are queued on the default stream; values and halo buffers come back finished.
  table.flags = HPCG_BACKEND_SEPARATE_MEMORY | HPCG_BACKEND_ASYNCHRONOUS;
  table.create = create;
  table.destroy = destroy;
  table.memory_bytes = memory_bytes;
  table.diagonal_changed = diagonal_changed;
  table.free_vector = free_vector;
  table.upload = upload;
  table.download = download;
  table.fill = fill;
  table.copy = copy;
  table.fence = fence;
  table.pack_halo = pack_halo;
  table.unpack_halo = unpack_halo;
  table.halo_buffers = halo_buffers;
  table.spmv = spmv;
  table.symgs = symgs;
  table.symgs_zero_guess = symgs_zero_guess;
  table.residual_restriction = residual_restriction;
  table.prolongation = prolongation;
  table.dot = dot;
  table.waxpby = waxpby;
  table.spmv_dot = spmv_dot;
  table.waxpby_norm = waxpby_norm;
  table.sweep_order = declared_sweep_order;
  table.alloc_level_vector = alloc_level_vector;
  table.spmv_part = spmv_part;
  table.spmv_dot_part = spmv_dot_part;
  table.symgs_part = symgs_part;
  table.residual_restriction_part = residual_restriction_part;
  // ABI 3.3: xhpgmp's Gram-Schmidt on double vectors (the *_float entries take host vectors,
  // for which the core's defaults are as good).
  table.basis_dots = basis_dots;
  table.subtract_projections = subtract_projections;
  return table;
}

}  // namespace
}  // namespace hpcg::cuda

extern "C" {

__attribute__((visibility("default"))) const hpcg_backend* hpcg_backend_entry(void) {
  static const hpcg_backend table = hpcg::cuda::make_table();
  return &table;
}

/// Fails at once, before the reference phases, when this rank has no usable device.
__attribute__((visibility("default"))) hpcg_status hpcg_backend_probe(int32_t rank,
                                                                       const char* settings,
                                                                       hpcg_error* error) {
  return hpcg::cuda::guarded(error, [&] {
    hpcg::cuda::probe_executor(rank, hpcg::cuda::parse_settings(settings ? settings : ""));
  });
}

/// The emulation's counted bytes under traffic=count (counted = 0 otherwise).
__attribute__((visibility("default"))) hpcg_status hpcg_backend_traffic(void* state,
                                                                        hpcg_traffic* traffic,
                                                                        hpcg_error* error) {
  return hpcg::cuda::guarded(error, [&] {
    *traffic = hpcg_traffic{};
    if (const hpcg::cuda::Traffic* counted = hpcg::cuda::of(state).executor->traffic()) {
      *traffic = {1, counted->read_bytes, counted->written_bytes, counted->kernels};
    }
  });
}
}
