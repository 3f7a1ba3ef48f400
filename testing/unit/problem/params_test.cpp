// SPDX-License-Identifier: BSD-3-Clause
// Command line, hpcg.dat and their resolution into Params (HPCG 3.1's rules), including
// the inputs that 3.1 accepts silently and we reject with an InputError.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using Args = std::vector<std::string>;

/// The message of the InputError `f` throws; records a failure (and returns "") if it does not.
template <class F>
std::string input_error_message(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

Params resolve(const Args& args, int ranks = 1) {
  return resolve_params(parse_command_line(args), std::nullopt, ranks);
}

// ---- command line -------------------------------------------------------------------------

TEST(ParseCommandLine, NoArgumentsLeaveEverythingUnset) {
  CommandLine cli = parse_command_line({});
  EXPECT_EQ(cli.action, CommandLine::Action::run);
  for (const auto& value : cli.values) EXPECT_FALSE(value.has_value());
  EXPECT_TRUE(cli.backend.empty());
  EXPECT_TRUE(needs_hpcg_dat(cli));
}

TEST(ParseCommandLine, PositionalValuesFillTheTenParametersInOrder) {
  CommandLine cli =
      parse_command_line({"104", "96", "88", "60", "10", "32", "40", "10", "11", "12"});
  const long expected[param_count] = {104, 96, 88, 60, 10, 32, 40, 10, 11, 12};
  for (int i = 0; i < param_count; ++i) {
    ASSERT_TRUE(cli.values[i].has_value()) << "parameter " << i;
    EXPECT_EQ(*cli.values[i], expected[i]) << "parameter " << i;
  }
  EXPECT_FALSE(needs_hpcg_dat(cli));
}

TEST(ParseCommandLine, PositionalValuesBelowTenBecomeZero) {
  // HPCG 3.1 quirk: a positional rt of 1 is discarded, so `16 16 16 1` is QuickPath.
  CommandLine cli = parse_command_line({"16", "16", "16", "1", "0", "0", "0", "2", "1", "9"});
  EXPECT_EQ(*cli.values[p_nx], 16);
  EXPECT_EQ(*cli.values[p_rt], 0);
  EXPECT_EQ(*cli.values[p_npx], 0);
  EXPECT_EQ(*cli.values[p_npz], 0);
  EXPECT_TRUE(resolve({"16", "16", "16", "1"}).quick_path());
}

TEST(ParseCommandLine, PrefixedOptionsSetTheirParameter) {
  CommandLine cli = parse_command_line({"--nx=32", "--ny=40", "--nz=48", "--rt=5", "--pz=1",
                                        "--zl=16", "--zu=24", "--npx=2", "--npy=3", "--npz=4"});
  const long expected[param_count] = {32, 40, 48, 5, 1, 16, 24, 2, 3, 4};
  for (int i = 0; i < param_count; ++i) {
    ASSERT_TRUE(cli.values[i].has_value()) << "parameter " << i;
    EXPECT_EQ(*cli.values[i], expected[i]) << "parameter " << i;
  }
}

TEST(ParseCommandLine, PrefixedValuesHaveNoLowerBoundOfTen) {
  // Only positional values are floored at 10; --rt=5 really asks for 5 seconds.
  EXPECT_EQ(*parse_command_line({"--rt=5"}).values[p_rt], 5);
  EXPECT_EQ(*parse_command_line({"--nx=0"}).values[p_nx], 0);
}

TEST(ParseCommandLine, LaterOptionWins) {
  EXPECT_EQ(*parse_command_line({"--nx=16", "--nx=32"}).values[p_nx], 32);
  EXPECT_EQ(*parse_command_line({"64", "--nx=32"}).values[p_nx], 32);
}

TEST(ParseCommandLine, PrefixedOptionBeatsPositionalWhateverTheOrder) {
  // Spec 3.1 rule 3: prefixed arguments are applied after the positional ones.
  CommandLine cli = parse_command_line({"--nx=32", "64", "64", "64"});
  EXPECT_EQ(*cli.values[p_nx], 32);
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
  EXPECT_TRUE(needs_hpcg_dat(parse_command_line({"--rt=60", "--npx=1"})));
  EXPECT_FALSE(needs_hpcg_dat(parse_command_line({"--nz=16"})));
  // Zero dimensions are "not given" in 3.1, so the file is still read.
  EXPECT_TRUE(needs_hpcg_dat(parse_command_line({"--nx=0"})));
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

// ---- hpcg.dat -----------------------------------------------------------------------------

constexpr const char* header = "HPCG benchmark input file\nSandia National Laboratories\n";

TEST(ParseHpcgDat, ShippedFormat) {
  HpcgDat dat = parse_hpcg_dat(std::string(header) + "104 96 88\n60\n", "hpcg.dat");
  EXPECT_EQ(dat.nx, 104);
  EXPECT_EQ(dat.ny, 96);
  EXPECT_EQ(dat.nz, 88);
  EXPECT_EQ(dat.runtime_seconds, 60);
  EXPECT_EQ(dat.npx, 0);
  EXPECT_EQ(dat.npy, 0);
  EXPECT_EQ(dat.npz, 0);
}

TEST(ParseHpcgDat, AllThreeLineEndingsGiveTheSameNumbers) {
  for (const std::string eol : {"\n", "\r\n", "\r"}) {
    SCOPED_TRACE(eol == "\n" ? "LF" : eol == "\r\n" ? "CRLF" : "CR");
    HpcgDat dat = parse_hpcg_dat("text" + eol + "text" + eol + "32 24 16" + eol + "1800" + eol +
                                     "2 1 1" + eol,
                                 "hpcg.dat");
    EXPECT_EQ(dat.nx, 32);
    EXPECT_EQ(dat.ny, 24);
    EXPECT_EQ(dat.nz, 16);
    EXPECT_EQ(dat.runtime_seconds, 1800);
    EXPECT_EQ(dat.npx, 2);
    EXPECT_EQ(dat.npy, 1);
    EXPECT_EQ(dat.npz, 1);
  }
}

TEST(ParseHpcgDat, TextAfterTheNumbersIsIgnored) {
  HpcgDat dat = parse_hpcg_dat(
      std::string(header) + "  48 40 32   local grid\n90 seconds\n1 2 3 process grid", "f");
  EXPECT_EQ(dat.nx, 48);
  EXPECT_EQ(dat.nz, 32);
  EXPECT_EQ(dat.runtime_seconds, 90);
  EXPECT_EQ(dat.npz, 3);
}

TEST(ParseHpcgDat, LineFiveIsOptionalAndMayBeBlank) {
  HpcgDat no_newline = parse_hpcg_dat(std::string(header) + "16 16 16\n60", "f");
  EXPECT_EQ(no_newline.runtime_seconds, 60);
  HpcgDat blank = parse_hpcg_dat(std::string(header) + "16 16 16\n60\n   \n", "f");
  EXPECT_EQ(blank.npx, 0);
  EXPECT_EQ(blank.npy, 0);
  EXPECT_EQ(blank.npz, 0);
}

struct BadDat {
  std::string text;
  std::string line;  ///< what the message must name
};

class BadHpcgDat : public ::testing::TestWithParam<BadDat> {};

TEST_P(BadHpcgDat, ThrowsInputErrorNamingFileAndLine) {
  std::string message =
      input_error_message([this] { parse_hpcg_dat(GetParam().text, "my/hpcg.dat"); });
  EXPECT_THAT(message, HasSubstr("my/hpcg.dat"));
  EXPECT_THAT(message, HasSubstr(GetParam().line));
}

const std::string h = header;

INSTANTIATE_TEST_SUITE_P(
    Table, BadHpcgDat,
    ::testing::Values(BadDat{"", "line 3"}, BadDat{h, "line 3"},
                      BadDat{h + "16 16 16\n", "line 4"},
                      BadDat{h + "16 16\n60\n", "line 3"},  // too few numbers
                      BadDat{h + "sixteen 16 16\n60\n", "line 3"},
                      BadDat{h + "16 16 16\nsixty\n", "line 4"},
                      BadDat{h + "-16 16 16\n60\n", "line 3"},
                      BadDat{h + "0 16 16\n60\n", "line 3"},
                      BadDat{h + "16 16 16\n-1\n", "line 4"},
                      BadDat{h + "16 16 16\n60\n-1 1 1\n", "line 5"},
                      BadDat{h + "16 16 16\n60\n2 x 1\n", "line 5"},
                      BadDat{h + "3000000000 16 16\n60\n", "line 3"},
                      BadDat{h + "16 16 16\n4294967296\n", "line 4"}));

TEST(ParseHpcgDat, NulBytesAreRejected) {
  std::string text = h + "16 16 16\n60\n";
  text[3] = '\0';
  EXPECT_THROW(parse_hpcg_dat(text, "hpcg.dat"), InputError);
}

TEST(ReadHpcgDat, ReadsAFileAndRejectsAMissingOne) {
  char directory[] = "/tmp/hpcg_params_test_XXXXXX";
  ASSERT_NE(mkdtemp(directory), nullptr);
  const std::string path = std::string(directory) + "/hpcg.dat";
  std::ofstream(path, std::ios::binary) << h << "24 24 24\r\n120\r\n";
  HpcgDat dat = read_hpcg_dat(path);
  EXPECT_EQ(dat.nx, 24);
  EXPECT_EQ(dat.runtime_seconds, 120);
  std::remove(path.c_str());
  EXPECT_THAT(input_error_message([&] { read_hpcg_dat(path); }), HasSubstr(path));
  rmdir(directory);
}

// ---- resolve_params -----------------------------------------------------------------------

TEST(ResolveParams, SmallDimensionsTakeTheLargestOtherOrSixteen) {
  // Spec 3.1 rule 5, verified against the reference: 8 24 16 -> 24 24 16.
  Params p = resolve({"--nx=8", "--ny=24", "--nz=16"});
  EXPECT_EQ(p.nx, 24);
  EXPECT_EQ(p.ny, 24);
  EXPECT_EQ(p.nz, 16);
  Params q = resolve({"--nx=32", "--ny=0", "--nz=8"});
  EXPECT_EQ(q.ny, 32);
  EXPECT_EQ(q.nz, 32);
  Params r = resolve({"--nx=8"});
  EXPECT_EQ(r.nx, 16);
  EXPECT_EQ(r.ny, 16);
  EXPECT_EQ(r.nz, 16);
}

TEST(ResolveParams, CommandLineDimensionsWithoutRtAreQuickPath) {
  Params p = resolve({"32", "32", "32"});
  EXPECT_TRUE(p.quick_path());
  EXPECT_FALSE(p.read_hpcg_dat);
  EXPECT_EQ(p.nx, 32);
  EXPECT_EQ(resolve({"--nx=32", "--rt=60"}).runtime_seconds, 60);
}

TEST(ResolveParams, HpcgDatIsUsedWhenNoDimensionIsGiven) {
  HpcgDat file{104, 96, 88, 60, 2, 1, 1};
  Params p = resolve_params(parse_command_line({}), file, 2);
  EXPECT_TRUE(p.read_hpcg_dat);
  EXPECT_EQ(p.nx, 104);
  EXPECT_EQ(p.ny, 96);
  EXPECT_EQ(p.nz, 88);
  EXPECT_EQ(p.runtime_seconds, 60);
  EXPECT_EQ(p.npx, 2);
  EXPECT_EQ(p.npy, 1);
  EXPECT_EQ(p.npz, 1);
}

TEST(ResolveParams, HpcgDatDimensionsBelowSixteenAreRaised) {
  Params p = resolve_params(parse_command_line({}), HpcgDat{8, 24, 16, 60}, 1);
  EXPECT_EQ(p.nx, 24);
  EXPECT_EQ(p.ny, 24);
  EXPECT_EQ(p.nz, 16);
}

TEST(ResolveParams, ExplicitRtWinsOverTheFile) {
  HpcgDat file{16, 16, 16, 60};
  EXPECT_EQ(resolve_params(parse_command_line({"--rt=30"}), file, 1).runtime_seconds, 30);
  // Documented deviation from 3.1: an explicit --rt=0 selects QuickPath even with hpcg.dat.
  EXPECT_TRUE(resolve_params(parse_command_line({"--rt=0"}), file, 1).quick_path());
}

TEST(ResolveParams, ExplicitProcessGridWinsOverTheFile) {
  // Documented deviation from 3.1 (which lets the file overwrite --npx/--npy/--npz).
  HpcgDat file{16, 16, 16, 60, 2, 1, 1};
  Params p = resolve_params(parse_command_line({"--npx=1", "--npy=2", "--npz=1"}), file, 2);
  EXPECT_EQ(p.npx, 1);
  EXPECT_EQ(p.npy, 2);
  EXPECT_EQ(p.runtime_seconds, 60);
}

TEST(ResolveParams, DimensionsNotMultipleOfEightNameTheNearestValidSizes) {
  EXPECT_THAT(input_error_message([] { resolve({"--nx=20", "--ny=16", "--nz=16"}); }),
              HasSubstr("16 or 24"));
  EXPECT_THAT(input_error_message([] { resolve({"--nx=16", "--ny=36", "--nz=32"}); }),
              HasSubstr("32 or 40"));
  EXPECT_THAT(input_error_message([] {
                resolve_params(parse_command_line({}), HpcgDat{16, 16, 100, 60}, 1);
              }),
              HasSubstr("96 or 104"));
}

TEST(ResolveParams, LocalAspectRatioBelowOneEighthIsRejected) {
  // 16/136 = 0.1176 < 0.125 (the reference aborts with 127 here); 16/128 is exactly allowed.
  EXPECT_THAT(input_error_message([] { resolve({"--nx=16", "--ny=16", "--nz=136"}); }),
              HasSubstr("0.125"));
  EXPECT_NO_THROW(resolve({"--nx=16", "--ny=16", "--nz=128"}));
}

TEST(ResolveParams, ProcessGridMustMatchTheRankCount) {
  EXPECT_THROW(resolve({"--nx=16", "--npx=2", "--npy=1", "--npz=1"}, 1), InputError);
  EXPECT_THROW(resolve({"--nx=16", "--npx=2", "--npy=2", "--npz=1"}, 2), InputError);
  Params p = resolve({"--nx=16", "--npx=1", "--npy=2", "--npz=1"}, 2);
  EXPECT_EQ(p.npy, 2);
  HpcgDat file{16, 16, 16, 60, 2, 2, 1};
  EXPECT_THROW(resolve_params(parse_command_line({}), file, 2), InputError);
}

TEST(ResolveParams, PartialProcessGridIsRejected) {
  EXPECT_THROW(resolve({"--nx=16", "--npx=2"}, 2), InputError);
  EXPECT_THROW(resolve({"--nx=16", "--npx=2", "--npz=1"}, 2), InputError);
}

TEST(ResolveParams, ZBlocksDefaultToNz) {
  Params p = resolve({"--nx=16", "--ny=16", "--nz=24", "--pz=1"}, 2);
  EXPECT_EQ(p.pz, 1);
  EXPECT_EQ(p.zl, 24);
  EXPECT_EQ(p.zu, 24);
  Params q = resolve({"--nx=16", "--ny=16", "--nz=24", "--pz=1", "--zu=32"}, 2);
  EXPECT_EQ(q.zl, 24);
  EXPECT_EQ(q.zu, 32);
  // Without --pz the block sizes are ignored: there is one z-block of nz.
  Params r = resolve({"--nx=16", "--zl=32", "--zu=40"});
  EXPECT_EQ(r.pz, 0);
  EXPECT_EQ(r.zl, 0);
  EXPECT_EQ(r.zu, 0);
}

TEST(ResolveParams, ZBlockSizesAreCheckedLikeNz) {
  EXPECT_THROW(resolve({"--nx=16", "--pz=1", "--zl=20"}, 2), InputError);
  EXPECT_THROW(resolve({"--nx=16", "--pz=1", "--zu=200"}, 2), InputError);
}

TEST(CheckAspectRatio, ThresholdIsOneEighthInclusive) {
  EXPECT_NO_THROW(check_aspect_ratio(8, 1, 1, "process grid"));
  EXPECT_THAT(input_error_message([] { check_aspect_ratio(9, 1, 1, "process grid"); }),
              HasSubstr("process grid"));
  EXPECT_THROW(check_aspect_ratio(1, 11, 2, "x"), InputError);
}

}  // namespace
}  // namespace hpcg
