// SPDX-License-Identifier: BSD-3-Clause
// One-off calls of a workspace's operators on host vectors, for validation and tests: upload the
// inputs into new backend vectors, run, download the result. They allocate, so never in the
// timed sets.
#pragma once

#include "hpcg/linalg/vector.hpp"
#include "hpcg/solver/workspace.hpp"

namespace hpcg::on_host {

/// A new backend vector on `level` of `length` entries (its rows or columns), the first of them
/// host's (all if it fits).
BackendVector to_backend(Workspace& ws, int level, const Vector& host, local_int length);

/// A x on `level` (x's halo exchanged first; x may hold only the level's rows): the level's rows.
Vector spmv(Workspace& ws, int level, const Vector& x);

/// One SymGS step on `level` from x (halo exchanged first): the level's columns.
Vector symgs(Workspace& ws, int level, const Vector& r, const Vector& x);

/// The V-cycle's pre-smoothing on `level` from x = 0 (no halo exchange): the level's rows.
Vector symgs_zero_guess(Workspace& ws, int level, const Vector& r);

/// The V-cycle's restricted residual r - A x at the rows injected into level + 1 (x's halo
/// exchanged first): the coarse level's rows.
Vector residual_restriction(Workspace& ws, int level, const Vector& r, const Vector& x);

/// The V-cycle's prolongation x + P xc on `level`: the level's rows.
Vector prolongation(Workspace& ws, int level, const Vector& xc, const Vector& x);

/// The V-cycle M r on the fine level: its columns (the halo part as the V-cycle left it).
Vector mg(Workspace& ws, const Vector& r);

/// The backend's local x.y over the fine level's rows.
double dot(Workspace& ws, const Vector& x, const Vector& y);

/// The backend's alpha x + beta y over the fine level's rows.
Vector waxpby(Workspace& ws, double alpha, const Vector& x, double beta, const Vector& y);

}  // namespace hpcg::on_host
