// SPDX-License-Identifier: BSD-3-Clause
// The HPCG 3.1 report: its key list and order against a real report's
// (testing/data/hpcg-3.1-keys.txt), the conditional Final Summary lines, number formatting and
// the atomic file write.
#include <dirent.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/report/report.hpp"
#include "sample_results.hpp"

namespace hpcg {
namespace {

using testing::sample_report_results;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The keys of a rendered report: each line up to its first '='.
std::vector<std::string> rendered_keys(const BenchmarkResults& results) {
  std::vector<std::string> keys;
  for (const std::string& line : lines_of(render_report(make_report(results)))) {
    keys.push_back(line.substr(0, line.find('=')));
  }
  return keys;
}

std::vector<std::string> sample_keys() {
  std::ifstream in(std::string(HPCG_TEST_DATA_DIR) + "/hpcg-3.1-keys.txt");
  std::ostringstream text;
  text << in.rdbuf();
  return lines_of(text.str());
}

/// Value of the n-th (0-based) entry with this key, or "<missing>".
std::string value_of(const ReportDocument& document, const std::string& key, int n = 0) {
  for (const auto& [k, v] : document) {
    if (k == key && n-- == 0) return v;
  }
  return "<missing>";
}

TEST(Report, KeysOfAValidRunMatchHpcg31LineByLine) {
  const std::vector<std::string> expected = sample_keys();
  ASSERT_EQ(expected.size(), 126u) << "test data missing or changed";
  const std::vector<std::string> keys = rendered_keys(sample_report_results());
  for (size_t i = 0; i < std::min(keys.size(), expected.size()); ++i) {
    EXPECT_EQ(keys[i], expected[i]) << "line " << i + 1;
  }
  EXPECT_EQ(keys.size(), expected.size());
}

TEST(Report, ValuesOfTheSampleRun) {
  const ReportDocument d = make_report(sample_report_results());
  EXPECT_EQ(value_of(d, "version"), "3.1");
  EXPECT_EQ(value_of(d, "Release date"), "March 28, 2019");
  EXPECT_EQ(value_of(d, "Machine Summary::Distributed Processes"), "2");
  EXPECT_EQ(value_of(d, "Global Problem Dimensions::Global nx"), "128");
  EXPECT_EQ(value_of(d, "Global Problem Dimensions::Global ny"), "64");
  EXPECT_EQ(value_of(d, "Processor Dimensions::npx"), "2");
  EXPECT_EQ(value_of(d, "Local Domain Dimensions::Upper ipz"), "0");
  EXPECT_EQ(value_of(d, "Setup Information::Setup Time"), "1.00144");
  EXPECT_EQ(value_of(d, "Linear System Information::Number of Nonzero Terms"), "13790200");
  EXPECT_EQ(value_of(d, "Multigrid Information::Coarse Grids::Number of Equations", 2), "1024");
  EXPECT_EQ(value_of(d, "Memory Use Information::Total memory used for data (Gbytes)"),
            "0.374895");
  EXPECT_EQ(value_of(d, "Memory Use Information::Coarse Grids::Memory used", 2), "0.000618752");
  EXPECT_EQ(value_of(d, "Spectral Convergence Tests::Unpreconditioned::Maximum iteration count"),
            "11");
  EXPECT_EQ(value_of(d, "Iteration Count Information::Total number of optimized iterations"),
            "450");
  EXPECT_EQ(value_of(d, "Reproducibility Information::Scaled residual mean"), "7.76155e-09");
  EXPECT_EQ(value_of(d, "Benchmark Time Summary::Optimization phase"), "1.4e-07");
  EXPECT_EQ(value_of(d, "Floating Point Operations Summary::Raw MG"), "7.05458e+10");
  EXPECT_EQ(value_of(d, "Final Summary::HPCG result is VALID with a GFLOP/s rating of"),
            "3.94021");
  EXPECT_EQ(value_of(d, "Final Summary::Results are valid but execution time (sec) is"),
            "20.939");
  EXPECT_EQ(value_of(d, "Final Summary::Official results execution time (sec) must be at least"),
            "1800");
}

TEST(Report, TwoZBlocksAddOneLocalDimensionTriple) {
  BenchmarkResults r = sample_report_results();
  Params params = testing::small_params(64, 64, 64, 1, 1, 2);
  params.pz = 1;
  params.zl = 64;
  params.zu = 32;
  r.geometry = make_geometry(params, 0, 2);
  std::vector<std::string> expected = sample_keys();
  auto nz = std::find(expected.begin(), expected.end(), "Local Domain Dimensions::nz");
  ASSERT_NE(nz, expected.end());
  expected.insert(nz + 1, {"Local Domain Dimensions::Lower ipz",
                           "Local Domain Dimensions::Upper ipz", "Local Domain Dimensions::nz"});
  EXPECT_EQ(rendered_keys(r), expected);

  const ReportDocument d = make_report(r);
  const std::string key = "Local Domain Dimensions::";
  EXPECT_EQ(value_of(d, key + "Lower ipz", 0), "0");
  EXPECT_EQ(value_of(d, key + "Upper ipz", 0), "0");
  EXPECT_EQ(value_of(d, key + "nz", 0), "64");
  EXPECT_EQ(value_of(d, key + "Lower ipz", 1), "1");
  EXPECT_EQ(value_of(d, key + "Upper ipz", 1), "1");
  EXPECT_EQ(value_of(d, key + "nz", 1), "32");
  EXPECT_EQ(value_of(d, "Global Problem Dimensions::Global nz"), "96");
}

TEST(Report, InvalidRunEndsWithTheTwoInvalidLines) {
  BenchmarkResults r = sample_report_results();
  r.norms_test.variance = 1.0;
  ASSERT_FALSE(r.valid());
  const std::vector<std::string> lines = lines_of(render_report(make_report(r)));
  auto summary = std::find(lines.begin(), lines.end(), "Final Summary=");
  ASSERT_GE(lines.end() - summary, 3);
  EXPECT_EQ(summary[1], "Final Summary::HPCG result is=INVALID.");
  EXPECT_EQ(summary[2],
            "Final Summary::Please review the YAML file contents=You may NOT submit these "
            "results for consideration.");
  // Only our explanatory Reason lines may follow; no rating, no VALID-run warnings.
  for (auto line = summary + 3; line != lines.end(); ++line) {
    EXPECT_EQ(line->rfind("Final Summary::Reason=", 0), 0u) << *line;
  }
  EXPECT_EQ(value_of(make_report(r), "Reproducibility Information::Result"), "FAILED");
}

TEST(Report, EachFailedTestMakesTheRunInvalid) {
  auto invalid = [](BenchmarkResults r) {
    return value_of(make_report(r), "Final Summary::HPCG result is") == "INVALID.";
  };
  BenchmarkResults cg = sample_report_results();
  cg.cg_test.failures = 1;
  BenchmarkResults symmetry = sample_report_results();
  symmetry.symmetry_test.failures = 1;
  BenchmarkResults tolerance = sample_report_results();
  tolerance.tolerance_failure = true;
  EXPECT_TRUE(invalid(cg));
  EXPECT_TRUE(invalid(symmetry));
  EXPECT_TRUE(invalid(tolerance));
  EXPECT_FALSE(invalid(sample_report_results()));
}

TEST(Report, TimedProofReadsBackAndRefusesOtherText) {
  BenchmarkResults written = sample_report_results();
  written.sets = 7;
  written.integrity.rerun_set = 4;
  written.spot_checks.spmv_checks = 57;
  written.spot_checks.mg_checks = 15;
  written.spot_checks.solution_checks = 8;
  for (double tolerance : {0.0, 1.0e-6}) {
    written.integrity.timed_residual_tolerance = tolerance;
    const std::string text = describe_timed_proof(written);
    EXPECT_THAT(text, ::testing::HasSubstr("set 5 re-run"));
    BenchmarkResults read;
    read.sets = 7;
    ASSERT_TRUE(read_timed_proof(text, read)) << text;
    EXPECT_EQ(read.integrity.rerun_set, 4);
    EXPECT_EQ(read.integrity.timed_residual_tolerance, tolerance);
    EXPECT_EQ(read.spot_checks.spmv_checks, 57);
    EXPECT_EQ(read.spot_checks.mg_checks, 15);
    EXPECT_EQ(read.spot_checks.solution_checks, 8);
    BenchmarkResults other_sets;
    other_sets.sets = 8;
    EXPECT_FALSE(read_timed_proof(text, other_sets));
  }
  BenchmarkResults read;
  read.sets = 7;
  EXPECT_FALSE(read_timed_proof("7 sets reproduced the validated scaled residual bit for bit; "
                                "57 SpMV and 15 V-cycle spot checks and the backend checks after "
                                "the last set agreed", read));  // an older xhpcg's, no re-run
}

TEST(Report, PreconditionerCheckReadsBackEitherWay) {
  BenchmarkResults written = sample_report_results();
  written.spot_checks.mg_checks = 15;
  written.spot_checks.symmetry_checks = 60;
  written.spot_checks.scalar_checks = 64;
  for (bool exact : {true, false}) {
    written.backend_checks.exact = exact;
    const std::string text = describe_preconditioner_check(written);
    EXPECT_THAT(text, ::testing::HasSubstr(exact ? "exactly" : "approximately"));
    BenchmarkResults read;
    ASSERT_TRUE(read_preconditioner_check(text, read)) << text;
    EXPECT_EQ(read.backend_checks.exact, exact);
    EXPECT_EQ(read.spot_checks.mg_checks, 15);
    EXPECT_EQ(read.spot_checks.symmetry_checks, 60);
    EXPECT_EQ(read.spot_checks.scalar_checks, 64);
  }
  BenchmarkResults read;
  EXPECT_FALSE(read_preconditioner_check("exactly, trust me", read));
}

TEST(Report, QuickPathAndLongRunsChangeTheFinalSummary) {
  BenchmarkResults quick = sample_report_results();
  quick.params.runtime_seconds = 0;
  const ReportDocument q = make_report(quick);
  EXPECT_NE(value_of(q, "Final Summary::You have selected the QuickPath option"), "<missing>");
  EXPECT_EQ(value_of(q, "Final Summary::Official results execution time (sec) must be at least"),
            "<missing>");

  BenchmarkResults official = sample_report_results();
  official.times.total = 1800.0;
  const ReportDocument o = make_report(official);
  EXPECT_EQ(value_of(o, "Final Summary::Please upload results from the YAML file contents to"),
            "http://hpcg-benchmark.org");
  EXPECT_EQ(value_of(o, "Final Summary::Results are valid but execution time (sec) is"),
            "<missing>");
}

TEST(Report, ReferenceKernelWarningsFollowTheBackendAndThreads) {
  BenchmarkResults r = sample_report_results();
  r.threads = 4;
  r.optimized_kernels.dot = true;
  const ReportDocument d = make_report(r);
  EXPECT_EQ(value_of(d, "Final Summary::Reference version of ComputeDotProduct used"),
            "<missing>");
  EXPECT_EQ(value_of(d, "Final Summary::Reference version of ComputeMG used and number of "
                        "threads greater than 1"),
            "Performance results are severely suboptimal");
  EXPECT_EQ(value_of(d, "Final Summary::Reference version of ComputeMG used"), "<missing>");
}

TEST(FormatNumber, SixSignificantDigitsLikeStdOstream) {
  EXPECT_EQ(format_number(2.20467), "2.20467");
  EXPECT_EQ(format_number(13790200.0), "1.37902e+07");
  EXPECT_EQ(format_number(1.4e-07), "1.4e-07");
  EXPECT_EQ(format_number(20.939), "20.939");
  EXPECT_EQ(format_number(3.940214), "3.94021");
  EXPECT_EQ(format_number(715.0559), "715.056");
  EXPECT_EQ(format_number(1800.0), "1800");
  EXPECT_EQ(format_number(0.0), "0");
  EXPECT_EQ(format_number(123456.7), "123457");
  EXPECT_EQ(format_number(1234567.0), "1.23457e+06");
}

std::vector<std::string> directory_entries(const std::string& directory) {
  std::vector<std::string> names;
  if (DIR* dir = opendir(directory.c_str())) {
    while (dirent* entry = readdir(dir)) {
      std::string name = entry->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    closedir(dir);
  }
  return names;
}

TEST(WriteReportFile, WritesTheRenderedReportUnderItsTimestampedName) {
  char directory[] = "/tmp/hpcg_report_test_XXXXXX";
  ASSERT_NE(mkdtemp(directory), nullptr);
  const ReportDocument document = make_report(sample_report_results());
  const std::time_t when = 1700000000;
  const std::string path = write_report_file(document, directory, when);

  char name[64];
  std::strftime(name, sizeof name, "HPCG-Benchmark_3.1_%Y-%m-%d_%H-%M-%S.txt",
                std::localtime(&when));
  EXPECT_EQ(path, std::string(directory) + "/" + name);
  EXPECT_THAT(directory_entries(directory), ::testing::ElementsAre(name)) << "no *.partial left";
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  EXPECT_EQ(content.str(), render_report(document));
  EXPECT_EQ(lines_of(content.str()).front(), "HPCG-Benchmark");

  std::remove(path.c_str());
  rmdir(directory);
}

TEST(WriteReportFile, MissingDirectoryIsAResourceErrorAndLeavesNothing) {
  EXPECT_THROW(write_report_file({}, "/nonexistent/hpcg/report/dir", 0), ResourceError);
}

}  // namespace
}  // namespace hpcg
