// SPDX-License-Identifier: BSD-3-Clause
// The run plan on 1, 2 and 4 ranks: hpcg.dat is read by rank 0 alone and every rank plans with
// its numbers; every rank holds the same parameters and backend and its own piece of one
// geometry; a refusal, even one only some ranks could see, is the same error on every rank.
#include "hpcg/benchmark/run_plan.hpp"

#include <gtest/gtest.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;
using Args = std::vector<std::string>;

/// Rank 0 writes an hpcg.dat and broadcasts its path; the other ranks get a path that does not
/// exist, so the plan works only if rank 0 alone reads the file.
std::string path_only_rank0_sees(const Comm& comm) {
  std::string path;
  if (comm.is_root()) {
    char name[] = "/tmp/hpcg-plan-dat-XXXXXX";  // mkstemp fills in the six letters
    const int fd = mkstemp(name);
    if (fd >= 0) close(fd);
    path = name;
    std::ofstream(path) << "HPCG benchmark input file\nSandia National Laboratories\n24 16 32\n9\n";
  }
  const std::string root_path = comm.broadcast(path);
  return comm.is_root() ? root_path : root_path + ".not-here";
}

TEST(RunPlanAgreement, HpcgDatFromRankZeroGivesEveryRankTheSamePlan) {
  Comm comm;
  unsetenv("HPCG_BACKEND");
  const std::string path = path_only_rank0_sees(comm);
  const RunPlan plan = plan_run(comm, parse_command_line({"--backend=reference"}), path);
  if (comm.is_root()) std::remove(path.c_str());

  RankChecks checks;
  checks.check(plan.params.read_hpcg_dat, "hpcg.dat was not read");
  checks.check(plan.params.nx == 24 && plan.params.ny == 16 && plan.params.nz == 32,
               "local grid is not hpcg.dat's 24x16x32");
  checks.check(plan.params.runtime_seconds == 9, "run time is not hpcg.dat's 9 s");
  checks.check(plan.backend.name == "reference", "backend " + plan.backend.name);
  checks.check(plan.geometry.rank == comm.rank() && plan.geometry.ranks == comm.size(),
               "the geometry is not this rank's");
  const global_int rows = comm.sum(static_cast<global_int>(plan.geometry.local_rows()));
  checks.check(rows == plan.geometry.global_rows(), "the ranks' pieces do not tile the grid");
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(RunPlanAgreement, ARefusalIsTheSameOnEveryRank) {
  Comm comm;
  unsetenv("HPCG_BACKEND");
  const std::string grid = "--npx=" + std::to_string(comm.size() + 1);
  for (const Args& args : std::vector<Args>{{"--nx=16", "--backend=nope"},
                                            {"--nx=16", grid, "--npy=1", "--npz=1"},
                                            {"--nx=1280", "--ny=1280", "--nz=1280"}}) {
    std::string message;
    try {
      plan_run(comm, parse_command_line(args));
    } catch (const Error& error) {
      message = error.what();
    }
    RankChecks checks;
    checks.check(!message.empty(), "the plan accepted " + args[1]);
    checks.check(comm.broadcast(message) == message, "the ranks disagree: " + message);
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

}  // namespace
}  // namespace hpcg
