// SPDX-License-Identifier: BSD-3-Clause
// The `openmp` backend: Gauss-Seidel parallel within a rank through a block multicolour
// ordering computed in the optimisation phase, on the shared split copy of each level's matrix
// (hpcg/backends/sweep_layout.hpp), and the fused steps of the core's V-cycle: the pre-smoothing
// from x = 0 reads only L, each backward sweep reads only U, the residual is computed only at
// the rows restriction injects, and it and the post-smoothing's forward sweep take U x from
// where the pre-smoothing left it (prolonged_upper.hpp). SpMV runs on a sliced copy of the
// matrix (sliced_rows.hpp), on the split copy where a slice does not qualify. Vectors,
// dot, WAXPBY and prolongation are the reference's kernels in host memory (prolongation on the
// host arrays, not through upload(), so that it keeps U x). Every kernel of xhpcg's steps adds
// what it streams to the backend's traffic count (traffic.hpp). xhpgmp's steps
// (float_steps.cpp, float_kernels.cpp) read the same split copy, in float from a copy of its
// values made at their first call, and are not counted.
#pragma once

#include <optional>
#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/sweep_layout.hpp"
#include "hpcg/linalg/vector.hpp"
#include "halo_split.hpp"
#include "kernels.hpp"
#include "traffic.hpp"

namespace hpcg::backends::openmp {

class OpenMPBackend : public Backend {
 public:
  std::string name() const override { return "openmp"; }
  std::string version() const override;
  KernelSet optimized_kernels() const override;

  FusedKernels fused_kernels() const override { return {true, true}; }
  double optimization_bytes() const override;
  void diagonal_changed(int level) override;
  void spmv_part(HaloPart part, int level, const BackendVector& x, BackendVector& y) override;
  double spmv_dot_part(HaloPart part, int level, const BackendVector& x,
                       BackendVector& y) override;
  void symgs_part(HaloPart part, int level, const BackendVector& r, BackendVector& x) override;
  void symgs_zero_guess(int level, const BackendVector& r, BackendVector& x) override;
  void residual_restriction_part(HaloPart part, int level, const BackendVector& r,
                                 const BackendVector& x, BackendVector& rc) override;
  std::vector<local_int> sweep_order(int level) const override;
  /// HPG-MxP's forward sweeps in the same order, on the split copy (float_steps.cpp).
  void gs_forward_part(HaloPart part, int level, const BackendVector& r,
                       BackendVector& x) override;
  void gs_forward_float_part(HaloPart part, int level, const BackendVector& r,
                             BackendVector& x) override;
  /// The float SpMV and restricted residual on the split copy, the dot in independent partial
  /// sums (float_kernels.cpp).
  void spmv_float_part(HaloPart part, int level, const BackendVector& x,
                       BackendVector& y) override;
  void residual_restriction_float_part(HaloPart part, int level, const BackendVector& r,
                                       const BackendVector& x, BackendVector& rc) override;
  double dot_float(local_int n, const BackendVector& x, const BackendVector& y) override;
  /// Gram-Schmidt in one pass over the basis per step, both precisions (gram_schmidt.cpp).
  void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                  double* h) override;
  void subtract_projections(local_int n, int k, const BackendVector* basis, const double* h,
                            BackendVector& q) override;
  void subtract_projections_dots(local_int n, int k, const BackendVector* basis, const double* h,
                                 BackendVector& q, double* dots) override;

  // The core's defaults, counted (traffic.hpp); those that write a vector also forget where
  // the pre-smoothing left U x (see LevelOrdering::upper_of).
  std::optional<KernelTraffic> kernel_traffic() const override { return traffic_.total(); }
  BackendVector allocate(int level, VectorRole role, local_int length) override;
  void upload(const double* host, local_int begin, local_int count, BackendVector& v) override;
  void fill(BackendVector& v, double value) override;
  void copy(const BackendVector& from, local_int count, BackendVector& to) override;
  void pack_halo(int level, const BackendVector& x, double* send) override;
  void unpack_halo(int level, const double* receive, BackendVector& x) override;
  void prolongation(int level, const BackendVector& xc, BackendVector& x) override;
  double dot(local_int n, const BackendVector& x, const BackendVector& y) override;
  void waxpby(local_int n, double alpha, const BackendVector& x, double beta,
              const BackendVector& y, BackendVector& w) override;
  double waxpby_norm(local_int n, double alpha, const BackendVector& x, double beta,
                     const BackendVector& y, BackendVector& w) override;

  /// Colours used on each level (for the report and tests).
  std::vector<int> colors_per_level() const;

 protected:
  void prepare(const Problem& problem) override;

 private:
  struct LevelOrdering {
    BlockColoring coloring;
    SweepLayout layout;
    Vector sweep_rhs;  ///< t = r - L x of the last forward sweep; -U x after a pre-smoothing
    LevelBytes bytes;  ///< what each step moves on this level
    HaloSplit halo_split;  ///< SpMV's slices without halo columns, then those with
    ProlongedUpper prolonged_upper;  ///< what the post-smoothing reads in place of U
    std::optional<FloatSweepCopy> float_copy;  ///< layout's values in float, once a float step asks
    SlicedRows<double> sliced;                 ///< A in slices, for SpMV
    std::optional<SlicedRows<float>> float_sliced;  ///< in float, once the float SpMV asks
    /// The x whose -U x the last pre-smoothing left in sweep_rhs, while nothing but
    /// prolongation and the halo exchange wrote it since; and the correction prolongation added.
    const double* upper_of = nullptr;
    const double* prolonged_by = nullptr;
  };

  LevelOrdering& ordering(int level);
  void sweep(int level, const BackendVector& r, BackendVector& x, bool zero_guess);
  void forget_upper_sums();
  /// The float copy of the level's split copy, made at the first call (as float_values()).
  SweepValues<float> float_sweep_values(int level);
  /// The level's matrix in float slices, made at the first call.
  const SlicedRows<float>& float_sliced_rows(int level);
  /// The host addresses of k vectors of T (double or float), for Gram-Schmidt's passes.
  template <class T>
  std::vector<const T*> host_addresses(int k, const BackendVector* basis);

  std::vector<LevelOrdering> orderings_;  ///< one per level
  TrafficCount traffic_;
  double interior_dot_ = 0;  ///< spmv_dot's before_halo part, until its after_halo part
};

}  // namespace hpcg::backends::openmp
