// SPDX-License-Identifier: BSD-3-Clause
// Relabelling bijection and the cuts of the three partitionings.
#include "hpcg/graph/partition.hpp"

#include <mpi.h>

#include <algorithm>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/random.hpp"

namespace hpcg::graph {

Relabel::Relabel(global_int n, std::uint64_t key) : n_(static_cast<std::uint64_t>(n)) {
  if (n <= 2) return;  // nothing to shuffle meaningfully; stay the identity
  identity_ = false;
  unsigned bits = 0;
  while ((std::uint64_t{1} << bits) < n_) ++bits;
  bits += bits & 1u;  // even, so both halves have the same width
  half_bits_ = bits / 2;
  half_mask_ = (std::uint64_t{1} << half_bits_) - 1;
  for (std::uint64_t round = 0; round < 4; ++round) keys_[round] = mix64(key + round);
}

std::uint64_t Relabel::permute(std::uint64_t x) const {
  std::uint64_t left = x >> half_bits_, right = x & half_mask_;
  for (std::uint64_t key : keys_) {
    const std::uint64_t next_right = left ^ (mix64(right ^ key) & half_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

std::uint64_t Relabel::unpermute(std::uint64_t x) const {
  std::uint64_t left = x >> half_bits_, right = x & half_mask_;
  for (int round = 3; round >= 0; --round) {
    const std::uint64_t previous_left = right ^ (mix64(left ^ keys_[round]) & half_mask_);
    right = left;
    left = previous_left;
  }
  return (left << half_bits_) | right;
}

Relabel Relabel::from_table(std::vector<global_int> forward) {
  Relabel relabel;
  relabel.identity_ = false;
  relabel.n_ = forward.size();
  std::vector<global_int> inverse(forward.size(), -1);
  for (size_t v = 0; v < forward.size(); ++v) {
    HPCG_REQUIRE(forward[v] >= 0 && static_cast<size_t>(forward[v]) < forward.size() &&
                 inverse[static_cast<size_t>(forward[v])] < 0);  // a bijection
    inverse[static_cast<size_t>(forward[v])] = static_cast<global_int>(v);
  }
  relabel.forward_table_ = std::make_shared<const std::vector<global_int>>(std::move(forward));
  relabel.inverse_table_ = std::make_shared<const std::vector<global_int>>(std::move(inverse));
  return relabel;
}

// Cycle-walking: the Feistel domain is at most 4n, so a walk takes under 4 steps on average.
global_int Relabel::forward(global_int v) const {
  if (identity_) return v;
  HPCG_REQUIRE(v >= 0 && static_cast<std::uint64_t>(v) < n_);  // outside, the walk never ends
  if (forward_table_) return (*forward_table_)[static_cast<size_t>(v)];
  auto x = static_cast<std::uint64_t>(v);
  do {
    x = permute(x);
  } while (x >= n_);
  return static_cast<global_int>(x);
}

global_int Relabel::inverse(global_int v) const {
  if (identity_) return v;
  HPCG_REQUIRE(v >= 0 && static_cast<std::uint64_t>(v) < n_);
  if (inverse_table_) return (*inverse_table_)[static_cast<size_t>(v)];
  auto x = static_cast<std::uint64_t>(v);
  do {
    x = unpermute(x);
  } while (x >= n_);
  return static_cast<global_int>(x);
}

PartitionKind parse_partition_kind(const std::string& name) {
  if (name == "block") return PartitionKind::block;
  if (name == "balanced") return PartitionKind::balanced;
  if (name == "random") return PartitionKind::random;
  if (name == "metis") return PartitionKind::metis;
  if (name == "scotch") return PartitionKind::scotch;
  throw InputError("unknown partitioning '" + name +
                   "'; use --partition=block, balanced, random, metis or scotch");
}

std::string to_string(PartitionKind kind) {
  switch (kind) {
    case PartitionKind::block:
      return "block";
    case PartitionKind::balanced:
      return "balanced";
    case PartitionKind::random:
      return "random";
    case PartitionKind::metis:
      return "metis";
    case PartitionKind::scotch:
      return "scotch";
  }
  return "unknown";
}

int Partition::owner_of(global_int internal) const {
  // offsets is short (ranks + 1) and sorted; empty ranks repeat an offset, upper_bound skips them.
  auto it = std::upper_bound(offsets.begin(), offsets.end(), internal);
  return static_cast<int>(it - offsets.begin()) - 1;
}

std::vector<global_int> block_offsets(global_int n, int ranks) {
  std::vector<global_int> offsets(static_cast<size_t>(ranks) + 1, 0);
  const global_int base = n / ranks, extra = n % ranks;
  for (int r = 0; r < ranks; ++r) offsets[r + 1] = offsets[r] + base + (r < extra ? 1 : 0);
  return offsets;
}

std::vector<global_int> balanced_offsets(const std::vector<global_int>& degrees, global_int first,
                                         global_int n, const Comm& comm) {
  const int ranks = comm.size();
  const global_int alpha = 8 * static_cast<global_int>(ranks - 1);
  long long local_weight = 0;
  for (global_int d : degrees) local_weight += alpha + d;
  long long before = 0, total = 0;
  {
    WatchedWait wait("MPI_Exscan, MPI_Allreduce (sum)", comm.get());
    MPI_Exscan(&local_weight, &before, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
    MPI_Allreduce(&local_weight, &total, 1, MPI_LONG_LONG, MPI_SUM, comm.get());
  }
  if (comm.rank() == 0) before = 0;  // MPI_Exscan leaves rank 0's result undefined

  // Cut k sits at the first vertex v whose preceding weight reaches ceil(k * total / ranks); the
  // rank whose weight range (before, before + local_weight] holds that target finds v.
  std::vector<long long> cuts(static_cast<size_t>(ranks) + 1, 0);
  long long prefix = before;
  size_t row = 0;
  for (int k = 1; k < ranks; ++k) {
    const long long target = (static_cast<long long>(k) * total + ranks - 1) / ranks;
    if (target <= before || target > before + local_weight) continue;
    while (prefix < target) prefix += alpha + degrees[row++];
    cuts[k] = first + static_cast<long long>(row);
  }
  std::vector<long long> agreed(cuts.size(), 0);
  {
    WatchedWait wait("MPI_Allreduce (max)", comm.get());
    MPI_Allreduce(cuts.data(), agreed.data(), static_cast<int>(cuts.size()), MPI_LONG_LONG,
                  MPI_MAX, comm.get());
  }
  std::vector<global_int> offsets(agreed.begin(), agreed.end());
  offsets[ranks] = n;
  // A cut whose target no rank holds (zero weight) keeps the previous cut; keep them monotone.
  for (int k = 1; k <= ranks; ++k) offsets[k] = std::max(offsets[k], offsets[k - 1]);
  return offsets;
}

}  // namespace hpcg::graph
