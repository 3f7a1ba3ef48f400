// SPDX-License-Identifier: BSD-3-Clause
#include "prolonged_upper.hpp"

#include <limits>

#include "hpcg/base/error.hpp"

namespace hpcg::backends::openmp {

double ProlongedUpper::bytes() const {
  return sizeof(std::uint32_t) * static_cast<double>(start.size()) +
         sizeof(local_int) * static_cast<double>(coarse.size()) +
         sizeof(double) * static_cast<double>(value.size()) + halo.bytes();
}

ProlongedUpper make_prolonged_upper(const Level& fine, const SweepLayout& layout) {
  HPCG_REQUIRE(layout.fixed_width);
  ProlongedUpper p;
  if (fine.coarse_to_fine.empty()) return p;
  const SparseMatrix& A = fine.A;
  std::vector<local_int> coarse_of(static_cast<size_t>(A.rows), -1);
  for (size_t c = 0; c < fine.coarse_to_fine.size(); ++c) {
    coarse_of[static_cast<size_t>(fine.coarse_to_fine[c])] = static_cast<local_int>(c);
  }
  p.start.reserve(static_cast<size_t>(A.rows) + 1);
  p.start.push_back(0);
  p.halo.rows.assign(1, -1);
  p.halo.start.assign(2, 0);
  const auto add = [&](local_int i, local_int j, double a) {
    if (j >= A.rows) {
      p.halo.column.push_back(j);
      p.halo.value.push_back(a);
    } else if (j != i && coarse_of[static_cast<size_t>(j)] >= 0) {  // j == i: padding's zeros
      p.coarse.push_back(coarse_of[static_cast<size_t>(j)]);
      p.value.push_back(a);
    }
  };
  const SweepLayout::ApartEntries& apart = layout.upper_apart;
  const size_t width = layout.upper_width;
  size_t h = 1;  // apart's position after its leading sentinel
  for (local_int i = 0; i < A.rows; ++i) {
    const size_t halo_before = p.halo.column.size();
    if (apart.rows[h] == i) {
      for (std::uint32_t k = apart.start[h]; k < apart.start[h + 1]; ++k) {
        add(i, apart.column[k], apart.value[k]);
      }
      ++h;
    }
    if (p.halo.column.size() > halo_before) {
      p.halo.rows.push_back(i);
      p.halo.start.push_back(static_cast<std::uint32_t>(p.halo.column.size()));
    }
    for (size_t k = static_cast<size_t>(i) * width; k < (static_cast<size_t>(i) + 1) * width;
         ++k) {
      const local_int j = layout.upper_as_offsets ? i + layout.upper_offset.data()[k]
                                                  : layout.upper_column.data()[k];
      add(i, j, layout.upper_value.data()[k]);
    }
    if (p.coarse.size() > std::numeric_limits<std::uint32_t>::max()) {
      throw ResourceError("a rank's matrix part has 2^32 entries or more; use more ranks");
    }
    p.start.push_back(static_cast<std::uint32_t>(p.coarse.size()));
  }
  p.halo.rows.push_back(A.rows);
  p.halo.start.push_back(p.halo.start.back());
  return p;
}

}  // namespace hpcg::backends::openmp
