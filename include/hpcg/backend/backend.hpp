// SPDX-License-Identifier: BSD-3-Clause
// The one interface through which CG and the V-cycle reach the kernels, so that a backend swaps
// in its own SpMV, SymGS and vector kernels without touching CG, MG, validation or the report.
// MPI stays in the core: before spmv/symgs the core has exchanged the input vector's halo.
#pragma once

#include <string>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

/// Which of HPCG's optimisable kernels a backend replaces (the report warns about the others).
struct KernelSet {
  bool dot = false;
  bool waxpby = false;
  bool spmv = false;
  bool mg = false;  ///< SymGS, restriction and prolongation together
};

/// Kernels the benchmark runs. Every kernel defaults to the reference implementation; a backend
/// overrides what it optimises and says so in optimized_kernels().
class Backend {
 public:
  virtual ~Backend() = default;

  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual KernelSet optimized_kernels() const { return {}; }

  /// HPCG's optimisation phase (OptimizeProblem): convert, reorder or colour. Timed and charged.
  virtual void optimize(Problem& problem) { (void)problem; }
  /// Bytes allocated by optimize(), reported as "Memory used for OptimizeProblem data".
  virtual double optimization_bytes() const { return 0.0; }
  /// The core changed diagonal values of `level` (TestCG does); refresh any copy of them.
  virtual void diagonal_changed(const Level& level) { (void)level; }

  /// The whole V-cycle x = M r, for a backend that fuses across kernels or overlaps its own
  /// halo exchanges (each level's A.exchange). Returns false to let the core run its V-cycle
  /// from this backend's kernels, which is the default.
  virtual bool mg(Problem& problem, const Vector& r, Vector& x) {
    (void)problem, (void)r, (void)x;
    return false;
  }

  virtual void spmv(const Level& level, const Vector& x, Vector& y);
  virtual void symgs(const Level& level, const Vector& r, Vector& x);
  virtual double dot(local_int n, const Vector& x, const Vector& y);
  virtual void waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y,
                      Vector& w);
  virtual void restrict_residual(const Level& fine, const Vector& r, const Vector& Axf,
                                 Vector& rc);
  virtual void prolongate(const Level& fine, const Vector& xc, Vector& x);
};

}  // namespace hpcg
