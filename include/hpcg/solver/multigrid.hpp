// SPDX-License-Identifier: BSD-3-Clause
// Distributed operators built from a backend's local kernels: halo exchange then SpMV or SymGS,
// global dot products, and HPCG's V-cycle (written once, for every backend).
#pragma once

#include "hpcg/backend/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

/// y = A x; exchanges x's halo first (x must have level.A.columns entries).
void apply_spmv(Backend& backend, Level& level, Vector& x, Vector& y);

/// One symmetric Gauss-Seidel step on A x = r; exchanges x's halo once first (HPCG 3.1: both
/// sweeps use the halo values from the start of the step).
void apply_symgs(Backend& backend, Level& level, const Vector& r, Vector& x);

/// x = M r, HPCG's V-cycle from the fine level: 1 pre- and 1 post-smoothing SymGS per level,
/// injection transfers, a single SymGS on the coarsest grid. x must hold the fine columns.
/// Each level's visit is timed into problem.mg_level_times when enabled; a backend whose mg()
/// runs the V-cycle itself opens one MgLevelScope per level visit likewise (problem.hpp).
void apply_mg(Backend& backend, Problem& problem, const Vector& r, Vector& x);

/// Global x.y over the first n local entries; adds the Allreduce time to *allreduce_seconds.
double global_dot(Backend& backend, const Comm& comm, local_int n, const Vector& x,
                  const Vector& y, double* allreduce_seconds = nullptr);

}  // namespace hpcg
