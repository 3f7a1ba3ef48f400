// SPDX-License-Identifier: BSD-3-Clause
// Symmetric Gauss-Seidel on the interleaved layout: lane k of a W-wide vector sweeps block k of
// its group. Each row does what the scalar block sweep (kernels.cpp) does, in the same order
// (see interleaved_layout.hpp on rounding); the positions past a group's shortest block run one
// lane at a time.
#include "interleaved_kernels.hpp"

#include <algorithm>

#include "hpcg/base/error.hpp"
#include "simd_lanes.hpp"

namespace hpcg::backends::openmp {
namespace {

/// The interleaved matrix as the sweeps read it, L's columns as stored (LowerIndex).
template <int W, class LowerIndex>
struct Interleaved {
  using V = Lanes<W>;
  const InterleavedLayout& layout;
  const LowerIndex* lower_index;

  /// sum - (L x) over position q's slots, for the rows in `rows`.
  typename V::Values subtract_lower(typename V::Values sum, local_int q, typename V::Indices rows,
                                    const double* x) const {
    const double* value = layout.lower_value.data();
    for (std::uint32_t s = layout.lower_slot[q]; s < layout.lower_slot[q + 1]; ++s) {
      const size_t at = static_cast<size_t>(s) * W;
      const typename V::Values a = V::load(value + at);
      sum -= a * V::gather_nonzero(x, V::add_offsets(rows, lower_index + at), a);
    }
    return sum;
  }
  typename V::Values subtract_upper(typename V::Values sum, local_int q, const double* x) const {
    const double* value = layout.upper_value.data();
    const local_int* column = layout.upper_column.data();
    for (std::uint32_t s = layout.upper_slot[q]; s < layout.upper_slot[q + 1]; ++s) {
      const size_t at = static_cast<size_t>(s) * W;
      sum -= V::load(value + at) * V::gather(x, V::load_indices(column + at));
    }
    return sum;
  }

  /// Lane k's row at position q, one lane alone (the positions past the shortest block).
  double lower_lane(double sum, local_int q, int k, local_int i, const double* x) const {
    for (std::uint32_t s = layout.lower_slot[q]; s < layout.lower_slot[q + 1]; ++s) {
      const size_t at = static_cast<size_t>(s) * W + k;
      const double a = layout.lower_value.data()[at];
      if (a != 0.0) sum -= a * x[column(i, lower_index[at])];
    }
    return sum;
  }
  double upper_lane(double sum, local_int q, int k, const double* x) const {
    for (std::uint32_t s = layout.upper_slot[q]; s < layout.upper_slot[q + 1]; ++s) {
      const size_t at = static_cast<size_t>(s) * W + k;
      sum -= layout.upper_value.data()[at] * x[layout.upper_column.data()[at]];
    }
    return sum;
  }
  static local_int column(local_int i, std::int16_t offset) { return i + offset; }
  static local_int column(local_int, local_int j) { return j; }
};

template <int W, class LowerIndex>
void forward_group(const Interleaved<W, LowerIndex>& M, local_int g, const double* r, double* x,
                   double* t, bool zero_guess) {
  using V = Lanes<W>;
  const InterleavedLayout& L = M.layout;
  const local_int first = L.group_position[g];
  const typename V::Indices start = V::load_indices(&L.lane_first_row[g * W]);
  for (local_int p = 0; p < L.group_common[g]; ++p) {
    const local_int q = first + p;
    const typename V::Indices rows = start + p;
    typename V::Values sum = M.subtract_lower(V::gather(r, rows), q, rows, x);
    V::store(t + static_cast<size_t>(q) * W, sum);
    if (!zero_guess) sum = M.subtract_upper(sum, q, x);
    V::scatter(x, rows, sum * V::load(L.inverse_diagonal.data() + static_cast<size_t>(q) * W));
  }
  for (local_int q = first + L.group_common[g]; q < L.group_position[g + 1]; ++q) {
    for (int k = 0; k < L.group_lanes[g]; ++k) {
      if (q - first >= L.lane_rows[g * W + k]) continue;
      const local_int i = L.lane_first_row[g * W + k] + (q - first);
      const size_t lane = static_cast<size_t>(q) * W + k;
      const double sum = M.lower_lane(r[i], q, k, i, x);
      t[lane] = sum;
      x[i] = (zero_guess ? sum : M.upper_lane(sum, q, k, x)) * L.inverse_diagonal.data()[lane];
    }
  }
}

template <int W, class LowerIndex>
void backward_group(const Interleaved<W, LowerIndex>& M, local_int g, double* x, const double* t) {
  using V = Lanes<W>;
  const InterleavedLayout& L = M.layout;
  const local_int first = L.group_position[g];
  for (local_int q = L.group_position[g + 1] - 1; q >= first + L.group_common[g]; --q) {
    for (int k = 0; k < L.group_lanes[g]; ++k) {
      if (q - first >= L.lane_rows[g * W + k]) continue;
      const local_int i = L.lane_first_row[g * W + k] + (q - first);
      const size_t lane = static_cast<size_t>(q) * W + k;
      x[i] = M.upper_lane(t[lane], q, k, x) * L.inverse_diagonal.data()[lane];
    }
  }
  const typename V::Indices start = V::load_indices(&L.lane_first_row[g * W]);
  for (local_int p = L.group_common[g] - 1; p >= 0; --p) {
    const local_int q = first + p;
    const size_t at = static_cast<size_t>(q) * W;
    const typename V::Values sum = M.subtract_upper(V::load(t + at), q, x);
    V::scatter(x, start + p, sum * V::load(L.inverse_diagonal.data() + at));
  }
}

template <int W, class LowerIndex>
void sweep(const Interleaved<W, LowerIndex>& M, const double* r, double* x, double* t,
           bool zero_guess) {
  const InterleavedLayout& L = M.layout;
  const int colors = L.colors();
#pragma omp parallel
  {
    for (int c = 0; c < colors; ++c) {
#pragma omp for schedule(static)
      for (local_int g = L.color_groups[c]; g < L.color_groups[c + 1]; ++g) {
        forward_group(M, g, r, x, t, zero_guess);
      }
    }
    for (int c = colors - 1; c >= 0; --c) {
#pragma omp for schedule(static)
      for (local_int g = L.color_groups[c]; g < L.color_groups[c + 1]; ++g) {
        backward_group(M, g, x, t);
      }
    }
  }
}

template <int W>
void sweep_lanes(const InterleavedLayout& layout, const double* r, double* x, double* t,
                 bool zero_guess) {
  if (layout.lower_as_offsets) {
    sweep(Interleaved<W, std::int16_t>{layout, layout.lower_offset.data()}, r, x, t, zero_guess);
  } else {
    sweep(Interleaved<W, local_int>{layout, layout.lower_column.data()}, r, x, t, zero_guess);
  }
}

}  // namespace

void interleaved_symgs(const SparseMatrix& A, const InterleavedLayout& layout, const double* r,
                       double* x, double* t, bool zero_guess) {
  // From a zero guess U x is 0 in the forward sweep; the backward sweep reads the halo's zeros.
  if (zero_guess) std::fill(x + A.rows, x + A.columns, 0.0);
  switch (layout.lanes) {
    case 1: sweep_lanes<1>(layout, r, x, t, zero_guess); break;
    case 2: sweep_lanes<2>(layout, r, x, t, zero_guess); break;
    case 4: sweep_lanes<4>(layout, r, x, t, zero_guess); break;
    case 8: sweep_lanes<8>(layout, r, x, t, zero_guess); break;
    default: HPCG_REQUIRE(false && "interleaved lanes are 1, 2, 4 or 8");
  }
}

}  // namespace hpcg::backends::openmp
