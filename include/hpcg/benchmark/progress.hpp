// SPDX-License-Identifier: BSD-3-Clause
// Progress of a long run on rank 0: a live status line on a terminal, or plain lines at phase
// starts and at most every few tens of seconds when the output goes to a file. Separate from the
// benchmark so that the phases only report events and any program (xgraph too) can print them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace hpcg {

/// A phase starting, or a step of a counted phase (the timed sets) finishing.
struct ProgressEvent {
  std::string phase;       ///< short name: "setup", "validation", "timed sets", ...
  std::string detail;      ///< what happens, or the last step's result
  int steps_done = 0;      ///< counted phases only; 0 at the phase start
  int steps_total = 0;     ///< 0 = not a counted phase
  double seconds_left = -1;  ///< estimate for the rest of the phase; negative = unknown
  double gflops = 0;       ///< running rate of the counted phase; 0 = none
};

/// Called on every rank at each phase start and after each timed set.
using ProgressCallback = std::function<void(const ProgressEvent& event)>;

/// Prints progress events. Thread-safe; a background ticker refreshes the live line (and
/// writes "still running" lines in plain mode) while a phase lasts, so phases that report
/// nothing for minutes (set-up of a large problem) still show their elapsed time.
class ProgressPrinter {
 public:
  enum class Style { quiet, live, lines };

  /// live when `out` reaches a terminal (directly, or through mpiexec's output pipes), lines
  /// otherwise (a file), quiet when `quiet`.
  static Style style_for(std::FILE* out, bool quiet);

  /// `line_interval` (seconds) throttles plain lines: a counted phase prints its first and
  /// last step and at most one step per interval; a silent phase prints "still running" once
  /// per interval.
  ProgressPrinter(Style style, std::FILE* out, double line_interval = 30.0);
  ~ProgressPrinter();
  ProgressPrinter(const ProgressPrinter&) = delete;
  ProgressPrinter& operator=(const ProgressPrinter&) = delete;

  void report(const ProgressEvent& event);
  /// Ends the live line (so that later output starts on a fresh line) and stops the ticker.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  double since(Clock::time_point from) const;
  std::string status_line() const;  // caller holds mutex_
  void draw_live();                 // caller holds mutex_
  void write_line(const std::string& text);  // caller holds mutex_
  void tick();

  Style style_;
  std::FILE* out_;
  double line_interval_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point phase_start_ = start_, event_time_ = start_, last_line_ = start_;
  ProgressEvent current_;
  bool in_phase_ = false, live_drawn_ = false, stopping_ = false;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::thread ticker_;
};

}  // namespace hpcg
