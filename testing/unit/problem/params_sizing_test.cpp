// SPDX-License-Identifier: BSD-3-Clause
// The day-to-day flags of the command line: --memory-fraction, --memory and --quiet, how they
// combine with the HPCG 3.1 parameters, and the values they refuse.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using Args = std::vector<std::string>;

std::string input_error_message(const Args& args) {
  try {
    resolve_params(parse_command_line(args), std::nullopt, 1);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

TEST(SizingFlags, AreParsedAndKeptInParams) {
  const CommandLine cli = parse_command_line({"--memory-fraction=0.3", "--memory=64", "--quiet"});
  ASSERT_TRUE(cli.memory_fraction.has_value());
  EXPECT_DOUBLE_EQ(*cli.memory_fraction, 0.3);
  ASSERT_TRUE(cli.memory_gib.has_value());
  EXPECT_DOUBLE_EQ(*cli.memory_gib, 64.0);
  EXPECT_TRUE(cli.quiet);
  const Params params = resolve_params(cli, std::nullopt, 1);
  EXPECT_TRUE(params.sized_by_memory());
  EXPECT_DOUBLE_EQ(params.memory_fraction, 0.3);
  EXPECT_DOUBLE_EQ(params.memory_gib, 64.0);
  EXPECT_TRUE(params.quiet);
}

TEST(SizingFlags, AMemoryTargetReplacesHpcgDatAndDefaultsToQuickPath) {
  const CommandLine cli = parse_command_line({"--memory-fraction=0.5"});
  EXPECT_FALSE(needs_hpcg_dat(cli));
  const Params params = resolve_params(cli, std::nullopt, 1);
  EXPECT_FALSE(params.read_hpcg_dat);
  EXPECT_TRUE(params.quick_path()) << "as when the grid is given on the command line";
  const Params timed = resolve_params(parse_command_line({"--memory=8", "--rt=1800"}), std::nullopt, 1);
  EXPECT_EQ(timed.runtime_seconds, 1800);
  EXPECT_DOUBLE_EQ(timed.memory_fraction, 0.0) << "0 = not given; sizing then uses all of --memory";
}

TEST(SizingFlags, WorkWithAGivenProcessGrid) {
  const Params params = resolve_params(
      parse_command_line({"--memory=8", "--npx=2", "--npy=1", "--npz=1"}), std::nullopt, 2);
  EXPECT_EQ(params.npx, 2);
}

TEST(SizingFlags, WithoutThemNothingChanges) {
  const Params params = resolve_params(parse_command_line({"--nx=24"}), std::nullopt, 1);
  EXPECT_FALSE(params.sized_by_memory());
  EXPECT_FALSE(params.quiet);
  EXPECT_EQ(params.nx, 24);
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
