// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic of every cuda-backend kernel, one row (or one element, or one reduction block)
// at a time, over the device layout. Compiled by nvcc for the GPU kernels and by g++ for the
// host executor and the tests, so the CPU runs exactly the code the GPU runs.
#pragma once

#include <stdint.h>

#if defined(__CUDACC__)
#define HPCG_CUDA_HD __host__ __device__ __forceinline__
#else
#define HPCG_CUDA_HD inline
#endif

namespace hpcg::cuda {

/// One level's matrix in sliced ELLPACK, rows in colour order. Row slot s (0..slots-1) is the
/// s-th row in colour order. Slice k covers slots [k*slice_rows, (k+1)*slice_rows) and holds
/// two blocks of off-diagonal entries: L, the entries on columns of rows relaxed before the row
/// (entries [slice_start[k], slice_upper[k])), then U, the rest and the halo columns
/// ([slice_upper[k], slice_start[k+1])), each in CSR order. Inside a block, entry e of slot s
/// sits at block start + e*slice_rows + s%slice_rows (column-major, so that neighbouring
/// threads read neighbouring words). The diagonal is its own array. Each colour starts on a
/// slice boundary; the slots padding a colour's last slice hold no row.
/// Vectors are in slot order too: a level's vector holds the value of the row in slot s at s,
/// then the halo (slots + k for the k-th halo column), so column ids are vector positions. A
/// padding slot has only zero entries on its own slot and diagonal 1, and every vector holds 0
/// there, so every kernel computes 0 for it without knowing it is padding.
struct SellView {
  int32_t rows = 0;                  ///< owned rows
  int32_t slots = 0;                 ///< rows and padding slots, slices * slice_rows
  int32_t length = 0;                ///< a vector with its halo: slots + columns - rows
  int32_t slice_rows = 0;            ///< a power of two
  int32_t slice_shift = 0;           ///< log2(slice_rows)
  const int64_t* slice_start = nullptr;  ///< slices + 1 offsets
  const int64_t* slice_upper = nullptr;  ///< by slice: where its U block starts
  const int32_t* column = nullptr;   ///< vector positions (slots, or slots + halo index)
  const double* value = nullptr;
  const double* diagonal = nullptr;  ///< by slot
  /// By slice: whether a row of the slice reads a halo column (the split-phase halo's parts).
  const uint8_t* slice_reads_halo = nullptr;
  int32_t coarse_slots = 0;              ///< slots of the next coarser level
  const int32_t* injected_slot = nullptr;  ///< coarse slot -> fine slot injected, -1: padding
  int32_t send_count = 0;
  const int32_t* send_slot = nullptr;  ///< the slots pack_halo sends, in the core's order
};

/// Which slots a kernel of a split-phase step covers: all, those whose slice reads no halo
/// value (run while the exchange is in flight), or those whose slice does.
enum SlotSet : int32_t { all_slots = 0, interior_slots = 1, boundary_slots = 2 };

HPCG_CUDA_HD bool in_set(const SellView& A, int32_t s, int32_t set) {
  if (set == all_slots) return true;
  return (A.slice_reads_halo[s >> A.slice_shift] != 0) == (set == boundary_slots);
}

/// sum - a_ij x_j over slot s's entries in [begin, end) of its slice (one block).
HPCG_CUDA_HD double subtract_block(const SellView& A, int32_t s, int64_t begin, int64_t end,
                                   double sum, const double* x) {
  for (int64_t e = begin + (s & (A.slice_rows - 1)); e < end; e += A.slice_rows) {
    sum -= A.value[e] * x[A.column[e]];
  }
  return sum;
}

/// sum - (L x) over the row in slot s.
HPCG_CUDA_HD double subtract_lower(const SellView& A, int32_t s, double sum, const double* x) {
  const int32_t slice = s >> A.slice_shift;
  return subtract_block(A, s, A.slice_start[slice], A.slice_upper[slice], sum, x);
}

/// sum - (U x) over the row in slot s.
HPCG_CUDA_HD double subtract_upper(const SellView& A, int32_t s, double sum, const double* x) {
  const int32_t slice = s >> A.slice_shift;
  return subtract_block(A, s, A.slice_upper[slice], A.slice_start[slice + 1], sum, x);
}

/// r_s - (A x)_s for the row in slot s: the diagonal term, then L, then U.
HPCG_CUDA_HD double row_residual(const SellView& A, int32_t s, double r_s, const double* x) {
  return subtract_upper(A, s, subtract_lower(A, s, r_s - A.diagonal[s] * x[s], x), x);
}

/// y[s] = (A x)[s] where s is in `set`.
HPCG_CUDA_HD void spmv_row(const SellView& A, int32_t s, const double* x, double* y,
                           int32_t set) {
  if (in_set(A, s, set)) y[s] = -row_residual(A, s, 0.0, x);
}

/// The forward Gauss-Seidel update of the row in slot s: t = r - L x (the rows before it are
/// final for this sweep), x = (t - U x) / d. From x = 0 the U part is 0 and not read. t keeps
/// r - L x for the backward sweep (nullptr: not kept, the last colour).
HPCG_CUDA_HD void forward_row(const SellView& A, int32_t s, const double* r, double* x,
                              double* t, bool from_zero) {
  const double lower = subtract_lower(A, s, r[s], x);
  if (t != nullptr) t[s] = lower;
  x[s] = (from_zero ? lower : subtract_upper(A, s, lower, x)) / A.diagonal[s];
}

/// The backward update: x = (t - U x) / d, with t = r - L x from the forward sweep (the rows
/// before this one have not changed since), so that it reads U only.
HPCG_CUDA_HD void backward_row(const SellView& A, int32_t s, const double* t, double* x) {
  x[s] = subtract_upper(A, s, t[s], x) / A.diagonal[s];
}

/// rc[c] = r[f] - (A x)[f] for the fine slot f injected into coarse slot c (rc is the coarse
/// level's vector; its padding slots stay 0), where f is in `set`.
HPCG_CUDA_HD void residual_restriction_row(const SellView& A, int32_t c, const double* r,
                                           const double* x, double* rc, int32_t set) {
  const int32_t f = A.injected_slot[c];
  if (f >= 0 && in_set(A, f, set)) rc[c] = row_residual(A, f, r[f], x);
}

/// x[f] += xc[c] for the fine slot f injected into coarse slot c.
HPCG_CUDA_HD void prolongation_row(const SellView& A, int32_t c, const double* xc, double* x) {
  const int32_t f = A.injected_slot[c];
  if (f >= 0) x[f] += xc[c];
}

HPCG_CUDA_HD void pack_row(const SellView& A, int32_t k, const double* x, double* send) {
  send[k] = x[A.send_slot[k]];
}

/// Deterministic reductions: a fixed partition of [0, n) into blocks of reduce_block values,
/// each summed by reduce_threads strided partial sums and a fixed pairwise tree; the block sums
/// are reduced the same way. The order depends on n only, never on the device or on timing,
/// so the backend is bit-reproducible from run to run.
constexpr int32_t reduce_threads = 256;
constexpr int32_t reduce_per_thread = 8;
constexpr int32_t reduce_block = reduce_threads * reduce_per_thread;

HPCG_CUDA_HD int32_t reduce_blocks(int32_t n) { return (n + reduce_block - 1) / reduce_block; }

/// The pairwise tree over partial[0, reduce_threads) a thread block runs in shared memory,
/// written out for one host thread: after it, partial[0] holds the sum.
HPCG_CUDA_HD void tree_sum(double* partial) {
  for (int32_t half = reduce_threads / 2; half > 0; half /= 2) {
    for (int32_t t = 0; t < half; ++t) partial[t] += partial[t + half];
  }
}

/// What thread t of block b adds up of x.y before the tree.
HPCG_CUDA_HD double dot_thread(int32_t n, int32_t b, int32_t t, const double* x, const double* y) {
  double sum = 0.0;
  for (int32_t k = 0; k < reduce_per_thread; ++k) {
    const int32_t i = b * reduce_block + k * reduce_threads + t;
    if (i < n) sum += x[i] * y[i];
  }
  return sum;
}

/// w[i] = alpha x[i] + beta y[i], returning w[i] for a fused norm.
HPCG_CUDA_HD double waxpby_element(int32_t i, double alpha, const double* x, double beta,
                                   const double* y, double* w) {
  const double value = alpha * x[i] + beta * y[i];
  w[i] = value;
  return value;
}

/// Thread t of block b's share of the fused w = alpha x + beta y and w.w.
HPCG_CUDA_HD double waxpby_norm_thread(int32_t n, int32_t b, int32_t t, double alpha,
                                       const double* x, double beta, const double* y, double* w) {
  double sum = 0.0;
  for (int32_t k = 0; k < reduce_per_thread; ++k) {
    const int32_t i = b * reduce_block + k * reduce_threads + t;
    if (i < n) {
      const double value = waxpby_element(i, alpha, x, beta, y, w);
      sum += value * value;
    }
  }
  return sum;
}

/// Thread t of block b's share of the fused y = A x and x.y over slots. y is computed where s
/// is in `set` and read where it is not (the rows a split-phase step did before the halo).
HPCG_CUDA_HD double spmv_dot_thread(const SellView& A, int32_t b, int32_t t, const double* x,
                                    double* y, int32_t set) {
  double sum = 0.0;
  for (int32_t k = 0; k < reduce_per_thread; ++k) {
    const int32_t s = b * reduce_block + k * reduce_threads + t;
    if (s >= A.slots) continue;
    if (in_set(A, s, set)) y[s] = -row_residual(A, s, 0.0, x);
    sum += x[s] * y[s];
  }
  return sum;
}

/// Gram-Schmidt's steps (xhpgmp) take the Krylov basis in chunks of this many vectors, whose
/// addresses and coefficients travel by value with the kernel's arguments.
constexpr int32_t basis_chunk = 16;

struct BasisChunk {
  int32_t count = 0;
  const double* vector[basis_chunk] = {};
  double coefficient[basis_chunk] = {};  ///< subtract_projections' h[j]
};

/// Thread t of block b's shares of vector[j].q for each j < count: each in dot_thread's order,
/// so that every sum is dot()'s bit for bit, with q's values read once for all of them.
HPCG_CUDA_HD void basis_dots_thread(int32_t n, int32_t b, int32_t t, const BasisChunk& basis,
                                    const double* q, double* sums) {
  for (int32_t j = 0; j < basis.count; ++j) sums[j] = 0.0;
  for (int32_t k = 0; k < reduce_per_thread; ++k) {
    const int32_t i = b * reduce_block + k * reduce_threads + t;
    if (i >= n) continue;
    const double q_i = q[i];
    for (int32_t j = 0; j < basis.count; ++j) sums[j] += basis.vector[j][i] * q_i;
  }
}

/// q[i] -= coefficient[j] vector[j][i] for j = 0, 1, ... in turn: waxpby_element's rounding
/// with alpha 1 and beta -h[j], one WAXPBY per vector in one pass.
HPCG_CUDA_HD void subtract_projections_element(int32_t i, const BasisChunk& basis, double* q) {
  double value = q[i];
  for (int32_t j = 0; j < basis.count; ++j) {
    value = value - basis.coefficient[j] * basis.vector[j][i];
  }
  q[i] = value;
}

/// What thread t of block b adds up of the final reduction over the block sums.
HPCG_CUDA_HD double partial_thread(int32_t blocks, int32_t t, const double* block_sum) {
  double sum = 0.0;
  for (int32_t i = t; i < blocks; i += reduce_threads) sum += block_sum[i];
  return sum;
}

}  // namespace hpcg::cuda
