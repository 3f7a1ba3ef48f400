// SPDX-License-Identifier: BSD-3-Clause
// The cuda plugin's set-up, vectors and halo: each level's layout copied to the executor once,
// and vectors in the level's slot order (row_kernels.hpp), which upload, download, fill, copy
// and the halo entries convert from and to the core's natural row numbers.
#include <algorithm>
#include <string>

#include "plugin_state.hpp"

namespace hpcg::cuda {
namespace {

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

}  // namespace

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

namespace {

void check_range(const VectorInfo& v, int32_t begin, int32_t count) {
  if (begin < 0 || count < 0 || begin > v.length - count) {
    throw std::invalid_argument("entries " + std::to_string(begin) + ".." +
                                std::to_string(begin + count) + " of a vector of " +
                                std::to_string(v.length));
  }
}

}  // namespace

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

}  // namespace hpcg::cuda
