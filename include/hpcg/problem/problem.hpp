// SPDX-License-Identifier: BSD-3-Clause
// The HPCG linear system and its multigrid hierarchy: a 27-point operator regenerated on each of
// the 4 grids, injection maps between them, the vectors CG and the V-cycle work on, and the
// V-cycle's per-level timers (here so that any backend's mg() reaches them through Problem).
#pragma once

#include <array>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/linalg/sparse_matrix.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/geometry.hpp"

namespace hpcg {

constexpr int mg_levels = 4;  ///< fixed by HPCG: the fine grid and three coarse grids

/// One grid of the hierarchy. Level l's V-cycle vectors have l's sizes; `coarse_to_fine` maps
/// each row of level l+1 to the level-l row it is injected from (empty on the coarsest level).
struct Level {
  Geometry geometry;
  SparseMatrix A;
  std::vector<local_int> coarse_to_fine;
  Vector mg_rhs;       ///< V-cycle right-hand side on this level (rows; unused on level 0)
  Vector mg_solution;  ///< V-cycle correction on this level (columns; unused on level 0)
  Vector mg_residual;  ///< A times the smoothed correction, for restriction (rows)
};

/// Seconds spent in each level of the V-cycle, each level exclusive of the coarser levels it
/// calls: its smoothing, residual, restriction and prolongation. The benchmark enables it for the
/// timed sets only, so validation and the reference timing do not count. The core's V-cycle and
/// a backend's own mg() report by opening one MgLevelScope per level visit; an mg() that opens
/// none (a C ABI plugin's) leaves every level unvisited, and the report says so.
class MgLevelTimes {
 public:
  void enable(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  /// Zeroes seconds and visits; call with no scope open.
  void clear() {
    seconds_.fill(0.0);
    visits_.fill(0);
    open_level_ = -1;
  }
  double seconds(int level) const { return seconds_.at(level); }
  long visits(int level) const { return visits_.at(level); }
  /// True when every level was entered at least once since clear().
  bool reported() const {
    for (long v : visits_) {
      if (v == 0) return false;
    }
    return true;
  }

 private:
  friend class MgLevelScope;
  std::array<double, mg_levels> seconds_{};
  std::array<long, mg_levels> visits_{};
  int open_level_ = -1;  ///< innermost open scope's level, charged since `since_`
  double since_ = 0;
  bool enabled_ = false;
};

/// Charges the time from construction to destruction to `level`, except while a scope for a
/// coarser level is open inside it (that time goes to the coarser level). One branch when the
/// times are disabled, two clock reads when enabled. `sync`, when given, runs before each clock
/// read: a backend whose kernels run asynchronously passes its fence (e.g. Kokkos::fence) so
/// that work is charged to the level that launched it. Open scopes on the thread calling mg().
class MgLevelScope {
 public:
  using Sync = void (*)();
  MgLevelScope(MgLevelTimes& times, int level, Sync sync = nullptr)
      : times_(times.enabled() ? &times : nullptr), sync_(sync) {
    if (times_ == nullptr) return;
    ++times_->visits_.at(level);  // first: a bad level throws before anything changed
    const double now = clock();
    if (times_->open_level_ >= 0) times_->seconds_[times_->open_level_] += now - times_->since_;
    outer_level_ = times_->open_level_;
    times_->open_level_ = level;
    times_->since_ = now;
  }
  ~MgLevelScope() {
    if (times_ == nullptr) return;
    const double now = clock();
    times_->seconds_[times_->open_level_] += now - times_->since_;
    times_->open_level_ = outer_level_;
    times_->since_ = now;
  }
  MgLevelScope(const MgLevelScope&) = delete;
  MgLevelScope& operator=(const MgLevelScope&) = delete;

 private:
  double clock() const {
    if (sync_ != nullptr) sync_();
    return wall_time();
  }
  MgLevelTimes* times_;  ///< nullptr when the times were disabled at construction
  Sync sync_;
  int outer_level_ = -1;
};

/// CG's work vectors, allocated once so that the timed sets do not allocate.
struct CgVectors {
  Vector r, z, p, Ap;
};

struct Problem {
  std::vector<Level> levels;  ///< [0] is the fine grid
  Vector b;                   ///< right-hand side, A times xexact
  Vector x;                   ///< solution (columns)
  Vector xexact;              ///< all ones (columns)
  CgVectors cg;
  MgLevelTimes mg_level_times;  ///< per-level V-cycle seconds, enabled for the timed sets

  Level& fine() { return levels.front(); }
  const Level& fine() const { return levels.front(); }
};

/// The 27-point operator on `geometry` (diagonal 26, off-diagonals -1, zero Dirichlet boundary)
/// with its halo. Collective.
SparseMatrix generate_stencil_matrix(const Geometry& geometry, const Comm& comm);

/// Builds the whole problem (HPCG's GenerateProblem, SetupHalo, GenerateCoarseProblem). Collective.
Problem generate_problem(const Geometry& fine, const Comm& comm);

}  // namespace hpcg
