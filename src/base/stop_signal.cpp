// SPDX-License-Identifier: BSD-3-Clause
// The stop signals' handler writes one byte into a pipe (async-signal-safe); the stop thread
// reads it, times suspensions, and ends the job itself when the main thread has not reached a
// safe point within the grace. Whoever claims the stop first writes the line and ends the job.
#include "hpcg/base/stop_signal.hpp"

#include <fcntl.h>
#include <mpi.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <csignal>
#include <cstring>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/slurm_step.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg {
namespace detail {
std::atomic<int> stop_signal{0};
std::atomic<int> cg_iteration{-1};
}  // namespace detail

namespace {

using Clock = std::chrono::steady_clock;

constexpr int exit_grace_seconds = 5;  // after MPI_Abort, before _exit
constexpr int tick_milliseconds = 200;  // the stop thread's wake-up: the suspensions' precision

int wake_pipe[2] = {-1, -1};
std::atomic<bool> resumed{false};  // SIGCONT arrived since the stop thread last looked
std::atomic<bool> stop_claimed{false};
std::atomic<pid_t> stop_sender{0};  // who sent the first stop signal (si_pid), 0: the kernel
// srun started each rank itself (its task count and id are MPI's size and rank): srun reports
// MPI_Abort as its own SIGKILL of the step (status 137), but returns the tasks' exit statuses,
// and Slurm's time limit and scancel signal every task. So each rank there exits by itself.
bool exit_alone = false;

struct Shared {
  std::mutex mutex;
  std::string program = "xhpcg", log_path;
  int rank = 0;
  std::vector<std::string> partial_outputs;
  Suspensions suspended;
};

Shared& shared() {
  static Shared* the_shared = new Shared;  // never destroyed: the stop thread outlives main
  return *the_shared;
}

void on_signal(int signal, siginfo_t* info, void*) {
  const int saved_errno = errno;
  if (signal == SIGCONT) {
    resumed.store(true);
  } else {
    int none = 0;
    if (detail::stop_signal.compare_exchange_strong(none, signal) && info != nullptr &&
        (info->si_code == SI_USER || info->si_code == SI_QUEUE)) {
      stop_sender.store(info->si_pid);
    }
  }
  const char byte = 1;
  ssize_t ignored = write(wake_pipe[1], &byte, 1);  // non-blocking: a full pipe wakes anyway
  (void)ignored;
  errno = saved_errno;
}

void append_line(const std::string& path, const std::string& line) {
  if (path.empty()) return;
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return;
  ssize_t ignored = ::write(fd, line.data(), line.size());
  (void)ignored;
  ::close(fd);
}

void stop_thread() {
  Clock::time_point last_tick = Clock::now();
  SuspensionTally tally(1e-3 * tick_milliseconds);
  std::optional<Clock::time_point> signalled;
  for (;;) {
    pollfd wait{wake_pipe[0], POLLIN, 0};
    ::poll(&wait, 1, tick_milliseconds);
    if ((wait.revents & POLLIN) != 0) {
      char bytes[64];
      ssize_t ignored = ::read(wake_pipe[0], bytes, sizeof bytes);
      (void)ignored;
    }
    const Clock::time_point now = Clock::now();
    const double gap = std::chrono::duration<double>(now - last_tick).count();
    tally.wake(gap, resumed.exchange(false));
    {
      std::lock_guard<std::mutex> lock(shared().mutex);
      shared().suspended = tally.seen();
    }
    last_tick = now;
    if (detail::stop_signal.load() == 0) continue;
    if (!signalled) signalled = now;
    if (std::chrono::duration<double>(now - *signalled).count() >= stop_grace_seconds) {
      detail::stop_job();  // the main thread is busy or blocked: end the job from here
    }
  }
}

/// Under srun, a signal that Slurm did not send reached this task alone: has Slurm send it to
/// the whole step (slurm_step.hpp). Returns what the stop line says about it, or "".
std::string share_with_slurm_step(int signal) {
  if (!exit_alone || sent_by_slurm(stop_sender.load())) return "";
  const std::string step =
      slurm_step_of(std::getenv("SLURM_JOB_ID"), std::getenv("SLURM_STEP_ID"));
  if (step.empty()) return "";
  const std::string name = stop_signal_name(signal).substr(3);  // scancel takes "TERM"
  constexpr double scancel_wait_seconds = 2;  // within exit_grace_seconds
  const std::string failure = signal_slurm_step(step, name, scancel_wait_seconds);
  if (failure.empty()) return "; sent " + stop_signal_name(signal) + " to Slurm step " + step;
  return "; could not send it to Slurm step " + step + " (" + failure +
         "): the other tasks end at the watchdog's limit";
}

std::string describe_stop(int signal, const std::string& shared_with_step) {
  std::ostringstream line;
  const Shared& s = shared();
  line << s.program << ": rank " << s.rank << ": received " << stop_signal_name(signal)
       << " in phase '" << watchdog_phase() << "'";
  const int iteration = detail::cg_iteration.load();
  if (iteration >= 0) line << ", CG iteration " << iteration;
  line << "; stopping every rank without a result";
  if (!s.partial_outputs.empty()) {
    line << "; removed the partial output(s)";
    for (const std::string& path : s.partial_outputs) line << " " << path;
  }
  line << shared_with_step << "; ending the job with status " << 128 + signal << "\n";
  return line.str();
}

}  // namespace

std::string stop_signal_name(int signal) {
  switch (signal) {
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(signal);
  }
}

void catch_stop_signals(const std::string& program, int rank) {
  {
    std::lock_guard<std::mutex> lock(shared().mutex);
    shared().program = program;
    shared().rank = rank;
  }
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char* tasks = std::getenv("SLURM_STEP_NUM_TASKS");
  const char* task = std::getenv("SLURM_PROCID");
  exit_alone = tasks != nullptr && task != nullptr && std::atoi(tasks) == size &&
               std::atoi(task) == rank;
  static const bool started = [] {
    if (::pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return false;
    struct sigaction action {};
    action.sa_sigaction = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    for (int signal : {SIGTERM, SIGINT, SIGHUP, SIGCONT}) sigaction(signal, &action, nullptr);
    std::thread(stop_thread).detach();
    return true;
  }();
  (void)started;
}

void set_stop_log(const std::string& path) {
  std::lock_guard<std::mutex> lock(shared().mutex);
  shared().log_path = path;
}

void add_partial_output(const std::string& path) {
  std::lock_guard<std::mutex> lock(shared().mutex);
  shared().partial_outputs.push_back(path);
}

void remove_partial_output(const std::string& path) {
  std::lock_guard<std::mutex> lock(shared().mutex);
  auto& paths = shared().partial_outputs;
  paths.erase(std::remove(paths.begin(), paths.end(), path), paths.end());
}

void remove_partial_outputs() {
  std::lock_guard<std::mutex> lock(shared().mutex);
  for (const std::string& path : shared().partial_outputs) ::unlink(path.c_str());
  shared().partial_outputs.clear();
}

void SuspensionTally::wake(double gap, bool resumed) {
  // A SIGCONT with no stop before it leaves no gap longer than one tick.
  const double stopped = std::max(gap, previous_gap_);
  if (resumed && stopped > threshold_) {
    seen_.count += 1;
    seen_.seconds += stopped;
    previous_gap_ = 0;
  } else {
    previous_gap_ = gap;
  }
}

Suspensions suspensions() {
  std::lock_guard<std::mutex> lock(shared().mutex);
  return shared().suspended;
}

namespace detail {

void stop_job() {
  if (stop_claimed.exchange(true)) {
    for (;;) ::pause();  // the other thread is ending the job
  }
  const int signal = stop_signal.load();
  const int status = 128 + signal;
  // MPI_Abort needs the launcher; a rank cut off from it must still end.
  std::thread([status] {
    std::this_thread::sleep_for(std::chrono::seconds(exit_grace_seconds));
    _exit(status);
  }).detach();
  {
    std::lock_guard<std::mutex> lock(shared().mutex);
    for (const std::string& path : shared().partial_outputs) ::unlink(path.c_str());
  }
  const std::string shared_with_step = share_with_slurm_step(signal);
  std::string line, log_path;
  {
    std::lock_guard<std::mutex> lock(shared().mutex);
    line = describe_stop(signal, shared_with_step);
    log_path = shared().log_path;
  }
  ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());  // one write: whole
  (void)ignored;
  append_line(log_path, line);
  if (exit_alone) _exit(status);
  abort_job(MPI_COMM_WORLD, status);
}

}  // namespace detail

}  // namespace hpcg
