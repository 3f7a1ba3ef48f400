// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's plugin table (ABI 2): every level's matrix, every vector and the halo
// buffers live in the executor's memory for the whole run; the core only ever holds handles.
// Compiled once per executor (GPU and host emulation); nothing here includes CUDA.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include <hpcg/backend_abi.h>

#include "executor.hpp"

namespace hpcg::cuda {
namespace {

struct DeviceLevel {
  LevelLayout layout;  ///< host copy, kept for diagonal_changed()
  SellView view;       ///< pointers into executor memory
  double* diagonal = nullptr;
  double* sweep_rhs = nullptr;  ///< r - L x of the last forward sweep, by slot
  double* send = nullptr;     ///< pack_halo's device buffer
  double* receive = nullptr;  ///< halo_buffers()' receive buffer (--gpu-aware-mpi)
};

struct State {
  hpcg_problem_view problem{};
  std::unique_ptr<Executor> executor;
  std::vector<DeviceLevel> levels;
  std::vector<void*> memory;  ///< every allocation but the vectors
  uint64_t bytes = 0;
  ~State() {
    if (executor) {
      for (void* block : memory) executor->release(block);
    }
  }

  template <class T>
  T* copy_in(const std::vector<T>& host) {
    T* device = static_cast<T*>(executor->allocate(host.size() * sizeof(T)));
    memory.push_back(device);
    bytes += host.size() * sizeof(T);
    executor->to_device(device, host.data(), host.size() * sizeof(T));
    return device;
  }
  double* scratch(size_t count) {
    auto* device = static_cast<double*>(executor->allocate(count * sizeof(double)));
    memory.push_back(device);
    bytes += count * sizeof(double);
    return device;
  }
};

/// Runs `body`; an exception becomes HPCG_STATUS_ERROR with its message.
template <class Body>
hpcg_status guarded(hpcg_error* error, Body body) {
  try {
    body();
    return HPCG_STATUS_OK;
  } catch (const std::bad_alloc&) {
    std::snprintf(error->message, sizeof error->message, "out of host memory");
  } catch (const std::exception& failure) {
    std::snprintf(error->message, sizeof error->message, "%s", failure.what());
  }
  return HPCG_STATUS_ERROR;
}

State& of(void* state) { return *static_cast<State*>(state); }
double* vec(void* v) { return static_cast<double*>(v); }
const double* vec(const void* v) { return static_cast<const double*>(v); }

void upload_level(State& s, int32_t l) {
  const hpcg_level_view& level = s.problem.level[l];
  DeviceLevel& d = s.levels[l];
  d.layout = build_layout(level, s.problem.halo[l], parse_settings(s.problem.settings));
  const LevelLayout& h = d.layout;
  SellView& v = d.view;
  v.rows = h.rows;
  v.slots = h.slots;
  v.columns = h.columns;
  v.slice_rows = h.slice_rows;
  v.slice_shift = h.slice_shift;
  v.slice_start = s.copy_in(h.slice_start);
  v.slice_upper = s.copy_in(h.slice_upper);
  v.column = s.copy_in(h.column);
  v.value = s.copy_in(h.value);
  v.diagonal = d.diagonal = s.copy_in(h.diagonal);
  v.row_of = s.copy_in(h.row_of);
  v.slot_of = s.copy_in(h.slot_of);
  v.coarse_rows = level.coarse_rows;
  v.coarse_slot = s.copy_in(h.coarse_slot);
  v.coarse_fine = s.copy_in(h.coarse_fine);
  v.send_count = static_cast<int32_t>(h.send_rows.size());
  v.send_rows = s.copy_in(h.send_rows);
  d.sweep_rhs = s.scratch(static_cast<size_t>(h.slots));
  d.send = s.scratch(h.send_rows.size());
  d.receive = s.scratch(static_cast<size_t>(h.columns - h.rows));
}

hpcg_status create(const hpcg_problem_view* problem, void** state, hpcg_error* error) {
  return guarded(error, [&] {
    auto s = std::make_unique<State>();
    s->problem = *problem;
    const Settings settings = parse_settings(problem->settings);
    s->executor = make_executor(problem->rank, settings);
    s->levels.resize(problem->level_count);
    for (int32_t l = 0; l < problem->level_count; ++l) upload_level(*s, l);
    s->executor->fence();
    *state = s.release();
  });
}

void destroy(void* state) { delete static_cast<State*>(state); }

uint64_t memory_bytes(void* state) { return of(state).bytes; }

hpcg_status diagonal_changed(void* state, int32_t l, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    DeviceLevel& d = s.levels[l];
    refresh_diagonal(s.problem.level[l], d.layout);
    s.executor->to_device(d.diagonal, d.layout.diagonal.data(),
                          d.layout.diagonal.size() * sizeof(double));
  });
}

hpcg_status alloc_vector(void* state, int32_t length, void** vector, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    double* v = static_cast<double*>(s.executor->allocate(sizeof(double) * length));
    s.executor->fill(v, length, 0.0);
    s.bytes += sizeof(double) * static_cast<uint64_t>(length);
    *vector = v;
  });
}

void free_vector(void* state, void* vector) { of(state).executor->release(vector); }

hpcg_status upload(void* state, const double* host, int32_t begin, int32_t count, void* v,
                   hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->to_device(vec(v) + begin, host, sizeof(double) * count);
  });
}

hpcg_status download(void* state, const void* v, int32_t begin, int32_t count, double* host,
                     hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->to_host(host, vec(v) + begin, sizeof(double) * count);
  });
}

hpcg_status fill(void* state, void* v, int32_t length, double value, hpcg_error* error) {
  return guarded(error, [&] { of(state).executor->fill(vec(v), length, value); });
}

hpcg_status copy(void* state, const void* from, int32_t count, void* to, hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->device_copy(to, from, sizeof(double) * count);
  });
}

hpcg_status fence(void* state, hpcg_error* error) {
  return guarded(error, [&] { of(state).executor->fence(); });
}

/// `send` is host memory, or this level's device buffer under --gpu-aware-mpi.
hpcg_status pack_halo(void* state, int32_t l, const void* x, double* send, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    DeviceLevel& d = s.levels[l];
    s.executor->pack(d.view, vec(x), d.send);
    if (send != d.send) {
      s.executor->to_host(send, d.send, sizeof(double) * d.view.send_count);
    } else {
      s.executor->fence();  // MPI reads the buffer next
    }
  });
}

hpcg_status unpack_halo(void* state, int32_t l, const double* receive, void* x,
                        hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const DeviceLevel& d = s.levels[l];
    const size_t bytes = sizeof(double) * static_cast<size_t>(d.view.columns - d.view.rows);
    double* halo = vec(x) + d.view.rows;  // the halo part is contiguous: one copy
    if (receive == d.receive) {
      s.executor->device_copy(halo, receive, bytes);
      s.executor->fence();  // the core may post the next receive into d.receive right away
    } else {
      s.executor->to_device(halo, receive, bytes);
    }
  });
}

hpcg_status halo_buffers(void* state, int32_t l, double** send, double** receive,
                         hpcg_error* error) {
  return guarded(error, [&] {
    *send = of(state).levels[l].send;
    *receive = of(state).levels[l].receive;
  });
}

hpcg_status spmv(void* state, int32_t l, const void* x, void* y, hpcg_error* error) {
  return guarded(error, [&] { of(state).executor->spmv(of(state).levels[l].view, vec(x), vec(y)); });
}

hpcg_status symgs(void* state, int32_t l, const void* r, void* x, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const DeviceLevel& d = s.levels[l];
    symmetric_sweep(*s.executor, d.view, d.layout.colour_start, vec(r), vec(x), d.sweep_rhs,
                    false);
  });
}

hpcg_status symgs_zero_guess(void* state, int32_t l, const void* r, void* x, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const DeviceLevel& d = s.levels[l];
    symmetric_sweep(*s.executor, d.view, d.layout.colour_start, vec(r), vec(x), d.sweep_rhs,
                    true);
  });
}

hpcg_status residual_restriction(void* state, int32_t l, const void* r, const void* x, void* rc,
                                 hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->residual_restriction(of(state).levels[l].view, vec(r), vec(x), vec(rc));
  });
}

hpcg_status prolongation(void* state, int32_t l, const void* xc, void* x, hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->prolongation(of(state).levels[l].view, vec(xc), vec(x));
  });
}

hpcg_status dot(void* state, int32_t n, const void* x, const void* y, double* result,
                hpcg_error* error) {
  return guarded(error, [&] { *result = of(state).executor->dot(n, vec(x), vec(y)); });
}

hpcg_status waxpby(void* state, int32_t n, double alpha, const void* x, double beta,
                   const void* y, void* w, hpcg_error* error) {
  return guarded(error, [&] { of(state).executor->waxpby(n, alpha, vec(x), beta, vec(y), vec(w)); });
}

hpcg_status spmv_dot(void* state, int32_t l, const void* x, void* y, double* result,
                     hpcg_error* error) {
  return guarded(error, [&] {
    *result = of(state).executor->spmv_dot(of(state).levels[l].view, vec(x), vec(y));
  });
}

hpcg_status waxpby_norm(void* state, int32_t n, double alpha, const void* x, double beta,
                        const void* y, void* w, double* result, hpcg_error* error) {
  return guarded(error, [&] {
    *result = of(state).executor->waxpby_norm(n, alpha, vec(x), beta, vec(y), vec(w));
  });
}

/// The rows in colour order (layout.hpp's sweep_order): the last colour's second relaxation,
/// skipped, would leave its rows as they are.
hpcg_status declared_sweep_order(void* state, int32_t l, int32_t* order, hpcg_error* error) {
  return guarded(error, [&] {
    const std::vector<int32_t> rows = sweep_order(of(state).levels[l].layout);
    std::copy(rows.begin(), rows.end(), order);
  });
}

hpcg_backend make_table() {
  hpcg_backend table{};
  table.abi_version = HPCG_BACKEND_ABI_VERSION;
  table.struct_size = sizeof(hpcg_backend);
  table.name = executor_backend_name();
  table.version = "1.1 (sliced ELLPACK, first-fit colouring in paired order, deterministic reductions)";
  // Separate memory: the core never reads a handle. Bit-reproducible: no atomics, reductions
  // in a fixed order (row_kernels.hpp).
  // Kernels are queued on the default stream; values and halo buffers come back finished.
  table.flags = HPCG_BACKEND_SEPARATE_MEMORY | HPCG_BACKEND_ASYNCHRONOUS;
  table.create = create;
  table.destroy = destroy;
  table.memory_bytes = memory_bytes;
  table.diagonal_changed = diagonal_changed;
  table.alloc_vector = alloc_vector;
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
