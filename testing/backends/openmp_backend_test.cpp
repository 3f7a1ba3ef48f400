// SPDX-License-Identifier: BSD-3-Clause
// What is particular to the openmp backend: its split copy holds the core's matrix, which it
// leaves untouched, its ordering is natural order on one thread (so it reproduces the reference
// up to rounding) and its fused V-cycle steps equal the unfused ones built from its own SymGS and
// SpMV, although they skip work.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../src/backends/openmp/kernels.hpp"
#include "../../src/backends/openmp/openmp_backend.hpp"
#include "../../src/backends/openmp/sliced_rows.hpp"
#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "hpcg/validation/validation.hpp"
#include "test_problem.hpp"
#include "unfused_backend.hpp"

namespace hpcg {
namespace {

using UnfusedOpenMP = testing::Unfused<backends::openmp::OpenMPBackend>;

/// The V-cycle M r of `backend` (optimised here) on `problem`'s fine level.
Vector v_cycle(Backend& backend, Problem& problem, const Comm& comm, const Vector& r) {
  backend.optimize(problem);
  Workspace ws(backend, problem, comm);
  return on_host::mg(ws, r);
}

using testing::max_difference;
using testing::random_rows;
using backends::openmp::make_sliced_rows;
using backends::openmp::SlicedRows;

using Entries = std::vector<std::pair<local_int, double>>;

/// Row i's entries of one part of `layout`: for the compressed form, [start[i], start[i + 1]);
/// for the fixed-width form its entries apart, then its fixed-width row without the explicit
/// zeros that lead it (counted in `wrong` if they are not at row i or not all first).
Entries part_row(const SweepLayout& layout, bool lower, local_int rows, local_int i, int& wrong) {
  const auto& start = lower ? layout.lower_start : layout.upper_start;
  const auto* offset = (lower ? layout.lower_offset : layout.upper_offset).data();
  const auto* column = (lower ? layout.lower_column : layout.upper_column).data();
  const double* value = (lower ? layout.lower_value : layout.upper_value).data();
  const bool offsets = lower ? layout.lower_as_offsets : layout.upper_as_offsets;
  const auto at = [&](size_t k) { return offsets ? i + offset[k] : column[k]; };
  Entries entries;
  if (!layout.fixed_width) {
    for (auto k = start[i]; k < start[i + 1]; ++k) entries.emplace_back(at(k), value[k]);
    return entries;
  }
  const auto& apart = lower ? layout.lower_apart : layout.upper_apart;
  const auto h = std::lower_bound(apart.rows.begin(), apart.rows.end(), i) - apart.rows.begin();
  if (apart.rows[h] == i) {
    for (auto k = apart.start[h]; k < apart.start[h + 1]; ++k) {
      entries.emplace_back(apart.column[k], apart.value[k]);
    }
  }
  const size_t width = lower ? layout.lower_width : layout.upper_width;
  bool padding = true;
  for (size_t k = i * width; k < (i + 1) * width; ++k) {
    padding = padding && value[k] == 0.0;  // HPCG's matrix has no zero entries
    if (padding) {
      wrong += at(k) != i;
    } else {
      entries.emplace_back(at(k), value[k]);
      wrong += value[k] == 0.0 || at(k) >= rows;  // zeros first; halo columns apart
    }
  }
  return entries;
}

/// Checks that `layout` holds A split in the sweep order of `coloring`; returns the rows that
/// do not (on this rank).
int wrong_rows(const SparseMatrix& A, const BlockColoring& coloring,
               const SweepLayout& layout) {
  int wrong = 0;
  if (layout.fixed_width) {
    for (const auto* apart : {&layout.lower_apart, &layout.upper_apart}) {
      wrong += apart->rows.front() != -1 || apart->rows.back() != A.rows ||
               apart->start.size() != apart->rows.size() + 1 ||
               !std::is_sorted(apart->rows.begin(), apart->rows.end());
    }
  }
  for (local_int i = 0; i < A.rows; ++i) {
    const Entries lower = part_row(layout, true, A.rows, i, wrong);
    const Entries upper = part_row(layout, false, A.rows, i, wrong);
    Entries expected;
    bool ok = std::is_sorted(lower.begin(), lower.end()) &&
              std::is_sorted(upper.begin(), upper.end(), std::greater<>()) &&
              std::all_of(lower.begin(), lower.end(),
                          [&](auto& e) { return coloring.updated_before(e.first, i); }) &&
              std::none_of(upper.begin(), upper.end(),
                           [&](auto& e) { return coloring.updated_before(e.first, i); }) &&
              layout.inverse_diagonal[i] == 1.0 / A.values[A.diagonal[i]] &&
              (!layout.fixed_width || layout.diagonal[i] == A.values[A.diagonal[i]]);
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      if (A.column_index[k] != i) expected.emplace_back(A.column_index[k], A.values[k]);
    }
    Entries got = lower;
    got.insert(got.end(), upper.begin(), upper.end());
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    wrong += !ok || got != expected;
  }
  return wrong;
}

TEST(OpenMPBackend, SplitCopyHoldsTheMatrixInSweepOrder) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  const SparseMatrix before = problem.fine().A;
  for (int threads : {1, 2, 4}) {
    for (const Level& level : problem.levels) {
      const BlockColoring coloring = color_blocks(level.A, cpu_block_rows(level.geometry, threads));
      for (auto form : {SweepForm::compressed, SweepForm::fixed_width}) {
        const bool fixed = form == SweepForm::fixed_width;
        const auto layout = make_sweep_layout(level.A, coloring, form);
        EXPECT_EQ(layout.fixed_width, fixed);
        EXPECT_TRUE(layout.lower_as_offsets) << "16-bit offsets on a small grid";
        EXPECT_EQ(layout.upper_as_offsets, fixed);
        EXPECT_EQ(layout.lower_start.empty(), fixed);
        if (fixed && &level == &problem.fine()) {
          // The 27-point matrix's rows: 13 neighbours before, 13 after; the few longer rows at
          // block boundaries keep their extra entries apart.
          EXPECT_EQ(layout.lower_width, 13u) << threads << " threads";
          EXPECT_EQ(layout.upper_width, 13u) << threads << " threads";
          EXPECT_EQ(layout.lower_apart.row_count() > 0, threads > 1) << "3 blocks or more";
          EXPECT_EQ(layout.upper_apart.row_count() > 0, comm.size() > 1 || threads > 1);
        }
        EXPECT_EQ(comm.sum(static_cast<global_int>(wrong_rows(level.A, coloring, layout))), 0)
            << threads << " threads, fixed width " << fixed;
      }
    }
  }
  omp_set_num_threads(2);
  backends::openmp::OpenMPBackend openmp;
  openmp.optimize(problem);
  EXPECT_EQ(problem.fine().A.column_index, before.column_index) << "the core's matrix is untouched";
  EXPECT_EQ(problem.fine().A.values, before.values);
  omp_set_num_threads(1);
}

TEST(OpenMPBackend, OneThreadIsTheReferenceUpToRounding) {
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  auto reference = make_backend("reference");
  const Level& fine = problem.fine();
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  backends::openmp::OpenMPBackend openmp;
  const Vector expected = v_cycle(*reference, problem, comm, r);
  const Vector actual = v_cycle(openmp, problem, comm, r);
  EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual), 1e-13);
  EXPECT_GT(max_difference(comm, fine.A.rows, expected, Vector(fine.A.columns)), 1e-3)
      << "the V-cycle does something";
}

TEST(OpenMPBackend, WideGridsKeep32BitColumns) {
  // nx * ny = 33856 > 32767: L's offsets do not fit 16 bits on the fine level.
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 184, 184, 8), comm);
  const Level& fine = problem.fine();
  const BlockColoring coloring = color_blocks(fine.A, cpu_block_rows(fine.geometry, 1));
  const auto layout = make_sweep_layout(fine.A, coloring, SweepForm::fixed_width);
  EXPECT_FALSE(layout.lower_as_offsets);
  EXPECT_FALSE(layout.upper_as_offsets);
  EXPECT_EQ(layout.upper_apart.row_count() > 0, comm.size() > 1) << "halo columns only";
  EXPECT_EQ(comm.sum(static_cast<global_int>(wrong_rows(fine.A, coloring, layout))), 0);
  auto reference = make_backend("reference");
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  backends::openmp::OpenMPBackend openmp;
  const Vector expected = v_cycle(*reference, problem, comm, r);
  const Vector actual = v_cycle(openmp, problem, comm, r);
  EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual), 1e-13);
}

TEST(OpenMPBackend, FusedStepsEqualTheUnfusedVCycle) {
  for (int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    Comm comm;
    Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
    backends::openmp::OpenMPBackend fused;
    UnfusedOpenMP unfused;
    const Level& fine = problem.fine();
    Vector r = random_rows(fine.A.rows, fine.A.rows);
    const Vector a = v_cycle(fused, problem, comm, r), b = v_cycle(unfused, problem, comm, r);
    EXPECT_LE(max_difference(comm, fine.A.rows, a, b), 1e-14) << threads << " threads";
  }
  omp_set_num_threads(1);
}

/// The bytes of A's slices for SpMV (sliced_rows.hpp): each qualifying slice's 16 rows by its
/// pattern's entries of 8 bytes, 4 bytes a pattern offset, 17 bytes of starts and size per
/// slice (and one more start), and 13 bytes an entry in a halo column.
double slice_bytes(const SlicedRows<double>& sliced) {
  double bytes = 17.0 * sliced.slices() + 4.0 + 4.0 * sliced.offsets.size() +
                 13.0 * sliced.halo_value.size();
  for (local_int s = 0; s < sliced.slices(); ++s) bytes += 8.0 * 16 * sliced.pattern_size[s];
  return bytes;
}

TEST(OpenMPBackend, UsesTwoColoursAndReportsItsMemory) {
  omp_set_num_threads(2);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 32, 32, 32), comm);
  backends::openmp::OpenMPBackend backend;
  backend.optimize(problem);
  for (int colors : backend.colors_per_level()) EXPECT_LE(colors, 2);
  // Per level: the split copy's fixed-width rows (entries 10 bytes with their 16-bit offsets,
  // explicit zeros included), its entries apart (12 bytes, and a row id and start for each row
  // that has any, sentinels included), the diagonal, its inverse and a scratch vector (8 bytes a
  // row each), a few integers per block, and the SpMV's slices.
  double expected = 0.0;
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    const double rows = A.rows, off_diagonal = A.nonzeros() - rows;
    const BlockColoring coloring = color_blocks(A, cpu_block_rows(level.geometry, 2));
    const auto layout = make_sweep_layout(A, coloring, SweepForm::fixed_width);
    const double padded = rows * static_cast<double>(layout.lower_width + layout.upper_width);
    if (&level == &problem.fine()) {
      EXPECT_LT(padded, 1.1 * off_diagonal) << "few zeros added";
    }
    expected += 10.0 * padded + (8.0 + 8.0 + 8.0) * rows +
                slice_bytes(make_sliced_rows<double>(A));
    for (const auto* apart : {&layout.lower_apart, &layout.upper_apart}) {
      expected += 12.0 * apart->column.size() + 8.0 * apart->rows.size() + 4.0;
    }
    // Below the coarsest level, what the post-smoothing reads in place of U: a 4-byte start a
    // row, 12 bytes an entry at a column prolongation corrects (later in the sweep) or in the
    // halo, with a row id and start per row that has halo entries.
    if (level.coarse_to_fine.empty()) continue;
    std::vector<local_int> position(A.rows);
    const std::vector<local_int> order = sweep_order(coloring);
    for (local_int k = 0; k < A.rows; ++k) position[order[k]] = k;
    std::vector<bool> injected(A.rows);
    for (local_int f : level.coarse_to_fine) injected[f] = true;
    expected += 4.0 * (rows + 1) + 8.0 * 2 + 4.0;
    for (local_int i = 0; i < A.rows; ++i) {
      bool halo = false;
      for (local_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        const local_int j = A.column_index[k];
        halo = halo || j >= A.rows;
        if (j >= A.rows || (injected[j] && position[j] > position[i])) expected += 12.0;
      }
      if (halo) expected += 8.0;
    }
  }
  EXPECT_GT(backend.optimization_bytes(), 0.95 * expected);
  EXPECT_LT(backend.optimization_bytes(), 1.05 * expected + 1024.0);
  omp_set_num_threads(1);
}

std::vector<double> host_copy(Backend& backend, const BackendVector& v, local_int n) {
  std::vector<double> values(n);
  backend.download(v, 0, n, values.data());
  return values;
}

TEST(OpenMPBackend, ResidualAndPostSmoothingReadUxWhereThePreSmoothingLeftIt) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  const Level& fine = problem.fine();
  const SparseMatrix& A = fine.A;
  const auto coarse_rows = static_cast<local_int>(fine.coarse_to_fine.size());
  const Vector rv = random_rows(A.rows, A.rows), xcv = random_rows(coarse_rows, coarse_rows);
  const Vector halo = random_rows(A.columns, A.columns);
  const double u_entries = 10.0 * static_cast<double>(A.nonzeros() - A.rows) / 2;
  for (int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    backends::openmp::OpenMPBackend backend;
    backend.optimize(problem);
    BackendVector r = backend.allocate(0, VectorRole::check, A.rows);
    BackendVector xc = backend.allocate(1, VectorRole::check, coarse_rows);
    BackendVector x = backend.allocate(0, VectorRole::check, A.columns);
    BackendVector other = backend.allocate(0, VectorRole::check, A.rows);
    backend.upload(rv.data(), 0, A.rows, r);
    backend.upload(xcv.data(), 0, coarse_rows, xc);
    const auto bytes_read = [&](const auto& step) {
      const double before = backend.kernel_traffic()->read_bytes;
      step();
      return backend.kernel_traffic()->read_bytes - before;
    };
    // The V-cycle's order (pre-smoothing, prolongation, halo, post-smoothing), once as it is and
    // once with another vector filled before the post-smoothing, which then reads U.
    const auto v_cycle_order = [&](bool fill_between) {
      backend.symgs_zero_guess(0, r, x);
      backend.prolongation(0, xc, x);
      backend.unpack_halo(0, halo.data() + A.rows, x);
      if (fill_between) backend.fill(other, 0.0);
      const double bytes = bytes_read([&] { backend.symgs(0, r, x); });
      return std::make_pair(bytes, host_copy(backend, x, A.rows));
    };
    const auto [with_upper_sum, fused] = v_cycle_order(false);
    const auto [with_u, plain] = v_cycle_order(true);
    EXPECT_LT(with_upper_sum, with_u - 0.6 * u_entries) << threads << " threads";
    double most = 0.0;
    for (local_int i = 0; i < A.rows; ++i) most = std::max(most, std::fabs(fused[i] - plain[i]));
    EXPECT_LE(most, 1e-14) << threads << " threads";
    EXPECT_GT(most, 0.0) << "summed in another order";
    // The restricted residual right after the pre-smoothing takes U x from it too.
    BackendVector rc = backend.allocate(1, VectorRole::check, coarse_rows);
    const auto residual_after_pre_smoothing = [&](bool fill_between) {
      backend.symgs_zero_guess(0, r, x);
      backend.unpack_halo(0, halo.data() + A.rows, x);
      if (fill_between) backend.fill(other, 0.0);
      const double bytes = bytes_read([&] { backend.residual_restriction(0, r, x, rc); });
      return std::make_pair(bytes, host_copy(backend, rc, coarse_rows));
    };
    const auto [residual_kept, kept_rc] = residual_after_pre_smoothing(false);
    const auto [residual_with_u, plain_rc] = residual_after_pre_smoothing(true);
    EXPECT_LT(residual_kept, residual_with_u - 0.6 * u_entries / 8) << threads << " threads";
    most = 0.0;
    for (local_int i = 0; i < coarse_rows; ++i) {
      most = std::max(most, std::fabs(kept_rc[i] - plain_rc[i]));
    }
    EXPECT_LE(most, 1e-13) << threads << " threads";
    // Anything else that writes between the steps makes the post-smoothing read U.
    backend.symgs_zero_guess(0, r, x);
    backend.upload(halo.data(), 0, A.columns, x);
    backend.prolongation(0, xc, x);
    EXPECT_EQ(bytes_read([&] { backend.symgs(0, r, x); }), with_u) << "uploaded in between";
    backend.symgs_zero_guess(0, r, x);
    backend.prolongation(0, xc, x);
    backend.prolongation(0, xc, x);
    EXPECT_EQ(bytes_read([&] { backend.symgs(0, r, x); }), with_u) << "prolongated twice";
    backend.symgs_zero_guess(0, r, x);
    backend.symgs(0, r, x);
    backend.prolongation(0, xc, x);
    EXPECT_EQ(bytes_read([&] { backend.symgs(0, r, x); }), with_u) << "swept in between";
  }
  omp_set_num_threads(1);
}

/// |a - b| within rounding of a sum of `terms` products of magnitude `scale`.
bool within_rounding(double a, double b, double scale, local_int terms) {
  return std::fabs(a - b) <= 4 * terms * 2.2e-16 * scale;
}

TEST(OpenMPBackend, FusedDotsEqualTheUnfusedOnesAndRepeat) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  for (int threads : {1, 2, 3}) {
    omp_set_num_threads(threads);
    backends::openmp::OpenMPBackend backend;
    backend.optimize(problem);
    ASSERT_TRUE(backend.fused_kernels().spmv_dot && backend.fused_kernels().waxpby_norm);
    const SparseMatrix& A = problem.fine().A;
    const Vector xv = random_rows(A.columns, A.columns), yv = random_rows(A.rows, A.rows);
    BackendVector x = backend.allocate(0, VectorRole::check, A.columns);
    BackendVector y = backend.allocate(0, VectorRole::check, A.rows);
    BackendVector ax = backend.allocate(0, VectorRole::check, A.rows);
    BackendVector w = backend.allocate(0, VectorRole::check, A.rows);
    backend.upload(xv.data(), 0, A.columns, x);
    backend.upload(yv.data(), 0, A.rows, y);
    const double fused_dot = backend.spmv_dot(0, x, ax);
    const std::vector<double> fused_ax = host_copy(backend, ax, A.rows);
    EXPECT_EQ(backend.spmv_dot(0, x, ax), fused_dot) << "repeats bit for bit";
    backend.fill(ax, 0.0);
    backend.spmv(0, x, ax);
    EXPECT_EQ(fused_ax, host_copy(backend, ax, A.rows)) << "the same SpMV";
    const double unfused_dot = backend.dot(A.rows, x, ax);
    EXPECT_TRUE(within_rounding(fused_dot, unfused_dot, 26 * 27, A.rows))
        << fused_dot << " vs " << unfused_dot << ", " << threads << " threads";
    // In place, as CG's r = r - alpha Ap, and into another vector.
    const double fused_norm = backend.waxpby_norm(A.rows, 1.0, y, -0.3, ax, w);
    EXPECT_EQ(backend.waxpby_norm(A.rows, 1.0, y, -0.3, ax, w), fused_norm);
    backend.waxpby(A.rows, 1.0, y, -0.3, ax, ax);
    EXPECT_EQ(host_copy(backend, w, A.rows), host_copy(backend, ax, A.rows));
    EXPECT_TRUE(within_rounding(fused_norm, backend.dot(A.rows, ax, ax), 100, A.rows));
    const double in_place = backend.waxpby_norm(A.rows, 2.0, y, 0.5, y, y);
    EXPECT_TRUE(within_rounding(in_place, backend.dot(A.rows, y, y), 10, A.rows)) << "y = 2.5 y";
  }
  omp_set_num_threads(1);
}

/// After the core changes the fine diagonal (as the CG check does) and says so, SpMV and the
/// fused SpMV + dot read the new diagonal, and the old one again once it is restored.
TEST(OpenMPBackend, SpmvFollowsAChangedDiagonal) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  backends::openmp::OpenMPBackend backend;
  backend.optimize(problem);
  SparseMatrix& A = problem.fine().A;
  const std::vector<double> saved = A.values;
  const Vector xv = random_rows(A.columns, A.columns);
  BackendVector x = backend.allocate(0, VectorRole::check, A.columns);
  BackendVector y = backend.allocate(0, VectorRole::check, A.rows);
  backend.upload(xv.data(), 0, A.columns, x);
  for (double factor : {1e3, 1.0}) {
    for (local_int i = 0; i < A.rows; ++i) {
      A.values[A.diagonal[i]] = saved[A.diagonal[i]] * (factor == 1.0 ? 1.0 : factor + i % 7);
    }
    backend.diagonal_changed(0);
    Vector expected(A.rows);
    reference::spmv(A, xv.data(), expected.data());
    backend.spmv(0, x, y);
    const std::vector<double> got = host_copy(backend, y, A.rows);
    const double dot = backend.spmv_dot(0, x, y);
    double worst = 0, exact_dot = 0, dot_scale = 0;
    for (local_int i = 0; i < A.rows; ++i) {
      double magnitude = 0;  // sum |a_ij x_j|: the row's rounding is 27 units of it at most
      for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
        magnitude += std::fabs(A.values[k] * xv[A.column_index[k]]);
      }
      worst = std::max(worst, std::fabs(got[i] - expected[i]) / (27 * 2.2e-16 * magnitude));
      exact_dot += xv[i] * expected[i];
      dot_scale += std::fabs(xv[i] * expected[i]);
    }
    EXPECT_LE(worst, 1.0) << "diagonal times " << factor;
    EXPECT_TRUE(within_rounding(dot, exact_dot, dot_scale, 27)) << "diagonal times " << factor;
  }
}

/// Row by row, and in units of 16 rows (the SpMV's slices): each row in one run, on the side of
/// whether its unit reads the halo, the runs no longer than asked and starting at a unit.
TEST(OpenMPBackend, HaloSplitCoversEveryRowOnceOnTheRightSide) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    std::vector<bool> reads(A.rows, false);
    for (local_int i = 0; i < A.rows; ++i) {
      for (nnz_int e = A.row_start[i]; e < A.row_start[i + 1]; ++e) {
        reads[i] = reads[i] || A.column_index[e] >= A.rows;
      }
    }
    for (local_int unit : {1, 16}) {
      const local_int longest = unit == 1 ? 100 : 96;
      const backends::openmp::HaloSplit split = backends::openmp::split_by_halo(A, longest, unit);
      std::vector<int> seen(A.rows, 0);
      int wrong = 0;
      auto visit = [&](const backends::openmp::RowRuns& runs, bool halo) {
        for (size_t k = 0; k < runs.size(); ++k) {
          wrong += runs.end[k] - runs.begin[k] > longest || runs.begin[k] % unit != 0;
          for (local_int i = runs.begin[k]; i < runs.end[k]; ++i) {
            ++seen[i];
            const local_int first = i / unit * unit, last = std::min(A.rows, first + unit);
            wrong += (std::find(reads.begin() + first, reads.begin() + last, true) !=
                      reads.begin() + last) != halo;
          }
        }
      };
      visit(split.interior, false);
      visit(split.boundary, true);
      EXPECT_EQ(wrong, 0) << "units of " << unit;
      EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
      EXPECT_EQ(split.boundary.rows() > 0, A.columns > A.rows) << "boundary rows where a halo is";
    }
  }
}

/// The SpMV's slices (sliced_rows.hpp) in Value, on every level (the coarse planes not a whole
/// number of slices) and on every rank count: a slice that qualifies holds its rows' entries in
/// Value and zeros (its halo entries in its own list), every slice but those at the first and
/// last planes qualifies, and the SpMV with them (runs of 100 rows, so most start inside a
/// slice) is the exact product of the Value entries to a Value sum's rounding, in both halo
/// parts, as it is without them; in double so is the SpMV fused with its dot, and the dot.
template <class Value>
void check_sliced_spmv() {
  using namespace backends::openmp;
  constexpr double unit = std::is_same_v<Value, float> ? 0x1p-24 : 0x1p-53;
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 24, 8, 16), comm);
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    const SlicedRows<Value> sliced = make_sliced_rows<Value>(A);
    int wrong = 0;
    for (local_int s = 0; s < sliced.slices(); ++s) {
      for (local_int i = s * slice_rows; sliced.qualifies(s) && i < (s + 1) * slice_rows; ++i) {
        Entries held, expected;
        for (int e = 0; e < sliced.pattern_size[s]; ++e) {
          const Value v =
              sliced.values.data()[sliced.value_start[s] + e * slice_rows + i % slice_rows];
          if (v != 0) held.emplace_back(i + sliced.offsets[sliced.pattern_start[s] + e], v);
        }
        for (std::uint32_t k = sliced.halo_start[s]; k < sliced.halo_start[s + 1]; ++k) {
          if (s * slice_rows + sliced.halo_row[k] == i) {
            held.emplace_back(sliced.halo_column[k], sliced.halo_value[k]);
          }
        }
        std::sort(held.begin(), held.end());
        for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
          expected.emplace_back(A.column_index[k], static_cast<Value>(A.values[k]));
        }
        std::sort(expected.begin(), expected.end());
        wrong += held != expected;
      }
    }
    EXPECT_EQ(wrong, 0);
    // Only the slices that reach past the first or last plane's rows (and a line) lack an owned
    // row: the halo's entries are kept apart.
    const local_int plane = level.geometry.nx * level.geometry.ny;
    const local_int ends = 2 * ((plane + level.geometry.nx + slice_rows) / slice_rows);
    EXPECT_GE(sliced.qualifying(), sliced.slices() - ends) << A.rows;
    if (comm.size() > 1 && &level == &problem.fine()) {
      EXPECT_GT(sliced.halo_value.size(), 0u);
    }
    if (&level == &problem.fine()) {
      EXPECT_GT(sliced.qualifying(), 0);
    }

    const BlockColoring coloring = color_blocks(A, cpu_block_rows(level.geometry, 1));
    const SweepLayout layout = make_sweep_layout(A, coloring, SweepForm::fixed_width);
    std::optional<FloatSweepCopy> copy;  // the split copy's values in float
    SweepValues<Value> split_values{};
    if constexpr (std::is_same_v<Value, float>) {
      copy = make_float_sweep_copy(layout);
      split_values = copy->values();
    } else {
      split_values = values_of(layout);
    }
    const HaloSplit split = split_by_halo(A, 100);
    std::vector<Value> x(A.columns);
    for (local_int j = 0; j < A.columns; ++j) x[j] = Value(0.5) + Value((j * 37 + 11) % 101) / 101;
    // |got - exact| / (sum |terms| unit), the largest row, and the dot's likewise.
    const auto worst_row = [&](const std::vector<Value>& y) {
      double worst = 0;
      for (local_int i = 0; i < A.rows; ++i) {
        long double exact = 0;
        double scale = 0;
        for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
          const long double term =
              static_cast<long double>(static_cast<Value>(A.values[k])) * x[A.column_index[k]];
          exact += term;
          scale += std::abs(static_cast<double>(term));
        }
        worst = std::max(worst, std::abs(static_cast<double>(y[i] - exact)) / (scale * unit));
      }
      return worst;
    };
    for (const SlicedRows<Value>* slices : {&sliced, static_cast<decltype(&sliced)>(nullptr)}) {
      std::vector<Value> y(A.rows, -1);
      spmv(layout, split_values, split.interior, x.data(), y.data(), slices);
      spmv(layout, split_values, split.boundary, x.data(), y.data(), slices);
      EXPECT_LE(worst_row(y), 32.0) << (slices ? "with" : "without") << " slices, rows " << A.rows;
    }
    if constexpr (std::is_same_v<Value, double>) {
      std::vector<double> y(A.rows, -1);
      const double dot = spmv_dot(layout, sliced, split.interior, x.data(), y.data()) +
                         spmv_dot(layout, sliced, split.boundary, x.data(), y.data());
      EXPECT_LE(worst_row(y), 32.0) << "fused with the dot, rows " << A.rows;
      long double exact = 0;
      double scale = 0;
      for (local_int i = 0; i < A.rows; ++i) {
        exact += static_cast<long double>(x[i]) * y[i];
        scale += std::abs(x[i] * y[i]);
      }
      EXPECT_LE(std::abs(static_cast<double>(dot - exact)) / (scale * unit), 64.0) << A.rows;
    }
  }
}

TEST(OpenMPBackend, SpmvSlicesHoldTheRowsAndMatchTheExactProduct) { check_sliced_spmv<double>(); }

TEST(OpenMPBackend, FloatSpmvSlicesHoldTheRowsAndMatchTheExactProduct) {
  check_sliced_spmv<float>();
}

TEST(OpenMPBackend, CountsTheBytesItsKernelsStream) {
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  backends::openmp::OpenMPBackend backend;
  backend.optimize(problem);
  const SparseMatrix& A = problem.fine().A;
  BackendVector x = backend.allocate(0, VectorRole::check, A.columns);
  BackendVector y = backend.allocate(0, VectorRole::check, A.rows);
  backend.fill(x, 1.0);
  auto counted = [&](const std::function<void()>& step) {
    const KernelTraffic before = *backend.kernel_traffic();
    step();
    const KernelTraffic after = *backend.kernel_traffic();
    EXPECT_EQ(after.kernels - before.kernels, 1) << "one kernel per step";
    return std::make_pair(after.read_bytes - before.read_bytes,
                          after.written_bytes - before.written_bytes);
  };
  // The split copy as the backend builds it on one thread. Each part: its fixed-width rows,
  // explicit zeros included (10 bytes an entry with 16-bit offsets), and its entries apart (the
  // halo columns on more ranks, U's; 12 bytes each, with a row id and start per row that has
  // any, and two sentinels).
  const BlockColoring coloring = color_blocks(A, cpu_block_rows(problem.fine().geometry, 1));
  const auto layout = make_sweep_layout(A, coloring, SweepForm::fixed_width);
  const auto part_bytes = [&](size_t width, const SweepLayout::ApartEntries& apart) {
    return 10.0 * A.rows * width + 12.0 * apart.column.size() +
           4.0 * (apart.rows.size() + apart.start.size());
  };
  const double lower = part_bytes(layout.lower_width, layout.lower_apart);
  const double upper = part_bytes(layout.upper_width, layout.upper_apart);
  // SpMV streams its slices, the copy's diagonal and fixed-width L and U rows for the rows
  // outside them and all the entries apart, and x, and writes y: fewer bytes than the split
  // copy's rows alone.
  const SlicedRows<double> sliced = make_sliced_rows<double>(A);
  const double unsliced = 1.0 - 16.0 * sliced.qualifying() / A.rows;
  const double apart = part_bytes(0, layout.lower_apart) + part_bytes(0, layout.upper_apart);
  const auto spmv = counted([&] { backend.spmv(0, x, y); });
  EXPECT_DOUBLE_EQ(spmv.first, unsliced * (8.0 * A.rows + lower + upper - apart) + apart +
                                   slice_bytes(sliced) + 8.0 * A.columns);
  EXPECT_LT(spmv.first, 8.0 * A.rows + lower + upper + 8.0 * A.columns);
  EXPECT_EQ(spmv.second, 8.0 * A.rows);
  // A symmetric sweep reads the split copy's U twice and L once; from x = 0 it skips U and x in
  // the forward sweep.
  const auto full = counted([&] { backend.symgs(0, y, x); });
  const auto from_zero = counted([&] { backend.symgs_zero_guess(0, y, x); });
  const double off_diagonal = static_cast<double>(A.nonzeros() - A.rows);
  EXPECT_GT(full.first, 1.5 * 10.0 * off_diagonal) << "L and U, U again";
  EXPECT_LT(full.first, 2.0 * 12.0 * off_diagonal);
  EXPECT_EQ(full.first - from_zero.first - 8.0 * A.columns, upper + 8.0 * A.rows)
      << "U and x forward, t backward (from x = 0 it reads x's forward values)";
  EXPECT_EQ(full.second, 3 * 8.0 * A.rows) << "t and x forward, x backward";
  EXPECT_EQ(from_zero.second - full.second, 8.0 * (A.columns - A.rows))
      << "x forward, x and -U x into t backward, and the halo's zeros";
  // Vectors: one read of x for x.x, two for x.y.
  EXPECT_EQ(counted([&] { backend.dot(A.rows, y, y); }).first, 8.0 * A.rows);
  EXPECT_EQ(counted([&] { backend.dot(A.rows, x, y); }).first, 16.0 * A.rows);
}

}  // namespace
}  // namespace hpcg
