// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's interleaved layout and SIMD sweep: the layout holds each row's split
// entries once, in order, padded with zeros; the sweep with W = 1, 2, 4, 8 lanes gives the scalar
// block sweep's values in the same colouring (bit for bit on HPCG's matrix): ragged blocks, groups with fewer blocks
// than lanes, halo columns, 16-bit offsets and 32-bit columns, on HPCG's matrix and on a random
// sparse one (whose colouring needs more than two colours).
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <utility>
#include <vector>

#include "../../src/backends/openmp/interleaved_kernels.hpp"
#include "../../src/backends/openmp/kernels.hpp"
#include "../../src/backends/openmp/openmp_backend.hpp"
#include "hpcg/base/error.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using backends::openmp::InterleavedLayout;
using backends::openmp::make_interleaved_layout;

/// A random symmetric matrix of `rows` rows plus `halo` halo columns: about `per_row` random
/// couplings per row up to `reach` rows away, a few rows with many more (ragged rows), halo
/// couplings in some rows, a dominant diagonal. Not a stencil.
SparseMatrix random_matrix(local_int rows, local_int halo, int per_row, local_int reach,
                           unsigned seed) {
  std::mt19937 random(seed);
  std::vector<std::vector<std::pair<local_int, double>>> entries(rows);
  std::uniform_real_distribution<double> value(-1.0, -0.1);
  for (local_int i = 0; i < rows; ++i) {
    const int couplings = i % 97 == 0 ? 4 * per_row : per_row / 2 + static_cast<int>(random() % per_row);
    for (int e = 0; e < couplings; ++e) {
      const local_int j = i + 1 + static_cast<local_int>(random() % reach);
      if (j >= rows) continue;
      const double a = value(random);
      entries[i].emplace_back(j, a), entries[j].emplace_back(i, a);
    }
    if (halo > 0 && i % 5 == 0) entries[i].emplace_back(rows + static_cast<local_int>(random() % halo), value(random));
  }
  SparseMatrix A;
  A.rows = rows, A.columns = rows + halo;
  A.row_start.push_back(0);
  for (local_int i = 0; i < rows; ++i) {
    auto& row = entries[i];
    std::sort(row.begin(), row.end());
    double off_diagonal = 0.0;
    for (const auto& [j, a] : row) off_diagonal += std::abs(a);
    row.emplace_back(i, off_diagonal + 1.0);
    std::sort(row.begin(), row.end());
    for (const auto& [j, a] : row) {
      if (j == i) A.diagonal.push_back(static_cast<nnz_int>(A.column_index.size()));
      if (!A.column_index.empty() && A.row_start.back() < static_cast<nnz_int>(A.column_index.size()) &&
          A.column_index.back() == j) {
        A.values.back() += a;  // a pair drawn twice
        continue;
      }
      A.column_index.push_back(j), A.values.push_back(a);
    }
    A.row_start.push_back(static_cast<nnz_int>(A.column_index.size()));
  }
  return A;
}

Vector random_vector(local_int length, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  Vector v(length);
  for (local_int i = 0; i < length; ++i) v[i] = value(random);
  return v;
}

/// Rows where the interleaved sweep with `lanes` differs from the scalar block sweep in
/// `coloring` by more than `tolerance` times its largest value: one sweep from x = 0 (x's owned entries NaN on
/// entry: a padded slot that read them would show) then one from that x, with random r and halo
/// values. The compiler fuses a multiply and add in one kernel and not in the other at will, so
/// values agree bit for bit only where the products are exact, as on HPCG's matrix (off-diagonal
/// values -1).
int rows_differing(const SparseMatrix& A, const BlockColoring& coloring, int lanes,
                   double tolerance = 0.0) {
  const SweepLayout split = make_sweep_layout(A, coloring);
  const InterleavedLayout layout = make_interleaved_layout(A, coloring, split, lanes);
  const Vector r = random_vector(A.rows, 7);
  Vector scalar(A.columns), simd(A.columns), t(A.rows);
  Vector ti(layout.positions() * lanes);
  for (local_int i = 0; i < A.rows; ++i) {
    scalar[i] = simd[i] = std::numeric_limits<double>::quiet_NaN();
  }
  backends::openmp::block_symgs(A, split, coloring, r.data(), scalar.data(), t.data(), true);
  backends::openmp::interleaved_symgs(A, layout, r.data(), simd.data(), ti.data(), true);
  const Vector halo = random_vector(A.columns, 11);
  for (local_int j = A.rows; j < A.columns; ++j) scalar[j] = simd[j] = halo[j];
  backends::openmp::block_symgs(A, split, coloring, r.data(), scalar.data(), t.data(), false);
  backends::openmp::interleaved_symgs(A, layout, r.data(), simd.data(), ti.data(), false);
  double largest = 0.0;
  for (local_int i = 0; i < A.rows; ++i) largest = std::max(largest, std::abs(scalar[i]));
  int differing = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    differing += !(std::abs(scalar[i] - simd[i]) <= tolerance * largest) ||
                 !std::isfinite(simd[i]);
  }
  return differing;
}

/// Places where `layout` is not `split` interleaved: per lane and position, the non-zero slots
/// must be the row's L (then U) entries in order, padding zero with the lane's own row as column.
int layout_faults(const SweepLayout& split, const InterleavedLayout& layout) {
  const int W = layout.lanes;
  int faults = 0;
  for (size_t g = 0; g + 1 < layout.group_position.size(); ++g) {
    for (local_int q = layout.group_position[g]; q < layout.group_position[g + 1]; ++q) {
      const local_int p = q - layout.group_position[g];
      for (int k = 0; k < layout.group_lanes[g]; ++k) {
        if (p >= layout.lane_rows[g * W + k]) continue;
        const local_int i = layout.lane_first_row[g * W + k] + p;
        faults += layout.inverse_diagonal.data()[size_t(q) * W + k] != split.inverse_diagonal[i];
        const std::uint32_t lower = split.lower_start[i + 1] - split.lower_start[i];
        for (std::uint32_t s = 0; s < layout.lower_slot[q + 1] - layout.lower_slot[q]; ++s) {
          const size_t at = (size_t(layout.lower_slot[q]) + s) * W + k;
          const local_int j = layout.lower_as_offsets ? i + layout.lower_offset.data()[at]
                                                      : layout.lower_column.data()[at];
          const size_t from = split.lower_start[i] + s;
          const local_int expected_j =
              s >= lower ? i
              : split.lower_as_offsets ? i + split.lower_offset.data()[from]
                                       : split.lower_column.data()[from];
          const double expected_a = s < lower ? split.lower_value.data()[from] : 0.0;
          faults += j != expected_j || layout.lower_value.data()[at] != expected_a;
        }
        const std::uint32_t upper = split.upper_start[i + 1] - split.upper_start[i];
        for (std::uint32_t s = 0; s < layout.upper_slot[q + 1] - layout.upper_slot[q]; ++s) {
          const size_t at = (size_t(layout.upper_slot[q]) + s) * W + k;
          const size_t from = split.upper_start[i] + s;
          faults += layout.upper_column.data()[at] != (s < upper ? split.upper_column.data()[from] : i);
          faults += layout.upper_value.data()[at] != (s < upper ? split.upper_value.data()[from] : 0.0);
        }
      }
    }
  }
  return faults;
}

TEST(OpenMPInterleaved, LayoutHoldsTheSplitRowsPadded) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  const SparseMatrix& A = problem.fine().A;
  for (local_int block_rows : {cpu_block_rows(A, 8), local_int{500}}) {
    const BlockColoring coloring = color_blocks(A, block_rows);
    const SweepLayout split = make_sweep_layout(A, coloring);
    for (int lanes : {1, 4, 8}) {
      const InterleavedLayout layout = make_interleaved_layout(A, coloring, split, lanes);
      EXPECT_EQ(layout_faults(split, layout), 0) << block_rows << " rows a block, W=" << lanes;
      EXPECT_TRUE(layout.lower_as_offsets);
      local_int rows = 0, padded = 0;
      for (size_t g = 0; g < layout.group_lanes.size(); ++g) {
        for (int k = 0; k < layout.group_lanes[g]; ++k) rows += layout.lane_rows[g * lanes + k];
        padded += layout.group_position[g + 1] - layout.group_position[g];
        EXPECT_LE(layout.group_common[g], layout.group_position[g + 1] - layout.group_position[g]);
      }
      EXPECT_EQ(rows, A.rows) << "every row in one lane";
      if (lanes == 1) {
        EXPECT_EQ(padded, A.rows) << "W = 1: no padding";
        EXPECT_EQ(layout.lower_slot.back(), split.lower_start.back());
      }
    }
  }
}

TEST(OpenMPInterleaved, HpcgMatrixSweepsEqualTheScalarSweep) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  for (int threads : {1, 2}) {
    omp_set_num_threads(threads);
    for (const Level& level : problem.levels) {
      const SparseMatrix& A = level.A;
      // Blocks as the backend makes them, short ragged ones, and groups of fewer blocks than W.
      for (local_int block_rows : {cpu_block_rows(A, threads * 8), local_int{37}, A.rows / 3}) {
        if (block_rows < 1) continue;
        const BlockColoring coloring = color_blocks(A, block_rows);
        for (int lanes : {1, 2, 4, 8}) {
          EXPECT_EQ(comm.sum(static_cast<global_int>(rows_differing(A, coloring, lanes))), 0)
              << A.rows << " rows, " << block_rows << " a block, W=" << lanes << ", " << threads
              << " threads";
        }
      }
    }
  }
  omp_set_num_threads(1);
}

TEST(OpenMPInterleaved, GeneralSparseMatrixWithHaloAndWideColumns) {
  omp_set_num_threads(2);
  // Reach 40 rows: 16-bit offsets; reach 40000: L's columns need 32 bits.
  for (local_int reach : {40, 40000}) {
    const SparseMatrix A = random_matrix(60000, 50, 6, reach, 3);
    for (local_int block_rows : {local_int{64}, local_int{1000}, local_int{7001}}) {
      const BlockColoring coloring = color_blocks(A, block_rows);
      const SweepLayout split = make_sweep_layout(A, coloring);
      EXPECT_EQ(split.lower_as_offsets, reach < 32768);
      for (int lanes : {1, 4, 8}) {
        const InterleavedLayout layout = make_interleaved_layout(A, coloring, split, lanes);
        EXPECT_EQ(layout_faults(split, layout), 0) << reach << " reach, W=" << lanes;
        EXPECT_EQ(rows_differing(A, coloring, lanes, 1e-13), 0)
            << "reach " << reach << ", " << block_rows << " rows a block, "
            << coloring.colors() << " colours, W=" << lanes;
      }
    }
  }
  omp_set_num_threads(1);
}

TEST(OpenMPInterleaved, BackendChoosesLanesPerLevel) {
  omp_set_num_threads(2);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 32, 32, 32), comm);
  backends::openmp::OpenMPBackend eight(8), one(1);
  eight.optimize(problem);
  one.optimize(problem);
  const std::vector<int> lanes = eight.lanes_per_level();
  ASSERT_EQ(lanes.size(), problem.levels.size());
  EXPECT_GT(lanes.front(), 1) << "the fine level is interleaved";
  for (size_t l = 1; l < lanes.size(); ++l) EXPECT_LE(lanes[l], lanes[l - 1]);
  for (int w : one.lanes_per_level()) EXPECT_EQ(w, 1);
  // The interleaved copy replaces the split one: memory within padding of the scalar backend's.
  EXPECT_LT(eight.optimization_bytes(), 1.15 * one.optimization_bytes());
  EXPECT_THROW(backends::openmp::OpenMPBackend(3), InputError);
  omp_set_num_threads(1);
}

TEST(OpenMPInterleaved, LanesFromTheEnvironment) {
  EXPECT_EQ(backends::openmp::OpenMPBackend::default_lanes(), 1) << "unset: the scalar sweep";
  setenv("HPCG_OPENMP_LANES", "native", 1);
  EXPECT_EQ(backends::openmp::OpenMPBackend::default_lanes(), backends::openmp::native_lanes);
  setenv("HPCG_OPENMP_LANES", "4", 1);
  EXPECT_EQ(backends::openmp::OpenMPBackend::default_lanes(), 4);
  setenv("HPCG_OPENMP_LANES", "16", 1);
  EXPECT_THROW(backends::openmp::OpenMPBackend::default_lanes(), InputError);
  unsetenv("HPCG_OPENMP_LANES");
}

}  // namespace
}  // namespace hpcg
