// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's double kernels: Gauss-Seidel, SpMV and the restricted residual on the
// split copy in fixed-width rows (hpcg/backends/sweep_layout.hpp), all on host arrays.
#pragma once

#include "halo_split.hpp"
#include "prolonged_upper.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::openmp {

/// One symmetric Gauss-Seidel step in block-colour order: colours 0..K-1 with each block swept
/// forward, then colours K-1..0 with each block swept backward (a symmetric operator). The blocks
/// of a colour run in parallel. `t` is scratch of A.rows entries. x has A.columns entries. With
/// zero_guess x is taken as 0 on entry: its owned entries are only written and its halo is set
/// to 0, and t holds -U x on return (x as returned, its halo's zeros included); otherwise x's
/// halo must be current.
void block_symgs(const SparseMatrix& A, const SweepLayout& layout, const BlockColoring& coloring,
                 const double* r, double* x, double* t, bool zero_guess);

/// block_symgs where t holds -U x from block_symgs from a zero guess, and since then only
/// x's owned rows coarse_to_fine[c] changed, by correction[c] (prolongation), and its halo was
/// exchanged: the forward sweep reads t, `upper`'s few entries and the halo in place of U. The
/// same sweep as block_symgs to rounding.
void block_symgs_after_prolongation(const SweepLayout& layout, const BlockColoring& coloring,
                                    const ProlongedUpper& upper, const double* correction,
                                    const double* r, double* x, double* t);

/// y = A x from `layout` (the split copy: its diagonal, L and U) for the rows of `runs`
/// (halo_split.hpp); x's halo must be current where those rows read it. The same matrix summed
/// in another order than the core's CSR: it differs from the reference SpMV in rounding only.
void spmv(const SweepLayout& layout, const RowRuns& runs, const double* x, double* y);

/// spmv on `runs`, returning the local x.y over their rows: per-thread partial sums over the
/// runs' static chunks, added in thread order, so that it repeats bit for bit; it differs from
/// spmv then dot in rounding only. y is not read again.
double spmv_dot(const SweepLayout& layout, const RowRuns& runs, const double* x, double* y);

/// w = alpha x + beta y over n entries, returning w.w summed in the same order; w may be x or y.
double waxpby_norm(local_int n, double alpha, const double* x, double beta, const double* y,
                   double* w);

/// -U x where block_symgs from a zero guess left it (t), and U's halo entries.
struct PreSmoothedUpper {
  const ProlongedUpper& upper;
  const double* negated;
};

/// rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]: the residual only where it is injected,
/// from `layout` (fine's split copy). With `kept`, x is as block_symgs from a zero guess left
/// it but for its halo, and U x comes from `kept` instead of U: the same to rounding.
void residual_restriction(const Level& fine, const SweepLayout& layout, const double* r,
                          const double* x, double* rc, const PreSmoothedUpper* kept = nullptr);

}  // namespace hpcg::backends::openmp
