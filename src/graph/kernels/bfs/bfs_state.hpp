// SPDX-License-Identifier: BSD-3-Clause
// Working state of one BFS (private to the graph module) and its two kinds of step.
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {

/// Bit i of a bitmap is word i / 64, bit i % 64.
inline bool test_bit(const std::uint64_t* bits, local_int i) {
  return (bits[i >> 6] >> (i & 63)) & 1u;
}
inline void set_bit(std::uint64_t* bits, std::uint64_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}
inline size_t words_for(std::uint64_t bits) { return static_cast<size_t>((bits + 63) / 64); }

struct BfsState {
  explicit BfsState(Graph& graph);

  Graph& graph;
  std::vector<global_int> parent;      ///< the result: internal id of the parent, -1 unvisited
  std::vector<local_int> queue;        ///< top-down frontier: owned rows
  std::vector<local_int> ghost_queue;  ///< top-down frontier: ghosts (column rows() + k)
  std::vector<std::uint64_t> current;  ///< bottom-up frontier over all columns
  std::vector<std::uint64_t> next;     ///< bottom-up next frontier over all columns
  std::vector<std::uint64_t> visited;  ///< owned rows reached so far (bottom-up only)
  std::vector<std::uint64_t> packed_send, packed_receive;
  std::vector<local_int> receive_ghost_offset;  ///< first ghost of each receive neighbour
};

/// One top-down step: claims the unvisited owned neighbours of queue and ghost_queue, leaves them
/// in queue (ghost_queue is emptied); returns the sum of their degrees (GAP's scout count).
global_int top_down_step(BfsState& state);

/// One bottom-up step: every unvisited owned vertex takes its first neighbour in `current` as
/// parent; writes the owned words of `next` and updates `visited`; returns how many woke up.
global_int bottom_up_step(BfsState& state);

}  // namespace hpcg::graph
