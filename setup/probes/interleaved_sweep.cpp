// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): the openmp backend's own sweeps on one thread, over a 27-point
// n^3 matrix (default 104), against the time it takes to stream the bytes of the matrix each sweep
// reads. "before": the scalar block sweep on the split copy, in the colouring of one thread (two
// blocks). "after": the interleaved sweep with W lanes, in its colouring of 2 W blocks, and the
// scalar sweep in that same colouring (whose values it must equal bit for bit). A symmetric sweep
// reads L once and U twice, one from x = 0 L and U once; "stream" is that many passes of the
// arrays through a plain vectorised sum, the fastest this thread reads them.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../../src/backends/openmp/interleaved_kernels.hpp"
#include "../../src/backends/openmp/kernels.hpp"

using namespace hpcg;

namespace {

SparseMatrix stencil(int n) {
  SparseMatrix A;
  A.rows = A.columns = n * n * n;
  A.row_start.push_back(0);
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        for (int d = 0; d < 27; ++d) {
          const int X = x + d % 3 - 1, Y = y + d / 3 % 3 - 1, Z = z + d / 9 - 1;
          if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
          const int j = (Z * n + Y) * n + X, i = (z * n + y) * n + x;
          if (j == i) A.diagonal.push_back(static_cast<nnz_int>(A.column_index.size()));
          A.column_index.push_back(j);
          A.values.push_back(j == i ? 26.0 : -1.0);
        }
        A.row_start.push_back(static_cast<nnz_int>(A.column_index.size()));
      }
  return A;
}

/// Milliseconds of the fastest of `reps` passes.
template <class Pass>
double best_ms(Pass pass, int reps = 8) {
  double best = 1e30;
  for (int rep = 0; rep < reps; ++rep) {
    const auto begin = std::chrono::steady_clock::now();
    pass();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - begin).count());
  }
  return best;
}

double checksum;

/// Milliseconds to read `values` doubles and `index_bytes` bytes of indices once.
template <class Index>
double stream_ms(const double* values, const Index* index, size_t n) {
  return best_ms([&] {
    double s[8] = {0};
    for (size_t k = 0; k + 8 <= n; k += 8) {
      for (int q = 0; q < 8; ++q) s[q] += values[k + q] + static_cast<double>(index[k + q]);
    }
    checksum += s[0] + s[7];
  });
}

struct Times {
  double symgs, zero_guess, stream_symgs, stream_zero_guess;
  void print(const char* name) const {
    std::printf("%-34s symgs %7.2f ms (stream %6.2f, x%.2f)  from x=0 %7.2f ms (stream %6.2f, "
                "x%.2f)\n",
                name, symgs, stream_symgs, symgs / stream_symgs, zero_guess, stream_zero_guess,
                zero_guess / stream_zero_guess);
  }
};

}  // namespace

int main(int argc, char** argv) {
  omp_set_num_threads(1);
  const int n = argc > 1 ? std::atoi(argv[1]) : 104;
  const SparseMatrix A = stencil(n);
  std::vector<double> r(A.rows, 1.0), x(A.columns, 0.0), t(A.rows), x_scalar(A.columns);
  std::printf("27-point %d^3: %d rows, %lld nonzeros, one thread\n", n, A.rows,
              static_cast<long long>(A.nonzeros()));

  auto scalar = [&](const BlockColoring& coloring, const char* name) {
    const SweepLayout split = make_sweep_layout(A, coloring);
    const size_t l = split.lower_start.back(), u = split.upper_start.back();
    const double stream_l = split.lower_as_offsets
                                ? stream_ms(split.lower_value.data(), split.lower_offset.data(), l)
                                : stream_ms(split.lower_value.data(), split.lower_column.data(), l);
    const double stream_u = stream_ms(split.upper_value.data(), split.upper_column.data(), u);
    Times times{};
    times.symgs = best_ms([&] {
      backends::openmp::block_symgs(A, split, coloring, r.data(), x.data(), t.data(), false);
    });
    times.zero_guess = best_ms([&] {
      backends::openmp::block_symgs(A, split, coloring, r.data(), x.data(), t.data(), true);
    });
    times.stream_symgs = stream_l + 2 * stream_u;
    times.stream_zero_guess = stream_l + stream_u;
    times.print(name);
  };
  scalar(color_blocks(A, cpu_block_rows(A, 1)), "before: scalar, 2 blocks");

  for (int lanes : {4, 8}) {
    const BlockColoring coloring = color_blocks(A, cpu_block_rows(A, lanes));
    const SweepLayout split = make_sweep_layout(A, coloring);
    const auto layout = backends::openmp::make_interleaved_layout(A, coloring, split, lanes);
    std::vector<double> ti(static_cast<size_t>(layout.positions()) * lanes);
    // The same values as the scalar sweep in this colouring, from the same start.
    std::fill(x.begin(), x.end(), 0.0), std::fill(x_scalar.begin(), x_scalar.end(), 0.0);
    for (int step = 0; step < 2; ++step) {
      backends::openmp::block_symgs(A, split, coloring, r.data(), x_scalar.data(), t.data(),
                                    step == 0);
      backends::openmp::interleaved_symgs(A, layout, r.data(), x.data(), ti.data(), step == 0);
    }
    const bool same = x == x_scalar;
    const size_t l = layout.lower_slot.back() * size_t(lanes);
    const size_t u = layout.upper_slot.back() * size_t(lanes);
    const double stream_l =
        layout.lower_as_offsets ? stream_ms(layout.lower_value.data(), layout.lower_offset.data(), l)
                                : stream_ms(layout.lower_value.data(), layout.lower_column.data(), l);
    const double stream_u = stream_ms(layout.upper_value.data(), layout.upper_column.data(), u);
    Times times{};
    times.symgs = best_ms([&] {
      backends::openmp::interleaved_symgs(A, layout, r.data(), x.data(), ti.data(), false);
    });
    times.zero_guess = best_ms([&] {
      backends::openmp::interleaved_symgs(A, layout, r.data(), x.data(), ti.data(), true);
    });
    times.stream_symgs = stream_l + 2 * stream_u;
    times.stream_zero_guess = stream_l + stream_u;
    char name[64];
    std::snprintf(name, sizeof name, "after: W=%d, %d blocks", lanes,
                  static_cast<int>(coloring.blocks.size()));
    times.print(name);
    std::snprintf(name, sizeof name, "  scalar, same %d blocks", static_cast<int>(coloring.blocks.size()));
    scalar(coloring, name);
    std::printf("  padding: %.1f%% of L, %.1f%% of U entries; equals the scalar sweep: %s\n",
                100.0 * (double(l) / split.lower_start.back() - 1),
                100.0 * (double(u) / split.upper_start.back() - 1), same ? "yes" : "NO");
  }
  std::printf("(checksum %g)\n", checksum);
}
