// SPDX-License-Identifier: BSD-3-Clause
#include "kernels.hpp"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "hpcg/backends/threaded_sum.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/threads.hpp"
#include "subtract_row.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Where a stored index counts from: the row for 16-bit offsets, 0 for columns.
template <class Value>
const Value* index_base(const std::int16_t*, local_int i, const Value* x) { return x + i; }
template <class Value>
const Value* index_base(const local_int*, local_int, const Value* x) { return x; }

/// A part's entries kept apart from its fixed-width rows (SweepLayout::ApartEntries): a sweep
/// walks them with a cursor h, the position of the next row that has any in its direction. The
/// sentinels at both ends match no row, so the cursor needs no bounds test. `value` is the
/// entries' values in the kernel's precision (apart.value, or their float copy).
template <class Value>
struct Apart {
  const local_int* rows;
  const std::uint32_t* start;
  const local_int* column;
  const Value* value;
  local_int positions;

  Apart(const SweepLayout::ApartEntries& apart, const Value* values)
      : rows(apart.rows.data()), start(apart.start.data()), column(apart.column.data()),
        value(values), positions(static_cast<local_int>(apart.rows.size())) {}

  /// The position of the first row at or after row i that has entries apart, or of the trailing
  /// sentinel.
  local_int first_from(local_int i) const {
    return static_cast<local_int>(std::lower_bound(rows, rows + positions, i) - rows);
  }
  /// Moves h to first_from(i): forward by steps from a position before i, else (h = 0, not yet
  /// placed, or past i) by search.
  void seek(local_int& h, local_int i) const {
    if (h == 0 || rows[h - 1] >= i) h = first_from(i);
    while (rows[h] < i) ++h;
  }
  /// sum - (P x)_i over row i's entries apart, if h is at row i; then h moves on by `step`.
  [[gnu::always_inline]] Value subtract(Value sum, local_int i, const Value* x, local_int& h,
                                        local_int step) const {
    if (rows[h] != i) return sum;
    const std::uint32_t k = start[h];
    sum = subtract_row(sum, value + k, column + k, start[h + 1] - k, x);
    h += step;
    return sum;
  }
};

/// Rows ahead that the sweeps and SpMV prefetch a row's entries of. The hardware prefetches
/// the split copy's streams too late: on one thread the sweep over U took a third longer
/// descending without, and the sweep over L a sixth longer ascending (setup/probe_sweep.sh,
/// fixed-prefetch and lower-fixed-prefetch).
constexpr local_int prefetch_rows = 16;

/// One part of the split copy as the sweeps read it: rows of `width` entries (a RowWidth<W>, so
/// that the row sum unrolls, or a std::size_t), and its entries apart.
template <class Index, class Width, class Value>
struct Part {
  const Index* index;
  const Value* value;
  Width width;
  Apart<Value> apart;

  /// sum - (P x)_i, the entries apart first; h is apart's cursor. With WithApart false the
  /// caller knows that row i has no entries apart, and the cursor is not read.
  template <class WithApart = std::true_type>
  [[gnu::always_inline]] Value subtract(Value sum, local_int i, const Value* x, local_int& h,
                                        local_int step, WithApart = {}) const {
    if constexpr (WithApart::value) sum = apart.subtract(sum, i, x, h, step);
    const std::size_t k = static_cast<std::size_t>(i) * width;
    return subtract_row(sum, value + k, index + k, width, index_base(index, i, x));
  }

  /// Asks for row i's entries ahead of their use (a hint: it neither faults nor waits).
  [[gnu::always_inline]] void prefetch(local_int i) const {
    const std::size_t k = static_cast<std::size_t>(i) * width;
    __builtin_prefetch(value + k);
    __builtin_prefetch(value + k + 8);
    __builtin_prefetch(index + k);
  }
  /// prefetch() of row min(i + prefetch_rows, last), ahead of an ascending walk.
  [[gnu::always_inline]] void prefetch_ahead(local_int i, local_int last) const {
    prefetch(std::min(i + prefetch_rows, last));
  }
};

template <class Index, class Width, class Value>
struct SweepMatrix {
  Part<Index, Width, Value> lower, upper;
  const Value* diagonal;
  const Value* inverse_diagonal;

  /// Both parts' Part::prefetch_ahead.
  [[gnu::always_inline]] void prefetch_ahead(local_int i, local_int last) const {
    lower.prefetch_ahead(i, last);
    upper.prefetch_ahead(i, last);
  }

  /// (A x)_i: a_ii x_i less the sum that subtracts row i's L and U entries from 0; the cursors
  /// as Part::subtract's, moving forward.
  [[gnu::always_inline]] Value product(local_int i, const Value* x, local_int& lower_h,
                                       local_int& upper_h) const {
    return diagonal[i] * x[i] -
           upper.subtract(lower.subtract(Value{0}, i, x, lower_h, 1), i, x, upper_h, 1);
  }
};

/// The width the row sum is compiled for: each part's widest row in HPCG's 27-point matrix (13
/// neighbours before a row, 13 after). The widths are still found from the matrix; parts of
/// other widths run the same sum with the width read at run time.
constexpr std::size_t compiled_width = 13;

/// Calls body(M) with the split copy M as the kernels read it, its values `values`: L's and U's
/// indices as stored, the widths known at compile time where both are compiled_width.
template <class Value, class Body>
void with_sweep_matrix(const SweepLayout& layout, const SweepValues<Value>& values,
                       const Body& body) {
  HPCG_REQUIRE(layout.fixed_width && layout.lower_as_offsets == layout.upper_as_offsets);
  const auto with_width = [&](const auto* lower, const auto* upper) {
    using Index = std::remove_cv_t<std::remove_pointer_t<decltype(lower)>>;
    const auto matrix = [&](auto lower_width, auto upper_width) {
      using Width = decltype(lower_width);
      return SweepMatrix<Index, Width, Value>{
          {lower, values.lower, lower_width, Apart<Value>(layout.lower_apart, values.lower_apart)},
          {upper, values.upper, upper_width, Apart<Value>(layout.upper_apart, values.upper_apart)},
          values.diagonal, values.inverse_diagonal};
    };
    if (layout.lower_width == compiled_width && layout.upper_width == compiled_width) {
      body(matrix(RowWidth<compiled_width>{}, RowWidth<compiled_width>{}));
    } else {
      body(matrix(layout.lower_width, layout.upper_width));
    }
  };
  if (layout.lower_as_offsets) {
    with_width(layout.lower_offset.data(), layout.upper_offset.data());
  } else {
    with_width(layout.lower_column.data(), layout.upper_column.data());
  }
}

/// How a symmetric sweep starts: from x = 0 (U x is 0 in the forward sweep), from any x, or
/// from the x the pre-smoothing left with the coarse correction prolongated into it since.
enum class SweepStart { zero_guess, any_guess, prolonged };

/// Entries kept apart with their own values, in double.
Apart<double> apart_of(const SweepLayout::ApartEntries& apart) {
  return {apart, apart.value.data()};
}

/// prolonged_upper.hpp's entries as the forward sweep reads them, with the coarse correction.
struct Prolonged {
  const std::uint32_t* start;
  const local_int* coarse;
  const double* value;
  Apart<double> halo;
  const double* correction;

  Prolonged(const ProlongedUpper& upper, const double* coarse_correction)
      : start(upper.start.data()), coarse(upper.coarse.data()), value(upper.value.data()),
        halo(apart_of(upper.halo)), correction(coarse_correction) {}

  /// -(U x)_i after prolongation from before_i = -(U x)_i before it: the corrected columns'
  /// entries, then the halo's if h is at row i (h moves forward as Apart::subtract's).
  template <class WithApart>
  [[gnu::always_inline]] double negated_upper(double before_i, local_int i, const double* x,
                                              local_int& h, WithApart) const {
    double sum = before_i;
    for (std::uint32_t k = start[i]; k < start[i + 1]; ++k) {
      sum -= value[k] * correction[coarse[k]];
    }
    if constexpr (WithApart::value) sum = halo.subtract(sum, i, x, h, 1);
    return sum;
  }
};

/// Block [begin, end) forward: t = r - L x, x = D^-1 (t - U x). From a zero guess U is not read
/// and t not written; after prolongation U x comes from t, where the pre-smoothing left -U x
/// (`prolonged`).
/// The rows before the next one that has entries apart skip the cursors' tests.
template <SweepStart start, class Matrix>
void sweep_forward(const Matrix& M, const Prolonged* prolonged, local_int begin, local_int end,
                   const double* r, double* x, double* t) {
  constexpr bool zero_guess = start == SweepStart::zero_guess;
  const Apart<double>& upper_apart =
      start == SweepStart::prolonged ? prolonged->halo : M.upper.apart;
  local_int lower_h = M.lower.apart.first_from(begin), upper_h = upper_apart.first_from(begin);
  const auto relax = [&](local_int i, auto with_apart) {
    // From a zero guess x_i is not yet written, and L's explicit zeros at row i read it.
    if constexpr (zero_guess) x[i] = 0.0;
    M.lower.prefetch_ahead(i, end - 1);
    if constexpr (start == SweepStart::any_guess) M.upper.prefetch_ahead(i, end - 1);
    const double lower = M.lower.subtract(r[i], i, x, lower_h, 1, with_apart);
    double sum = lower;
    if constexpr (start == SweepStart::any_guess) {
      sum = M.upper.subtract(lower, i, x, upper_h, 1, with_apart);
    } else if constexpr (start == SweepStart::prolonged) {
      sum = lower + prolonged->negated_upper(t[i], i, x, upper_h, with_apart);
    }
    if constexpr (!zero_guess) t[i] = lower;  // from a zero guess lower = a_ii x_i
    x[i] = sum * M.inverse_diagonal[i];
  };
  for (local_int i = begin; i < end;) {
    local_int next = std::min(end, M.lower.apart.rows[lower_h]);
    if constexpr (!zero_guess) next = std::min(next, upper_apart.rows[upper_h]);
    for (; i < next; ++i) relax(i, std::false_type{});
    if (i < end) relax(i++, std::true_type{});
  }
}

/// Block [begin, end) backward: x = D^-1 (t - U x); as sweep_forward, descending. After the
/// forward sweep from a zero guess (zero_guess), x = x - D^-1 U x instead, t being a_ii x, and
/// t = -U x after it, for the post-smoothing and the restricted residual (x's later rows are
/// final there).
template <bool zero_guess, class Matrix>
void sweep_backward(const Matrix& M, local_int begin, local_int end, double* t, double* x) {
  local_int h = M.upper.apart.first_from(end) - 1;
  const auto relax = [&](local_int i, auto with_apart) {
    M.upper.prefetch(std::max(i - prefetch_rows, begin));
    if constexpr (zero_guess) {
      const double negated_upper = M.upper.subtract(0.0, i, x, h, -1, with_apart);
      x[i] += negated_upper * M.inverse_diagonal[i];
      t[i] = negated_upper;
    } else {
      x[i] = M.upper.subtract(t[i], i, x, h, -1, with_apart) * M.inverse_diagonal[i];
    }
  };
  for (local_int i = end - 1; i >= begin;) {
    const local_int next = std::max(begin - 1, M.upper.apart.rows[h]);
    for (; i > next; --i) relax(i, std::false_type{});
    if (i >= begin) relax(i--, std::true_type{});
  }
}

template <SweepStart start, class Matrix>
void sweep(const Matrix& M, const BlockColoring& coloring, const Prolonged* prolonged,
           const double* r, double* x, double* t) {
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const int colors = coloring.colors();
#pragma omp parallel
  {
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        sweep_forward<start>(M, prolonged, block_start[b], block_start[b + 1], r, x, t);
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        sweep_backward<start == SweepStart::zero_guess>(M, block_start[b], block_start[b + 1], t,
                                                         x);
      }
    }
  }
}

/// Block [begin, end) of HPG-MxP's forward sweep: x_i = (r_i - U x - L x) / a_ii, U first so
/// that a row waits on the row before for L's last product (the nearest neighbour) alone. With
/// `zero_start` x is 0 on entry, halo included, so U x, over columns the sweep has not yet
/// written, is 0 and U is not read.
template <bool zero_start, class Matrix, class Value>
void gs_forward_block(const Matrix& M, local_int begin, local_int end, const Value* r, Value* x) {
  local_int lower_h = M.lower.apart.first_from(begin), upper_h = M.upper.apart.first_from(begin);
  for (local_int i = begin; i < end; ++i) {
    if constexpr (zero_start) {
      M.lower.prefetch_ahead(i, end - 1);
      x[i] = M.lower.subtract(r[i], i, x, lower_h, 1) * M.inverse_diagonal[i];
    } else {
      M.prefetch_ahead(i, end - 1);
      const Value upper = M.upper.subtract(r[i], i, x, upper_h, 1);
      x[i] = M.lower.subtract(upper, i, x, lower_h, 1) * M.inverse_diagonal[i];
    }
  }
}

/// Whether x[0, n) is all zeros. Found by reading x, not remembered from earlier calls, so that
/// no write the backend did not see can make it stale; the first entries decide at once where x
/// is not zero, and a whole pass costs a twentieth of U's entries.
template <class Value>
bool all_zero(const Value* x, local_int n) {
  constexpr local_int first = 64;
  for (local_int i = 0; i < std::min(n, first); ++i) {
    if (x[i] != 0) return false;
  }
  int nonzero = 0;
#pragma omp parallel for schedule(static) reduction(| : nonzero)
  for (local_int i = first; i < n; ++i) nonzero |= x[i] != 0;
  return nonzero == 0;
}

}  // namespace

SweepValues<double> values_of(const SweepLayout& layout) {
  return {layout.lower_value.data(),      layout.upper_value.data(),
          layout.lower_apart.value.data(), layout.upper_apart.value.data(),
          layout.diagonal.data(),          layout.inverse_diagonal.data()};
}

void block_symgs(const SparseMatrix& A, const SweepLayout& layout, const BlockColoring& coloring,
                 const double* r, double* x, double* t, bool zero_guess) {
  with_sweep_matrix(layout, values_of(layout), [&](const auto& M) {
    if (zero_guess) {
      // U x is 0 in the forward sweep; the backward sweep reads the halo's zeros.
      std::fill(x + A.rows, x + A.columns, 0.0);
      sweep<SweepStart::zero_guess>(M, coloring, nullptr, r, x, t);
    } else {
      sweep<SweepStart::any_guess>(M, coloring, nullptr, r, x, t);
    }
  });
}

void block_symgs_after_prolongation(const SweepLayout& layout, const BlockColoring& coloring,
                                    const ProlongedUpper& upper, const double* correction,
                                    const double* r, double* x, double* t) {
  const Prolonged prolonged(upper, correction);
  with_sweep_matrix(layout, values_of(layout), [&](const auto& M) {
    sweep<SweepStart::prolonged>(M, coloring, &prolonged, r, x, t);
  });
}

template <class Value>
void block_gs_forward(const SweepLayout& layout, const SweepValues<Value>& values,
                      const BlockColoring& coloring, local_int columns, const Value* r, Value* x) {
  const local_int* block_start = coloring.block_start.data();
  const local_int* blocks = coloring.blocks.data();
  const local_int* color_start = coloring.color_start.data();
  const int colors = coloring.colors();
  const auto sweep = [&](const auto& M, auto from_zero) {
#pragma omp parallel
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int k = color_start[c]; k < color_start[c + 1]; ++k) {
        const local_int b = blocks[k];
        gs_forward_block<from_zero.value>(M, block_start[b], block_start[b + 1], r, x);
      }
    }
  };
  const bool zero_start = all_zero(x, columns);
  with_sweep_matrix(layout, values, [&](const auto& M) {
    if (zero_start) {
      sweep(M, std::true_type{});
    } else {
      sweep(M, std::false_type{});
    }
  });
}

/// y over rows [i, end) of one run, each whole slice that qualifies from `sliced` (none where
/// null), the other rows from the split copy M; lower_h and upper_h are M's cursors at row i,
/// left at row end.
template <class Matrix, class Value>
[[gnu::always_inline]] inline void spmv_rows(const Matrix& M, const SlicedRows<Value>* sliced,
                                             local_int i, local_int end, const Value* x,
                                             Value* y, local_int& lower_h, local_int& upper_h) {
  while (i < end) {
    if (sliced != nullptr && i % slice_rows == 0 && i + slice_rows <= end &&
        sliced->qualifies(i / slice_rows)) {
      sliced->product(i / slice_rows, x, y);
      // The slice took its rows' entries apart too: the cursors move past them.
      i += slice_rows;
      M.lower.apart.seek(lower_h, i);
      M.upper.apart.seek(upper_h, i);
      continue;
    }
    M.prefetch_ahead(i, end - 1);
    y[i] = M.product(i, x, lower_h, upper_h);
    ++i;
  }
}

template <class Value>
void spmv(const SweepLayout& layout, const SweepValues<Value>& values, const RowRuns& runs,
          const Value* x, Value* y, const SlicedRows<Value>* sliced) {
  static_assert(std::is_same_v<Value, double> || std::is_same_v<Value, float>);
  const auto count = static_cast<long>(runs.size());
  with_sweep_matrix(layout, values, [&](const auto& M) {
#pragma omp parallel for schedule(static)
    for (long k = 0; k < count; ++k) {
      local_int lower_h = M.lower.apart.first_from(runs.begin[k]);
      local_int upper_h = M.upper.apart.first_from(runs.begin[k]);
      spmv_rows(M, sliced, runs.begin[k], runs.end[k], x, y, lower_h, upper_h);
    }
  });
}

double spmv_dot(const SweepLayout& layout, const SlicedRows<double>& sliced, const RowRuns& runs,
                const double* x, double* y) {
  // The contract's local sum (blocked_sum.hpp): each run blocked and pairwise, the runs' sums
  // pairwise in run order, whichever thread ran them. Ahead of each block, y over its rows and
  // on to the end of the slice that holds its last row.
  const auto count = static_cast<local_int>(runs.size());
  std::vector<double> run_sum(count, 0.0);
  with_sweep_matrix(layout, values_of(layout), [&](const auto& M) {
#pragma omp parallel for schedule(static)
    for (local_int k = 0; k < count; ++k) {
      const local_int end = runs.end[k];
      local_int lower_h = M.lower.apart.first_from(runs.begin[k]);
      local_int upper_h = M.upper.apart.first_from(runs.begin[k]);
      local_int ready = runs.begin[k];  // y is computed over [runs.begin[k], ready)
      const auto products = [&](local_int, local_int stop) {
        if (ready >= stop) return;
        const local_int through = std::min(end, (stop + slice_rows - 1) / slice_rows * slice_rows);
        spmv_rows(M, &sliced, ready, through, x, y, lower_h, upper_h);
        ready = through;
      };
      run_sum[k] = blocked_sum(
          runs.begin[k], end, [&](local_int i) { return x[i] * y[i]; }, products);
    }
  });
  return blocked_sum(0, count, [&run_sum](local_int k) { return run_sum[k]; });
}

double waxpby_norm(local_int n, double alpha, const double* x, double beta, const double* y,
                   double* w) {
  return threaded_blocked_sum(n, [&](local_int i) {
    const double value = alpha * x[i] + beta * y[i];
    w[i] = value;
    return value * value;
  });
}

template <class Value>
void residual_restriction(const Level& fine, const SweepLayout& layout,
                          const SweepValues<Value>& values, const Value* r, const Value* x,
                          Value* rc, const PreSmoothedUpper* kept) {
  static_assert(std::is_same_v<Value, double> || std::is_same_v<Value, float>);
  HPCG_REQUIRE((kept == nullptr || std::is_same_v<Value, double>));
  const local_int* map = fine.coarse_to_fine.data();
  const auto n = static_cast<local_int>(fine.coarse_to_fine.size());
  // From the split copy, whose entries take 2 bytes fewer than the CSR's (10 where 12 in
  // double).
  with_sweep_matrix(layout, values, [&](const auto& M) {
    // Without `kept`, U's entries apart (its halo among them) and U; with it, -U x from t
    // (U x with a zero halo) and U's halo entries alone.
    Apart<Value> upper_apart = M.upper.apart;
    if constexpr (std::is_same_v<Value, double>) {
      if (kept != nullptr) upper_apart = apart_of(kept->upper.halo);
    }
#pragma omp parallel
    {
      local_int lower_h = 0, upper_h = 0;  // the cursors, placed at the first injected row
#pragma omp for schedule(static)
      for (local_int i = 0; i < n; ++i) {
        const local_int f = map[i];
        M.lower.apart.seek(lower_h, f);
        upper_apart.seek(upper_h, f);
        const Value residual_so_far = r[f] - M.diagonal[f] * x[f];
        const Value lower = M.lower.subtract(residual_so_far, f, x, lower_h, 1);
        if constexpr (std::is_same_v<Value, double>) {
          if (kept != nullptr) {
            rc[i] = upper_apart.subtract(lower + kept->negated[f], f, x, upper_h, 1);
            continue;
          }
        }
        rc[i] = M.upper.subtract(lower, f, x, upper_h, 1);
      }
    }
  });
}

#define HPCG_OPENMP_KERNELS(Value)                                                             \
  template void block_gs_forward(const SweepLayout&, const SweepValues<Value>&,                \
                                 const BlockColoring&, local_int, const Value*, Value*);       \
  template void spmv(const SweepLayout&, const SweepValues<Value>&, const RowRuns&,            \
                     const Value*, Value*, const SlicedRows<Value>*);                          \
  template void residual_restriction(const Level&, const SweepLayout&,                         \
                                     const SweepValues<Value>&, const Value*, const Value*,    \
                                     Value*, const PreSmoothedUpper*);
HPCG_OPENMP_KERNELS(double)
HPCG_OPENMP_KERNELS(float)
#undef HPCG_OPENMP_KERNELS

}  // namespace hpcg::backends::openmp
