// SPDX-License-Identifier: BSD-3-Clause
// The watchdog's monitor thread and the record of the wait the main thread is in. The main thread
// only stores into the record (no clock read, no lock: a clock read costs about 80 ns on a VM);
// the monitor, waking a few times per limit, times a wait from the first poll that sees it open,
// so durations are known to within one poll interval.
#include "hpcg/base/watchdog.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/stop_signal.hpp"

namespace hpcg {
namespace detail {
bool watchdog_running = false;
}  // namespace detail

namespace {

using Clock = std::chrono::steady_clock;

constexpr double adaptive_floor_seconds = 60;
constexpr double adaptive_factor = 20;
constexpr int exit_grace_seconds = 3;  // after MPI_Abort, before _exit
constexpr int tracked_requests = 256;  // requests whose completion the message can tell apart

struct State {
  // Written by the main thread, read by the monitor. `sequence` is odd while a wait is open;
  // the main thread fills the other fields before it makes `sequence` odd (release).
  std::atomic<std::uint64_t> sequence{0};
  std::atomic<const char*> operation{nullptr};
  std::atomic<bool> world{true};
  std::atomic<const int*> peers{nullptr};  // point to point: peer of each request, else null
  std::atomic<int> request_count{0}, receives{0};
  std::array<std::atomic<bool>, tracked_requests> completed{};
  int depth = 0;  // main thread only: nested waits count as the outermost

  // Set before the monitor starts, or under `mutex`.
  std::mutex mutex;
  std::condition_variable wake;
  std::thread monitor;
  bool stopping = false;
  std::string program, phase = "start-up";
  int rank = 0, size = 1;
  MPI_Comm comm = MPI_COMM_NULL;
  WatchdogLimit limit;
  double longest_wait = 0;  // seconds, of the waits the monitor saw end (monitor only)
};

/// Never destroyed: MPI_Abort's exit() may run on the monitor thread while the main thread is
/// still inside a wait that uses it.
State& state() {
  static State* the_state = new State;
  return *the_state;
}

double limit_seconds(const State& s) {
  if (!s.limit.adaptive) return s.limit.seconds;
  return std::max(adaptive_floor_seconds, adaptive_factor * s.longest_wait);
}

/// "0, 2-5, 7" (at most a dozen entries, then "... (N in all)").
std::string rank_list(std::vector<int> ranks) {
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  std::ostringstream text;
  size_t shown = 0;
  for (size_t i = 0; i < ranks.size() && shown < 12; ++shown) {
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    text << (shown > 0 ? ", " : "") << ranks[i];
    if (j > i) text << "-" << ranks[j];
    i = j + 1;
  }
  if (shown == 12) text << ", ... (" << ranks.size() << " in all)";
  return text.str();
}

std::string describe_peers(const State& s) {
  if (const int* peers = s.peers.load(std::memory_order_relaxed)) {
    std::vector<int> receive_from, send_to;
    const int count = s.request_count.load(std::memory_order_relaxed);
    const int receives = s.receives.load(std::memory_order_relaxed);
    for (int i = 0; i < count; ++i) {
      if (i < tracked_requests && s.completed[i].load(std::memory_order_relaxed)) continue;
      (i < receives ? receive_from : send_to).push_back(peers[i]);
    }
    std::string text;
    if (!receive_from.empty()) text = "a message from rank(s) " + rank_list(receive_from);
    if (!send_to.empty()) {
      text += (text.empty() ? "" : " and ") + std::string("its message to rank(s) ") +
              rank_list(send_to) + " to be taken";
    }
    return text;
  }
  if (!s.world.load(std::memory_order_relaxed)) return "the other ranks of its communicator";
  std::vector<int> others;
  for (int r = 0; r < s.size; ++r) {
    if (r != s.rank) others.push_back(r);
  }
  return "rank(s) " + rank_list(others) + " (every rank must join)";
}

std::string describe_timeout(const State& s, double waited, double limit) {
  std::ostringstream text;
  text.precision(3);
  text << s.program << ": rank " << s.rank << ": watchdog: no progress for " << waited
       << " s (limit " << limit << " s" << (s.limit.adaptive ? ", adaptive" : "")
       << ") in phase '" << s.phase << "', operation "
       << s.operation.load(std::memory_order_relaxed) << ", waiting for " << describe_peers(s)
       << "; a peer or the network is lost; ending the job with status "
       << static_cast<int>(ExitStatus::watchdog) << "\n";
  return text.str();
}

[[noreturn]] void end_job(const std::string& message, MPI_Comm comm) {
  ssize_t ignored = write(STDERR_FILENO, message.data(), message.size());  // one write: whole
  (void)ignored;
  // MPI_Abort needs the launcher; a rank cut off from it must still end, so a second thread
  // ends the process if MPI_Abort has not within the grace.
  std::thread([] {
    std::this_thread::sleep_for(std::chrono::seconds(exit_grace_seconds));
    _exit(static_cast<int>(ExitStatus::watchdog));
  }).detach();
  abort_job(comm, static_cast<int>(ExitStatus::watchdog));
}

void monitor(State& s) {
  std::unique_lock<std::mutex> lock(s.mutex);
  std::uint64_t seen = 0;  // the open wait being timed (odd), 0 for none
  Clock::time_point first_seen, last_seen;
  while (!s.stopping) {
    // A few polls per limit: the job ends within about a twentieth of the limit after it.
    const double poll = std::clamp(limit_seconds(s) / 20, 0.05, 1.0);
    s.wake.wait_for(lock, std::chrono::duration<double>(poll));
    if (s.stopping) break;
    const std::uint64_t sequence = s.sequence.load(std::memory_order_acquire);
    const Clock::time_point now = Clock::now();
    if (sequence != seen && seen != 0) {  // the wait timed so far has ended
      s.longest_wait =
          std::max(s.longest_wait, std::chrono::duration<double>(last_seen - first_seen).count());
      seen = 0;
    }
    if (sequence % 2 == 0) continue;
    if (seen == 0) {
      seen = sequence;
      first_seen = now;
    }
    last_seen = now;
    const double waited = std::chrono::duration<double>(now - first_seen).count();
    if (waited <= limit_seconds(s)) continue;
    const std::string message = describe_timeout(s, waited, limit_seconds(s));
    if (s.sequence.load(std::memory_order_acquire) != seen) continue;  // it just ended
    const MPI_Comm comm = s.comm;
    lock.unlock();
    end_job(message, comm);
  }
}

void open_wait(State& s, const char* operation, MPI_Comm comm, const int* peers) {
  s.operation.store(operation, std::memory_order_relaxed);
  s.world.store(comm == MPI_COMM_WORLD, std::memory_order_relaxed);
  s.peers.store(peers, std::memory_order_relaxed);
  s.sequence.store(s.sequence.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

void close_wait(State& s) {
  s.sequence.store(s.sequence.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

}  // namespace

Watchdog::Watchdog(const std::string& program, MPI_Comm comm, WatchdogLimit limit) {
  if (!limit.adaptive && limit.seconds == 0) return;
  State& s = state();
  HPCG_REQUIRE(!detail::watchdog_running);
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.program = program;
    s.comm = comm;
    MPI_Comm_rank(comm, &s.rank);
    MPI_Comm_size(comm, &s.size);
    s.limit = limit;
    s.longest_wait = 0;
    s.stopping = false;
  }
  s.depth = 0;
  s.monitor = std::thread(monitor, std::ref(s));
  detail::watchdog_running = true;
}

Watchdog::~Watchdog() {
  if (!detail::watchdog_running) return;
  State& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.stopping = true;
  }
  s.wake.notify_all();
  s.monitor.join();
  detail::watchdog_running = false;
}

void set_watchdog_phase(const std::string& phase) {
  State& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.phase = phase;
  }
  stop_point();
}

std::string watchdog_phase() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.phase;
}

double watchdog_limit_now() {
  if (!detail::watchdog_running) return 0;
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return limit_seconds(s);
}

namespace detail {

void begin_wait(const char* operation, MPI_Comm comm) {
  State& s = state();
  if (s.depth++ == 0) open_wait(s, operation, comm, nullptr);
}

void end_wait() {
  State& s = state();
  if (--s.depth == 0) close_wait(s);
}

}  // namespace detail

int watched_waitall(const char* operation, MPI_Comm comm, int count, MPI_Request* requests,
                    const int* peers, int receives) {
  State& s = state();
  if (!detail::watchdog_running || count == 0 || s.depth > 0) {
    return MPI_Waitall(count, requests, MPI_STATUSES_IGNORE);
  }
  // Which requests completed is recorded after each MPI_Waitsome, so the message names the peers
  // still open.
  const int tracked = std::min(count, tracked_requests);
  for (int i = 0; i < tracked; ++i) s.completed[i].store(false, std::memory_order_relaxed);
  s.request_count.store(count, std::memory_order_relaxed);
  s.receives.store(receives, std::memory_order_relaxed);
  s.depth = 1;
  open_wait(s, operation, comm, peers);
  static thread_local std::vector<int> done;
  done.resize(static_cast<size_t>(count));
  int status = MPI_SUCCESS;
  for (int left = count; left > 0;) {
    int finished = 0;
    status = MPI_Waitsome(count, requests, &finished, done.data(), MPI_STATUSES_IGNORE);
    if (status != MPI_SUCCESS || finished == MPI_UNDEFINED) break;
    for (int k = 0; k < finished; ++k) {
      if (done[k] < tracked) s.completed[done[k]].store(true, std::memory_order_relaxed);
    }
    left -= finished;
  }
  s.depth = 0;
  close_wait(s);
  return status;
}

}  // namespace hpcg
