// SPDX-License-Identifier: BSD-3-Clause
// The JSON report against the official one: the same lines, keys and numbers (unrounded in the
// JSON), plus the fields the official format has no place for.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "hpcg/report/json_reader.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report.hpp"
#include "hpcg/report/report_json.hpp"
#include "sample_results.hpp"

namespace hpcg {
namespace {

using testing::sample_report_results;

BenchmarkResults with_sets(BenchmarkResults r) {
  r.set_seconds.assign(r.sets, r.times.total / r.sets);
  r.set_seconds[0] *= 1.1;
  return r;
}

RunContext context() {
  RunContext c;
  c.report_file = "HPCG-Benchmark_3.1_2026-01-01_00-00-00.txt";
  c.build = {"GNU 12.2.0", "-O3 -march=native", "Release", "MPICH Version: 4.0.2"};
  return c;
}

/// The official file's lines after "HPCG-Benchmark", split at the first '='.
std::vector<std::pair<std::string, std::string>> official_lines(const BenchmarkResults& r) {
  std::vector<std::pair<std::string, std::string>> lines;
  std::istringstream in(render_report(make_report(r)));
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const size_t equals = line.find('=');
    lines.emplace_back(line.substr(0, equals), line.substr(equals + 1));
  }
  return lines;
}

/// Every line of the official report is in the JSON, in order, with a number that prints as
/// the report prints it (integers as integers) or the same text.
void expect_same_numbers(const BenchmarkResults& r) {
  const JsonValue json = parse_json(render_run_json(r, context()));
  const JsonValue* official = json.find("official");
  ASSERT_NE(official, nullptr);
  const auto lines = official_lines(r);
  ASSERT_EQ(official->items.size(), lines.size());
  int numbers = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i].first);
    const JsonValue& entry = official->items[i];
    EXPECT_EQ(entry.find("key")->string, lines[i].first);
    const JsonValue& value = *entry.find("value");
    if (value.type == JsonValue::Type::number) {
      ++numbers;
      const bool integral = value.number == std::floor(value.number) &&
                            lines[i].second.find_first_of(".e") == std::string::npos;
      EXPECT_EQ(integral ? std::to_string(static_cast<long long>(value.number))
                         : format_number(value.number),
                lines[i].second);
    } else {
      ASSERT_EQ(value.type, JsonValue::Type::string);
      EXPECT_EQ(value.string, lines[i].second);
    }
  }
  EXPECT_GT(numbers, 70) << "numbers must be JSON numbers, not strings";
}

TEST(RunJson, HasTheOfficialReportsNumbersForAValidRun) { expect_same_numbers(with_sets(sample_report_results())); }

TEST(RunJson, HasTheOfficialReportsNumbersForAnInvalidRun) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.symmetry_test.failures = 1;
  r.backend_checks.failures = {"SpMV differs from the reference"};
  expect_same_numbers(r);
}

TEST(RunJson, HasTheOfficialReportsNumbersForTwoZBlocksAndALongRun) {
  BenchmarkResults r = with_sets(sample_report_results());
  Params params = testing::small_params(64, 64, 64, 1, 1, 2);
  params.pz = 1;
  params.zl = 64;
  params.zu = 32;
  r.geometry = make_geometry(params, 0, 2);
  r.times.total = 2000;
  expect_same_numbers(r);
}

TEST(RunJson, NumbersAreUnrounded) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.times.total = 20.93912345678;
  const JsonValue json = parse_json(render_run_json(r, context()));
  for (const JsonValue& entry : json.find("official")->items) {
    if (entry.find("key")->string == "Benchmark Time Summary::Total") {
      EXPECT_EQ(entry.find("value")->number, r.times.total);
    }
  }
  EXPECT_EQ(json.find("result")->find("rating_gflops")->number, compute_ratings(r).official);
}

TEST(RunJson, CarriesWhatTheOfficialFormatCannot) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.backend_name = "openmp";
  r.backend_version = "1.0.0";
  r.optimized_kernels.mg = true;
  r.optimized_kernels.spmv = true;
  r.optimized_iterations = 51;
  RunContext c = context();
  c.sizing = SizingChoice{64, 64, 64, {16.0 * (1 << 30), 2}, 0.25, 3.5e9};
  const JsonValue json = parse_json(render_run_json(r, c));
  EXPECT_EQ(json.find("format")->string, run_json_format);
  EXPECT_EQ(json.find("official_report")->string, c.report_file);
  const JsonValue& backend = *json.find("backend");
  EXPECT_EQ(backend.find("name")->string, "openmp");
  EXPECT_EQ(backend.find("version")->string, "1.0.0");
  ASSERT_EQ(backend.find("replaced_kernels")->items.size(), 2u);
  EXPECT_EQ(backend.find("replaced_kernels")->items[0].string, "SpMV");
  EXPECT_EQ(json.find("iterations")->find("optimized_per_set")->number, 51);
  const JsonValue& sets = *json.find("timed_sets");
  ASSERT_EQ(sets.items.size(), 9u);
  EXPECT_EQ(sets.items[0].find("seconds")->number, r.set_seconds[0]);
  EXPECT_EQ(sets.items[3].find("scaled_residual")->number, 7.76155e-09);
  EXPECT_GT(sets.items[1].find("gflops")->number, sets.items[0].find("gflops")->number);
  const JsonValue& build = *json.find("build");
  EXPECT_EQ(build.find("compiler")->string, "GNU 12.2.0");
  EXPECT_EQ(build.find("flags")->string, "-O3 -march=native");
  EXPECT_EQ(build.find("mpi_library")->string, "MPICH Version: 4.0.2");
  EXPECT_EQ(json.find("run")->find("ranks")->number, 2);
  EXPECT_EQ(json.find("run")->find("threads_per_rank")->number, 1);
  EXPECT_EQ(json.find("sizing")->find("fraction")->number, 0.25);
  EXPECT_EQ(json.find("sizing")->find("ranks_per_node")->number, 2);
}

TEST(RunJson, InvalidRunsListTheirReasonsAndHaveNoRating) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.norms_test.variance = 1.0;
  const JsonValue json = parse_json(render_run_json(r, context()));
  const JsonValue& result = *json.find("result");
  EXPECT_FALSE(result.find("valid")->boolean);
  EXPECT_EQ(result.find("rating_gflops")->type, JsonValue::Type::null);
  ASSERT_EQ(result.find("invalid_reasons")->items.size(), 1u);
  EXPECT_NE(result.find("invalid_reasons")->items[0].string.find("reproducible"), std::string::npos);
  EXPECT_EQ(json.find("sizing")->type, JsonValue::Type::null);
}

TEST(RunJson, GivesEachMultigridLevelsTimeWhenTheBackendTimedThem) {
  BenchmarkResults r = with_sets(sample_report_results());
  EXPECT_EQ(parse_json(render_run_json(r, context())).find("mg_levels")->type,
            JsonValue::Type::null)
      << "not reported (a plugin's own V-cycle)";

  r.mg_level_seconds = {{12.0, 2.5, 1.25, 0.75}};
  const JsonValue json = parse_json(render_run_json(r, context()));
  const JsonValue& levels = *json.find("mg_levels");
  ASSERT_EQ(levels.items.size(), static_cast<size_t>(mg_levels));
  double mg_seconds = 0;
  for (const JsonValue& entry : json.find("official")->items) {
    if (entry.find("key")->string == "Benchmark Time Summary::MG") {
      mg_seconds = entry.find("value")->number;
    }
  }
  const FlopCounts flops = count_flops(r);
  double sum = 0;
  for (int l = 0; l < mg_levels; ++l) {
    SCOPED_TRACE(l);
    const JsonValue& level = levels.items[l];
    EXPECT_EQ(level.find("level")->number, l);
    EXPECT_EQ(level.find("local_grid")->items[0].number, 64 >> l);
    EXPECT_EQ(level.find("seconds")->number, (*r.mg_level_seconds)[l]);
    EXPECT_DOUBLE_EQ(level.find("raw_gflops")->number,
                     flops.mg_level[l] / (*r.mg_level_seconds)[l] / 1e9);
    sum += level.find("seconds")->number;
  }
  EXPECT_LE(sum, mg_seconds) << "levels are part of the official report's MG time";
  double level_flops = 0;
  for (double f : flops.mg_level) level_flops += f;
  EXPECT_EQ(level_flops, flops.mg) << "the levels' flops are MG's";
}

TEST(RunJson, GivesTheRooflineOnlyWhenTheBandwidthWasMeasured) {
  BenchmarkResults r = with_sets(sample_report_results());
  EXPECT_EQ(parse_json(render_run_json(r, context())).find("roofline"), nullptr);

  r.params.triad_bandwidth_gbs = 64;
  const JsonValue json = parse_json(render_run_json(r, context()));
  const JsonValue* roofline = json.find("roofline");
  ASSERT_NE(roofline, nullptr);
  EXPECT_EQ(roofline->find("triad_bandwidth_gbs")->number, 64);
  EXPECT_EQ(roofline->find("bandwidth_source")->string, "--triad-bandwidth");
  EXPECT_EQ(roofline->find("bytes_per_flop")->number, 6.4);
  EXPECT_DOUBLE_EQ(roofline->find("bound_gflops")->number, 10);
  EXPECT_DOUBLE_EQ(roofline->find("fraction")->number, compute_ratings(r).official * 6.4 / 64);
  EXPECT_NEAR(roofline->find("fraction")->number, 0.394021, 1e-6) << "the sample's 3.94021 GFLOP/s";

  r.norms_test.variance = 1.0;  // INVALID: the official formula's rating still has a roofline
  const JsonValue invalid = parse_json(render_run_json(r, context()));
  EXPECT_DOUBLE_EQ(invalid.find("roofline")->find("fraction")->number,
                   compute_ratings(r).official * 6.4 / 64);
}

TEST(BuildInfo, NamesTheCompilerAndTheMpiLibrary) {
  const BuildInfo info = build_info();
  EXPECT_NE(info.compiler, "unknown") << "CMake sets HPCG_BUILD_COMPILER";
  EXPECT_NE(info.flags, "unknown");
  EXPECT_FALSE(info.mpi_library.empty());
  EXPECT_EQ(info.mpi_library.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace hpcg
