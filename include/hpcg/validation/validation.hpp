// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's three validation tests of the kernels being benchmarked: spectral convergence of CG
// (TestCG), symmetry of A and of the preconditioner (TestSymmetry), and reproducibility of the
// residuals of the timed sets (TestNorms).
#pragma once

#include <random>
#include <string>
#include <vector>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/solver/workspace.hpp"

namespace hpcg {

/// Deterministic test vectors in [1, 2], the same sequence on every rank (as HPCG's unseeded
/// rand()), so runs repeat bit for bit.
class TestVectorSource {
 public:
  void fill(Vector& v);

 private:
  std::minstd_rand engine_{1};
};

struct CgTestResult {
  int expected_unpreconditioned = 12;
  int expected_preconditioned = 2;
  int max_unpreconditioned = 0;
  int max_preconditioned = 0;
  int failures = 0;
  std::vector<std::string> log_lines;
  bool passed() const { return failures == 0; }
};

struct SymmetryTestResult {
  double spmv_departure = 0;
  double mg_departure = 0;
  std::vector<double> spmv_residuals;  ///< ||b - A xexact||_inf, informational
  int failures = 0;
  bool passed() const { return failures == 0; }
};

struct NormsTestResult {
  double mean = 0;
  double variance = 0;
  bool passed() const { return variance < 1.0e-6; }
};

/// TestCG: scales the fine diagonal so that CG converges in few iterations, runs 2
/// unpreconditioned and 2 preconditioned solves to 1e-12 and counts those that take longer than
/// 12 / 2 iterations. Restores the matrix and b (host and backend copies) afterwards, and leaves
/// x = 0.
CgTestResult test_cg(Workspace& ws);

/// TestSymmetry: |x'Ay - y'Ax| and |x'My - y'Mx| for random x, y, scaled by
/// 2 ||x||^2 ||A|| ||y||^2 eps as HPCG 3.1 does; fails above 1.
SymmetryTestResult test_symmetry(Workspace& ws, TestVectorSource& source);

/// TestNorms: mean and population variance of the sets' scaled residuals.
NormsTestResult test_norms(const std::vector<double>& scaled_residuals);

}  // namespace hpcg
