// SPDX-License-Identifier: BSD-3-Clause
// The HPCG linear system and its multigrid hierarchy: a 27-point operator regenerated on each of
// the 4 grids and the injection maps between them, as the host holds them.
#pragma once

#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/geometry.hpp"

namespace hpcg {

constexpr int mg_levels = 4;  ///< fixed by HPCG: the fine grid and three coarse grids

/// One grid of the hierarchy. `coarse_to_fine` maps each row of level l+1 to the level-l row it
/// is injected from (empty on the coarsest level).
struct Level {
  Geometry geometry;
  SparseMatrix A;
  std::vector<local_int> coarse_to_fine;
};

/// The host's copy of the system. The vectors CG and the V-cycle work on belong to a backend
/// (solver/workspace.hpp), which takes b from here.
struct Problem {
  std::vector<Level> levels;  ///< [0] is the fine grid
  Vector b;                   ///< right-hand side, A times xexact (rows)
  Vector xexact;              ///< all ones (columns)

  Level& fine() { return levels.front(); }
  const Level& fine() const { return levels.front(); }
};

/// The 27-point operator on `geometry` (diagonal 26, off-diagonals -1, zero Dirichlet boundary)
/// with its halo. Collective.
SparseMatrix generate_stencil_matrix(const Geometry& geometry, const Comm& comm);

/// Builds the whole problem (HPCG's GenerateProblem, SetupHalo, GenerateCoarseProblem). Collective.
/// Checks no memory: the caller's plan has (check_memory_fits, memory_check.hpp).
Problem generate_problem(const Geometry& fine, const Comm& comm);

}  // namespace hpcg
