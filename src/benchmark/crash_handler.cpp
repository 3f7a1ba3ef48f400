// SPDX-License-Identifier: BSD-3-Clause
// A rank that crashes (most likely inside a vendor's backend) says so before it dies, naming the
// backend; the MPI launcher then ends the other ranks instead of leaving them waiting.
#include "hpcg/benchmark/crash_handler.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

char crash_message[512];  // prepared in advance: a signal handler may not allocate

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
}

}  // namespace hpcg
