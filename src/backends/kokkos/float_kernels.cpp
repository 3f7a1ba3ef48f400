// SPDX-License-Identifier: BSD-3-Clause
// Written once for both precisions where the double step has no kernel of its own (the forward
// sweep); the float steps read the level's starts and columns through split_matrix.hpp with the
// FloatValues in place of the double values.
#include "float_kernels.hpp"

#include "split_matrix.hpp"

#define HPCG_SUM_FUNCTION KOKKOS_INLINE_FUNCTION
#include "hpcg/backends/blocked_sum.hpp"

namespace hpcg::backends::kokkos {
namespace {

SpaceView<float> rounded(const SpaceView<double>& from, const char* label, SpaceMemory& memory) {
  const auto n = static_cast<local_int>(from.extent(0));
  const SpaceView<float> to = memory.allocate<float>(label, n);
  const ConstValues source = from;
  Kokkos::parallel_for("hpcg::kokkos::round_values", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { to(i) = static_cast<float>(source(i)); });
  return to;
}

template <class LowerColumns>
Matrix<LowerColumns, float> float_matrix(const LevelViews& A, const FloatValues& F) {
  return Matrix<LowerColumns, float>(A, F.lower, F.upper, F.diagonal, F.inverse_diagonal);
}

/// Colours in order, each colour's blocks in parallel, each block's rows forward:
/// x_i = (r_i - (L x)_i - (U x)_i) / d_i, multiplying by the stored 1 / d_i.
template <class LowerColumns, class Value>
void gs_forward_with(const LevelViews& A, const Matrix<LowerColumns, Value>& M,
                     const ConstSpaceView<Value>& r, const SpaceView<Value>& x) {
  const ConstIds block_start = A.block_start, blocks = A.blocks;
  const int colors = static_cast<int>(A.color_start.size()) - 1;
  for (int c = 0; c < colors; ++c) {
    Kokkos::parallel_for(
        "hpcg::kokkos::gs_forward", RowPolicy(A.color_start[c], A.color_start[c + 1]),
        KOKKOS_LAMBDA(local_int k) {
          const local_int b = blocks(k);
          for (local_int i = block_start(b); i < block_start(b + 1); ++i) {
            const Value lower = M.lower.subtract(r(i), i, x);
            x(i) = M.upper.subtract(lower, i, x) * M.inverse_diagonal(i);
          }
        });
  }
}

template <class LowerColumns>
void spmv_float_with(const LevelViews& A, const FloatValues& F, const ConstFloatVector& x,
                     const FloatVector& y) {
  const Matrix<LowerColumns, float> M = float_matrix<LowerColumns>(A, F);
  Kokkos::parallel_for("hpcg::kokkos::spmv_float", RowPolicy(0, A.rows),
                       KOKKOS_LAMBDA(local_int i) { y(i) = M.row_product(i, x); });
}

template <class LowerColumns>
void residual_restriction_float_with(const LevelViews& fine, const FloatValues& F,
                                     const ConstFloatVector& r, const ConstFloatVector& x,
                                     const FloatVector& rc) {
  const Matrix<LowerColumns, float> M = float_matrix<LowerColumns>(fine, F);
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::residual_restriction_float", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) {
                         const local_int f = map(i);
                         rc(i) = r(f) - M.row_product(f, x);
                       });
}

}  // namespace

FloatValues make_float_values(const LevelViews& A, SpaceMemory& memory) {
  FloatValues F;
  F.lower = rounded(A.lower.value, "hpcg::lower_value_float", memory);
  F.upper = rounded(A.upper.value, "hpcg::upper_value_float", memory);
  F.diagonal = rounded(A.diagonal, "hpcg::diagonal_float", memory);
  F.inverse_diagonal = rounded(A.inverse_diagonal, "hpcg::inverse_diagonal_float", memory);
  return F;
}

void refresh_float_diagonal(const LevelViews& A, const FloatValues& F) {
  const ConstValues diagonal = A.diagonal, inverse = A.inverse_diagonal;
  const SpaceView<float> to_diagonal = F.diagonal, to_inverse = F.inverse_diagonal;
  Kokkos::parallel_for("hpcg::kokkos::round_diagonal", RowPolicy(0, A.rows),
                       KOKKOS_LAMBDA(local_int i) {
                         to_diagonal(i) = static_cast<float>(diagonal(i));
                         to_inverse(i) = static_cast<float>(inverse(i));
                       });
}

void gs_forward(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x) {
  with_lower_columns(A, [&](auto tag) {
    gs_forward_with(A, Matrix<typename decltype(tag)::type>(A), r, x);
  });
}

void gs_forward(const LevelViews& A, const FloatValues& F, const ConstFloatVector& r,
                const FloatVector& x) {
  with_lower_columns(A, [&](auto tag) {
    gs_forward_with(A, float_matrix<typename decltype(tag)::type>(A, F), r, x);
  });
}

void spmv(const LevelViews& A, const FloatValues& F, const ConstFloatVector& x,
          const FloatVector& y) {
  with_lower_columns(A, [&](auto tag) {
    spmv_float_with<typename decltype(tag)::type>(A, F, x, y);
  });
}

void residual_restriction(const LevelViews& fine, const FloatValues& F, const ConstFloatVector& r,
                          const ConstFloatVector& x, const FloatVector& rc) {
  with_lower_columns(fine, [&](auto tag) {
    residual_restriction_float_with<typename decltype(tag)::type>(fine, F, r, x, rc);
  });
}

void prolongation(const LevelViews& fine, const ConstFloatVector& xc, const FloatVector& x) {
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::prolongation_float", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { x(map(i)) += xc(i); });
}

double dot(local_int n, const ConstFloatVector& x, const ConstFloatVector& y) {
  // As the double dot(): a few contiguous parts, each blocked and pairwise, reduced by Kokkos
  // with a fixed partition and join order for a given thread count.
  constexpr local_int dot_parts = 64;
  const local_int blocks = (n + summation_block - 1) / summation_block;
  const local_int parts = blocks < dot_parts ? blocks : dot_parts;
  double result = 0.0;
  Kokkos::parallel_reduce(
      "hpcg::kokkos::dot_float", RowPolicy(0, parts),
      KOKKOS_LAMBDA(local_int part, double& sum) {
        const auto begin = static_cast<local_int>(static_cast<long long>(n) * part / parts);
        const auto end = static_cast<local_int>(static_cast<long long>(n) * (part + 1) / parts);
        sum += blocked_sum(begin, end, [&](local_int i) {
          return static_cast<double>(x(i)) * static_cast<double>(y(i));
        });
      },
      result);
  return result;
}

void waxpby(local_int n, float alpha, const ConstFloatVector& x, float beta,
            const ConstFloatVector& y, const FloatVector& w) {
  Kokkos::parallel_for("hpcg::kokkos::waxpby_float", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    w(i) = alpha * x(i) + beta * y(i);
  });
}

void round_to_float(local_int n, double alpha, const ConstDeviceVector& x, const FloatVector& y) {
  Kokkos::parallel_for("hpcg::kokkos::round_to_float", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    y(i) = static_cast<float>(alpha * x(i));
  });
}

void add_float(local_int n, const ConstFloatVector& z, const DeviceVector& x) {
  Kokkos::parallel_for("hpcg::kokkos::add_float", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    x(i) += static_cast<double>(z(i));
  });
}

void fill(const FloatVector& x, local_int begin, local_int end, float value) {
  Kokkos::parallel_for("hpcg::kokkos::fill_float", RowPolicy(begin, end),
                       KOKKOS_LAMBDA(local_int i) { x(i) = value; });
}

void gather(const SpaceView<local_int>& rows, const ConstFloatVector& x, const DeviceVector& out) {
  const ConstIds ids = rows;
  Kokkos::parallel_for("hpcg::kokkos::gather_float",
                       RowPolicy(0, static_cast<local_int>(ids.extent(0))),
                       KOKKOS_LAMBDA(local_int k) { out(k) = static_cast<double>(x(ids(k))); });
}

void narrow(local_int n, const ConstDeviceVector& from, const FloatVector& to) {
  Kokkos::parallel_for("hpcg::kokkos::narrow", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    to(i) = static_cast<float>(from(i));
  });
}

}  // namespace hpcg::backends::kokkos
