// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's Gram-Schmidt steps in both precisions (src/backends/README.md,
// "Gram-Schmidt's steps"): all k dots of q against the basis in one pass over the basis, and
// q -= sum_j h[j] basis[j] in one more, where the per-vector steps read q k times and write it
// k times. Each dot is the contract's blocked sum (blocked_sum.hpp) in a fixed tree: a sum per
// block of summation_block rows, the blocks of each group pairwise, then the groups pairwise,
// the products exact in double as dot_float's. The tree depends on n only, so the dots are the
// same on every call, for every thread count and execution space. The update takes the terms
// in order; this file is compiled without fused multiply-adds (CMakeLists.txt), so each term
// rounds as waxpby_float's.
#include <algorithm>
#include <string>
#include <type_traits>

#include "backend_state.hpp"
#include "split_matrix.hpp"

#define HPCG_SUM_FUNCTION KOKKOS_INLINE_FUNCTION
#include "hpcg/backends/blocked_sum.hpp"

namespace hpcg::backends::kokkos {
namespace {

/// Basis vectors one kernel takes: their addresses travel with the kernel (captured by value,
/// a device kernel's arguments), so no pointer table is copied to the device per call.
constexpr int chunk_vectors = 16;
/// Block sums one item of the dots' second pass combines.
constexpr local_int group_blocks = 64;
/// Rows one item of the update covers: on host spaces a block whose inner loop vectorises and
/// whose q stays in the L1 cache while every basis vector's rows are subtracted from it; on
/// devices one row per thread.
constexpr local_int update_rows = space_reads_host_memory ? 512 : 1;

template <class T>
struct Chunk {
  int count = 0;
  const T* vector[chunk_vectors] = {};
  T coefficient[chunk_vectors] = {};  ///< -h[j] rounded to T, as waxpby rounds beta
};

template <class T>
T* data_of(const BackendVector& v) {
  constexpr bool single = std::is_same<T, float>::value;
  HPCG_REQUIRE(v.single() == single);
  return static_cast<SpaceView<T>*>(v.handle())->data();
}

template <class T>
Chunk<T> chunk_of(const BackendVector* basis, int first, int k) {
  Chunk<T> chunk;
  chunk.count = std::min(chunk_vectors, k - first);
  for (int j = 0; j < chunk.count; ++j) chunk.vector[j] = data_of<T>(basis[first + j]);
  return chunk;
}

/// views grown to rows x chunk_vectors (counted as the backend's memory).
void ensure(Kokkos::View<double**, MemorySpace>& view, local_int rows, const char* label,
            SpaceMemory& memory) {
  if (static_cast<local_int>(view.extent(0)) >= rows) return;
  memory.count(-8.0 * static_cast<double>(view.size()));
  view = Kokkos::View<double**, MemorySpace>(std::string(label), rows, chunk_vectors);
  memory.count(8.0 * static_cast<double>(view.size()));
}

/// sums(b, j) = block b's sum of basis[j][i] q[i]: one item per block, whose q values are read
/// from memory once for all the chunk's vectors.
template <class T>
void block_dots(local_int n, const Chunk<T>& chunk, const T* q,
                const Kokkos::View<double**, MemorySpace>& sums) {
  const local_int blocks = (n + summation_block - 1) / summation_block;
  Kokkos::parallel_for(
      "hpcg::kokkos::basis_dots", RowPolicy(0, blocks), KOKKOS_LAMBDA(local_int b) {
        const local_int start = b * summation_block;
        const local_int stop = n - start < summation_block ? n : start + summation_block;
        for (int j = 0; j < chunk.count; ++j) {
          const T* v = chunk.vector[j];
          sums(b, j) = block_sum(start, stop, [&](local_int i) {
            return static_cast<double>(v[i]) * static_cast<double>(q[i]);
          });
        }
      });
}

/// totals(j) = the block sums of vector j combined pairwise: groups of group_blocks first (in
/// parallel), then the groups' sums.
void combine(local_int blocks, int count, const Kokkos::View<double**, MemorySpace>& sums,
             const Kokkos::View<double**, MemorySpace>& groups, const SpaceView<double>& totals) {
  const local_int group_count = (blocks + group_blocks - 1) / group_blocks;
  Kokkos::parallel_for(
      "hpcg::kokkos::basis_dots_groups", RowPolicy(0, group_count * count),
      KOKKOS_LAMBDA(local_int item) {
        const int j = item / group_count;
        const local_int g = item % group_count;
        const local_int end = blocks < (g + 1) * group_blocks ? blocks : (g + 1) * group_blocks;
        PairwiseSum sum;
        for (local_int b = g * group_blocks; b < end; ++b) sum.add(sums(b, j));
        groups(g, j) = sum.total();
      });
  Kokkos::parallel_for(
      "hpcg::kokkos::basis_dots_totals", RowPolicy(0, count), KOKKOS_LAMBDA(local_int j) {
        PairwiseSum sum;
        for (local_int g = 0; g < group_count; ++g) sum.add(groups(g, j));
        totals(j) = sum.total();
      });
}

/// q[i] = q[i] + coefficient[j] basis[j][i] for j = 0, 1, ... in turn.
template <class T>
void subtract_chunk(local_int n, const Chunk<T>& chunk, T* q) {
  const local_int items = (n + update_rows - 1) / update_rows;
  Kokkos::parallel_for(
      "hpcg::kokkos::subtract_projections", RowPolicy(0, items), KOKKOS_LAMBDA(local_int item) {
        const local_int begin = item * update_rows;
        const local_int end = n - begin < update_rows ? n : begin + update_rows;
        for (int j = 0; j < chunk.count; ++j) {
          const T* v = chunk.vector[j];
          const T c = chunk.coefficient[j];
          for (local_int i = begin; i < end; ++i) q[i] = q[i] + c * v[i];
        }
      });
}

template <class T>
void dots(DotScratch& scratch, SpaceMemory& memory, local_int n, int k,
          const BackendVector* basis, const BackendVector& q, double* h) {
  const local_int blocks = (n + summation_block - 1) / summation_block;
  ensure(scratch.blocks, blocks, "hpcg::basis_block_sums", memory);
  ensure(scratch.groups, (blocks + group_blocks - 1) / group_blocks, "hpcg::basis_group_sums",
         memory);
  if (scratch.totals.extent(0) == 0) {
    scratch.totals = memory.allocate<double>("hpcg::basis_dots", chunk_vectors);
  }
  for (int first = 0; first < k; first += chunk_vectors) {
    const Chunk<T> chunk = chunk_of<T>(basis, first, k);
    if (blocks > 0) {
      block_dots(n, chunk, data_of<T>(q), scratch.blocks);
      combine(blocks, chunk.count, scratch.blocks, scratch.groups, scratch.totals);
      Kokkos::deep_copy(HostWrap<double>(h + first, chunk.count),
                        Kokkos::subview(scratch.totals, Kokkos::make_pair(0, chunk.count)));
    } else {
      std::fill(h + first, h + first + chunk.count, 0.0);
    }
  }
}

template <class T>
void subtract(local_int n, int k, const BackendVector* basis, const double* h,
              const BackendVector& q) {
  for (int first = 0; first < k; first += chunk_vectors) {
    Chunk<T> chunk = chunk_of<T>(basis, first, k);
    for (int j = 0; j < chunk.count; ++j) chunk.coefficient[j] = static_cast<T>(-h[first + j]);
    if (n > 0) subtract_chunk(n, chunk, data_of<T>(q));
  }
}

}  // namespace

void KokkosBackend::basis_dots(local_int n, int k, const BackendVector* basis,
                               const BackendVector& q, double* h) {
  HPCG_REQUIRE(n <= q.size() && k >= 0);
  if (q.single()) {
    dots<float>(state_->dot_scratch, state_->memory, n, k, basis, q, h);
  } else {
    dots<double>(state_->dot_scratch, state_->memory, n, k, basis, q, h);
  }
}

void KokkosBackend::subtract_projections(local_int n, int k, const BackendVector* basis,
                                         const double* h, BackendVector& q) {
  HPCG_REQUIRE(n <= q.size() && k >= 0);
  if (q.single()) {
    subtract<float>(n, k, basis, h, q);
  } else {
    subtract<double>(n, k, basis, h, q);
  }
}

}  // namespace hpcg::backends::kokkos
