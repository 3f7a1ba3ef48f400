// SPDX-License-Identifier: BSD-3-Clause
// The cuda plugin's state: every level's matrix, every vector and the halo buffers in the
// executor's memory, and the host's record of them; shared by the vector and halo entries
// (plugin_state.cpp), the steps (plugin_steps.cpp) and the table (plugin_table.cpp).
// Compiled once per executor (GPU and host emulation); nothing here includes CUDA.
#pragma once

#include <cstdio>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <hpcg/backend_abi.h>

#include "executor.hpp"

namespace hpcg::cuda {

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

inline State& of(void* state) { return *static_cast<State*>(state); }
inline double* vec(void* v) { return static_cast<double*>(v); }
inline const double* vec(const void* v) { return static_cast<const double*>(v); }

/// The table's entries, defined in plugin_state.cpp (create, vectors, halo) and
/// plugin_steps.cpp (the V-cycle's steps, dot, WAXPBY, the declared order and Gram-Schmidt's
/// steps).
hpcg_status create(const hpcg_problem_view* problem, void** state, hpcg_error* error);
void destroy(void* state);
uint64_t memory_bytes(void* state);
hpcg_status diagonal_changed(void* state, int32_t l, hpcg_error* error);
hpcg_status alloc_level_vector(void* state, int32_t level, int32_t role, int32_t length,
                               void** vector, hpcg_error* error);
void free_vector(void* state, void* vector);
hpcg_status upload(void* state, const double* host, int32_t begin, int32_t count, void* v,
                   hpcg_error* error);
hpcg_status download(void* state, const void* v, int32_t begin, int32_t count, double* host,
                     hpcg_error* error);
hpcg_status fill(void* state, void* v, int32_t length, double value, hpcg_error* error);
hpcg_status copy(void* state, const void* from, int32_t count, void* to, hpcg_error* error);
hpcg_status fence(void* state, hpcg_error* error);
hpcg_status pack_halo(void* state, int32_t l, const void* x, double* send, hpcg_error* error);
hpcg_status unpack_halo(void* state, int32_t l, const double* receive, void* x,
                        hpcg_error* error);
hpcg_status halo_buffers(void* state, int32_t l, double** send, double** receive,
                         hpcg_error* error);
hpcg_status spmv(void* state, int32_t l, const void* x, void* y, hpcg_error* error);
hpcg_status spmv_part(void* state, int32_t part, int32_t l, const void* x, void* y,
                      hpcg_error* error);
hpcg_status symgs(void* state, int32_t l, const void* r, void* x, hpcg_error* error);
hpcg_status symgs_part(void* state, int32_t part, int32_t l, const void* r, void* x,
                       hpcg_error* error);
hpcg_status symgs_zero_guess(void* state, int32_t l, const void* r, void* x, hpcg_error* error);
hpcg_status residual_restriction(void* state, int32_t l, const void* r, const void* x, void* rc,
                                 hpcg_error* error);
hpcg_status residual_restriction_part(void* state, int32_t part, int32_t l, const void* r,
                                      const void* x, void* rc, hpcg_error* error);
hpcg_status prolongation(void* state, int32_t l, const void* xc, void* x, hpcg_error* error);
hpcg_status dot(void* state, int32_t n, const void* x, const void* y, double* result,
                hpcg_error* error);
hpcg_status waxpby(void* state, int32_t n, double alpha, const void* x, double beta,
                   const void* y, void* w, hpcg_error* error);
hpcg_status spmv_dot(void* state, int32_t l, const void* x, void* y, double* result,
                     hpcg_error* error);
hpcg_status spmv_dot_part(void* state, int32_t part, int32_t l, const void* x, void* y,
                          double* result, hpcg_error* error);
hpcg_status waxpby_norm(void* state, int32_t n, double alpha, const void* x, double beta,
                        const void* y, void* w, double* result, hpcg_error* error);
hpcg_status declared_sweep_order(void* state, int32_t l, int32_t* order, hpcg_error* error);
hpcg_status basis_dots(void* state, int32_t n, int32_t k, const void* const* basis, const void* q,
                       double* h, hpcg_error* error);
hpcg_status subtract_projections(void* state, int32_t n, int32_t k, const void* const* basis,
                                 const double* h, void* q, hpcg_error* error);

}  // namespace hpcg::cuda
