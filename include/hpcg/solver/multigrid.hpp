// SPDX-License-Identifier: BSD-3-Clause
// Distributed operators built from a backend's local kernels: halo exchange then SpMV or SymGS,
// global dot products, and HPCG's V-cycle, written once for every backend. The V-cycle does only
// the work the mathematics needs: the pre-smoothing from x = 0 needs no halo exchange, and the
// residual is computed only at the rows restriction injects; each step is a backend kernel.
#pragma once

#include "hpcg/solver/workspace.hpp"

namespace hpcg {

// Each step that reads x's halo exchanges it first, running the backend's before-halo part
// while the messages are in flight (Backend::spmv_part and the others).

/// y = A x on `level` (x has the level's columns).
void apply_spmv(Workspace& ws, int level, BackendVector& x, BackendVector& y);

/// y = A x on `level`, returning the local x.y over its rows (the backend's fused kernel).
double apply_spmv_dot(Workspace& ws, int level, BackendVector& x, BackendVector& y);

/// One symmetric Gauss-Seidel step on A x = r; x's halo is exchanged once (HPCG 3.1: both
/// sweeps use the halo values from the start of the step).
void apply_symgs(Workspace& ws, int level, const BackendVector& r, BackendVector& x);

/// rc = the residual r - A x where restriction injects it from the fine `level`.
void apply_residual_restriction(Workspace& ws, int level, const BackendVector& r,
                                BackendVector& x, BackendVector& rc);

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
