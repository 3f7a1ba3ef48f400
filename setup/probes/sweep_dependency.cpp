// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): is a one-thread Gauss-Seidel forward sweep over L of a 27-point
// 104^3 matrix bound by the row-to-row dependency or by bandwidth? Times three passes over the
// same CSR data: rows in natural order (each row waits for the previous row's x); two independent
// halves interleaved row by row (two chains); and the same loop writing a separate vector (no
// dependency on the sweep's own results). Equal times mean the dependency costs nothing.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  const int n = 104, N = n * n * n;
  std::vector<int64_t> start(N + 1, 0);
  std::vector<int> col;
  std::vector<double> val;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const int i = (z * n + y) * n + x;
        for (int dz = -1; dz <= 1; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
              const int X = x + dx, Y = y + dy, Z = z + dz;
              if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
              const int j = (Z * n + Y) * n + X;
              if (j < i) col.push_back(j), val.push_back(-1.0);  // L only
            }
        start[i + 1] = static_cast<int64_t>(col.size());
      }
  std::vector<double> r(N, 1.0), x(N, 0.0), y(N, 0.0), inv(N, 1.0 / 26);
  auto row = [&](int i) {
    double s = r[i];
    for (int64_t k = start[i]; k < start[i + 1]; ++k) s -= val[k] * x[col[k]];
    return s * inv[i];
  };
  // Milliseconds per pass of `pass`, over ten passes.
  auto time_ms = [](auto pass) {
    const auto begin = std::chrono::steady_clock::now();
    for (int rep = 0; rep < 10; ++rep) pass();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin)
               .count() / 10;
  };
  const double natural = time_ms([&] {
    for (int i = 0; i < N; ++i) x[i] = row(i);
  });
  const double two_chains = time_ms([&] {
    for (int i = 0, h = N / 2; i < h; ++i) {
      const double a = row(i), b = row(i + h);
      x[i] = a, x[i + h] = b;
    }
  });
  const double independent = time_ms([&] {
    for (int i = 0; i < N; ++i) y[i] = row(i);
  });
  std::printf("natural %.2f ms  two-chains %.2f ms  no-dependency %.2f ms  (x[1]=%g y[5]=%g)\n",
              natural, two_chains, independent, x[1], y[5]);
}
