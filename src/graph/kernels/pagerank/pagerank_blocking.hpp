// SPDX-License-Identifier: BSD-3-Clause
// PageRank's column-blocked copy of graph.in (cache blocking after Beamer, Asanović and Patterson,
// "Reducing PageRank communication via propagation blocking", IPDPS 2017) and the row update
// both PageRank methods share. Private to pagerank.cpp and pagerank_blocking.cpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "hpcg/base/types.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"

namespace hpcg::graph::detail {

/// Uninitialised storage (std::vector would zero what is about to be overwritten).
template <class T>
std::unique_ptr<T[]> uninitialised_array(std::size_t count) {
  return std::unique_ptr<T[]>(new T[count]);
}

/// What an iteration does with row v's sum of contributions, whichever method formed it.
struct PageRankUpdate {
  float base = 0, damping = 0;
  const float* inverse_degree = nullptr;
  float* scores = nullptr;
  float* next = nullptr;  ///< the next iteration's contributions (owned part)

  /// Stores the new score and contribution; returns |new - old| for the L1 change.
  double apply(local_int v, float sum) const {
    const float score = base + damping * sum;
    const double change = std::fabs(static_cast<double>(score) - static_cast<double>(scores[v]));
    scores[v] = score;
    next[v] = score * inverse_degree[v];
    return change;
  }
};

/// The rows of an adjacency pattern cut into stripes of 2^stripe_row_bits rows and its columns
/// into blocks of 2^column_bits, so that a tile (stripe, block) reads only one block's
/// contributions: 256 KiB at 16 bits, which stay in L2 where the whole array (4 MiB at scale 20)
/// does not. Each tile is SELL-16: the row's entries in the block are cut into chunks of at most
/// 64, sorted by length (descending, stable) within windows of rows, and sixteen chunks share one
/// slice, read column by column with one gather per sixteen entries and no per-row reduction.
/// Columns are stored as 16-bit offsets in their block, rows as 16-bit offsets in their stripe.
class BlockedAdjacency {
 public:
  /// Builds the copy (OpenMP parallel over stripes). Preconditions: 1 <= column_bits <= 16,
  /// 1 <= stripe_row_bits <= 15.
  BlockedAdjacency(const SparseMatrix& matrix, int column_bits, int stripe_row_bits);

  /// One iteration: each owned row's sum of x over its columns goes through `update`. x holds
  /// every column (owned and halo). Returns this rank's L1 change, summed per stripe and then
  /// over stripes in order, so it does not depend on the thread count.
  double multiply(const float* x, const PageRankUpdate& update) const;

 private:
  struct Stripe {
    std::unique_ptr<std::uint16_t[]> words;  ///< the stripe's tiles, block after block
    std::vector<std::size_t> tile_start;     ///< blocks + 1 offsets into `words`
  };
  struct BuildScratch;
  void build_stripe(const SparseMatrix& matrix, local_int stripe, BuildScratch& scratch);

  local_int rows_ = 0;
  int column_bits_ = 16, stripe_row_bits_ = 15;
  local_int blocks_ = 0;
  std::vector<Stripe> stripes_;
};

}  // namespace hpcg::graph::detail
