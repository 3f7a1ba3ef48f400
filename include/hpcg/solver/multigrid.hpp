// SPDX-License-Identifier: BSD-3-Clause
// Distributed operators built from a backend's local kernels: halo exchange then SpMV or SymGS,
// global dot products, and HPCG's V-cycle, written once for every backend. The V-cycle does only
// the work the mathematics needs: the pre-smoothing from x = 0 needs no halo exchange, and the
// residual is computed only at the rows restriction injects; each step is a backend kernel.
#pragma once

#include "hpcg/solver/workspace.hpp"

namespace hpcg {

/// y = A x on `level`; exchanges x's halo first (x has the level's columns).
void apply_spmv(Workspace& ws, int level, BackendVector& x, BackendVector& y);

/// One symmetric Gauss-Seidel step on A x = r; exchanges x's halo once first (HPCG 3.1: both
/// sweeps use the halo values from the start of the step).
void apply_symgs(Workspace& ws, int level, const BackendVector& r, BackendVector& x);

/// x = M r, HPCG's V-cycle from the fine level: 1 pre- and 1 post-smoothing SymGS per level,
/// injection transfers, a single SymGS on the coarsest grid; x (fine columns) is overwritten.
/// Each level's visit is timed into ws.mg_level_times when enabled. A backend whose mg() runs
/// the whole V-cycle itself replaces all of it.
void apply_mg(Workspace& ws, const BackendVector& r, BackendVector& x);

/// Global x.y over the first n local entries; adds the Allreduce time to *allreduce_seconds.
double global_dot(Workspace& ws, local_int n, const BackendVector& x, const BackendVector& y,
                  double* allreduce_seconds = nullptr);

/// The global sum of a local value, adding the Allreduce time to *allreduce_seconds.
double global_sum(const Comm& comm, double local, double* allreduce_seconds = nullptr);

}  // namespace hpcg
