// SPDX-License-Identifier: BSD-3-Clause
// A rank that crashes (most likely inside a vendor's backend) says so before it dies, naming the
// backend; the MPI launcher then ends the other ranks instead of leaving them waiting. An
// interrupt stops every rank promptly with one message.
#include "hpcg/benchmark/crash_handler.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

char crash_message[512];  // prepared in advance: a signal handler may not allocate
bool is_root_rank = false;

/// SIGINT or SIGTERM (mpiexec forwards them to every rank): stop at once, rank 0 says so. No
/// report exists yet unless the run had finished, and the report is only ever renamed into place.
void on_interrupt(int signal) {
  if (is_root_rank) {
    const char* text = signal == SIGINT ? "xhpcg: interrupted (SIGINT); stopping without a report\n"
                                        : "xhpcg: terminated (SIGTERM); stopping without a report\n";
    ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;
  }
  _exit(128 + signal);
}

void on_fatal_signal(int signal) {
  const char* name = signal == SIGSEGV ? "SIGSEGV" : signal == SIGBUS ? "SIGBUS"
                     : signal == SIGFPE ? "SIGFPE" : signal == SIGILL ? "SIGILL" : "signal";
  ssize_t ignored = write(STDERR_FILENO, crash_message, std::strlen(crash_message));
  ignored = write(STDERR_FILENO, name, std::strlen(name));
  ignored = write(STDERR_FILENO, "\n", 1);
  (void)ignored;
  _exit(static_cast<int>(ExitStatus::backend_error));
}

}  // namespace

void install_crash_handler(int rank, const std::string& backend_name) {
  std::snprintf(crash_message, sizeof crash_message,
                "xhpcg: rank %d: crashed while running backend '%s': ", rank,
                backend_name.c_str());
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) std::signal(signal, on_fatal_signal);
  is_root_rank = rank == 0;
  for (int signal : {SIGINT, SIGTERM}) std::signal(signal, on_interrupt);
}

}  // namespace hpcg
