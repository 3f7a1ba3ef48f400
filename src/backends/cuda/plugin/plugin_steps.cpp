// SPDX-License-Identifier: BSD-3-Clause
// The cuda plugin's steps on the executor: SpMV, symmetric Gauss-Seidel in colour order, the
// restricted residual, prolongation, dot and WAXPBY (fused where CG asks), the steps that read
// a halo in two parts around the exchange, the Gauss-Seidel order they are equivalent to, and
// xhpgmp's Gram-Schmidt steps on double vectors (its float vectors are host memory: the core's
// defaults run those).
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "plugin_state.hpp"

namespace hpcg::cuda {
namespace {

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

/// The basis in chunks as the executor's kernels take them: body(first, chunk) for the vectors
/// first, first + 1, ..., each of the level of q.
template <class Body>
void for_each_chunk(const State& s, int32_t k, const void* const* basis, const void* q,
                    Body body) {
  const int32_t level = s.info(q).level;
  for (int32_t first = 0; first < k; first += basis_chunk) {
    BasisChunk chunk;
    chunk.count = std::min(basis_chunk, k - first);
    for (int32_t j = 0; j < chunk.count; ++j) {
      if (s.info(basis[first + j]).level != level) {
        throw std::invalid_argument("basis vector " + std::to_string(first + j) +
                                    " is not of q's level");
      }
      chunk.vector[j] = vec(basis[first + j]);
    }
    body(first, chunk);
  }
}

}  // namespace

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

/// Each dot bit for bit the dot entry's, all of a chunk's in one pass over its vectors.
hpcg_status basis_dots(void* state, int32_t n, int32_t k, const void* const* basis, const void* q,
                       double* h, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const int32_t slots = slots_for(s, n, q);
    for_each_chunk(s, k, basis, q, [&](int32_t first, BasisChunk& chunk) {
      s.executor->basis_dots(slots, chunk, vec(q), h + first);
    });
  });
}

/// Padding slots stay 0: every vector holds 0 there.
hpcg_status subtract_projections(void* state, int32_t n, int32_t k, const void* const* basis,
                                 const double* h, void* q, hpcg_error* error) {
  return guarded(error, [&] {
    State& s = of(state);
    const int32_t slots = slots_for(s, n, q);
    for_each_chunk(s, k, basis, q, [&](int32_t first, BasisChunk& chunk) {
      for (int32_t j = 0; j < chunk.count; ++j) chunk.coefficient[j] = h[first + j];
      s.executor->subtract_projections(slots, chunk, vec(q));
    });
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

}  // namespace hpcg::cuda
