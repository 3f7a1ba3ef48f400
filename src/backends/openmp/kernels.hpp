// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's kernels on the split copy in fixed-width rows
// (hpcg/backends/sweep_layout.hpp), all on host arrays: xhpcg's Gauss-Seidel, SpMV and restricted
// residual in double, and HPG-MxP's forward sweep, SpMV and restricted residual in either
// precision, from the copy's values or their float copy.
#pragma once

#include <vector>

#include "halo_split.hpp"
#include "prolonged_upper.hpp"
#include "sliced_rows.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::backends::openmp {

/// The split copy's values in one precision: the layout's own (double), or a float copy of them
/// read through the layout's indices and entries apart.
template <class Value>
struct SweepValues {
  const Value* lower;
  const Value* upper;
  const Value* lower_apart;
  const Value* upper_apart;
  const Value* diagonal;
  const Value* inverse_diagonal;
};

/// The split copy's values rounded to float, for HPG-MxP's single-precision steps: 4 bytes an
/// entry beside the layout's 2-byte offsets, where the core's float CSR takes 8. The sweep
/// multiplies by the inverse of the float diagonal, as the double sweeps do by theirs.
struct FloatSweepCopy {
  FirstTouchArray<float> lower, upper;
  std::vector<float> lower_apart, upper_apart, diagonal, inverse_diagonal;
  SweepValues<float> values() const;
  double bytes() const;
};
FloatSweepCopy make_float_sweep_copy(const SweepLayout& layout);

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

/// HPG-MxP's forward Gauss-Seidel sweep in block-colour order (the order block_symgs declares):
/// x_i = (r_i - sum_{j != i} a_ij x_j) / a_ii with x_j as updated so far, the blocks of a colour in
/// parallel; x has `columns` entries, its halo current. Where x is 0 on entry (HPG-MxP's
/// pre-smoothing) U is not read. It differs from the reference sweep in that order in rounding
/// only (partial sums, the inverse diagonal).
template <class Value>
void block_gs_forward(const SweepLayout& layout, const SweepValues<Value>& values,
                      const BlockColoring& coloring, local_int columns, const Value* r, Value* x);

/// y = A x from `layout` (the split copy: its diagonal, L and U) for the rows of `runs`
/// (halo_split.hpp); x's halo must be current where those rows read it. The same matrix summed
/// in another order than the core's CSR: it differs from the reference SpMV in rounding only.
/// With `sliced`, the runs' whole slices that qualify come from it instead.
template <class Value>
void spmv(const SweepLayout& layout, const SweepValues<Value>& values, const RowRuns& runs,
          const Value* x, Value* y, const SlicedRows<Value>* sliced = nullptr);

/// spmv on `runs` with `sliced`, returning the local x.y over their rows, summed as the
/// contract asks (blocked_sum.hpp) and the same for any thread count. y is read back while it
/// is still in cache, not from memory.
double spmv_dot(const SweepLayout& layout, const SlicedRows<double>& sliced, const RowRuns& runs,
                const double* x, double* y);

/// w = alpha x + beta y over n entries, returning w.w summed in the same order; w may be x or y.
double waxpby_norm(local_int n, double alpha, const double* x, double beta, const double* y,
                   double* w);

/// -U x where block_symgs from a zero guess left it (t), and U's halo entries.
struct PreSmoothedUpper {
  const ProlongedUpper& upper;
  const double* negated;
};

/// rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]: the residual only where it is injected,
/// from `layout` (fine's split copy). With `kept` (double only), x is as block_symgs from a zero
/// guess left it but for its halo, and U x comes from `kept` instead of U: the same to rounding.
template <class Value>
void residual_restriction(const Level& fine, const SweepLayout& layout,
                          const SweepValues<Value>& values, const Value* r, const Value* x,
                          Value* rc, const PreSmoothedUpper* kept = nullptr);

/// The layout's own values.
SweepValues<double> values_of(const SweepLayout& layout);

}  // namespace hpcg::backends::openmp
