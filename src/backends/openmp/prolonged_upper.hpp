// SPDX-License-Identifier: BSD-3-Clause
// What the post-smoothing's forward sweep reads instead of U: between the pre-smoothing and the
// post-smoothing of a level only prolongation changes x, and only at the rows restriction
// injects, so U x after prolongation is U x as the pre-smoothing left it (which its backward
// sweep has just summed) plus U's entries at those rows times the coarse correction, plus U's
// halo entries times the halo exchanged since. Those entries are a few a row where U has 13.
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::openmp {

struct ProlongedUpper {
  /// Row i's entries [start[i], start[i + 1]) of coarse and value: U's a_ij at the owned columns
  /// j that prolongation corrects, j = coarse_to_fine[coarse], taken from U itself.
  std::vector<std::uint32_t> start;
  std::vector<local_int> coarse;
  std::vector<double> value;
  /// U's entries at halo columns, kept as the layout keeps its entries apart (with sentinels).
  SweepLayout::ApartEntries halo;

  double bytes() const;
};

/// From `layout`, the fixed-width split copy of `fine`'s matrix. Empty on the coarsest level
/// (nothing prolongates into it).
ProlongedUpper make_prolonged_upper(const Level& fine, const SweepLayout& layout);

}  // namespace hpcg::backends::openmp
