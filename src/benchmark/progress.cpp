// SPDX-License-Identifier: BSD-3-Clause
// The ticker thread only formats and writes text: it never calls MPI (the library may have been
// initialised without thread support) and takes its clock from std::chrono.
#include "hpcg/benchmark/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <fstream>

namespace hpcg {
namespace {

std::string duration(double seconds) {
  char text[32];
  if (seconds < 120) {
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  } else if (seconds < 7200) {
    std::snprintf(text, sizeof text, "%dm%02ds", static_cast<int>(seconds) / 60,
                  static_cast<int>(seconds) % 60);
  } else {
    std::snprintf(text, sizeof text, "%dh%02dm", static_cast<int>(seconds) / 3600,
                  static_cast<int>(seconds) / 60 % 60);
  }
  return text;
}

/// Columns of the terminal, so that the live line never wraps (a wrapped line cannot be
/// redrawn with '\r').
size_t terminal_width(std::FILE* out) {
  winsize size{};
  if (ioctl(fileno(out), TIOCGWINSZ, &size) == 0 && size.ws_col > 20) return size.ws_col;
  return 80;
}

std::string standard_output_of(pid_t pid) {
  char link[64], target[PATH_MAX];
  std::snprintf(link, sizeof link, "/proc/%d/fd/1", static_cast<int>(pid));
  const ssize_t length = readlink(link, target, sizeof target - 1);
  return length > 0 ? std::string(target, static_cast<size_t>(length)) : std::string();
}

pid_t parent_of(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  // Fields after the command name, which is in parentheses and may hold spaces: state, ppid.
  const size_t close = text.rfind(')');
  if (close == std::string::npos) return 0;
  char state = 0;
  int parent = 0;
  if (std::sscanf(text.c_str() + close + 1, " %c %d", &state, &parent) != 2) return 0;
  return parent;
}

/// Whether `out` ends on a terminal. Under mpiexec a rank's output is a pipe to the launcher
/// (MPICH's hydra_pmi_proxy, then mpiexec), so follow the pipes up the parent processes to the
/// first real output: a terminal there means a person is watching.
bool reaches_terminal(std::FILE* out) {
  if (isatty(fileno(out))) return true;
  std::string target = standard_output_of(getpid());
  pid_t pid = getpid();
  for (int hops = 0; hops < 8; ++hops) {
    if (target.rfind("pipe:", 0) != 0 && target.rfind("socket:", 0) != 0) break;
    pid = parent_of(pid);
    if (pid <= 1) return false;
    target = standard_output_of(pid);
  }
  return target.rfind("/dev/pts/", 0) == 0 || target.rfind("/dev/tty", 0) == 0;
}

}  // namespace

ProgressPrinter::Style ProgressPrinter::style_for(std::FILE* out, bool quiet) {
  if (quiet) return Style::quiet;
  return reaches_terminal(out) ? Style::live : Style::lines;
}

ProgressPrinter::ProgressPrinter(Style style, std::FILE* out, double line_interval)
    : style_(style), out_(out), line_interval_(line_interval) {
  if (style_ != Style::quiet) ticker_ = std::thread([this] { tick(); });
}

ProgressPrinter::~ProgressPrinter() { finish(); }

double ProgressPrinter::since(Clock::time_point from) const {
  return std::chrono::duration<double>(Clock::now() - from).count();
}

std::string ProgressPrinter::status_line() const {
  char stamp[32];
  std::snprintf(stamp, sizeof stamp, "[%8.1f s] ", since(start_));
  std::string line = stamp + current_.phase;
  const double in_phase = since(phase_start_);
  if (current_.steps_total > 0) {
    line += " " + std::to_string(current_.steps_done) + "/" +
            std::to_string(current_.steps_total) + ", " + duration(in_phase) + " elapsed";
    if (current_.seconds_left >= 0) {
      const double left = std::max(0.0, current_.seconds_left - since(event_time_));
      line += ", ~" + duration(left) + " left";
    }
    if (current_.gflops > 0) {
      char rate[48];
      std::snprintf(rate, sizeof rate, ", %.4g GFLOP/s", current_.gflops);
      line += rate;
    }
    if (!current_.detail.empty()) line += "; " + current_.detail;
    return line;
  }
  line += ": " + current_.detail;
  if (in_phase >= 1.0) line += " (" + duration(in_phase) + ")";
  return line;
}

void ProgressPrinter::draw_live() {
  std::string line = status_line();
  const size_t width = terminal_width(out_) - 1;
  if (line.size() > width) line.resize(width);
  std::fprintf(out_, "\r%s\033[K", line.c_str());
  std::fflush(out_);
  live_drawn_ = true;
}

void ProgressPrinter::write_line(const std::string& text) {
  std::fprintf(out_, "%s\n", text.c_str());
  std::fflush(out_);
  last_line_ = Clock::now();
}

void ProgressPrinter::report(const ProgressEvent& event) {
  if (style_ == Style::quiet) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_) return;
  const bool new_phase = event.phase != current_.phase || event.steps_done == 0 || !in_phase_;
  const Clock::time_point now = Clock::now();
  if (new_phase) phase_start_ = now;
  current_ = event;
  event_time_ = now;
  in_phase_ = true;
  if (style_ == Style::live) {
    draw_live();
    return;
  }
  const bool counted_milestone = event.steps_done == 1 || event.steps_done == event.steps_total;
  if (new_phase || counted_milestone || since(last_line_) >= line_interval_) {
    write_line(status_line());
  }
}

void ProgressPrinter::tick() {
  const auto period = std::chrono::milliseconds(style_ == Style::live ? 500 : 1000);
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, period);
    if (stopping_ || !in_phase_) continue;
    if (style_ == Style::live) {
      draw_live();
    } else if (since(last_line_) >= line_interval_) {
      write_line(status_line());
    }
  }
}

void ProgressPrinter::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    if (live_drawn_) {
      std::fputs("\n", out_);
      std::fflush(out_);
    }
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

}  // namespace hpcg
