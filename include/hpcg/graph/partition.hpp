// SPDX-License-Identifier: BSD-3-Clause
// How vertices are spread over ranks: an optional relabelling (a keyed bijection, so no table is
// stored) followed by contiguous blocks of internal ids, one per rank (a 1D row distribution).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg::graph {

/// A pseudo-random bijection of [0, n): a 4-round Feistel network on the smallest even number of
/// bits that covers n, with cycle-walking back into range. Default-constructed: the identity.
class Relabel {
 public:
  Relabel() = default;
  Relabel(global_int n, std::uint64_t key);
  /// A stored bijection: `forward[original]` is the new id (a graph partitioner's order). Every
  /// rank keeps both tables (16 bytes per vertex).
  static Relabel from_table(std::vector<global_int> forward);

  bool is_identity() const { return identity_; }
  global_int forward(global_int v) const;  ///< original id -> new id
  global_int inverse(global_int v) const;  ///< new id -> original id

 private:
  std::uint64_t permute(std::uint64_t x) const;
  std::uint64_t unpermute(std::uint64_t x) const;

  bool identity_ = true;
  std::uint64_t n_ = 0;
  unsigned half_bits_ = 0;
  std::uint64_t half_mask_ = 0;
  std::uint64_t keys_[4] = {};
  std::shared_ptr<const std::vector<global_int>> forward_table_, inverse_table_;
};

enum class PartitionKind {
  block,     ///< equal vertex counts
  balanced,  ///< Gemini's cut: equal alpha * vertices + edges, alpha = 8 (ranks - 1)
  random,    ///< random relabelling, then equal vertex counts
  metis,     ///< METIS's k-way cut of the graph gathered on rank 0, then its parts as blocks
  scotch,    ///< PT-Scotch's distributed k-way cut (Open MPI build), else Scotch's on rank 0
};

/// Parses "block", "balanced", "random", "metis" or "scotch"; throws InputError otherwise.
PartitionKind parse_partition_kind(const std::string& name);
std::string to_string(PartitionKind kind);

/// Vertex ownership. Users see original ids; kernels and the matrix use internal ids
/// (relabel.forward(original)); rank r owns internal ids [offsets[r], offsets[r+1]).
struct Partition {
  PartitionKind kind = PartitionKind::block;
  Relabel relabel;
  std::vector<global_int> offsets;
  double partitioner_seconds = 0;  ///< the cut's own time (METIS, Scotch: gather, cut, spread)
  /// Which library cut and where, for the report ("METIS on rank 0", "PT-Scotch, distributed",
  /// "Scotch on rank 0"); empty for the partitionings computed in place.
  std::string partitioner;

  int ranks() const { return static_cast<int>(offsets.size()) - 1; }
  int owner_of(global_int internal) const;
  global_int first(int rank) const { return offsets[rank]; }
  global_int count(int rank) const { return offsets[rank + 1] - offsets[rank]; }
};

/// Equal blocks of n / ranks vertices (the first n % ranks ranks get one more).
std::vector<global_int> block_offsets(global_int n, int ranks);

/// Gemini's locality-aware chunking: contiguous blocks with about equal alpha * |V_i| + |E_i|,
/// alpha = 8 (ranks - 1). `degrees` are this rank's rows' degrees under the current contiguous
/// distribution starting at internal id `first`. Collective.
std::vector<global_int> balanced_offsets(const std::vector<global_int>& degrees, global_int first,
                                         global_int n, const Comm& comm);

}  // namespace hpcg::graph
