// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's plugin table (ABI 3): every level's matrix, every vector and the halo
// buffers live in the executor's memory for the whole run; the core only ever holds handles.
// A level's vectors are in the level's slot order (row_kernels.hpp); upload, download, fill,
// copy and the halo convert from and to the core's natural row numbers. Steps that read a
// halo come in two parts around the exchange. Compiled once per executor (GPU and host
// emulation); nothing here includes CUDA.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
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
  /// Slot ranges of padding: fill() keeps them 0 whatever the value.
  std::vector<std::pair<int32_t, int32_t>> padding;
};

/// What the host knows of a vector: its level and its length in natural entries.
struct VectorInfo {
  int32_t level = 0, length = 0;
};

struct State {
  hpcg_problem_view problem{};
  std::unique_ptr<Executor> executor;
  std::vector<DeviceLevel> levels;
  std::vector<void*> memory;  ///< every allocation but the vectors
  std::unordered_map<const void*, VectorInfo> vectors;  ///< handle -> level and length
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
  const VectorInfo& info(const void* v) const {
    const auto found = vectors.find(v);
    if (found == vectors.end()) throw std::invalid_argument("not a vector of this backend");
    return found->second;
  }
  const LevelLayout& layout_of(const void* v) const { return levels[info(v).level].layout; }
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

/// Copies level l's layout (built, and linked to the next coarser level) to the device.
void upload_level(State& s, int32_t l) {
  DeviceLevel& d = s.levels[l];
  const LevelLayout& h = d.layout;
  SellView& v = d.view;
  v.rows = h.rows;
  v.slots = h.slots;
  v.length = h.length(h.columns);
  v.slice_rows = h.slice_rows;
  v.slice_shift = h.slice_shift;
  v.slice_start = s.copy_in(h.slice_start);
  v.slice_upper = s.copy_in(h.slice_upper);
  v.column = s.copy_in(h.column);
  v.value = s.copy_in(h.value);
  v.diagonal = d.diagonal = s.copy_in(h.diagonal);
  v.slice_reads_halo = s.copy_in(h.slice_reads_halo);
  v.coarse_slots = static_cast<int32_t>(h.injected_slot.size());
  v.injected_slot = s.copy_in(h.injected_slot);
  v.send_count = static_cast<int32_t>(h.send_slot.size());
  v.send_slot = s.copy_in(h.send_slot);
  d.sweep_rhs = s.scratch(static_cast<size_t>(h.slots));
  d.send = s.scratch(h.send_slot.size());
  d.receive = s.scratch(static_cast<size_t>(h.columns - h.rows));
  for (int32_t slot = 0; slot < h.slots; ++slot) {
    if (h.row_of[slot] >= 0) continue;
    if (!d.padding.empty() && d.padding.back().second == slot) {
      ++d.padding.back().second;
    } else {
      d.padding.emplace_back(slot, slot + 1);
    }
  }
}

hpcg_status create(const hpcg_problem_view* problem, void** state, hpcg_error* error) {
  return guarded(error, [&] {
    auto s = std::make_unique<State>();
    s->problem = *problem;
    const Settings settings = parse_settings(problem->settings);
    s->executor = make_executor(problem->rank, settings);
    s->levels.resize(problem->level_count);
    for (int32_t l = 0; l < problem->level_count; ++l) {
      s->levels[l].layout = build_layout(problem->level[l], problem->halo[l], settings);
    }
    for (int32_t l = 0; l + 1 < problem->level_count; ++l) {
      link_coarse(s->levels[l].layout, s->levels[l + 1].layout);
    }
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

/// A vector of `level` in slot order: slots + (length - rows) values, 0 to begin with (the
/// padding slots stay 0 for good).
hpcg_status alloc_level_vector(void* state, int32_t level, int32_t, int32_t length,
                               void** vector, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    if (level < 0 || level >= s.problem.level_count) throw std::invalid_argument("no such level");
    const LevelLayout& h = s.levels[level].layout;
    if (length != h.rows && length != h.columns) {
      throw std::invalid_argument("a vector of level " + std::to_string(level) + " has " +
                                  std::to_string(h.rows) + " or " + std::to_string(h.columns) +
                                  " entries, not " + std::to_string(length));
    }
    const int32_t stored = h.length(length);
    double* v = static_cast<double*>(s.executor->allocate(sizeof(double) * stored));
    s.executor->fill(v, stored, 0.0);
    s.bytes += sizeof(double) * static_cast<uint64_t>(stored);
    s.vectors[v] = {level, length};
    *vector = v;
  });
}

void free_vector(void* state, void* vector) {
  of(state).vectors.erase(vector);
  of(state).executor->release(vector);
}

void check_range(const VectorInfo& v, int32_t begin, int32_t count) {
  if (begin < 0 || count < 0 || begin > v.length - count) {
    throw std::invalid_argument("entries " + std::to_string(begin) + ".." +
                                std::to_string(begin + count) + " of a vector of " +
                                std::to_string(v.length));
  }
}

/// The whole vector in one transfer, permuted on the host: outside the timed sets.
hpcg_status upload(void* state, const double* host, int32_t begin, int32_t count, void* v,
                   hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const VectorInfo& info = s.info(v);
    const LevelLayout& h = s.layout_of(v);
    check_range(info, begin, count);
    const size_t stored = static_cast<size_t>(h.length(info.length));
    std::vector<double> values(stored, 0.0);  // padding 0
    if (count < info.length) s.executor->to_host(values.data(), v, sizeof(double) * stored);
    for (int32_t k = 0; k < count; ++k) values[h.position(begin + k)] = host[k];
    s.executor->to_device(v, values.data(), sizeof(double) * stored);
  });
}

hpcg_status download(void* state, const void* v, int32_t begin, int32_t count, double* host,
                     hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const VectorInfo& info = s.info(v);
    const LevelLayout& h = s.layout_of(v);
    check_range(info, begin, count);
    std::vector<double> values(static_cast<size_t>(h.length(info.length)));
    s.executor->to_host(values.data(), v, sizeof(double) * values.size());
    for (int32_t k = 0; k < count; ++k) host[k] = values[h.position(begin + k)];
  });
}

/// `length` natural entries from the start: the level's owned rows (all slots), and its halo
/// where length is the columns. Padding slots stay 0.
hpcg_status fill(void* state, void* v, int32_t length, double value, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const VectorInfo& info = s.info(v);
    const DeviceLevel& d = s.levels[info.level];
    check_range(info, 0, length);
    if (length < d.layout.rows) throw std::invalid_argument("fill covers all of a level's rows");
    s.executor->fill(vec(v), d.layout.length(length), value);
    if (value == 0.0) return;
    for (const auto& [begin, end] : d.padding) s.executor->fill(vec(v) + begin, end - begin, 0.0);
  });
}

/// The first `count` natural entries; a level's vectors share one order, so rows and halo copy
/// as they are stored. Fewer than the rows (never in CG) go through the host.
hpcg_status copy(void* state, const void* from, int32_t count, void* to, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const VectorInfo& source = s.info(from);
    const VectorInfo& target = s.info(to);
    check_range(source, 0, count);
    check_range(target, 0, count);
    if (source.level != target.level) throw std::invalid_argument("copy between levels");
    const LevelLayout& h = s.levels[source.level].layout;
    if (count >= h.rows) {
      s.executor->device_copy(to, from, sizeof(double) * static_cast<size_t>(h.length(count)));
      return;
    }
    std::vector<double> values(static_cast<size_t>(count));
    hpcg_error inner{};
    if (download(state, from, 0, count, values.data(), &inner) != HPCG_STATUS_OK ||
        upload(state, values.data(), 0, count, to, &inner) != HPCG_STATUS_OK) {
      throw std::runtime_error(inner.message);
    }
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
    const size_t bytes = sizeof(double) * static_cast<size_t>(d.layout.columns - d.layout.rows);
    double* halo = vec(x) + d.view.slots;  // the halo part follows the slots: one copy
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

/// The slots a part of a split-phase step covers, or -1 for none. Without a halo (one rank)
/// the whole step runs after the (empty) exchange, in one kernel; otherwise the slices that
/// read no halo value run while it is in flight.
int32_t slots_of_part(const DeviceLevel& d, int32_t part) {
  const bool has_halo = d.layout.columns > d.layout.rows;
  if (part == HPCG_PART_BEFORE_HALO) return has_halo ? interior_slots : -1;
  if (part == HPCG_PART_AFTER_HALO) return has_halo ? boundary_slots : all_slots;
  throw std::invalid_argument("part " + std::to_string(part) +
                              " is neither before nor after the halo");
}

/// The n of dot and waxpby: ABI 3 passes the level's rows; the kernels run over its slots.
int32_t slots_for(const State& s, int32_t n, const void* x) {
  const LevelLayout& h = s.layout_of(x);
  if (n != h.rows) {
    throw std::invalid_argument("n = " + std::to_string(n) + " is not the level's " +
                                std::to_string(h.rows) + " rows");
  }
  return h.slots;
}

hpcg_status spmv(void* state, int32_t l, const void* x, void* y, hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->spmv(of(state).levels[l].view, vec(x), vec(y), all_slots);
  });
}

hpcg_status spmv_part(void* state, int32_t part, int32_t l, const void* x, void* y,
                      hpcg_error* error) {
  return guarded(error, [&] {
    const DeviceLevel& d = of(state).levels[l];
    const int32_t set = slots_of_part(d, part);
    if (set >= 0) of(state).executor->spmv(d.view, vec(x), vec(y), set);
  });
}

hpcg_status symgs(void* state, int32_t l, const void* r, void* x, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const DeviceLevel& d = s.levels[l];
    symmetric_sweep(*s.executor, d.view, d.layout.colour_start, vec(r), vec(x), d.sweep_rhs,
                    false);
  });
}

/// Nothing before the halo, the whole step after it: every colour holds boundary rows, and
/// a boundary row of an early colour precedes interior rows of later ones in the sweep order,
/// so no part of the sweep that keeps that order can run without the halo.
hpcg_status symgs_part(void* state, int32_t part, int32_t l, const void* r, void* x,
                       hpcg_error* error) {
  if (part == HPCG_PART_BEFORE_HALO) return HPCG_STATUS_OK;
  return symgs(state, l, r, x, error);
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
    of(state).executor->residual_restriction(of(state).levels[l].view, vec(r), vec(x), vec(rc),
                                             all_slots);
  });
}

hpcg_status residual_restriction_part(void* state, int32_t part, int32_t l, const void* r,
                                      const void* x, void* rc, hpcg_error* error) {
  return guarded(error, [&] {
    const DeviceLevel& d = of(state).levels[l];
    const int32_t set = slots_of_part(d, part);
    if (set >= 0) of(state).executor->residual_restriction(d.view, vec(r), vec(x), vec(rc), set);
  });
}

hpcg_status prolongation(void* state, int32_t l, const void* xc, void* x, hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->prolongation(of(state).levels[l].view, vec(xc), vec(x));
  });
}

hpcg_status dot(void* state, int32_t n, const void* x, const void* y, double* result,
                hpcg_error* error) {
  return guarded(error, [&] {
    *result = of(state).executor->dot(slots_for(of(state), n, x), vec(x), vec(y));
  });
}

hpcg_status waxpby(void* state, int32_t n, double alpha, const void* x, double beta,
                   const void* y, void* w, hpcg_error* error) {
  return guarded(error, [&] {
    of(state).executor->waxpby(slots_for(of(state), n, w), alpha, vec(x), beta, vec(y), vec(w));
  });
}

hpcg_status spmv_dot(void* state, int32_t l, const void* x, void* y, double* result,
                     hpcg_error* error) {
  return guarded(error, [&] {
    *result = of(state).executor->spmv_dot(of(state).levels[l].view, vec(x), vec(y), all_slots);
  });
}

/// Before the halo: y on the interior slices. After: y on the rest, fused with x.y over all.
hpcg_status spmv_dot_part(void* state, int32_t part, int32_t l, const void* x, void* y,
                          double* result, hpcg_error* error) {
  return guarded(error, [&] {
    const DeviceLevel& d = of(state).levels[l];
    const int32_t set = slots_of_part(d, part);
    if (part == HPCG_PART_BEFORE_HALO) {
      if (set >= 0) of(state).executor->spmv(d.view, vec(x), vec(y), set);
    } else {
      *result = of(state).executor->spmv_dot(d.view, vec(x), vec(y), set);
    }
  });
}

hpcg_status waxpby_norm(void* state, int32_t n, double alpha, const void* x, double beta,
                        const void* y, void* w, double* result, hpcg_error* error) {
  return guarded(error, [&] {
    *result = of(state).executor->waxpby_norm(slots_for(of(state), n, w), alpha, vec(x), beta,
                                              vec(y), vec(w));
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
