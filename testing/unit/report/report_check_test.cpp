// SPDX-License-Identifier: BSD-3-Clause
// xhpcg-report check on reports built from known results: valid and submittable, valid but too
// short or QuickPath, INVALID, tampered (a changed rating, time or verdict), malformed, and with
// the JSON file beside it agreeing or not.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "hpcg/problem/memory_sizing.hpp"
#include "hpcg/report/report_check.hpp"
#include "hpcg/report/report_json.hpp"
#include "sample_results.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using testing::sample_report_results;

/// The sample run stretched to an official length: 100 times the sets and every time, rt=1800
/// (testing/data/reports/official-1800s.txt holds its report).
BenchmarkResults official_length_results() {
  BenchmarkResults r = sample_report_results();
  r.params.runtime_seconds = 1800;
  r.sets = 900;
  for (double* t : {&r.times.total, &r.times.dot, &r.times.waxpby, &r.times.spmv, &r.times.mg,
                    &r.allreduce_min, &r.allreduce_max, &r.allreduce_avg}) {
    *t *= 100;
  }
  return r;
}

std::string report_text(const BenchmarkResults& r) { return render_report(make_report(r)); }

ReportCheck check_text(const std::string& text) { return check_report(parse_report(text, "test")); }

/// `text` with the value of every line whose key is `key` replaced.
std::string with_value(const std::string& text, const std::string& key, const std::string& value) {
  const std::string escaped = std::regex_replace(key, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)");
  return std::regex_replace(text, std::regex("(^|\n)(" + escaped + ")=[^\n]*"), "$1$2=" + value);
}

std::string all(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += item + "\n";
  return text;
}

TEST(CheckReport, AnOfficialLengthValidRunCanBeSubmitted) {
  const ReportCheck check = check_text(report_text(official_length_results()));
  EXPECT_TRUE(check.submittable()) << all(check.format_problems) << all(check.inconsistencies)
                                   << all(check.rule_problems);
  EXPECT_TRUE(check.valid);
  EXPECT_NEAR(check.rating, 3.94021, 1e-5) << "as many flops per second as the sample";
  EXPECT_THAT(describe_check(check, "r.txt"), HasSubstr("can be submitted"));
}

TEST(CheckReport, TheCommittedOfficialLengthFixtureCanBeSubmitted) {
  const ParsedReport report =
      read_report_file(std::string(HPCG_TEST_DATA_DIR) + "/reports/official-1800s.txt");
  const ReportCheck check = check_report(report);
  EXPECT_TRUE(check.submittable()) << all(check.format_problems) << all(check.inconsistencies)
                                   << all(check.rule_problems);
}

TEST(CheckReport, TwoZBlocksAndThreadsAreReadBack) {
  BenchmarkResults r = official_length_results();
  Params params = testing::small_params(64, 64, 64, 1, 1, 2);
  params.pz = 1;
  params.zl = 64;
  params.zu = 32;
  r.params.pz = 1;
  r.geometry = make_geometry(params, 0, 2);
  r.levels = predict_level_summaries(r.geometry);
  r.threads = 4;
  const ReportCheck check = check_text(report_text(r));
  EXPECT_TRUE(check.submittable()) << all(check.format_problems) << all(check.inconsistencies)
                                   << all(check.rule_problems);
}

TEST(CheckReport, TheHpcg31SampleIsConsistentButTooShort) {
  const ReportCheck check = check_text(report_text(sample_report_results()));
  EXPECT_TRUE(check.format_problems.empty()) << all(check.format_problems);
  EXPECT_TRUE(check.inconsistencies.empty()) << all(check.inconsistencies);
  EXPECT_TRUE(check.valid);
  ASSERT_EQ(check.rule_problems.size(), 1u);
  EXPECT_THAT(check.rule_problems[0], HasSubstr("at least 1800 s"));
  EXPECT_FALSE(check.submittable());
  EXPECT_THAT(describe_check(check, "r.txt"), HasSubstr("NOT submittable"));
}

TEST(CheckReport, QuickPathNeedsTheHpcgLeadersConfirmation) {
  BenchmarkResults r = sample_report_results();
  r.params.runtime_seconds = 0;
  r.sets = 1;
  const ReportCheck check = check_text(report_text(r));
  EXPECT_TRUE(check.inconsistencies.empty()) << all(check.inconsistencies);
  ASSERT_EQ(check.rule_problems.size(), 1u);
  EXPECT_THAT(check.rule_problems[0], HasSubstr("QuickPath"));
  EXPECT_THAT(check.rule_problems[0], HasSubstr("confirmation"));
}

TEST(CheckReport, AnInvalidRunCannotBeSubmittedAndSaysWhy) {
  BenchmarkResults r = official_length_results();
  r.symmetry_test.spmv_departure = 3.0;
  r.symmetry_test.failures = 1;
  r.backend_checks.failures = {"SpMV differs from the reference"};
  const ReportCheck check = check_text(report_text(r));
  EXPECT_TRUE(check.format_problems.empty()) << all(check.format_problems);
  EXPECT_TRUE(check.inconsistencies.empty()) << all(check.inconsistencies);
  EXPECT_FALSE(check.valid);
  const std::string problems = all(check.rule_problems);
  EXPECT_THAT(problems, HasSubstr("INVALID"));
  EXPECT_THAT(problems, HasSubstr("Departure from Symmetry"));
  EXPECT_THAT(problems, HasSubstr("SpMV differs from the reference"));
}

TEST(CheckReport, AChangedRatingIsCaught) {
  std::string text = report_text(official_length_results());
  text = with_value(text, "GFLOP/s Summary::Total with convergence and optimization phase overhead", "4.5");
  text = with_value(text, "Final Summary::HPCG result is VALID with a GFLOP/s rating of", "4.5");
  const ReportCheck check = check_text(text);
  EXPECT_TRUE(check.format_problems.empty()) << all(check.format_problems);
  ASSERT_EQ(check.inconsistencies.size(), 2u) << all(check.inconsistencies);
  EXPECT_THAT(check.inconsistencies[0], HasSubstr("is 4.5 but the report's own numbers give 3.94"));
  EXPECT_FALSE(check.submittable());
}

TEST(CheckReport, AChangedTimeOrFlopCountIsCaught) {
  const std::string text = report_text(official_length_results());
  EXPECT_FALSE(check_text(with_value(text, "Benchmark Time Summary::MG", "1500")).inconsistencies.empty());
  EXPECT_FALSE(check_text(with_value(text, "Floating Point Operations Summary::Raw MG", "8e+10"))
                   .inconsistencies.empty());
  EXPECT_FALSE(check_text(with_value(text, "Linear System Information::Number of Equations", "524289"))
                   .inconsistencies.empty());
  EXPECT_FALSE(check_text(with_value(text, "Memory Use Information::Total memory used for data (Gbytes)", "1.5"))
                   .inconsistencies.empty());
}

TEST(CheckReport, APassedVerdictAgainstItsOwnNumbersIsCaught) {
  BenchmarkResults r = official_length_results();
  const std::string text = with_value(
      report_text(r), "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon::Departure for MG", "2.5");
  const ReportCheck check = check_text(text);
  EXPECT_THAT(all(check.inconsistencies), HasSubstr("Result' is PASSED but the report's own numbers give FAILED"));
  EXPECT_FALSE(check.submittable());
}

TEST(CheckReport, RejectsMalformedReports) {
  const std::string text = report_text(official_length_results());
  auto format = [](const std::string& t) { return all(check_text(t).format_problems); };
  EXPECT_THAT(format(""), HasSubstr("empty"));
  EXPECT_THAT(format("HPCG 3.1 results\n" + text.substr(text.find('\n') + 1)), HasSubstr("line 1"));
  EXPECT_THAT(format(text + "garbage line\n"), HasSubstr("not key=value"));
  const std::string without_ddot = std::regex_replace(text, std::regex("Benchmark Time Summary::DDOT=[^\n]*\n"), "");
  EXPECT_THAT(format(without_ddot), HasSubstr("no line 'Benchmark Time Summary::DDOT'"));
  const std::string without_ny =
      std::regex_replace(text, std::regex("Global Problem Dimensions::Global ny=[^\n]*\n"), "");
  EXPECT_THAT(format(without_ny), HasSubstr("expected 'Global Problem Dimensions::Global ny'"));
  const std::string swapped = std::regex_replace(
      text, std::regex("(Global Problem Dimensions::Global nx=[^\n]*\n)(Global Problem Dimensions::Global ny=[^\n]*\n)"), "$2$1");
  EXPECT_THAT(format(swapped), HasSubstr("HPCG 3.1's key list and order"));
  EXPECT_THAT(format(with_value(text, "Machine Summary::Distributed Processes", "two")),
              HasSubstr("not a number"));
  EXPECT_FALSE(check_text(with_value(text, "Local Domain Dimensions::nx", "60")).submittable());
}

TEST(CheckJsonBeside, AgreesWithTheReportItWasWrittenWith) {
  const BenchmarkResults r = official_length_results();
  const ParsedReport report = parse_report(report_text(r), "test");
  ReportCheck check = check_report(report);
  check_json_beside(report, render_run_json(r, {}), check);
  EXPECT_TRUE(check.submittable()) << all(check.inconsistencies);
}

TEST(CheckJsonBeside, AnEditedReportNoLongerMatchesItsJson) {
  const BenchmarkResults r = official_length_results();
  const ParsedReport edited = parse_report(
      with_value(report_text(r), "Machine Summary::Threads per processes", "2"), "test");
  ReportCheck check;
  check_json_beside(edited, render_run_json(r, {}), check);
  ASSERT_EQ(check.inconsistencies.size(), 1u);
  EXPECT_THAT(check.inconsistencies[0], HasSubstr("Threads per processes"));
  ReportCheck broken;
  check_json_beside(edited, "{\"official\": ", broken);
  EXPECT_THAT(all(broken.inconsistencies), HasSubstr("not valid JSON"));
}

}  // namespace
}  // namespace hpcg
