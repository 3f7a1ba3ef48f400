// SPDX-License-Identifier: BSD-3-Clause
// TestCG: with the diagonal made strongly dominant (26 * (gid+2) * 1e6 on the first 9 global
// rows, 26e6 elsewhere, as the 3.1 code does), A has about 10 distinct dominant eigenvalue
// clusters, so a correct CG converges in at most 12 iterations and a correct PCG in 2.
#include <algorithm>
#include <sstream>

#include "hpcg/solver/cg.hpp"
#include "hpcg/validation/validation.hpp"

namespace hpcg {
namespace {

constexpr int test_max_iterations = 50;
constexpr double test_tolerance = 1.0e-12;

/// Multiplies diagonal entry and b of each fine row by its TestCG factor (or divides, to undo).
void scale_fine_diagonal(Problem& problem, bool undo) {
  Level& fine = problem.fine();
  const Geometry& g = fine.geometry;
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        local_int row = (iz * g.ny + iy) * g.nx + ix;
        global_int gid = g.global_index(ix, iy, iz);
        double factor = gid < 9 ? (gid + 2) * 1.0e6 : 1.0e6;
        double& diagonal = fine.A.values[fine.A.diagonal[row]];
        if (undo) {
          diagonal /= factor;
          problem.b[row] /= factor;
        } else {
          diagonal *= factor;
          problem.b[row] *= factor;
        }
      }
    }
  }
}

}  // namespace

CgTestResult test_cg(Workspace& ws) {
  CgTestResult result;
  Problem& problem = ws.problem();
  Backend& backend = ws.backend();
  const local_int rows = problem.fine().A.rows;
  // Keep exact copies: dividing back need not restore every bit.
  std::vector<double> saved_values = problem.fine().A.values;
  Vector saved_b(problem.b.size());
  saved_b.copy_from(problem.b);

  scale_fine_diagonal(problem, false);
  backend.diagonal_changed(0);
  ws.upload(problem.b.data(), 0, rows, ws.cg.b);
  KernelTimes ignored;
  for (int preconditioned = 0; preconditioned <= 1; ++preconditioned) {
    int expected = preconditioned ? result.expected_preconditioned
                                  : result.expected_unpreconditioned;
    for (int call = 0; call < 2; ++call) {
      backend.fill(ws.cg.x, 0.0);
      CgResult cg = run_cg(ws, {test_max_iterations, test_tolerance, preconditioned == 1}, ignored);
      int& max = preconditioned ? result.max_preconditioned : result.max_unpreconditioned;
      if (cg.iterations > max) max = cg.iterations;
      std::ostringstream line;
      if (!preconditioned) result.log_lines.push_back("WARNING: PERFORMING UNPRECONDITIONED ITERATIONS");
      line << "Call [" << call << "] Number of Iterations [" << cg.iterations
           << "] Scaled Residual [" << cg.scaled_residual() << "]";
      result.log_lines.push_back(line.str());
      if (cg.iterations > expected) {
        ++result.failures;
        result.log_lines.push_back(" Expected " + std::to_string(expected) +
                                   " iterations.  Performed " + std::to_string(cg.iterations) +
                                   ".");
      }
    }
  }
  // Restore in place: a backend may hold pointers to these arrays.
  std::copy(saved_values.begin(), saved_values.end(), problem.fine().A.values.begin());
  problem.b.copy_from(saved_b);
  backend.diagonal_changed(0);
  ws.upload(problem.b.data(), 0, rows, ws.cg.b);
  backend.fill(ws.cg.x, 0.0);
  return result;
}

}  // namespace hpcg
