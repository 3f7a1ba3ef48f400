// SPDX-License-Identifier: BSD-3-Clause
// A rank that crashes, aborts or calls exit() (most likely inside a vendor's backend) says so
// before it dies, naming the backend, and the whole job ends with status 5 instead of leaving
// the other ranks waiting. (Stop signals: base/stop_signal.hpp.)
#include "hpcg/benchmark/crash_handler.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/job_end.hpp"

namespace hpcg {
namespace {

char crash_message[512];  // prepared in advance: a signal handler may not allocate

/// Appends `text` to `line` at `length` without overrunning it (no snprintf: not signal-safe).
size_t append(char* line, size_t length, size_t capacity, const char* text) {
  while (*text != '\0' && length + 1 < capacity) line[length++] = *text++;
  return length;
}

/// Says which rank crashed in one write (two ranks' lines never interleave), then ends the job
/// through MPI_Abort. A plain _exit raced with the launcher: MPICH's Hydra, seeing one rank exit,
/// may kill another rank that is still inside this handler, and then returns that signal's
/// number instead of our status. With MPI_Abort Hydra returns the abort code. MPI_Abort is not
/// async-signal-safe; the alarm bounds the damage if it does not return.
void on_fatal_signal(int signal) {
  const char* name = signal == SIGSEGV ? "SIGSEGV" : signal == SIGBUS ? "SIGBUS"
                     : signal == SIGFPE ? "SIGFPE" : signal == SIGILL ? "SIGILL"
                     : signal == SIGABRT ? "SIGABRT (abort)" : "signal";
  char line[sizeof crash_message + 16];
  size_t length = append(line, 0, sizeof line, crash_message);
  length = append(line, length, sizeof line, name);
  line[length++] = '\n';
  ssize_t ignored = write(STDERR_FILENO, line, length);
  (void)ignored;
  const int status = static_cast<int>(ExitStatus::backend_error);
  std::signal(SIGALRM, [](int) { _exit(static_cast<int>(ExitStatus::backend_error)); });
  alarm(5);
  abort_job(MPI_COMM_WORLD, status);
}

}  // namespace

void install_crash_handler(int rank, const std::string& backend_name) {
  std::snprintf(crash_message, sizeof crash_message,
                "xhpcg: rank %d: crashed while running backend '%s': ", rank,
                backend_name.c_str());
  // SIGABRT too: a library's abort() or failed assert ends the job alike, naming the rank.
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
    std::signal(signal, on_fatal_signal);
  }
  // A library's exit() on this rank, likewise (job_end.hpp).
  set_early_exit_context(ExitStatus::backend_error, "while running backend '" + backend_name + "'");
}

}  // namespace hpcg
