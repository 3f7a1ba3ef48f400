// SPDX-License-Identifier: BSD-3-Clause
// The kokkos backend's kernels as Kokkos parallel patterns over views in the execution space's
// memory. Arithmetic follows the reference row by row, so one thread reproduces its results.
#pragma once

#include <vector>

#include "memory.hpp"

namespace hpcg::backends::kokkos {

/// One level's matrix (CSR, as the core's), colouring and transfer map in the space's memory.
struct LevelViews {
  local_int rows = 0;
  local_int columns = 0;
  SpaceView<nnz_int> row_start;
  SpaceView<local_int> column;
  SpaceView<double> values;
  SpaceView<nnz_int> diagonal;      ///< offset of each row's diagonal entry in `values`
  SpaceView<local_int> coarse_to_fine;  ///< empty on the coarsest level
  SpaceView<local_int> block_start;
  SpaceView<local_int> blocks;
  std::vector<local_int> color_start;  ///< on the host: it bounds the kernel launches
  SpaceView<local_int> send_rows;      ///< rows whose values this rank sends (separate memory)
  DeviceVector send_values;            ///< those values, gathered for one copy to the host
  std::vector<double> send_staging;    ///< their host copy
};

/// y = A x over the owned rows; x holds columns entries with a current halo.
void spmv(const LevelViews& A, const ConstDeviceVector& x, const DeviceVector& y);

/// One symmetric Gauss-Seidel step in block-colour order: colours 0..K-1 with each block swept
/// forward, then colours K-1..0 with each block swept backward. x's halo must be current.
void symgs(const LevelViews& A, const ConstDeviceVector& r, const DeviceVector& x);

/// rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]: the residual only where it is injected.
void residual_restriction(const LevelViews& fine, const ConstDeviceVector& r,
                          const ConstDeviceVector& x, const DeviceVector& rc);

/// rc[i] = r[f] - Axf[f] for f = coarse_to_fine[i] (the core's restriction).
void restrict_residual(const LevelViews& fine, const ConstDeviceVector& r,
                       const ConstDeviceVector& Axf, const DeviceVector& rc);

/// x[f] += xc[i] for f = coarse_to_fine[i].
void prolongate(const LevelViews& fine, const ConstDeviceVector& xc, const DeviceVector& x);

/// Sum of x[i] y[i] for i < n; the same partial sums in the same order on every call.
double dot(local_int n, const ConstDeviceVector& x, const ConstDeviceVector& y);

/// w[i] = alpha x[i] + beta y[i] for i < n; w may be x or y.
void waxpby(local_int n, double alpha, const ConstDeviceVector& x, double beta,
            const ConstDeviceVector& y, const DeviceVector& w);

/// Every entry of x (its whole extent, halo included) set to value.
void fill(const DeviceVector& x, double value);

/// out[k] = x[rows[k]].
void gather(const SpaceView<local_int>& rows, const ConstDeviceVector& x, const DeviceVector& out);

}  // namespace hpcg::backends::kokkos
