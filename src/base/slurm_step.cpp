// SPDX-License-Identifier: BSD-3-Clause
// posix_spawn, not fork: the process has MPI's memory registered and several threads, and
// glibc's posix_spawn starts the child without copying the parent's memory.
#include "hpcg/base/slurm_step.hpp"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <thread>

extern char** environ;

namespace hpcg {
namespace {

bool all_digits(const char* text) {
  if (text == nullptr || *text == '\0') return false;
  for (const char* c = text; *c != '\0'; ++c) {
    if (std::isdigit(static_cast<unsigned char>(*c)) == 0) return false;
  }
  return true;
}

}  // namespace

bool sent_by_slurm(pid_t sender, const std::string& proc) {
  if (sender <= 0) return false;  // the kernel (a terminal's hang-up) or unknown
  std::ifstream comm(proc + "/" + std::to_string(sender) + "/comm");
  std::string name;
  return std::getline(comm, name) && name == "slurmstepd";
}

std::string slurm_step_of(const char* job_id, const char* step_id) {
  if (!all_digits(job_id) || !all_digits(step_id)) return "";
  return std::string(job_id) + "." + step_id;
}

std::string signal_slurm_step(const std::string& step, const std::string& signal_name,
                              double wait_seconds) {
  std::string signal_flag = "--signal=" + signal_name;
  std::string program = "scancel";
  char* argv[] = {program.data(), signal_flag.data(), const_cast<char*>(step.c_str()), nullptr};
  // scancel runs inside the step, so the signal it has Slurm send reaches it too: blocked there,
  // it cannot end scancel before scancel has reported its status.
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  sigset_t blocked;
  sigemptyset(&blocked);
  for (int signal : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&blocked, signal);
  ::posix_spawnattr_setsigmask(&attributes, &blocked);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  pid_t child = 0;
  const int spawned = ::posix_spawnp(&child, "scancel", nullptr, &attributes, argv, environ);
  ::posix_spawnattr_destroy(&attributes);
  if (spawned != 0) return std::string("cannot start scancel (") + std::strerror(spawned) + ")";
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration<double>(wait_seconds);
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(child, &status, WNOHANG);
    if (done == child) {
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
      if (WIFEXITED(status) && WEXITSTATUS(status) == 127) return "scancel was not found";
      if (WIFSIGNALED(status)) {
        return "scancel was ended by signal " + std::to_string(WTERMSIG(status));
      }
      return "scancel failed with status " + std::to_string(WEXITSTATUS(status));
    }
    if (done < 0 && errno != EINTR) return "scancel's status is unknown";
    if (std::chrono::steady_clock::now() >= deadline) return "scancel did not answer in time";
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace hpcg
