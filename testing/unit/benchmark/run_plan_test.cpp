// SPDX-License-Identifier: BSD-3-Clause
// The run plan: built once from the command line, hpcg.dat and HPCG_BACKEND, holding the
// resolved parameters, this rank's geometry, the backend's row and options, and the memory
// budget; inconsistent inputs are refused with one message before anything runs.
#include "hpcg/benchmark/run_plan.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using Args = std::vector<std::string>;

RunPlan plan(const Args& args, const std::string& dat = "no-such-hpcg.dat") {
  unsetenv("HPCG_BACKEND");
  return plan_run(Comm(MPI_COMM_SELF), parse_command_line(args), dat);
}

/// The one message of the error the plan throws, with its exit status; records a failure if
/// it throws none.
std::string refusal(const Args& args, ExitStatus expected = ExitStatus::input_error) {
  try {
    plan(args);
  } catch (const Error& error) {
    EXPECT_EQ(error.status(), expected) << error.what();
    return error.what();
  }
  ADD_FAILURE() << "the plan accepted the inputs";
  return {};
}

TEST(RunPlan, HoldsTheResolvedParametersAndThisRanksGeometry) {
  const RunPlan p = plan({"--nx=24", "--ny=16", "--nz=32", "--rt=5", "--backend=reference"});
  EXPECT_EQ(p.params.nx, 24);
  EXPECT_EQ(p.params.runtime_seconds, 5);
  EXPECT_EQ(p.geometry.nx, 24);
  EXPECT_EQ(p.geometry.nz, 32);
  EXPECT_EQ(p.geometry.ranks, 1);
  EXPECT_EQ(p.geometry.global_rows(), 24 * 16 * 32);
  EXPECT_FALSE(p.sizing.has_value());
}

TEST(RunPlan, HoldsTheBackendsRowAndOptions) {
  const RunPlan p = plan({"--nx=16", "--backend=openmp"});
  EXPECT_EQ(p.backend.name, "openmp");
  ASSERT_NE(p.backend.entry, nullptr);
  EXPECT_EQ(p.backend.entry->name, "openmp");
  EXPECT_DOUBLE_EQ(p.optimization_share, p.backend.entry->memory_share);
  EXPECT_NE(make_backend(p.backend), nullptr);
}

TEST(RunPlan, HoldsTheProgramsOwnOptions) {
  const RunPlan p = plan({"--nx=16", "--quiet", "--unofficial-quick", "--triad-bandwidth=80",
                          "--watchdog=30"});
  EXPECT_TRUE(p.quiet);
  EXPECT_TRUE(p.unofficial_quick);
  EXPECT_DOUBLE_EQ(p.triad_bandwidth_gbs, 80);
  EXPECT_FALSE(p.watchdog.adaptive);
  EXPECT_DOUBLE_EQ(p.watchdog.seconds, 30);
  EXPECT_FALSE(p.memory.given());
}

TEST(RunPlan, ReadsHpcgDatOnlyWithoutAGrid) {
  char path[] = "/tmp/hpcg-plan-XXXXXX";  // mkstemp fills in the six letters
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path) << "HPCG benchmark input file\nSandia National Laboratories\n32 24 16\n7\n";
  const RunPlan from_file = plan({"--backend=reference"}, path);
  EXPECT_TRUE(from_file.params.read_hpcg_dat);
  EXPECT_EQ(from_file.geometry.nx, 32);
  EXPECT_EQ(from_file.params.runtime_seconds, 7);
  EXPECT_FALSE(plan({"--nx=16", "--backend=reference"}, path).params.read_hpcg_dat);
  std::remove(path);
}

TEST(RunPlan, SizesTheGridForTheBackendsShare) {
  // 1 GiB at a quarter: the grid sizing chose is the plan's, and the budget counts the share.
  const RunPlan p = plan({"--memory=1", "--memory-fraction=0.25", "--backend=openmp"});
  ASSERT_TRUE(p.sizing.has_value());
  EXPECT_EQ(p.params.nx, p.sizing->nx);
  EXPECT_EQ(p.geometry.nx, p.sizing->nx);
  EXPECT_DOUBLE_EQ(p.sizing->optimization_share, p.optimization_share);
  EXPECT_LE(p.sizing->planned_bytes_per_node(), p.sizing->target_bytes_per_node());
}

TEST(RunPlan, RefusesInconsistentInputsWithOneMessage) {
  EXPECT_THAT(refusal({"--nx=16", "--backend=nope"}), HasSubstr("unknown backend 'nope'"));
  EXPECT_THAT(refusal({"--nx=16", "--backend=openmp", "--backend-settings=slice=4"}),
              HasSubstr("does not accept --backend-settings key 'slice'"));
  EXPECT_THAT(refusal({"--nx=20"}), HasSubstr("not a multiple of 8"));
  EXPECT_THAT(refusal({"--nx=16", "--npx=2", "--npy=1", "--npz=1"}),
              HasSubstr("has 2 ranks but the job has 1"));
  EXPECT_THAT(refusal({"--memory=8", "--nx=16"}), HasSubstr("leave out nx"));
  EXPECT_THAT(refusal({"--backend=reference"}), HasSubstr("no-such-hpcg.dat"));
  EXPECT_THAT(refusal({"--nx=1280", "--ny=1280", "--nz=1280"}, ExitStatus::resource_error),
              HasSubstr("GiB are available there"));
}

TEST(RunPlan, TakesTheEnvironmentsBackendOnlyWithoutTheFlag) {
  setenv("HPCG_BACKEND", "reference", 1);
  const CommandLine cli = parse_command_line({"--nx=16"});
  EXPECT_EQ(plan_run(Comm(MPI_COMM_SELF), cli).backend.name, "reference");
  const CommandLine flagged = parse_command_line({"--nx=16", "--backend=openmp"});
  EXPECT_EQ(plan_run(Comm(MPI_COMM_SELF), flagged).backend.name, "openmp");
  setenv("HPCG_BACKEND", "garbage", 1);
  EXPECT_THROW(plan_run(Comm(MPI_COMM_SELF), cli), Error);
  unsetenv("HPCG_BACKEND");
}

}  // namespace
}  // namespace hpcg
