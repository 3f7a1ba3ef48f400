// SPDX-License-Identifier: BSD-3-Clause
// Lambdas capture views one by one (never a LevelViews or `this`), so that they are valid on
// devices: LevelViews holds host-only std::vectors.
#include "kernels.hpp"

namespace hpcg::backends::kokkos {
namespace {

using RowPolicy = Kokkos::RangePolicy<ExecutionSpace, Kokkos::IndexType<local_int>>;
using ConstOffsets = Kokkos::View<const nnz_int*, MemorySpace>;
using ConstIds = Kokkos::View<const local_int*, MemorySpace>;
using ConstValues = Kokkos::View<const double*, MemorySpace>;

/// Gauss-Seidel update of row i in the reference's arithmetic order: the loop subtracts the
/// diagonal term too, which is added back before the division.
KOKKOS_INLINE_FUNCTION void relax_row(const ConstOffsets& start, const ConstIds& column,
                                      const ConstValues& value, const ConstOffsets& diagonal,
                                      local_int i, const ConstDeviceVector& r,
                                      const DeviceVector& x) {
  double sum = r(i);
  for (nnz_int k = start(i); k < start(i + 1); ++k) sum -= value(k) * x(column(k));
  const double d = value(diagonal(i));
  x(i) = (sum + x(i) * d) / d;
}

/// One colour's blocks in parallel, each swept forward or backward.
void sweep_color(const LevelViews& A, int color, bool forward, const ConstDeviceVector& r,
                 const DeviceVector& x) {
  const ConstOffsets start = A.row_start, diagonal = A.diagonal;
  const ConstIds column = A.column, block_start = A.block_start, blocks = A.blocks;
  const ConstValues value = A.values;
  Kokkos::parallel_for(
      forward ? "hpcg::kokkos::symgs_forward" : "hpcg::kokkos::symgs_backward",
      RowPolicy(A.color_start[color], A.color_start[color + 1]), KOKKOS_LAMBDA(local_int k) {
        const local_int b = blocks(k);
        if (forward) {
          for (local_int i = block_start(b); i < block_start(b + 1); ++i) {
            relax_row(start, column, value, diagonal, i, r, x);
          }
        } else {
          for (local_int i = block_start(b + 1) - 1; i >= block_start(b); --i) {
            relax_row(start, column, value, diagonal, i, r, x);
          }
        }
      });
}

}  // namespace

void spmv(const LevelViews& A, const ConstDeviceVector& x, const DeviceVector& y) {
  const ConstOffsets start = A.row_start;
  const ConstIds column = A.column;
  const ConstValues value = A.values;
  Kokkos::parallel_for("hpcg::kokkos::spmv", RowPolicy(0, A.rows), KOKKOS_LAMBDA(local_int i) {
    double sum = 0.0;
    for (nnz_int k = start(i); k < start(i + 1); ++k) sum += value(k) * x(column(k));
    y(i) = sum;
  });
}

void symgs(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x) {
  const int colors = static_cast<int>(A.color_start.size()) - 1;
  for (int c = 0; c < colors; ++c) sweep_color(A, c, true, r, x);
  for (int c = colors - 1; c >= 0; --c) sweep_color(A, c, false, r, x);
}

void residual_restriction(const LevelViews& fine, const ConstDeviceVector& r,
                          const ConstDeviceVector& x, const DeviceVector& rc) {
  const ConstOffsets start = fine.row_start;
  const ConstIds column = fine.column, map = fine.coarse_to_fine;
  const ConstValues value = fine.values;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::residual_restriction", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) {
                         const local_int f = map(i);
                         double ax = 0.0;
                         for (nnz_int k = start(f); k < start(f + 1); ++k) {
                           ax += value(k) * x(column(k));
                         }
                         rc(i) = r(f) - ax;
                       });
}

void restrict_residual(const LevelViews& fine, const ConstDeviceVector& r,
                       const ConstDeviceVector& Axf, const DeviceVector& rc) {
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::restrict_residual", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { rc(i) = r(map(i)) - Axf(map(i)); });
}

void prolongate(const LevelViews& fine, const ConstDeviceVector& xc, const DeviceVector& x) {
  const ConstIds map = fine.coarse_to_fine;
  const auto n = static_cast<local_int>(map.extent(0));
  Kokkos::parallel_for("hpcg::kokkos::prolongate", RowPolicy(0, n),
                       KOKKOS_LAMBDA(local_int i) { x(map(i)) += xc(i); });
}

double dot(local_int n, const ConstDeviceVector& x, const ConstDeviceVector& y) {
  double result = 0.0;
  // Kokkos reduces with a fixed partition and join order for a given thread count, so repeated
  // calls agree bit for bit (validation checks that).
  Kokkos::parallel_reduce(
      "hpcg::kokkos::dot", RowPolicy(0, n),
      KOKKOS_LAMBDA(local_int i, double& sum) { sum += x(i) * y(i); }, result);
  return result;
}

void waxpby(local_int n, double alpha, const ConstDeviceVector& x, double beta,
            const ConstDeviceVector& y, const DeviceVector& w) {
  Kokkos::parallel_for("hpcg::kokkos::waxpby", RowPolicy(0, n), KOKKOS_LAMBDA(local_int i) {
    w(i) = alpha * x(i) + beta * y(i);
  });
}

void fill(const DeviceVector& x, double value) {
  Kokkos::parallel_for("hpcg::kokkos::fill", RowPolicy(0, static_cast<local_int>(x.extent(0))),
                       KOKKOS_LAMBDA(local_int i) { x(i) = value; });
}

void gather(const SpaceView<local_int>& rows, const ConstDeviceVector& x, const DeviceVector& out) {
  const ConstIds ids = rows;
  Kokkos::parallel_for("hpcg::kokkos::gather", RowPolicy(0, static_cast<local_int>(ids.extent(0))),
                       KOKKOS_LAMBDA(local_int k) { out(k) = x(ids(k)); });
}

}  // namespace hpcg::backends::kokkos
