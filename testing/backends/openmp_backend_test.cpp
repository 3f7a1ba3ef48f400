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
#include <utility>
#include <vector>

#include "../../src/backends/openmp/openmp_backend.hpp"
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

/// Checks that `layout` holds A split in the sweep order of `coloring`; returns the rows that
/// do not (on this rank).
int wrong_rows(const SparseMatrix& A, const BlockColoring& coloring,
               const SweepLayout& layout) {
  int wrong = 0;
  for (local_int i = 0; i < A.rows; ++i) {
    std::vector<std::pair<local_int, double>> lower, upper, expected;
    for (auto k = layout.lower_start[i]; k < layout.lower_start[i + 1]; ++k) {
      const local_int j = layout.lower_as_offsets ? i + layout.lower_offset.data()[k]
                                                  : layout.lower_column.data()[k];
      lower.emplace_back(j, layout.lower_value.data()[k]);
    }
    const auto& halo = layout.upper_halo;
    const auto at = std::lower_bound(halo.rows.begin(), halo.rows.end(), i);
    if (at != halo.rows.end() && *at == i) {
      const auto h = static_cast<size_t>(at - halo.rows.begin());
      for (auto k = halo.start[h]; k < halo.start[h + 1]; ++k) {
        upper.emplace_back(halo.column[k], halo.value[k]);
        wrong += halo.column[k] < A.rows;  // halo columns only
      }
    }
    for (auto k = layout.upper_start[i]; k < layout.upper_start[i + 1]; ++k) {
      const local_int j = layout.upper_as_offsets ? i + layout.upper_offset.data()[k]
                                                  : layout.upper_column.data()[k];
      upper.emplace_back(j, layout.upper_value.data()[k]);
    }
    bool ok = std::is_sorted(lower.begin(), lower.end()) &&
              std::is_sorted(upper.begin(), upper.end(), std::greater<>()) &&
              std::all_of(lower.begin(), lower.end(),
                          [&](auto& e) { return coloring.updated_before(e.first, i); }) &&
              std::none_of(upper.begin(), upper.end(),
                           [&](auto& e) { return coloring.updated_before(e.first, i); }) &&
              layout.inverse_diagonal[i] == 1.0 / A.values[A.diagonal[i]];
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      if (A.column_index[k] != i) expected.emplace_back(A.column_index[k], A.values[k]);
    }
    std::vector<std::pair<local_int, double>> got = lower;
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
      for (auto upper : {UpperColumns::columns, UpperColumns::offsets_where_they_fit}) {
        const bool offsets = upper == UpperColumns::offsets_where_they_fit;
        const auto layout = make_sweep_layout(level.A, coloring, upper);
        EXPECT_TRUE(layout.lower_as_offsets) << "16-bit offsets on a small grid";
        EXPECT_EQ(layout.upper_as_offsets, offsets);
        EXPECT_EQ(layout.upper_halo.rows.empty(), !offsets || comm.size() == 1);
        EXPECT_EQ(comm.sum(static_cast<global_int>(wrong_rows(level.A, coloring, layout))), 0)
            << threads << " threads, U offsets " << offsets;
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
  const auto layout = make_sweep_layout(fine.A, coloring, UpperColumns::offsets_where_they_fit);
  EXPECT_FALSE(layout.lower_as_offsets);
  EXPECT_FALSE(layout.upper_as_offsets);
  EXPECT_TRUE(layout.upper_halo.rows.empty());
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

TEST(OpenMPBackend, UsesTwoColoursAndReportsItsMemory) {
  omp_set_num_threads(2);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 32, 32, 32), comm);
  backends::openmp::OpenMPBackend backend;
  backend.optimize(problem);
  for (int colors : backend.colors_per_level()) EXPECT_LE(colors, 2);
  // Per level: the split copy (entries 10 bytes with their 16-bit offsets, but U's entries in
  // halo columns 12, with a row id and a start for each row that has any), 4-byte row offsets
  // for each part, the inverse diagonal and a scratch vector (8 bytes a row each), and a few
  // integers per block.
  double expected = 0.0;
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    const double rows = A.rows, off_diagonal = A.nonzeros() - rows;
    double halo_entries = 0, halo_rows = 0;
    for (local_int i = 0; i < A.rows; ++i) {
      const auto in_halo = std::count_if(&A.column_index[A.row_start[i]],
                                         &A.column_index[A.row_start[i + 1]],
                                         [&](local_int j) { return j >= A.rows; });
      halo_entries += in_halo, halo_rows += in_halo > 0;
    }
    expected += 10.0 * off_diagonal + 2.0 * halo_entries + 8.0 * halo_rows +
                (4.0 + 4.0 + 8.0 + 8.0) * rows;
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

TEST(OpenMPBackend, HaloSplitCoversEveryRowOnceOnTheRightSide) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  for (const Level& level : problem.levels) {
    const SparseMatrix& A = level.A;
    const backends::openmp::HaloSplit split = backends::openmp::split_by_halo(A, 100);
    std::vector<int> seen(A.rows, 0);
    int wrong = 0;
    auto visit = [&](const backends::openmp::RowRuns& runs, bool halo) {
      for (size_t k = 0; k < runs.size(); ++k) {
        wrong += runs.end[k] - runs.begin[k] > 100;
        for (local_int i = runs.begin[k]; i < runs.end[k]; ++i) {
          ++seen[i];
          bool reads = false;
          for (nnz_int e = A.row_start[i]; e < A.row_start[i + 1]; ++e) reads |= A.column_index[e] >= A.rows;
          wrong += reads != halo;
        }
      }
    };
    visit(split.interior, false);
    visit(split.boundary, true);
    EXPECT_EQ(wrong, 0);
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
    EXPECT_EQ(split.boundary.rows() > 0, A.columns > A.rows) << "boundary rows where a halo is";
  }
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
  // SpMV streams the core's CSR (8-byte row offsets, 12 bytes a nonzero) and x, and writes y.
  const auto spmv = counted([&] { backend.spmv(0, x, y); });
  EXPECT_EQ(spmv.first, 8.0 * (A.rows + 1) + 12.0 * A.nonzeros() + 8.0 * A.columns);
  EXPECT_EQ(spmv.second, 8.0 * A.rows);
  // A symmetric sweep reads the split copy's U twice and L once; from x = 0 it skips U (with its
  // row offsets) and x in the forward sweep.
  const auto full = counted([&] { backend.symgs(0, y, x); });
  const auto from_zero = counted([&] { backend.symgs_zero_guess(0, y, x); });
  const double off_diagonal = static_cast<double>(A.nonzeros() - A.rows);
  EXPECT_GT(full.first, 1.5 * 10.0 * off_diagonal) << "L and U, U again";
  EXPECT_LT(full.first, 2.0 * 12.0 * off_diagonal);
  // U is half of the off-diagonal entries (10 bytes each, with 16-bit offsets), and the halo
  // columns (all in U, 12 bytes each) on more ranks.
  const double upper_share =
      (full.first - from_zero.first - 8.0 * A.columns - 4.0 * (A.rows + 1)) / (10.0 * off_diagonal);
  EXPECT_GE(upper_share, 0.5);
  EXPECT_LE(upper_share, comm.size() == 1 ? 0.5 : 0.6);
  EXPECT_EQ(full.second, 3 * 8.0 * A.rows) << "t and x forward, x backward";
  // Vectors: one read of x for x.x, two for x.y.
  EXPECT_EQ(counted([&] { backend.dot(A.rows, y, y); }).first, 8.0 * A.rows);
  EXPECT_EQ(counted([&] { backend.dot(A.rows, x, y); }).first, 16.0 * A.rows);
}

}  // namespace
}  // namespace hpcg
