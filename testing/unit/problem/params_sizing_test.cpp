// SPDX-License-Identifier: BSD-3-Clause
// The day-to-day flags of the command line: --memory-fraction, --memory and --quiet, how they
// combine with the HPCG 3.1 parameters, and the values they refuse.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/command_line.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using Args = std::vector<std::string>;

MemoryTarget target_of(const CommandLine& cli) {
  MemoryTarget target;
  target.fraction = cli.memory_fraction.value_or(0.0);
  target.gib = cli.memory_gib.value_or(0.0);
  return target;
}

/// Resolves `args` as the run plan does: the ten parameters with the memory target.
Params resolve(const Args& args, int ranks = 1) {
  const CommandLine cli = parse_command_line(args);
  return resolve_params(cli.hpcg, std::nullopt, ranks, target_of(cli));
}

std::string input_error_message(const Args& args) {
  try {
    resolve(args);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

TEST(SizingFlags, AreParsedAsAMemoryTarget) {
  const CommandLine cli = parse_command_line({"--memory-fraction=0.3", "--memory=64", "--quiet"});
  ASSERT_TRUE(cli.memory_fraction.has_value());
  EXPECT_DOUBLE_EQ(*cli.memory_fraction, 0.3);
  ASSERT_TRUE(cli.memory_gib.has_value());
  EXPECT_DOUBLE_EQ(*cli.memory_gib, 64.0);
  EXPECT_TRUE(cli.quiet);
  EXPECT_TRUE(target_of(cli).given());
}

TEST(SizingFlags, AMemoryTargetReplacesHpcgDatAndDefaultsToQuickPath) {
  const CommandLine cli = parse_command_line({"--memory-fraction=0.5"});
  EXPECT_TRUE(needs_hpcg_dat(cli.hpcg)) << "without the target";
  EXPECT_FALSE(needs_hpcg_dat(cli.hpcg, target_of(cli)));
  const Params params = resolve({"--memory-fraction=0.5"});
  EXPECT_FALSE(params.read_hpcg_dat);
  EXPECT_TRUE(params.quick_path()) << "as when the grid is given on the command line";
  const Params timed = resolve({"--memory=8", "--rt=1800"});
  EXPECT_EQ(timed.runtime_seconds, 1800);
  EXPECT_DOUBLE_EQ(target_of(parse_command_line({"--memory=8"})).fraction, 0.0)
      << "0 = not given; sizing then uses all of --memory";
}

TEST(SizingFlags, WorkWithAGivenProcessGrid) {
  const Params params = resolve({"--memory=8", "--npx=2", "--npy=1", "--npz=1"}, 2);
  EXPECT_EQ(params.npx, 2);
}

TEST(SizingFlags, WithoutThemNothingChanges) {
  const CommandLine cli = parse_command_line({"--nx=24"});
  EXPECT_FALSE(target_of(cli).given());
  EXPECT_FALSE(cli.quiet);
  EXPECT_EQ(resolve({"--nx=24"}).nx, 24);
}

TEST(SizingFlags, RefuseAGridOrZBlocksGivenToo) {
  EXPECT_THAT(input_error_message({"--memory=8", "--nx=16"}), HasSubstr("leave out nx"));
  EXPECT_THAT(input_error_message({"--memory-fraction=0.5", "32", "32", "32"}),
              HasSubstr("leave out nx"));
  EXPECT_THAT(input_error_message({"--memory=8", "--pz=1"}), HasSubstr("leave out pz"));
}

TEST(SizingFlags, RefuseValuesOutOfRange) {
  for (const char* bad : {"--memory-fraction=0", "--memory-fraction=1.5", "--memory-fraction=-1",
                          "--memory-fraction=abc", "--memory-fraction=", "--memory-fraction=nan",
                          "--memory=0", "--memory=-4", "--memory=4GiB", "--memory=inf"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(parse_command_line({bad}), InputError);
  }
  EXPECT_NO_THROW(parse_command_line({"--memory-fraction=1"}));
  EXPECT_NO_THROW(parse_command_line({"--memory=0.5"}));
}

TEST(SizingFlags, UsageTextDescribesThem) {
  const std::string usage = usage_text();
  EXPECT_THAT(usage, HasSubstr("--memory-fraction=F"));
  EXPECT_THAT(usage, HasSubstr("--memory=GiB"));
  EXPECT_THAT(usage, HasSubstr("--quiet"));
}

}  // namespace
}  // namespace hpcg
