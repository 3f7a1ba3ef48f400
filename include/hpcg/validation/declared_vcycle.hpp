// SPDX-License-Identifier: BSD-3-Clause
// HPCG's V-cycle with every level's Gauss-Seidel relaxing rows in a backend's declared order,
// on host vectors allocated once: what the exact V-cycle check of an audited iteration
// recomputes (declared_preconditioner.hpp). It is the reference's algorithm (the same sweeps,
// restriction and prolongation, row by row in the same order); only each row's sum is
// written for speed (four partial sums), which changes rounding, not the arithmetic's meaning.
//
// Threads: a declared order is cut into segments (ascending runs of consecutive rows), and
// consecutive segments that share no nonzero are grouped into phases; a phase's segments relax
// in parallel, each in its order. No row then reads a value another thread writes in the same
// phase, so every row sees exactly the values the one-thread sweep gives it: block-colour
// orders sweep a colour's blocks in parallel, point colourings a colour's rows, and natural
// order (one segment) runs on one thread.
#pragma once

#include <vector>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

/// The phases of a sweep in a declared order: segment s is order[segment_start[s] ..
/// segment_start[s + 1]), phase p the segments [phase_start[p], phase_start[p + 1]).
struct SweepSchedule {
  std::vector<local_int> segment_start;
  std::vector<local_int> phase_start;
  /// Per row, 1 where the row's entries before its diagonal are exactly the owned columns the
  /// sweep updates before it (true of most rows of natural and block orders): the forward sweep
  /// keeps r_i minus their sum, so the backward sweep and a forward sweep from x = 0 read only
  /// the entries after the diagonal, or before it, as the optimised backends' split matrices do.
  std::vector<unsigned char> split;

  int phases() const { return static_cast<int>(phase_start.size()) - 1; }
};

/// The schedule of `order` (a permutation of A's rows): segments grouped greedily, then every
/// nonzero verified; where two segments of a phase still share one (an unsymmetric pattern),
/// every segment becomes a phase of its own, the one-thread sweep.
SweepSchedule make_sweep_schedule(const SparseMatrix& A, const std::vector<local_int>& order);

class DeclaredVcycle {
 public:
  /// `orders[l]` is a permutation of level l's rows (the caller has checked). Allocates one
  /// solution vector per level and the coarse levels' right-hand sides.
  DeclaredVcycle(Problem& problem, std::vector<std::vector<local_int>> orders);

  /// One SymGS step on `level` from x (its halo exchanged first): the level's columns.
  Vector symgs(int level, const Vector& r, const Vector& x);
  /// SymGS from x = 0 on `level`, halo included: the level's rows.
  Vector symgs_zero_guess(int level, const Vector& r);
  /// The V-cycle M r on the fine level (r: its rows). The result (the fine level's columns) is
  /// this object's and valid until the next call. Collective (halo exchanges).
  const Vector& mg(const Vector& r);

 private:
  struct LevelState {
    std::vector<local_int> order;
    SweepSchedule schedule;
    Vector x;    ///< the level's solution, rows and halo
    Vector rhs;  ///< the restricted residual (coarse levels)
    Vector t;    ///< r minus the split rows' sums before the diagonal, from the forward sweep
  };
  /// One forward and one backward sweep of x on `level` (its halo as it stands).
  void sweeps(int level, const double* r, double* x, bool zero_guess);
  void v_cycle(int level, const double* r);

  Problem& problem_;
  std::vector<LevelState> levels_;
};

}  // namespace hpcg
