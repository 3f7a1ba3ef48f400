// SPDX-License-Identifier: BSD-3-Clause
// Lambdas capture views and small structs of views (split_matrix.hpp; never a LevelViews or
// `this`), so that they are valid on devices: LevelViews holds host-only std::vectors.
#include "kernels.hpp"
#include "split_matrix.hpp"

#define HPCG_SUM_FUNCTION KOKKOS_INLINE_FUNCTION
#include "hpcg/backends/blocked_sum.hpp"

namespace hpcg::backends::kokkos {
namespace {

/// One colour's blocks in parallel, each swept forward: t_i = r_i - (L x)_i, then
/// x_i = (t_i - (U x)_i) / d_i, where U x is 0 from a zero guess. A multiplication by the
/// stored 1 / d_i replaces the division, whose latency is on the sweep's critical path.
template <bool zero_guess, class LowerColumns>
void forward_sweep(const LevelViews& A, int color, const ConstDeviceVector& r,
                   const DeviceVector& x) {
  const Matrix<LowerColumns> M(A);
  const ConstIds block_start = A.block_start, blocks = A.blocks;
  const DeviceVector t = A.sweep_rhs;
  Kokkos::parallel_for(
      "hpcg::kokkos::symgs_forward", RowPolicy(A.color_start[color], A.color_start[color + 1]),
      KOKKOS_LAMBDA(local_int k) {
        const local_int b = blocks(k);
        for (local_int i = block_start(b); i < block_start(b + 1); ++i) {
          const double lower = M.lower.subtract(r(i), i, x);
          t(i) = lower;
          const double sum = zero_guess ? lower : M.upper.subtract(lower, i, x);
          x(i) = sum * M.inverse_diagonal(i);
        }
      });
}

/// One colour's blocks in parallel, each swept backward: x_i = (t_i - (U x)_i) / d_i. The rows
/// of L still hold the forward sweep's values, so t_i = r_i - (L x)_i is still exact. U is
/// stored in descending column order: the value this sweep has just written comes last.
void backward_sweep(const LevelViews& A, int color, const DeviceVector& x) {
  const Part<StoredColumns> upper(A.upper);
  const ConstValues inverse_diagonal = A.inverse_diagonal;
  const ConstIds block_start = A.block_start, blocks = A.blocks;
  const ConstDeviceVector t = A.sweep_rhs;
  Kokkos::parallel_for(
      "hpcg::kokkos::symgs_backward", RowPolicy(A.color_start[color], A.color_start[color + 1]),
      KOKKOS_LAMBDA(local_int k) {
        const local_int b = blocks(k);
        for (local_int i = block_start(b + 1) - 1; i >= block_start(b); --i) {
          x(i) = upper.subtract(t(i), i, x) * inverse_diagonal(i);
        }
      });
}

template <class LowerColumns>
void spmv_with(const LevelViews& A, const ConstDeviceVector& x, const DeviceVector& y) {
  const Matrix<LowerColumns> M(A);
  Kokkos::parallel_for("hpcg::kokkos::spmv", RowPolicy(0, A.rows),
                       KOKKOS_LAMBDA(local_int i) { y(i) = M.row_product(i, x); });
}

template <class LowerColumns>
void symgs_with(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x,
                bool zero_guess) {
  const int colors = static_cast<int>(A.color_start.size()) - 1;
  for (int c = 0; c < colors; ++c) {
    if (zero_guess) {
      forward_sweep<true, LowerColumns>(A, c, r, x);
    } else {
      forward_sweep<false, LowerColumns>(A, c, r, x);
    }
  }
  for (int c = colors - 1; c >= 0; --c) backward_sweep(A, c, x);
}

template <class LowerColumns>
void residual_restriction_with(const LevelViews& fine, const ConstDeviceVector& r,
                               const ConstDeviceVector& x, const DeviceVector& rc) {
  const Matrix<LowerColumns> M(fine);
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::residual_restriction", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) {
                         const local_int f = map(i);
                         rc(i) = r(f) - M.row_product(f, x);
                       });
}

}  // namespace

void spmv(const LevelViews& A, const ConstDeviceVector& x, const DeviceVector& y) {
  with_lower_columns(A, [&](auto tag) { spmv_with<typename decltype(tag)::type>(A, x, y); });
}

void symgs(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x,
           bool zero_guess) {
  with_lower_columns(
      A, [&](auto tag) { symgs_with<typename decltype(tag)::type>(A, r, x, zero_guess); });
}

void residual_restriction(const LevelViews& fine, const ConstDeviceVector& r,
                          const ConstDeviceVector& x, const DeviceVector& rc) {
  with_lower_columns(fine, [&](auto tag) {
    residual_restriction_with<typename decltype(tag)::type>(fine, r, x, rc);
  });
}

void prolongation(const LevelViews& fine, const ConstDeviceVector& xc, const DeviceVector& x) {
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::prolongation", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { x(map(i)) += xc(i); });
}

double dot(local_int n, const ConstDeviceVector& x, const ConstDeviceVector& y) {
  // The contract's local sums (blocked_sum.hpp): a few contiguous parts, each blocked and
  // pairwise, whose sums Kokkos reduces; its per-thread running sums then chain at most
  // dot_parts of them. Kokkos reduces with a fixed partition and join order for a given thread
  // count, so repeated calls agree bit for bit (validation checks that).
  constexpr local_int dot_parts = 64;
  const local_int blocks = (n + summation_block - 1) / summation_block;
  const local_int parts = blocks < dot_parts ? blocks : dot_parts;
  double result = 0.0;
  Kokkos::parallel_reduce(
      "hpcg::kokkos::dot", RowPolicy(0, parts),
      KOKKOS_LAMBDA(local_int part, double& sum) {
        const auto begin = static_cast<local_int>(static_cast<long long>(n) * part / parts);
        const auto end = static_cast<local_int>(static_cast<long long>(n) * (part + 1) / parts);
        sum += blocked_sum(begin, end, [&](local_int i) { return x(i) * y(i); });
      },
      result);
  return result;
}

void waxpby(local_int n, double alpha, const ConstDeviceVector& x, double beta,
            const ConstDeviceVector& y, const DeviceVector& w) {
  Kokkos::parallel_for("hpcg::kokkos::waxpby", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    w(i) = alpha * x(i) + beta * y(i);
  });
}

void fill(const DeviceVector& x, local_int begin, local_int end, double value) {
  Kokkos::parallel_for("hpcg::kokkos::fill", RowPolicy(begin, end),
                       KOKKOS_LAMBDA(local_int i) { x(i) = value; });
}

void copy(local_int n, const ConstDeviceVector& from, const DeviceVector& to) {
  Kokkos::parallel_for("hpcg::kokkos::copy", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { to(i) = from(i); });
}

void gather(const SpaceView<local_int>& rows, const ConstDeviceVector& x, const DeviceVector& out) {
  const ConstIds ids = rows;
  Kokkos::parallel_for("hpcg::kokkos::gather", RowPolicy(0, static_cast<local_int>(ids.extent(0))),
                       KOKKOS_LAMBDA(local_int k) { out(k) = x(ids(k)); });
}

}  // namespace hpcg::backends::kokkos
