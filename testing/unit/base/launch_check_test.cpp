// SPDX-License-Identifier: BSD-3-Clause
// A launch MPI does not see, told from the launcher's variables: each launcher's, the order in
// which they count, and the one task that reports (integration/bad_inputs.sh runs the programs
// with the same variables).
#include "hpcg/base/launch_check.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace hpcg {
namespace {

std::optional<LaunchMismatch> check(int world_size, std::map<std::string, std::string> variables) {
  return find_launch_mismatch("xhpcg", world_size, [variables](const char* name) -> const char* {
    auto found = variables.find(name);
    return found == variables.end() ? nullptr : found->second.c_str();
  });
}

TEST(LaunchCheck, NoLauncherIsASingleRank) { EXPECT_FALSE(check(1, {})); }

TEST(LaunchCheck, EachLauncherSaysHowManyTasks) {
  for (auto [size, rank] : {std::pair{"PMI_SIZE", "PMI_RANK"},
                            {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"},
                            {"SLURM_STEP_NUM_TASKS", "SLURM_PROCID"}}) {
    auto first = check(1, {{size, "4"}, {rank, "0"}});
    ASSERT_TRUE(first) << size;
    EXPECT_TRUE(first->reporter) << size;
    EXPECT_NE(first->message.find(std::string(size) + "=4"), std::string::npos) << first->message;
    auto third = check(1, {{size, "4"}, {rank, "2"}});
    ASSERT_TRUE(third) << size;
    EXPECT_FALSE(third->reporter) << size;  // one message, from task 0
    EXPECT_FALSE(check(1, {{size, "1"}, {rank, "0"}})) << size;
    EXPECT_FALSE(check(4, {{size, "4"}, {rank, "2"}})) << size;  // MPI sees them: fine
  }
}

TEST(LaunchCheck, FixNamesTheLauncher) {
  auto slurm = check(1, {{"SLURM_STEP_NUM_TASKS", "2"}, {"SLURM_PROCID", "0"}});
  ASSERT_TRUE(slurm);
  EXPECT_NE(slurm->message.find("srun --mpi="), std::string::npos) << slurm->message;
  auto hydra = check(1, {{"PMI_SIZE", "2"}, {"PMI_RANK", "0"}});
  ASSERT_TRUE(hydra);
  EXPECT_NE(hydra->message.find("the mpirun of the MPI xhpcg was built with"), std::string::npos)
      << hydra->message;
}

TEST(LaunchCheck, MpisOwnLauncherCountsBeforeSlurms) {
  // mpiexec -n 1 inside a 2-task srun step: one rank is what was asked for.
  EXPECT_FALSE(check(1, {{"PMI_SIZE", "1"}, {"SLURM_STEP_NUM_TASKS", "2"}}));
  // A batch script's own shell (SLURM_NTASKS without a step): not a launch of this program.
  EXPECT_FALSE(check(1, {{"SLURM_NTASKS", "8"}, {"SLURM_PROCID", "0"}}));
}

TEST(LaunchCheck, PmixGivesARankOnly) {
  EXPECT_FALSE(check(1, {{"PMIX_RANK", "0"}}));  // indistinguishable from one task
  auto second = check(1, {{"PMIX_RANK", "1"}});
  ASSERT_TRUE(second);
  EXPECT_TRUE(second->reporter);  // the first task that can tell
  auto third = check(1, {{"PMIX_RANK", "2"}});
  ASSERT_TRUE(third);
  EXPECT_FALSE(third->reporter);
}

TEST(LaunchCheck, UnreadableValuesAreIgnored) {
  EXPECT_FALSE(check(1, {{"SLURM_STEP_NUM_TASKS", "two"}}));
  EXPECT_FALSE(check(1, {{"PMI_SIZE", ""}}));
}

}  // namespace
}  // namespace hpcg
