// SPDX-License-Identifier: BSD-3-Clause
// Turns a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL) into one line naming the backend and exit
// status 5 (ExitStatus::backend_error), and SIGINT/SIGTERM into a prompt stop with status
// 128 + signal and one message from rank 0.
#pragma once

#include <string>

namespace hpcg {

void install_crash_handler(int rank, const std::string& backend_name);

}  // namespace hpcg
