// SPDX-License-Identifier: BSD-3-Clause
// The V-cycle's per-level timers, apart from the V-cycle so that a backend's own mg() can report
// through the same scopes.
#pragma once

#include <array>

#include "hpcg/backends/backend.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

/// Seconds spent in each level of the V-cycle, each level exclusive of the coarser levels it
/// calls: its smoothing, residual, restriction and prolongation. The benchmark enables it for the
/// timed sets only, so validation and the reference timing do not count. The core's V-cycle
/// opens one MgLevelScope per level visit; a backend's whole-V-cycle mg() opens none (it cannot
/// reach them through the C ABI), leaves every level unvisited, and the report says so.
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
/// times are disabled, two clock reads when enabled. With `backend` given, its fence() runs
/// before each clock read, so that work queued asynchronously is charged to the level that
/// launched it.
class MgLevelScope {
 public:
  MgLevelScope(MgLevelTimes& times, int level, Backend* backend = nullptr)
      : times_(times.enabled() ? &times : nullptr), backend_(backend) {
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
    if (backend_ != nullptr) backend_->fence();
    return wall_time();
  }
  MgLevelTimes* times_;  ///< nullptr when the times were disabled at construction
  Backend* backend_;
  int outer_level_ = -1;
};

}  // namespace hpcg
