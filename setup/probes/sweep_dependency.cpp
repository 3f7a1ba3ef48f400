// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): is a one-thread Gauss-Seidel forward sweep over L of a 27-point
// 104^3 matrix bound by the row-to-row dependency or by bandwidth? Times three passes over the
// same CSR data: rows in natural order (each row waits for the previous row's x); two independent
// halves interleaved row by row (two chains); and the same loop writing a separate vector (no
// dependency on the sweep's own results). Equal times mean the dependency costs nothing.
#include <chrono>
#include <cstdio>
#include <vector>
#include <cstdint>
int main() {
  const int n = 104, N = n * n * n;
  std::vector<int64_t> start(N + 1); std::vector<int> col; std::vector<double> val;
  start[0] = 0;
  for (int z = 0; z < n; ++z) for (int y = 0; y < n; ++y) for (int x = 0; x < n; ++x) {
    int i = (z * n + y) * n + x;
    for (int dz = -1; dz <= 1; ++dz) for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) {
      int X = x + dx, Y = y + dy, Z = z + dz;
      if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
      int j = (Z * n + Y) * n + X;
      if (j < i) { col.push_back(j); val.push_back(-1.0); }  // L only
    }
    start[i + 1] = col.size();
  }
  std::vector<double> r(N, 1.0), x(N, 0.0), inv(N, 1.0 / 26);
  auto t0 = std::chrono::steady_clock::now();
  for (int rep = 0; rep < 10; ++rep)
    for (int i = 0; i < N; ++i) {
      double s = r[i];
      for (int64_t k = start[i]; k < start[i + 1]; ++k) s -= val[k] * x[col[k]];
      x[i] = s * inv[i];
    }
  auto t1 = std::chrono::steady_clock::now();
  const int h = N / 2;
  for (int rep = 0; rep < 10; ++rep)
    for (int i = 0; i < h; ++i) {
      int a = i, b = i + h;
      double sa = r[a], sb = r[b];
      for (int64_t k = start[a]; k < start[a + 1]; ++k) sa -= val[k] * x[col[k]];
      for (int64_t k = start[b]; k < start[b + 1]; ++k) sb -= val[k] * x[col[k]];
      x[a] = sa * inv[a]; x[b] = sb * inv[b];
    }
  auto t2 = std::chrono::steady_clock::now();
  // C: same data streamed with no dependency on x written in the sweep (SpMV-like, L only)
  std::vector<double> y(N);
  for (int rep = 0; rep < 10; ++rep)
    for (int i = 0; i < N; ++i) {
      double s = r[i];
      for (int64_t k = start[i]; k < start[i + 1]; ++k) s -= val[k] * x[col[k]];
      y[i] = s * inv[i];
    }
  auto t3 = std::chrono::steady_clock::now();
  auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count() / 10; };
  std::printf("natural %.2f ms  two-chains %.2f ms  no-dependency %.2f ms  (x[1]=%g y=%g)\n",
              ms(t0, t1), ms(t1, t2), ms(t2, t3), x[1], y[5]);
}
