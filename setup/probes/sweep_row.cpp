// SPDX-License-Identifier: BSD-3-Clause
// Probe (setup/probe_sweep.sh): one thread's backward Gauss-Seidel sweep over U of a 27-point
// 104^3 matrix, with each row's sum written six ways:
//   one-sum      one running sum, the openmp kernel before issue 37 (each multiply-add waits for
//                the previous one: 13 in a row);
//   four-sums    four partial sums over all entries but the last, pointer indexing, the last
//                entry (x just written by the previous row) subtracted alone;
//   gather       AVX-512 within the row: 8 columns per gather, masked tail, one reduction (only
//                built where the compiler targets AVX-512);
//   offsets      four-sums on 16-bit column offsets j - i in rows of any length (row offsets
//                read per row; the kernel from 2e5f7fa);
//   two-chains   four-sums with the rows' two halves relaxed in one loop, row by row, as a thread
//                would relax two blocks of one colour: two dependency chains interleaved;
//   fixed-width  four-sums on 16-bit offsets in rows of one width W, the part's longest row
//                (found from the matrix), shorter rows padded at their start with explicit zeros
//                (value 0, offset 0: the row itself); no row offsets, and the sweep dispatched
//                once on W to a sum unrolled at compile time (W = 13 here; other widths would
//                run the same sum with a run-time count);
//   fixed-cursor fixed-width with the kernel's per-row test for entries kept apart (none here);
// and the forward sweep from a zero guess over L (t = r - L x, x = t / a_ii), two ways:
//   lower-offsets  L as the kernel from 2e5f7fa stores it (offsets, row offsets);
//   lower-fixed    L in fixed-width rows, as fixed-width;
// and y = A x two ways:
//   spmv-csr       the core's CSR (32-bit columns, 64-bit row offsets, 12 bytes an entry), each
//                  row in four partial sums;
//   spmv-fixed     a_ii x_i plus L's and U's fixed-width rows (10 bytes an entry, the diagonal
//                  in an array of its own).
// Usage: sweep_row FORM [PASSES]: the fastest of PASSES passes (default 10), in ms. Instruction
// counters (perf stat, or valgrind --tool=callgrind where the VM hides the PMU) at PASSES 1 and
// 3 give one pass's instructions as half the difference, independent of the machine's load.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

#include "../../src/backends/openmp/subtract_row.hpp"

namespace {

using hpcg::backends::openmp::RowWidth;
using hpcg::backends::openmp::subtract_row;

/// One part of the split matrix in rows of any length.
struct Part {
  std::vector<std::uint32_t> start{0};
  std::vector<int> column;
  std::vector<std::int16_t> offset;  ///< column - row
  std::vector<double> value;
};

/// One part in rows of `width` entries: row i at [i width, (i + 1) width).
struct FixedPart {
  std::size_t width = 0;
  std::vector<std::int16_t> offset;
  std::vector<double> value;
};

/// `part` in rows of its longest row's length, shorter rows padded at their start (the sum's
/// first entries, so that the nearest neighbour stays last) with value 0 at the row itself.
FixedPart fixed_width(const Part& part) {
  FixedPart fixed;
  const size_t rows = part.start.size() - 1;
  for (size_t i = 0; i < rows; ++i) {
    fixed.width = std::max<size_t>(fixed.width, part.start[i + 1] - part.start[i]);
  }
  fixed.offset.assign(rows * fixed.width, 0);
  fixed.value.assign(rows * fixed.width, 0.0);
  for (size_t i = 0; i < rows; ++i) {
    const size_t count = part.start[i + 1] - part.start[i], to = (i + 1) * fixed.width - count;
    std::copy_n(&part.offset[part.start[i]], count, &fixed.offset[to]);
    std::copy_n(&part.value[part.start[i]], count, &fixed.value[to]);
  }
  return fixed;
}

double one_sum(double sum, const double* value, const int* column, size_t count,
               const double* x) {
  for (size_t k = 0; k < count; ++k) sum -= value[k] * x[column[k]];
  return sum;
}

// The openmp kernel's own row sum.
constexpr auto four_sums = subtract_row<double, int, std::size_t>;
constexpr auto four_sums_offsets = subtract_row<double, std::int16_t, std::size_t>;

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

struct Sweep {
  const Part& part;
  const FixedPart& fixed;
  const double* r;
  const double* inv;
  double* x;
  double* t;
  long n;
};

/// The backward sweep, the row's form inlined, as in the kernel.
template <Row row>
void backward(const Sweep& s) {
  for (long i = s.n - 1; i >= 0; --i) {
    const std::uint32_t k = s.part.start[i];
    s.x[i] = row(s.r[i], s.part.value.data() + k, s.part.column.data() + k,
                 s.part.start[i + 1] - k, s.x) * s.inv[i];
  }
}

/// Row i with the kernel's row sum, on 32-bit columns or 16-bit offsets.
[[gnu::always_inline]] inline double relax(const Part& U, double r, const double* x, long i,
                                           bool offsets) {
  const std::uint32_t k = U.start[i], count = U.start[i + 1] - k;
  const double* value = U.value.data() + k;
  return offsets ? four_sums_offsets(r, value, U.offset.data() + k, count, x + i)
                 : four_sums(r, value, U.column.data() + k, count, x);
}

void offsets(const Sweep& s) {
  for (long i = s.n - 1; i >= 0; --i) s.x[i] = relax(s.part, s.r[i], s.x, i, true) * s.inv[i];
}

void two_chains(const Sweep& s) {
  const long half = s.n / 2;  // N is even here
  for (long i = half - 1; i >= 0; --i) {
    const double a = relax(s.part, s.r[i], s.x, i, false) * s.inv[i];
    const double b = relax(s.part, s.r[i + half], s.x, i + half, false) * s.inv[i + half];
    s.x[i] = a, s.x[i + half] = b;
  }
}

/// Calls body(width) with the part's width as a compile-time constant where it is 13.
template <class Body>
void with_width(const FixedPart& part, const Body& body) {
  if (part.width == 13) {
    body(RowWidth<13>{});
  } else {
    body(part.width);
  }
}

/// Asks for the fixed-width row `row` ahead of its use when `ahead` (a sweep's rows ahead) is
/// not 0 and the row exists: whether the hardware's prefetch is what holds one thread below its
/// streaming time (the kernel's backward sweeps prefetch 16 rows ahead).
template <long ahead, class Width>
void prefetch_row(const FixedPart& part, Width width, long row, long n) {
  if constexpr (ahead != 0) {
    if (row < 0 || row >= n) return;
    const size_t p = static_cast<size_t>(row) * width;
    __builtin_prefetch(part.value.data() + p);
    __builtin_prefetch(part.value.data() + p + 8);
    __builtin_prefetch(part.offset.data() + p);
  }
}

/// The backward sweep over U in fixed-width rows (`fixed-width`; `fixed-prefetch` with ahead).
template <long ahead = 0>
void fixed_backward(const Sweep& s) {
  with_width(s.fixed, [&](auto width) {
    const std::int16_t* offset = s.fixed.offset.data();
    const double* value = s.fixed.value.data();
    for (long i = s.n - 1; i >= 0; --i) {
      prefetch_row<ahead>(s.fixed, width, i - ahead, s.n);
      const size_t k = static_cast<size_t>(i) * width;
      s.x[i] = subtract_row(s.r[i], value + k, offset + k, width, s.x + i) * s.inv[i];
    }
  });
}

/// fixed-width with the test a kernel's cursor makes per row for entries kept apart (U's halo
/// columns, long rows), on a list that holds only its sentinels, as on one rank and thread.
void fixed_cursor(const Sweep& s) {
  const std::vector<int> apart_rows{-1, static_cast<int>(s.n)};
  with_width(s.fixed, [&](auto width) {
    const std::int16_t* offset = s.fixed.offset.data();
    const double* value = s.fixed.value.data();
    const int* rows = apart_rows.data();
    long h = 0;
    for (long i = s.n - 1; i >= 0; --i) {
      double sum = s.r[i];
      if (rows[h] == i) sum = 0.0, --h;  // never here: the sentinels match no row
      const size_t k = static_cast<size_t>(i) * width;
      s.x[i] = subtract_row(sum, value + k, offset + k, width, s.x + i) * s.inv[i];
    }
  });
}

void lower_offsets(const Sweep& s) {
  for (long i = 0; i < s.n; ++i) {
    const double sum = relax(s.part, s.r[i], s.x, i, true);
    s.t[i] = sum, s.x[i] = sum * s.inv[i];
  }
}

/// The forward sweep over L from x = 0 (`lower-fixed`; `lower-fixed-prefetch` with ahead).
template <long ahead = 0>
void lower_fixed(const Sweep& s) {
  with_width(s.fixed, [&](auto width) {
    const std::int16_t* offset = s.fixed.offset.data();
    const double* value = s.fixed.value.data();
    for (long i = 0; i < s.n; ++i) {
      prefetch_row<ahead>(s.fixed, width, i + ahead, s.n);
      const size_t k = static_cast<size_t>(i) * width;
      const double sum = subtract_row(s.r[i], value + k, offset + k, width, s.x + i);
      s.t[i] = sum, s.x[i] = sum * s.inv[i];
    }
  });
}

/// The 27-point matrix in CSR, for spmv-csr: 26 on the diagonal, -1 elsewhere.
struct Csr {
  std::vector<std::int64_t> start{0};
  std::vector<int> column;
  std::vector<double> value;
};

Csr make_csr(int n) {
  Csr A;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        for (int d = 0; d < 27; ++d) {
          const int X = x + d % 3 - 1, Y = y + d / 3 % 3 - 1, Z = z + d / 9 - 1;
          if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
          A.column.push_back((Z * n + Y) * n + X), A.value.push_back(d == 13 ? 26.0 : -1.0);
        }
        A.start.push_back(static_cast<std::int64_t>(A.column.size()));
      }
  return A;
}

/// L (ascending columns) or U (descending), as the backends store them: the value a sweep has
/// just written comes last in each row.
Part make_part(int n, bool lower) {
  Part part;
  for (int z = 0; z < n; ++z)
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const int i = (z * n + y) * n + x;
        for (int e = 0; e < 27; ++e) {
          const int d = lower ? e : 26 - e;
          const int X = x + d % 3 - 1, Y = y + d / 3 % 3 - 1, Z = z + d / 9 - 1;
          if (X < 0 || Y < 0 || Z < 0 || X >= n || Y >= n || Z >= n) continue;
          const int j = (Z * n + Y) * n + X;
          if (lower ? j >= i : j <= i) continue;
          part.column.push_back(j), part.value.push_back(-1.0);
          part.offset.push_back(static_cast<std::int16_t>(j - i));
        }
        part.start.push_back(static_cast<std::uint32_t>(part.column.size()));
      }
  return part;
}

/// y = A x as a_ii x_i plus L's and U's fixed-width rows (of one width here, both 13).
void spmv_fixed(const FixedPart& lower, const FixedPart& upper, const double* diagonal,
                const double* x, double* y, long n) {
  with_width(lower, [&](auto width) {
    for (long i = 0; i < n; ++i) {
      const size_t k = static_cast<size_t>(i) * width;
      const double off = subtract_row(subtract_row(0.0, lower.value.data() + k,
                                                   lower.offset.data() + k, width, x + i),
                                      upper.value.data() + k, upper.offset.data() + k, width,
                                      x + i);
      y[i] = diagonal[i] * x[i] - off;
    }
  });
}

void spmv_csr(const Csr& A, const double* x, double* y, long n) {
  const std::int64_t* start = A.start.data();
  const int* column = A.column.data();
  const double* value = A.value.data();
  for (long i = 0; i < n; ++i) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::int64_t k = start[i];
    for (; k + 4 <= start[i + 1]; k += 4) {
      s0 += value[k] * x[column[k]];
      s1 += value[k + 1] * x[column[k + 1]];
      s2 += value[k + 2] * x[column[k + 2]];
      s3 += value[k + 3] * x[column[k + 3]];
    }
    for (; k < start[i + 1]; ++k) s0 += value[k] * x[column[k]];
    y[i] = (s0 + s1) + (s2 + s3);
  }
}

/// spmv-csr and spmv-fixed: the fastest of `passes`, in ms, and the entries.
int spmv(const std::string& form, int passes, int n) {
  const long N = static_cast<long>(n) * n * n;
  std::vector<double> x(N, 1.0), y(N, 0.0), diagonal(N, 26.0);
  double best = 0;
  size_t entries = 0;
  if (form == "spmv-csr") {
    const Csr A = make_csr(n);
    entries = A.value.size();
    best = best_of(passes, [&] { spmv_csr(A, x.data(), y.data(), N); });
  } else {
    const Part L = make_part(n, true), U = make_part(n, false);
    const FixedPart lower = fixed_width(L), upper = fixed_width(U);
    if (lower.width != upper.width) return 1;
    entries = static_cast<size_t>(N) + L.value.size() + U.value.size();
    best = best_of(passes,
                   [&] { spmv_fixed(lower, upper, diagonal.data(), x.data(), y.data(), N); });
  }
  std::printf("y = A x, %s: %.2f ms for %zu entries (check: y[1]=%.12g)\n", form.c_str(), best,
              entries, y[1]);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string form = argc > 1 ? argv[1] : "";
  const int passes = argc > 2 ? std::atoi(argv[2]) : 10;
  using Form = void (*)(const Sweep&);
  Form run = form == "one-sum"         ? backward<one_sum>
             : form == "four-sums"     ? backward<four_sums>
             : form == "offsets"       ? offsets
             : form == "two-chains"    ? two_chains
             : form == "fixed-width"   ? fixed_backward<>
             : form == "fixed-cursor"  ? fixed_cursor
             : form == "fixed-prefetch" ? fixed_backward<16>
             : form == "lower-offsets" ? lower_offsets
             : form == "lower-fixed"   ? lower_fixed<>
             : form == "lower-fixed-prefetch" ? lower_fixed<16>
                                       : nullptr;
#ifdef __AVX512F__
  if (form == "gather") run = backward<gather>;
#endif
  const bool product = form == "spmv-csr" || form == "spmv-fixed";
  if ((!run && !product) || passes < 1) {
    std::fprintf(stderr,
                 "usage: sweep_row one-sum|four-sums|gather|offsets|two-chains|fixed-width|fixed-cursor|"
                 "fixed-prefetch|lower-offsets|lower-fixed|lower-fixed-prefetch|spmv-csr|"
                 "spmv-fixed [PASSES]\n");
    return 2;
  }
  const int n = 104, N = n * n * n;
  if (product) return spmv(form, passes, n);
  const bool lower = form.rfind("lower-", 0) == 0;
  const Part part = make_part(n, lower);
  const FixedPart fixed = form.find("fixed") != std::string::npos ? fixed_width(part) : FixedPart{};
  std::vector<double> r(N, 1.0), x(N, 0.0), t(N), inv(N, 1.0 / 26);
  const Sweep sweep{part, fixed, r.data(), inv.data(), x.data(), t.data(), N};
  const double best = best_of(passes, [&] { run(sweep); });
  std::printf("%s, %s: %.2f ms for %zu entries (width %zu; check: x[1]=%.12g)\n",
              lower ? "forward over L" : "backward over U", form.c_str(), best, part.value.size(),
              fixed.width, x[1]);
}
