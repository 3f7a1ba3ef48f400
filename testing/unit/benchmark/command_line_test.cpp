// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's command line: HPCG 3.1's ten parameters in their positional and --name=N forms (the
// problem layer's rows) and the program's own options, from one table.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/command_line.hpp"
#include "hpcg/problem/params.hpp"
#include "input_error.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using Args = std::vector<std::string>;

using testing::input_error_message;

TEST(ParseCommandLine, NoArgumentsLeaveEverythingUnset) {
  CommandLine cli = parse_command_line({});
  EXPECT_EQ(cli.action, CommandLine::Action::run);
  for (const auto& value : cli.hpcg.values) EXPECT_FALSE(value.has_value());
  EXPECT_TRUE(cli.backend.empty());
  EXPECT_TRUE(needs_hpcg_dat(cli.hpcg));
}

TEST(ParseCommandLine, PositionalValuesFillTheTenParametersInOrder) {
  CommandLine cli =
      parse_command_line({"104", "96", "88", "60", "10", "32", "40", "10", "11", "12"});
  const long expected[param_count] = {104, 96, 88, 60, 10, 32, 40, 10, 11, 12};
  for (int i = 0; i < param_count; ++i) {
    ASSERT_TRUE(cli.hpcg.values[i].has_value()) << "parameter " << i;
    EXPECT_EQ(*cli.hpcg.values[i], expected[i]) << "parameter " << i;
  }
  EXPECT_FALSE(needs_hpcg_dat(cli.hpcg));
}

TEST(ParseCommandLine, PositionalValuesBelowTenBecomeZero) {
  // HPCG 3.1 quirk: a positional rt of 1 is discarded, so `16 16 16 1` is QuickPath.
  CommandLine cli = parse_command_line({"16", "16", "16", "1", "0", "0", "0", "2", "1", "9"});
  EXPECT_EQ(*cli.hpcg.values[p_nx], 16);
  EXPECT_EQ(*cli.hpcg.values[p_rt], 0);
  EXPECT_EQ(*cli.hpcg.values[p_npx], 0);
  EXPECT_EQ(*cli.hpcg.values[p_npz], 0);
  EXPECT_TRUE(resolve_params(cli.hpcg, std::nullopt, 1).quick_path());
}

TEST(ParseCommandLine, PrefixedOptionsSetTheirParameter) {
  CommandLine cli = parse_command_line({"--nx=32", "--ny=40", "--nz=48", "--rt=5", "--pz=1",
                                        "--zl=16", "--zu=24", "--npx=2", "--npy=3", "--npz=4"});
  const long expected[param_count] = {32, 40, 48, 5, 1, 16, 24, 2, 3, 4};
  for (int i = 0; i < param_count; ++i) {
    ASSERT_TRUE(cli.hpcg.values[i].has_value()) << "parameter " << i;
    EXPECT_EQ(*cli.hpcg.values[i], expected[i]) << "parameter " << i;
  }
}

TEST(ParseCommandLine, PrefixedValuesHaveNoLowerBoundOfTen) {
  // Only positional values are floored at 10; --rt=5 really asks for 5 seconds.
  EXPECT_EQ(*parse_command_line({"--rt=5"}).hpcg.values[p_rt], 5);
  EXPECT_EQ(*parse_command_line({"--nx=0"}).hpcg.values[p_nx], 0);
}

TEST(ParseCommandLine, LaterOptionWins) {
  EXPECT_EQ(*parse_command_line({"--nx=16", "--nx=32"}).hpcg.values[p_nx], 32);
  EXPECT_EQ(*parse_command_line({"64", "--nx=32"}).hpcg.values[p_nx], 32);
}

TEST(ParseCommandLine, PrefixedOptionBeatsPositionalWhateverTheOrder) {
  // Spec 3.1 rule 3: prefixed arguments are applied after the positional ones.
  CommandLine cli = parse_command_line({"--nx=32", "64", "64", "64"});
  EXPECT_EQ(*cli.hpcg.values[p_nx], 32);
}

TEST(ParseCommandLine, ActionsAndBackend) {
  EXPECT_EQ(parse_command_line({"--help"}).action, CommandLine::Action::help);
  EXPECT_EQ(parse_command_line({"-h"}).action, CommandLine::Action::help);
  EXPECT_EQ(parse_command_line({"--version"}).action, CommandLine::Action::version);
  EXPECT_EQ(parse_command_line({"--list-backends"}).action,
            CommandLine::Action::list_backends);
  CommandLine cli = parse_command_line({"--backend=reference", "--nx=16"});
  EXPECT_EQ(cli.action, CommandLine::Action::run);
  EXPECT_EQ(cli.backend, "reference");
}

TEST(ParseCommandLine, NeedsHpcgDatOnlyWithoutAnyDimension) {
  EXPECT_TRUE(needs_hpcg_dat(parse_command_line({"--rt=60", "--npx=1"}).hpcg));
  EXPECT_FALSE(needs_hpcg_dat(parse_command_line({"--nz=16"}).hpcg));
  // Zero dimensions are "not given" in 3.1, so the file is still read.
  EXPECT_TRUE(needs_hpcg_dat(parse_command_line({"--nx=0"}).hpcg));
}

class BadCommandLine : public ::testing::TestWithParam<Args> {};

TEST_P(BadCommandLine, ThrowsInputError) {
  EXPECT_THROW(parse_command_line(GetParam()), InputError);
}

INSTANTIATE_TEST_SUITE_P(
    Table, BadCommandLine,
    ::testing::Values(Args{"--foo=1"}, Args{"-x"}, Args{"--nxx=16"},  // unknown option
                      Args{"--nx=abc"}, Args{"--nx=12abc"}, Args{"--nx="},  // malformed
                      Args{"sixteen"}, Args{"16.5"},                        // malformed
                      Args{"--nx=-16"}, Args{"-16"}, Args{"--rt=-1"},       // negative
                      Args{"--nx"}, Args{"--npz"},                          // missing =VALUE
                      Args{"--nx=3000000000"}, Args{"99999999999999999999"},  // too large
                      Args{"--backend="},
                      Args{"16", "16", "16", "10", "10", "16", "16", "10", "10", "10", "16"}));

TEST(ParseCommandLine, MessagesNameTheOffendingArgument) {
  EXPECT_THAT(input_error_message([] { parse_command_line({"--bogus=3"}); }),
              HasSubstr("--bogus"));
  EXPECT_THAT(input_error_message([] { parse_command_line({"--ny"}); }), HasSubstr("--ny"));
}

}  // namespace
}  // namespace hpcg
