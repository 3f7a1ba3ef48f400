// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's kernels as Kokkos parallel patterns over views in the execution space's
// memory, on a copy of each level's matrix split in Gauss-Seidel sweep order (the shared
// hpcg/backends/sweep_layout.hpp, copied into views). With
// (D + L) the rows a forward sweep has already updated and U the others (halo columns included),
// a forward sweep stores t = r - L x, so that the backward sweep, x = D^-1 (t - U x), reads only
// U; from x = 0 the forward sweep reads only L. A symmetric Gauss-Seidel step then streams the
// matrix 1.5 times (1 time from a zero guess) instead of twice: the same operator, in another
// summation order (the "algebraically reduced kernels" of optimised HPCGs).
#pragma once

#include <cstdint>
#include <vector>

#include "hpcg/problem/problem.hpp"
#include "memory.hpp"

namespace hpcg::backends::kokkos {

/// Entries of a matrix's rows: row i's are [start(i), start(i + 1)), with 32-bit offsets
/// (make_level_views refuses a part of 2^32 entries or more). Columns are stored in `column`, or
/// for L, when every row's L columns lie within 32767 of the row, as 16-bit differences j - i in
/// `offset`: 2 bytes an entry instead of 4, on the part that every sweep and SpMV stream.
struct MatrixPart {
  SpaceView<std::uint32_t> start;
  SpaceView<local_int> column;     ///< empty when `offset` holds the columns
  SpaceView<std::int16_t> offset;  ///< empty when `column` holds them
  SpaceView<double> value;
};

/// One level's split matrix, colouring, transfer map and halo lists in the space's memory.
struct LevelViews {
  local_int rows = 0;
  local_int columns = 0;
  /// L: each row's columns that the forward sweep updates before it, ascending. U: the others
  /// (halo columns too), descending, so that a backward sweep meets the value it has just
  /// written last. Separate arrays, so that a sweep that needs one part streams only that part.
  MatrixPart lower;  ///< columns as offsets when they fit
  MatrixPart upper;  ///< always columns: halo columns lie far from their rows
  bool lower_as_offsets() const { return lower.offset.extent(0) > 0; }
  SpaceView<double> diagonal;
  SpaceView<double> inverse_diagonal;  ///< 1 / diagonal: sweeps multiply instead of dividing
  SpaceView<local_int> coarse_to_fine;  ///< empty on the coarsest level
  SpaceView<local_int> block_start;
  SpaceView<local_int> blocks;
  std::vector<local_int> color_start;  ///< on the host: it bounds the kernel launches
  std::vector<local_int> sweep_order;  ///< on the host: the order the core checks against
  DeviceVector sweep_rhs;              ///< t = r - L x of the last forward sweep
  SpaceView<local_int> send_rows;      ///< rows whose values this rank sends
  DeviceVector send_values;            ///< those values, gathered for one copy to MPI's buffer
  DeviceVector receive_values;         ///< the halo, for --gpu-aware-mpi (halo_buffers)
};

/// Colours `level`'s rows in blocks of `block_rows` and builds its views: the matrix split in
/// that sweep order, the colouring, the transfer map and the halo lists.
LevelViews make_level_views(const Level& level, local_int block_rows, SpaceMemory& memory);

/// Copies the diagonal of A again after the core changed it.
void refresh_diagonal(const LevelViews& views, const SparseMatrix& A);

/// y = A x over the owned rows; x holds columns entries with a current halo.
void spmv(const LevelViews& A, const ConstDeviceVector& x, const DeviceVector& y);

/// One symmetric Gauss-Seidel step in block-colour order: colours 0..K-1 with each block swept
/// forward, then colours K-1..0 with each block swept backward. With zero_guess, x is taken to
/// be 0 on entry (owned rows and halo: its halo must hold zeros); otherwise x's halo is current.
void symgs(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x,
           bool zero_guess);

/// rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]: the residual only where it is injected.
void residual_restriction(const LevelViews& fine, const ConstDeviceVector& r,
                          const ConstDeviceVector& x, const DeviceVector& rc);

/// x[f] += xc[i] for f = coarse_to_fine[i].
void prolongation(const LevelViews& fine, const ConstDeviceVector& xc, const DeviceVector& x);

/// Sum of x[i] y[i] for i < n; the same partial sums in the same order on every call.
double dot(local_int n, const ConstDeviceVector& x, const ConstDeviceVector& y);

/// w[i] = alpha x[i] + beta y[i] for i < n; w may be x or y.
void waxpby(local_int n, double alpha, const ConstDeviceVector& x, double beta,
            const ConstDeviceVector& y, const DeviceVector& w);

/// x[i] = value for begin <= i < end.
void fill(const DeviceVector& x, local_int begin, local_int end, double value);

/// out[k] = x[rows[k]].
void gather(const SpaceView<local_int>& rows, const ConstDeviceVector& x, const DeviceVector& out);

/// to[i] = from[i] for i < n.
void copy(local_int n, const ConstDeviceVector& from, const DeviceVector& to);

}  // namespace hpcg::backends::kokkos
