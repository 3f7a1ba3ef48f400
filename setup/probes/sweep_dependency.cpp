// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): what caps a one-thread Gauss-Seidel sweep over a 27-point 104^3
// matrix? First, the row-to-row dependency: three passes of the forward sweep over L, rows in
// natural order (each row waits for the previous row's x); two independent halves interleaved
// row by row (two chains); the same loop writing a separate vector (no dependency). Equal times
// mean the dependency costs nothing. Second, bytes: the backward sweep over U with 32-bit
// columns and with 16-bit offsets j - i (2 bytes less per entry), and U's values and columns
// streamed without the gather of x, the core's bandwidth for these arrays.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

/// One part of the matrix in CSR, columns both as 32-bit ids and as 16-bit offsets from the row.
struct Part {
  std::vector<int64_t> start{0};
  std::vector<int> column;
  std::vector<int16_t> offset;
  std::vector<double> value;
};

/// Milliseconds of the fastest of ten passes of `pass`.
template <class Pass>
double best_ms(Pass pass) {
  double best = 1e30;
  for (int rep = 0; rep < 10; ++rep) {
    const auto begin = std::chrono::steady_clock::now();
    pass();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - begin).count());
  }
  return best;
}

}  // namespace

int main() {
  const int n = 104, N = n * n * n;
  Part L, U;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const int i = (z * n + y) * n + x;
        // L ascending, U descending, as the backends store them: the value a sweep has just
        // written comes last in each row.
        for (int e = 0; e < 54; ++e) {
          const bool lower = e < 27;
          const int d = lower ? e : 53 - e;
          const int X = x + d % 3 - 1, Y = y + d / 3 % 3 - 1, Z = z + d / 9 - 1;
          if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
          const int j = (Z * n + Y) * n + X;
          if (lower ? j >= i : j <= i) continue;
          Part& part = lower ? L : U;
          part.column.push_back(j), part.offset.push_back(static_cast<int16_t>(j - i));
          part.value.push_back(-1.0);
        }
        L.start.push_back(static_cast<int64_t>(L.column.size()));
        U.start.push_back(static_cast<int64_t>(U.column.size()));
      }
  std::vector<double> r(N, 1.0), x(N, 0.0), y(N, 0.0), inv(N, 1.0 / 26);
  auto lower_row = [&](int i) {
    double s = r[i];
    for (int64_t k = L.start[i]; k < L.start[i + 1]; ++k) s -= L.value[k] * x[L.column[k]];
    return s * inv[i];
  };
  const double natural = best_ms([&] {
    for (int i = 0; i < N; ++i) x[i] = lower_row(i);
  });
  const double two_chains = best_ms([&] {
    for (int i = 0, h = N / 2; i < h; ++i) {
      const double a = lower_row(i), b = lower_row(i + h);
      x[i] = a, x[i + h] = b;
    }
  });
  const double independent = best_ms([&] {
    for (int i = 0; i < N; ++i) y[i] = lower_row(i);
  });
  std::printf("forward over L: natural %.2f ms  two-chains %.2f ms  no-dependency %.2f ms\n",
              natural, two_chains, independent);

  const double columns = best_ms([&] {
    for (int i = N - 1; i >= 0; --i) {
      double s = r[i];
      for (int64_t k = U.start[i]; k < U.start[i + 1]; ++k) s -= U.value[k] * x[U.column[k]];
      x[i] = s * inv[i];
    }
  });
  const double offsets = best_ms([&] {
    for (int i = N - 1; i >= 0; --i) {
      double s = r[i];
      for (int64_t k = U.start[i]; k < U.start[i + 1]; ++k) s -= U.value[k] * x[i + U.offset[k]];
      x[i] = s * inv[i];
    }
  });
  double sums[8] = {0};
  const double streamed = best_ms([&] {
    const size_t entries = U.value.size();
    for (size_t k = 0; k + 8 <= entries; k += 8) {
      for (int q = 0; q < 8; ++q) sums[q] += U.value[k + q] * U.column[k + q];
    }
  });
  const double bytes = 12.0 * static_cast<double>(U.value.size());
  std::printf("backward over U: 32-bit columns %.2f ms  16-bit offsets %.2f ms  "
              "values and columns alone %.2f ms (%.1f GB/s)\n",
              columns, offsets, streamed, bytes / streamed / 1e6);
  std::printf("(checks: x[1]=%g y[5]=%g sum=%g)\n", x[1], y[5], sums[0] + sums[7]);
}
