// SPDX-License-Identifier: BSD-3-Clause
// Turns a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL) into one line naming the backend and exit
// status 5 (ExitStatus::backend_error). SIGINT, SIGTERM and SIGHUP: base/stop_signal.hpp.
#pragma once

#include <string>

namespace hpcg {

void install_crash_handler(int rank, const std::string& backend_name);

}  // namespace hpcg
