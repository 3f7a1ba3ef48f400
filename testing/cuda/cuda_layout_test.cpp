// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's layout and per-row functions on the CPU (row_kernels.hpp through the host
// executor), against the core's CSR on generated problems with 1 and 2 ranks: the colourings are
// proper, sliced ELLPACK holds every entry (ragged last slices too), the coloured sweep is the
// sequential sweep in slot order bit for bit, SpMV, restriction and halo packing match the
// reference, and the reductions are deterministic.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../src/backends/plugin/plugin_library.hpp"
#include "executor.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using cuda::Colouring;
using cuda::LevelLayout;
using cuda::SellView;

/// A view of host arrays: the host executor's memory is host memory.
SellView view_of(const LevelLayout& h, const hpcg_level_view& level) {
  SellView v;
  v.rows = h.rows;
  v.columns = h.columns;
  v.slice_rows = h.slice_rows;
  v.slice_shift = h.slice_shift;
  v.slice_start = h.slice_start.data();
  v.column = h.column.data();
  v.value = h.value.data();
  v.diagonal = h.diagonal.data();
  v.row_of = h.row_of.data();
  v.slot_of = h.slot_of.data();
  v.coarse_rows = level.coarse_rows;
  v.coarse_slot = h.coarse_slot.data();
  v.coarse_fine = h.coarse_fine.data();
  v.send_count = static_cast<int32_t>(h.send_rows.size());
  v.send_rows = h.send_rows.data();
  return v;
}

std::vector<double> test_values(int32_t n, double shift) {
  std::vector<double> v(n);
  for (int32_t i = 0; i < n; ++i) v[i] = std::sin(0.37 * i + shift) + 1.5;
  return v;
}

/// 16x24x16 per rank: the coarsest level has 2x3x2 = 12 rows, a ragged slice for 8 and 32.
class CudaLayout : public ::testing::TestWithParam<int> {
 protected:
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 24, 16), comm);
  backends::plugin::ProblemViews views{problem, "", false};
  const hpcg_problem_view& view() const { return *views.get(); }
  cuda::Settings settings(Colouring colouring = Colouring::hash) const {
    cuda::Settings s;
    s.slice_rows = GetParam();
    s.colouring = colouring;
    return s;
  }
};

TEST_P(CudaLayout, EveryColouringIsProperAndDense) {
  for (Colouring colouring :
       {Colouring::hash, Colouring::greedy, Colouring::rounds, Colouring::minmax}) {
    for (int l = 0; l < view().level_count; ++l) {
      const hpcg_level_view& level = view().level[l];
      const std::vector<int32_t> colour = cuda::colour_rows(level, colouring, 0);
      std::vector<int> used(level.rows + 1, 0);
      for (int32_t i = 0; i < level.rows; ++i) {
        ASSERT_GE(colour[i], 0);
        ASSERT_LT(colour[i], level.rows);
        used[colour[i]] = 1;
        for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
          const int32_t j = level.column_index[k];
          if (j < level.rows && j != i) {
            ASSERT_NE(colour[i], colour[j]) << "rows " << i << ", " << j;
          }
        }
      }
      int colours = 0;
      while (used[colours] != 0) ++colours;
      for (int c = colours; c <= level.rows; ++c) EXPECT_EQ(used[c], 0) << "colour gap";
      // First fit in natural order colours a 27-point grid by parity: 8 colours.
      if (colouring == Colouring::greedy && l == 0) {
        EXPECT_EQ(colours, 8);
      }
      if (colouring == Colouring::hash && l == 0) {
        EXPECT_GT(colours, 8);
      }
    }
  }
}

TEST_P(CudaLayout, SlicedEllpackHoldsEveryEntryInCsrOrder) {
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    ASSERT_EQ(h.slice_start.size(), static_cast<size_t>((level.rows + GetParam() - 1) / GetParam() + 1));
    for (int32_t s = 0; s < h.rows; ++s) {
      const int32_t i = h.row_of[s];
      ASSERT_EQ(h.slot_of[i], s);
      const int32_t slice = s / GetParam(), lane = s % GetParam();
      int64_t k = level.row_start[i];
      for (int64_t e = h.slice_start[slice] + lane; e < h.slice_start[slice + 1]; e += GetParam()) {
        if (k < level.row_start[i + 1]) {
          EXPECT_EQ(h.column[e], level.column_index[k]);
          EXPECT_EQ(h.value[e], level.values[k]);
          ++k;
        } else {
          EXPECT_EQ(h.value[e], 0.0);  // padding
          EXPECT_EQ(h.column[e], i);
        }
      }
      EXPECT_EQ(k, level.row_start[i + 1]) << "row " << i << " lost entries";
      EXPECT_EQ(h.diagonal[s], level.values[level.diagonal[i]]);
    }
    for (int c = 0; c + 1 < static_cast<int>(h.colour_start.size()); ++c) {
      EXPECT_LT(h.colour_start[c], h.colour_start[c + 1]);
    }
  }
}

/// The reference's Gauss-Seidel update of natural row i.
void reference_row(const hpcg_level_view& A, int32_t i, const double* r, double* x) {
  double sum = r[i];
  for (int64_t k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
    sum -= A.values[k] * x[A.column_index[k]];
  }
  const double d = A.values[A.diagonal[i]];
  sum += d * x[i];
  x[i] = sum / d;
}

TEST_P(CudaLayout, ColouredSweepIsTheSequentialSweepInSlotOrder) {
  auto executor = cuda::make_executor(comm.rank(), settings());
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    const SellView v = view_of(h, level);
    const std::vector<double> r = test_values(level.rows, 0.5);
    std::vector<double> x = test_values(level.columns, 1.0), expected = x;
    const int32_t colours = h.colours();
    for (int32_t c = 0; c < colours; ++c) {
      executor->relax(v, h.colour_start[c], h.colour_start[c + 1], r.data(), x.data());
    }
    for (int32_t c = colours - 2; c >= 0; --c) {
      executor->relax(v, h.colour_start[c], h.colour_start[c + 1], r.data(), x.data());
    }
    for (int32_t s = 0; s < h.rows; ++s) reference_row(level, h.row_of[s], r.data(), expected.data());
    for (int32_t s = h.colour_start[colours - 1] - 1; s >= 0; --s) {
      reference_row(level, h.row_of[s], r.data(), expected.data());
    }
    for (int32_t i = 0; i < level.columns; ++i) ASSERT_EQ(x[i], expected[i]) << "level " << l << " row " << i;
  }
}

TEST_P(CudaLayout, SpmvRestrictionAndHaloPackingMatchTheCsr) {
  auto executor = cuda::make_executor(comm.rank(), settings());
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    const SellView v = view_of(h, level);
    const std::vector<double> x = test_values(level.columns, 2.0), r = test_values(level.rows, 3.0);
    std::vector<double> y(level.rows, -1.0), expected(level.rows);
    for (int32_t i = 0; i < level.rows; ++i) {
      double sum = 0.0;
      for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
        sum += level.values[k] * x[level.column_index[k]];
      }
      expected[i] = sum;
    }
    executor->spmv(v, x.data(), y.data());
    EXPECT_EQ(y, expected) << "level " << l;
    std::vector<double> y2(level.rows, -1.0);
    const double fused = executor->spmv_dot(v, x.data(), y2.data());
    EXPECT_EQ(y2, expected);
    double naive = 0.0;
    for (int32_t i = 0; i < level.rows; ++i) naive += x[i] * expected[i];
    EXPECT_NEAR(fused, naive, 1e-12 * std::fabs(naive));
    if (level.coarse_rows > 0) {
      std::vector<double> rc(level.coarse_rows);
      executor->residual_restriction(v, r.data(), x.data(), rc.data());
      for (int32_t c = 0; c < level.coarse_rows; ++c) {
        const int32_t f = level.coarse_to_fine[c];
        ASSERT_EQ(rc[c], r[f] - expected[f]);
      }
    }
    const hpcg_halo_view& halo = view().halo[l];
    EXPECT_EQ(comm.size() > 1, halo.send_count > 0);
    std::vector<double> send(halo.send_count);
    executor->pack(v, x.data(), send.data());
    for (int32_t k = 0; k < halo.send_count; ++k) ASSERT_EQ(send[k], x[halo.send_rows[k]]);
  }
}

TEST_P(CudaLayout, ReductionsAreDeterministicAndAccurate) {
  auto executor = cuda::make_executor(comm.rank(), settings());
  for (int32_t n : {0, 1, 255, 2048, 2049, 100000}) {
    const std::vector<double> x = test_values(n, 0.1), y = test_values(n, 0.2);
    double naive = 0.0;
    for (int32_t i = 0; i < n; ++i) naive += x[i] * y[i];
    const double dot = executor->dot(n, x.data(), y.data());
    EXPECT_NEAR(dot, naive, 1e-13 * std::fabs(naive) + 1e-300);
    EXPECT_EQ(executor->dot(n, x.data(), y.data()), dot);  // bit for bit, every call
    std::vector<double> w(n);
    const double norm = executor->waxpby_norm(n, 2.0, x.data(), -0.5, y.data(), w.data());
    for (int32_t i = 0; i < n; ++i) ASSERT_EQ(w[i], 2.0 * x[i] - 0.5 * y[i]);
    EXPECT_EQ(norm, executor->dot(n, w.data(), w.data()));
  }
}

INSTANTIATE_TEST_SUITE_P(SliceRows, CudaLayout, ::testing::Values(1, 8, 32));

TEST(CudaSettings, AreParsedAndBadOnesNamed) {
  const cuda::Settings s = cuda::parse_settings("slice=64,colouring=greedy,device=1,seed=7");
  EXPECT_EQ(s.slice_rows, 64);
  EXPECT_EQ(s.colouring, Colouring::greedy);
  EXPECT_EQ(s.device, 1);
  EXPECT_EQ(s.seed, 7u);
  EXPECT_EQ(cuda::parse_settings("").slice_rows, 32);
  for (const char* bad : {"slice=3", "slice=0", "slice=x", "colouring=random", "device=-1",
                          "speed=fast"}) {
    EXPECT_THROW(cuda::parse_settings(bad), std::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace hpcg
