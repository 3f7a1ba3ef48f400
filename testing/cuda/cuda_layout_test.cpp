// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's layout and per-row functions on the CPU (row_kernels.hpp through the host
// executor), against the core's CSR on generated problems with 1 and 2 ranks: the colourings are
// proper, sliced ELLPACK holds every entry (ragged last slices too), the coloured sweep is the
// sequential sweep in slot order bit for bit, SpMV (whole and in its two halo parts),
// restriction, prolongation and halo packing match the reference on vectors in slot order, and
// the reductions are deterministic.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <utility>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../src/backends/plugin/plugin_library.hpp"
#include "executor.hpp"
#include "host_view.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using cuda::Colouring;
using cuda::LevelLayout;
using cuda::SellView;

using testing::padding_is_zero;
using testing::to_rows;
using testing::to_slots;
using testing::view_of;

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
  cuda::Settings settings(Colouring colouring = Colouring::greedy) const {
    cuda::Settings s;
    s.slice_rows = GetParam();
    s.colouring = colouring;
    return s;
  }
  /// Every level's layout, each linked to the next coarser one.
  std::vector<LevelLayout> layouts() const {
    std::vector<LevelLayout> h;
    for (int l = 0; l < view().level_count; ++l) {
      h.push_back(cuda::build_layout(view().level[l], view().halo[l], settings()));
    }
    for (size_t l = 0; l + 1 < h.size(); ++l) cuda::link_coarse(h[l], h[l + 1]);
    return h;
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

/// The colour graph of 8 classes in which classes a and b share 2^popcount(a xor b) entries
/// per row (HPCG's matrix coloured by first fit), every class the same size.
TEST(CudaColourOrder, PairsTheMostCoupledColours) {
  std::vector<int64_t> graph(64);
  for (int a = 0; a < 8; ++a) {
    for (int b = 0; b < 8; ++b) graph[a * 8 + b] = a == b ? 0 : 1 << __builtin_popcount(a ^ b);
  }
  // First: the last of the equal classes (7); last: its strongest partner (0); then the pairs
  // (1,6), (2,5), (3,4), each turned to meet the colour before it with the heavier coupling.
  EXPECT_EQ(cuda::order_colours(graph, std::vector<int64_t>(8, 10)),
            (std::vector<int32_t>{7, 1, 6, 5, 2, 4, 3, 0}));
  // A smaller class goes first.
  std::vector<int64_t> rows(8, 10);
  rows[2] = 9;
  EXPECT_EQ(cuda::order_colours(graph, rows).front(), 2);
  EXPECT_EQ(cuda::order_colours(graph, rows).back(), 5);
  EXPECT_EQ(cuda::order_colours({}, {}), std::vector<int32_t>{});
  EXPECT_EQ(cuda::order_colours({0}, {3}), std::vector<int32_t>{0});
}

TEST_P(CudaLayout, SweepOrderPairsTheStronglyCoupledColours) {
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    const int32_t colours = h.colours();
    ASSERT_EQ(colours, 8) << "level " << l;
    std::vector<int32_t> colour(level.rows);
    for (int32_t c = 0; c < colours; ++c) {
      for (int32_t s = h.colour_start[c]; s < h.colour_start[c + 1]; ++s) {
        if (h.row_of[s] >= 0) colour[h.row_of[s]] = c;
      }
    }
    // In sweep order, the first and the last colour and each middle pair (1,2), (3,4), (5,6)
    // are each other's strongest coupling.
    const std::vector<int64_t> graph = cuda::colour_graph(level, colour, colours);
    auto strongest = [&](int32_t a) {
      int32_t best = a == 0 ? 1 : 0;
      for (int32_t b = 0; b < colours; ++b) {
        if (b != a && graph[a * colours + b] > graph[a * colours + best]) best = b;
      }
      return graph[a * colours + best];
    };
    for (auto [a, b] : {std::pair{0, 7}, {1, 2}, {3, 4}, {5, 6}}) {
      EXPECT_EQ(graph[a * colours + b], strongest(a)) << "level " << l << " colours " << a << ", " << b;
      EXPECT_EQ(graph[a * colours + b], graph[b * colours + a]);
    }
  }
}

TEST_P(CudaLayout, SlicedEllpackHoldsEveryEntrySplitBySweepOrder) {
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    ASSERT_EQ(h.slots % GetParam(), 0);
    ASSERT_EQ(h.slice_start.size(), static_cast<size_t>(h.slots / GetParam() + 1));
    int32_t held = 0;
    std::vector<uint8_t> reads_halo(h.slots / GetParam(), 0);
    for (int32_t s = 0; s < h.slots; ++s) {
      const int32_t i = h.row_of[s];
      const int32_t slice = s / GetParam(), lane = s % GetParam();
      if (i < 0) {  // padding: zero entries on its own slot, diagonal 1
        const int64_t end = h.slice_start[slice + 1];
        for (int64_t e = h.slice_start[slice] + lane; e < end; e += GetParam()) {
          EXPECT_EQ(h.value[e], 0.0);
          EXPECT_EQ(h.column[e], s);
        }
        EXPECT_EQ(h.diagonal[s], 1.0);
        continue;
      }
      ++held;
      ASSERT_EQ(h.slot_of[i], s);
      // The CSR row's off-diagonal entries: L (columns swept before slot s), then the rest,
      // each in CSR order, then padding (value 0, the row's own column) in each block.
      std::vector<std::pair<int32_t, double>> lower, upper;
      for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
        if (k == level.diagonal[i]) continue;
        const int32_t j = level.column_index[k];
        // Columns as vector positions: owned rows by slot, the halo after the slots.
        (j < level.rows && h.slot_of[j] < s ? lower : upper)
            .emplace_back(h.position(j), level.values[k]);
        if (j >= level.rows) {
          reads_halo[slice] = 1;
          EXPECT_EQ(h.position(j), h.slots + j - level.rows);
        }
      }
      for (auto [begin, end, part] : {std::tuple{h.slice_start[slice], h.slice_upper[slice], &lower},
                                      {h.slice_upper[slice], h.slice_start[slice + 1], &upper}}) {
        size_t k = 0;
        for (int64_t e = begin + lane; e < end; e += GetParam(), ++k) {
          if (k < part->size()) {
            EXPECT_EQ(h.column[e], (*part)[k].first);
            EXPECT_EQ(h.value[e], (*part)[k].second);
          } else {
            EXPECT_EQ(h.value[e], 0.0);
            EXPECT_EQ(h.column[e], s);
          }
        }
        EXPECT_GE(k, part->size()) << "row " << i << " lost entries";
      }
      EXPECT_EQ(h.diagonal[s], level.values[level.diagonal[i]]);
    }
    EXPECT_EQ(held, level.rows);
    EXPECT_EQ(h.slice_reads_halo, reads_halo) << "level " << l;
    // Colours start on slice boundaries (a warp never straddles two) and hold no gaps but the
    // padding of their last slice.
    for (int c = 0; c + 1 < static_cast<int>(h.colour_start.size()); ++c) {
      EXPECT_EQ(h.colour_start[c] % GetParam(), 0);
      EXPECT_LT(h.colour_start[c], h.colour_start[c + 1]);
      EXPECT_GE(h.row_of[h.colour_start[c]], 0) << "colour " << c << " is empty";
      EXPECT_GE(h.row_of[h.colour_start[c + 1] - GetParam()], 0) << "a whole slice of padding";
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

/// A sequential sweep over `order` in the backend's arithmetic (forward_row, backward_row on
/// the CSR): t_i = r_i - L_i x, x_i = (t_i - U_i x) / d_i forward; x_i = (t_i - U_i x) / d_i
/// backward, where L holds the columns earlier in `order`. `backward` rows are swept backward.
void split_sweep(const hpcg_level_view& A, const std::vector<int32_t>& order, size_t backward,
                 const double* r, double* x, bool from_zero) {
  std::vector<int32_t> position(A.rows);
  for (size_t k = 0; k < order.size(); ++k) position[order[k]] = static_cast<int32_t>(k);
  std::vector<double> t(A.rows);
  auto subtract = [&](int32_t i, bool lower, double sum) {
    for (int64_t k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const int32_t j = A.column_index[k];
      if (k == A.diagonal[i] || (j < A.rows && position[j] < position[i]) != lower) continue;
      sum -= A.values[k] * x[j];
    }
    return sum;
  };
  if (from_zero) std::fill(x, x + A.columns, 0.0);
  for (int32_t i : order) {
    t[i] = subtract(i, true, r[i]);
    x[i] = (from_zero ? t[i] : subtract(i, false, t[i])) / A.values[A.diagonal[i]];
  }
  for (size_t k = backward; k-- > 0;) {
    const int32_t i = order[k];
    x[i] = subtract(i, false, t[i]) / A.values[A.diagonal[i]];
  }
}

/// The colour-parallel sweep is the sequential sweep over sweep_order() bit for bit, in the
/// backend's arithmetic; against the reference's arithmetic (r - A x + d x_i, in CSR order) it
/// agrees to rounding, and bit for bit in the forward sweep from zero (its U terms are exact
/// zeros there).
TEST_P(CudaLayout, ColouredSweepIsTheSequentialSweepInSweepOrder) {
  auto executor = cuda::make_executor(comm.rank(), settings());
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout h = cuda::build_layout(level, view().halo[l], settings());
    const SellView v = view_of(h);
    const std::vector<int32_t> order = cuda::sweep_order(h);
    std::vector<int32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int32_t i = 0; i < level.rows; ++i) ASSERT_EQ(sorted[i], i);
    const int32_t colours = h.colours();
    int32_t last_colour_rows = 0;
    for (int32_t s = h.colour_start[colours - 1]; s < h.slots; ++s) last_colour_rows += h.row_of[s] >= 0;
    const size_t backward = static_cast<size_t>(level.rows - last_colour_rows);
    const std::vector<double> r = test_values(level.rows, 0.5);
    std::vector<double> t(h.slots);
    for (bool from_zero : {false, true}) {
      std::vector<double> natural = test_values(level.columns, 1.0), expected = natural;
      std::vector<double> reference = natural, stored = to_slots(h, natural);
      const std::vector<double> stored_r = to_slots(h, r);
      cuda::symmetric_sweep(*executor, v, h.colour_start, stored_r.data(), stored.data(), t.data(),
                            from_zero);
      ASSERT_TRUE(padding_is_zero(h, stored)) << "level " << l;
      const std::vector<double> x = to_rows(h, stored, level.columns);
      split_sweep(level, order, backward, r.data(), expected.data(), from_zero);
      for (int32_t i = 0; i < level.columns; ++i) {
        ASSERT_EQ(x[i], expected[i]) << "level " << l << " row " << i << " from zero " << from_zero;
      }
      if (from_zero) std::fill(reference.begin(), reference.end(), 0.0);
      for (int32_t i : order) reference_row(level, i, r.data(), reference.data());
      if (from_zero) {
        std::vector<double> forward = expected;
        split_sweep(level, order, 0, r.data(), forward.data(), true);
        EXPECT_EQ(forward, reference) << "forward sweep from zero, level " << l;
      }
      for (size_t k = backward; k-- > 0;) reference_row(level, order[k], r.data(), reference.data());
      for (int32_t i = 0; i < level.rows; ++i) {
        ASSERT_NEAR(x[i], reference[i], 1e-14 * std::fabs(reference[i])) << "level " << l << " row " << i;
      }
    }
  }
}

TEST_P(CudaLayout, SpmvRestrictionProlongationAndHaloPackingMatchTheCsr) {
  auto executor = cuda::make_executor(comm.rank(), settings());
  const std::vector<LevelLayout> layouts = this->layouts();
  for (int l = 0; l < view().level_count; ++l) {
    const hpcg_level_view& level = view().level[l];
    const LevelLayout& h = layouts[l];
    const SellView v = view_of(h);
    const std::vector<double> x = test_values(level.columns, 2.0), r = test_values(level.rows, 3.0);
    const std::vector<double> sx = to_slots(h, x), sr = to_slots(h, r);
    std::vector<double> expected(level.rows);
    for (int32_t i = 0; i < level.rows; ++i) {
      double sum = 0.0;
      for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
        sum += level.values[k] * x[level.column_index[k]];
      }
      expected[i] = sum;
    }
    // The backend sums d x_i, L and U apart: the same sums as the CSR's to rounding.
    auto near = [&](const std::vector<double>& got) {
      for (int32_t i = 0; i < level.rows; ++i) {
        ASSERT_NEAR(got[i], expected[i], 1e-14 * 27 * 26 * 4) << "level " << l << " row " << i;
      }
    };
    std::vector<double> y(h.slots, 0.0);
    executor->spmv(v, sx.data(), y.data(), cuda::all_slots);
    near(to_rows(h, y, level.rows));
    EXPECT_TRUE(padding_is_zero(h, y));
    // The two parts of the split-phase step: the interior slots read no halo value (NaN there
    // until the "exchange"), and together the parts are the whole step.
    std::vector<double> stale = sx, y_parts(h.slots, 0.0);
    std::fill(stale.begin() + h.slots, stale.end(), std::nan(""));
    executor->spmv(v, stale.data(), y_parts.data(), cuda::interior_slots);
    executor->spmv(v, sx.data(), y_parts.data(), cuda::boundary_slots);
    EXPECT_EQ(y_parts, y);
    EXPECT_EQ(comm.size() > 1,
              std::count(h.slice_reads_halo.begin(), h.slice_reads_halo.end(), 1) > 0);
    std::vector<double> y2(h.slots, -1.0);
    const double fused = executor->spmv_dot(v, sx.data(), y2.data(), cuda::all_slots);
    EXPECT_EQ(y2, y);
    std::vector<double> y3(h.slots, 0.0);
    executor->spmv(v, stale.data(), y3.data(), cuda::interior_slots);
    EXPECT_EQ(executor->spmv_dot(v, sx.data(), y3.data(), cuda::boundary_slots), fused);
    EXPECT_EQ(y3, y);
    double naive = 0.0;
    for (int32_t i = 0; i < level.rows; ++i) naive += x[i] * expected[i];
    EXPECT_NEAR(fused, naive, 1e-12 * std::fabs(naive));
    if (level.coarse_rows > 0) {
      const LevelLayout& coarse = layouts[l + 1];
      std::vector<double> rc(coarse.slots, 0.0), rc_parts(coarse.slots, 0.0);
      executor->residual_restriction(v, sr.data(), sx.data(), rc.data(), cuda::all_slots);
      executor->residual_restriction(v, sr.data(), stale.data(), rc_parts.data(),
                                     cuda::interior_slots);
      executor->residual_restriction(v, sr.data(), sx.data(), rc_parts.data(),
                                     cuda::boundary_slots);
      EXPECT_EQ(rc_parts, rc);
      EXPECT_TRUE(padding_is_zero(coarse, rc));
      const std::vector<double> natural_rc = to_rows(coarse, rc, coarse.rows);
      for (int32_t c = 0; c < level.coarse_rows; ++c) {
        const int32_t f = level.coarse_to_fine[c];
        ASSERT_NEAR(natural_rc[c], r[f] - expected[f], 1e-14 * 27 * 26 * 4);
      }
      const std::vector<double> xc = test_values(coarse.columns, 4.0);
      std::vector<double> prolonged = sx;
      executor->prolongation(v, to_slots(coarse, xc).data(), prolonged.data());
      std::vector<double> natural_expected = x;
      for (int32_t c = 0; c < level.coarse_rows; ++c) {
        natural_expected[level.coarse_to_fine[c]] += xc[c];
      }
      EXPECT_EQ(to_rows(h, prolonged, level.columns), natural_expected);
      EXPECT_TRUE(padding_is_zero(h, prolonged));
    }
    const hpcg_halo_view& halo = view().halo[l];
    EXPECT_EQ(comm.size() > 1, halo.send_count > 0);
    std::vector<double> send(halo.send_count);
    executor->pack(v, sx.data(), send.data());
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
  const cuda::Settings s =
      cuda::parse_settings("slice=64,colouring=hash,order=natural,device=1,seed=7");
  EXPECT_EQ(s.slice_rows, 64);
  EXPECT_EQ(s.colouring, Colouring::hash);
  EXPECT_EQ(s.order, cuda::ColourOrder::natural);
  EXPECT_EQ(s.device, 1);
  EXPECT_EQ(s.seed, 7u);
  EXPECT_EQ(cuda::parse_settings("").slice_rows, 32);
  EXPECT_EQ(cuda::parse_settings("").colouring, Colouring::greedy);
  EXPECT_EQ(cuda::parse_settings("").order, cuda::ColourOrder::paired);
  for (const char* bad : {"slice=3", "slice=0", "slice=x", "colouring=random", "order=random",
                          "device=-1", "speed=fast"}) {
    EXPECT_THROW(cuda::parse_settings(bad), std::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace hpcg
