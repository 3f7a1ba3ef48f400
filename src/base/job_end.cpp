// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/job_end.hpp"

#include <mpi.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "hpcg/base/comm.hpp"

namespace hpcg {
namespace {

// Prepared in advance: the atexit handler and the finalize timer only write them.
char early_exit_message[768];
std::atomic<int> early_exit_status{0};  // 0: disarmed
std::string program_name = "xhpcg";
int rank_number = 0;

void compose_message(const std::string& where) {
  std::snprintf(early_exit_message, sizeof early_exit_message,
                "%s: rank %d: exit() was called%s%s before the end of the run (a library or "
                "plugin ended the process); ending the job with status %d\n",
                program_name.c_str(), rank_number, where.empty() ? "" : " ", where.c_str(),
                early_exit_status.load());
}

void on_early_exit() {
  const int status = early_exit_status.exchange(0);
  if (status == 0) return;
  int finalized = 1;
  MPI_Finalized(&finalized);
  if (finalized) return;
  ssize_t ignored = write(STDERR_FILENO, early_exit_message, std::strlen(early_exit_message));
  (void)ignored;
  abort_job(MPI_COMM_WORLD, status);
}

}  // namespace

void arm_early_exit(const std::string& program, int rank) {
  static const bool registered = std::atexit(on_early_exit) == 0;
  if (!registered) return;
  program_name = program;
  rank_number = rank;
  early_exit_status.store(static_cast<int>(ExitStatus::internal_error));
  compose_message("");
}

void set_early_exit_context(ExitStatus status, const std::string& where) {
  if (early_exit_status.load() == 0) return;
  early_exit_status.store(static_cast<int>(status));
  compose_message(where);
}

void disarm_early_exit() { early_exit_status.store(0); }

int finalize_mpi(const std::string& program, int status) {
  MPI_Barrier(MPI_COMM_WORLD);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int hung_status = status != 0 ? status : static_cast<int>(ExitStatus::finalize_hung);
  static char message[320];
  std::snprintf(message, sizeof message,
                "%s: rank %d: MPI_Finalize did not return within %d s (the MPI library or the "
                "network hung at shutdown); the results are complete; ending with status %d\n",
                program.c_str(), rank, finalize_limit_seconds, hung_status);
  std::thread([hung_status] {
    std::this_thread::sleep_for(std::chrono::seconds(finalize_limit_seconds));
    ssize_t ignored = write(STDERR_FILENO, message, std::strlen(message));
    (void)ignored;
    _exit(hung_status);
  }).detach();
  MPI_Finalize();
  return status;
}

}  // namespace hpcg
