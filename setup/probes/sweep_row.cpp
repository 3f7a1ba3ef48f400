// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): one thread's backward Gauss-Seidel sweep over U of a 27-point
// 104^3 matrix, with each row's sum written five ways:
//   one-sum    one running sum, the openmp kernel before issue 37 (each multiply-add waits for
//              the previous one: 13 in a row);
//   four-sums  the kernel since: four partial sums over all entries but the last, pointer
//              indexing, the last entry (x just written by the previous row) subtracted alone;
//   gather     AVX-512 within the row: 8 columns per gather, masked tail, one reduction (only
//              built where the compiler targets AVX-512);
//   offsets    four-sums on 16-bit column offsets j - i (2 bytes less per entry; the kernel
//              since 2e5f7fa stores U so where the band fits);
//   two-chains four-sums with the rows' two halves relaxed in one loop, row by row, as a thread
//              would relax two blocks of one colour: two dependency chains interleaved.
// Usage: sweep_row FORM [PASSES]: the fastest of PASSES passes (default 10), in ms. Instruction
// counters (perf stat, or valgrind --tool=callgrind where the VM hides the PMU) at PASSES 1 and
// 3 give one pass's instructions as half the difference, independent of the machine's load.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

#include "../../src/backends/openmp/subtract_row.hpp"

namespace {

struct Upper {
  std::vector<std::uint32_t> start{0};
  std::vector<int> column;
  std::vector<std::int16_t> offset;  ///< column - row
  std::vector<double> value;
};

double one_sum(double sum, const double* value, const int* column, size_t count,
               const double* x) {
  for (size_t k = 0; k < count; ++k) sum -= value[k] * x[column[k]];
  return sum;
}

// The openmp kernel's own row sum.
constexpr auto four_sums = hpcg::backends::openmp::subtract_row<int>;
constexpr auto four_sums_offsets = hpcg::backends::openmp::subtract_row<std::int16_t>;

#ifdef __AVX512F__
double gather(double sum, const double* value, const int* column, size_t count, const double* x) {
  __m512d acc = _mm512_setzero_pd();
  size_t k = 0;
  for (; k + 8 <= count; k += 8) {
    const __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(column + k));
    acc = _mm512_fmadd_pd(_mm512_loadu_pd(value + k), _mm512_i32gather_pd(c, x, 8), acc);
  }
  if (k < count) {
    const auto m = static_cast<__mmask8>((1u << (count - k)) - 1);
    const __m256i c = _mm256_maskz_loadu_epi32(m, column + k);
    const __m512d xs = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), m, c, x, 8);
    acc = _mm512_fmadd_pd(_mm512_maskz_loadu_pd(m, value + k), xs, acc);
  }
  return sum - _mm512_reduce_add_pd(acc);
}
#endif

using Row = double (*)(double, const double*, const int*, size_t, const double*);

/// The fastest of `passes` runs of `pass`, in ms.
template <class Pass>
double best_of(int passes, const Pass& pass) {
  double best = 1e30;
  for (int p = 0; p < passes; ++p) {
    const auto begin = std::chrono::steady_clock::now();
    pass();
    best = std::min(best, std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - begin).count());
  }
  return best;
}

/// The fastest of `passes` backward sweeps, in ms; the row's form inlined, as in the kernel.
template <Row row>
double sweep(const Upper& U, const std::vector<double>& r, const std::vector<double>& inv,
             std::vector<double>& x, int passes) {
  return best_of(passes, [&] {
    for (auto i = static_cast<long>(x.size()) - 1; i >= 0; --i) {
      const std::uint32_t k = U.start[i];
      x[i] = row(r[i], U.value.data() + k, U.column.data() + k, U.start[i + 1] - k, x.data()) *
             inv[i];
    }
  });
}

/// Row i of U with the kernel's row sum, on 32-bit columns or 16-bit offsets.
[[gnu::always_inline]] inline double relax(const Upper& U, const double* r, const double* inv,
                                           const double* x, long i, bool offsets) {
  const std::uint32_t k = U.start[i], count = U.start[i + 1] - k;
  const double* value = U.value.data() + k;
  const double sum =
      offsets ? four_sums_offsets(r[i], value, U.offset.data() + k, count, x + i)
              : four_sums(r[i], value, U.column.data() + k, count, x);
  return sum * inv[i];
}

double offsets(const Upper& U, const std::vector<double>& r, const std::vector<double>& inv,
               std::vector<double>& x, int passes) {
  return best_of(passes, [&] {
    for (auto i = static_cast<long>(x.size()) - 1; i >= 0; --i) {
      x[i] = relax(U, r.data(), inv.data(), x.data(), i, true);
    }
  });
}

double two_chains(const Upper& U, const std::vector<double>& r, const std::vector<double>& inv,
                  std::vector<double>& x, int passes) {
  const long half = static_cast<long>(x.size()) / 2;  // N is even here
  return best_of(passes, [&] {
    for (long i = half - 1; i >= 0; --i) {
      const double a = relax(U, r.data(), inv.data(), x.data(), i, false);
      const double b = relax(U, r.data(), inv.data(), x.data(), i + half, false);
      x[i] = a, x[i + half] = b;
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  const char* form = argc > 1 ? argv[1] : "";
  const int passes = argc > 2 ? std::atoi(argv[2]) : 10;
  using Sweep = double (*)(const Upper&, const std::vector<double>&, const std::vector<double>&,
                           std::vector<double>&, int);
  Sweep run = !std::strcmp(form, "one-sum")     ? sweep<one_sum>
              : !std::strcmp(form, "four-sums") ? sweep<four_sums>
              : !std::strcmp(form, "offsets")   ? offsets
              : !std::strcmp(form, "two-chains") ? two_chains
                                                : nullptr;
#ifdef __AVX512F__
  if (!std::strcmp(form, "gather")) run = sweep<gather>;
#endif
  if (!run || passes < 1) {
    std::fprintf(stderr, "usage: sweep_row one-sum|four-sums|gather|offsets|two-chains [PASSES]\n");
    return 2;
  }
  const int n = 104, N = n * n * n;
  Upper U;  // descending columns, as the backends store U
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const int i = (z * n + y) * n + x;
        for (int d = 26; d >= 0; --d) {
          const int X = x + d % 3 - 1, Y = y + d / 3 % 3 - 1, Z = z + d / 9 - 1;
          if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
          const int j = (Z * n + Y) * n + X;
          if (j <= i) continue;
          U.column.push_back(j), U.value.push_back(-1.0);
          U.offset.push_back(static_cast<std::int16_t>(j - i));
        }
        U.start.push_back(static_cast<std::uint32_t>(U.column.size()));
      }
  std::vector<double> r(N, 1.0), x(N, 0.0), inv(N, 1.0 / 26);
  const double best = run(U, r, inv, x, passes);
  std::printf("backward over U, %s: %.2f ms for %zu entries (check: x[1]=%.12g)\n", form, best,
              U.value.size(), x[1]);
}
