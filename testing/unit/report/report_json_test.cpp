// SPDX-License-Identifier: BSD-3-Clause
// The JSON report against the official one: the same lines, keys and numbers (unrounded in the
// JSON), plus the fields the official format has no place for.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

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
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, context()));
  ASSERT_TRUE(json.contains("official"));
  const nlohmann::json& official = json.at("official");
  const auto lines = official_lines(r);
  ASSERT_EQ(official.size(), lines.size());
  int numbers = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE(lines[i].first);
    const nlohmann::json& entry = official.at(i);
    EXPECT_EQ(entry.at("key").get<std::string>(), lines[i].first);
    const nlohmann::json& value = entry.at("value");
    if (value.is_number()) {
      ++numbers;
      const bool integral = value.get<double>() == std::floor(value.get<double>()) &&
                            lines[i].second.find_first_of(".e") == std::string::npos;
      EXPECT_EQ(integral ? std::to_string(static_cast<long long>(value.get<double>()))
                         : format_number(value.get<double>()),
                lines[i].second);
    } else {
      ASSERT_TRUE(value.is_string());
      EXPECT_EQ(value.get<std::string>(), lines[i].second);
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
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, context()));
  for (const nlohmann::json& entry : json.at("official")) {
    if (entry.at("key").get<std::string>() == "Benchmark Time Summary::Total") {
      EXPECT_EQ(entry.at("value").get<double>(), r.times.total);
    }
  }
  EXPECT_EQ(json.at("result").at("rating_gflops").get<double>(), compute_ratings(r).official);
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
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, c));
  EXPECT_EQ(json.at("format").get<std::string>(), run_json_format);
  EXPECT_EQ(json.at("official_report").get<std::string>(), c.report_file);
  const nlohmann::json& backend = json.at("backend");
  EXPECT_EQ(backend.at("name").get<std::string>(), "openmp");
  EXPECT_EQ(backend.at("version").get<std::string>(), "1.0.0");
  ASSERT_EQ(backend.at("replaced_kernels").size(), 2u);
  EXPECT_EQ(backend.at("replaced_kernels").at(0).get<std::string>(), "SpMV");
  EXPECT_EQ(json.at("iterations").at("optimized_per_set").get<double>(), 51);
  const nlohmann::json& sets = json.at("timed_sets");
  ASSERT_EQ(sets.size(), 9u);
  EXPECT_EQ(sets.at(0).at("seconds").get<double>(), r.set_seconds[0]);
  EXPECT_EQ(sets.at(3).at("scaled_residual").get<double>(), 7.76155e-09);
  EXPECT_GT(sets.at(1).at("gflops").get<double>(), sets.at(0).at("gflops").get<double>());
  const nlohmann::json& build = json.at("build");
  EXPECT_EQ(build.at("compiler").get<std::string>(), "GNU 12.2.0");
  EXPECT_EQ(build.at("flags").get<std::string>(), "-O3 -march=native");
  EXPECT_EQ(build.at("mpi_library").get<std::string>(), "MPICH Version: 4.0.2");
  EXPECT_EQ(json.at("run").at("ranks").get<double>(), 2);
  EXPECT_EQ(json.at("run").at("threads_per_rank").get<double>(), 1);
  EXPECT_EQ(json.at("sizing").at("fraction").get<double>(), 0.25);
  EXPECT_EQ(json.at("sizing").at("ranks_per_node").get<double>(), 2);
}

TEST(RunJson, InvalidRunsListTheirReasonsAndHaveNoRating) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.norms_test.variance = 1.0;
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, context()));
  const nlohmann::json& result = json.at("result");
  EXPECT_FALSE(result.at("valid").get<bool>());
  EXPECT_TRUE(result.at("rating_gflops").is_null());
  ASSERT_EQ(result.at("invalid_reasons").size(), 1u);
  EXPECT_NE(result.at("invalid_reasons").at(0).get<std::string>().find("reproducible"),
            std::string::npos);
  EXPECT_TRUE(json.at("sizing").is_null());
}

TEST(RunJson, GivesEachMultigridLevelsTimeWhenTheBackendTimedThem) {
  BenchmarkResults r = with_sets(sample_report_results());
  EXPECT_TRUE(nlohmann::json::parse(render_run_json(r, context())).at("mg_levels").is_null())
      << "not reported (a plugin's own V-cycle)";

  r.mg_level_seconds = {{12.0, 2.5, 1.25, 0.75}};
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, context()));
  const nlohmann::json& levels = json.at("mg_levels");
  ASSERT_EQ(levels.size(), static_cast<size_t>(mg_levels));
  double mg_seconds = 0;
  for (const nlohmann::json& entry : json.at("official")) {
    if (entry.at("key").get<std::string>() == "Benchmark Time Summary::MG") {
      mg_seconds = entry.at("value").get<double>();
    }
  }
  const FlopCounts flops = count_flops(r);
  double sum = 0;
  for (int l = 0; l < mg_levels; ++l) {
    SCOPED_TRACE(l);
    const nlohmann::json& level = levels.at(l);
    EXPECT_EQ(level.at("level").get<double>(), l);
    EXPECT_EQ(level.at("local_grid").at(0).get<double>(), 64 >> l);
    EXPECT_EQ(level.at("seconds").get<double>(), (*r.mg_level_seconds)[l]);
    EXPECT_DOUBLE_EQ(level.at("raw_gflops").get<double>(),
                     flops.mg_level[l] / (*r.mg_level_seconds)[l] / 1e9);
    sum += level.at("seconds").get<double>();
  }
  EXPECT_LE(sum, mg_seconds) << "levels are part of the official report's MG time";
  double level_flops = 0;
  for (double f : flops.mg_level) level_flops += f;
  EXPECT_EQ(level_flops, flops.mg) << "the levels' flops are MG's";
}

TEST(RunJson, GivesTheRooflineOnlyWhenTheBandwidthWasMeasured) {
  BenchmarkResults r = with_sets(sample_report_results());
  EXPECT_FALSE(nlohmann::json::parse(render_run_json(r, context())).contains("roofline"));

  r.triad_bandwidth_gbs = 64;
  const nlohmann::json json = nlohmann::json::parse(render_run_json(r, context()));
  ASSERT_TRUE(json.contains("roofline"));
  const nlohmann::json& roofline = json.at("roofline");
  EXPECT_EQ(roofline.at("triad_bandwidth_gbs").get<double>(), 64);
  EXPECT_EQ(roofline.at("bandwidth_source").get<std::string>(), "--triad-bandwidth");
  EXPECT_EQ(roofline.at("bytes_per_flop").get<double>(), 6.4);
  EXPECT_DOUBLE_EQ(roofline.at("bound_gflops").get<double>(), 10);
  EXPECT_DOUBLE_EQ(roofline.at("fraction").get<double>(), compute_ratings(r).official * 6.4 / 64);
  EXPECT_NEAR(roofline.at("fraction").get<double>(), 0.394021, 1e-6) << "the sample's 3.94021 GFLOP/s";

  r.norms_test.variance = 1.0;  // INVALID: the official formula's rating still has a roofline
  const nlohmann::json invalid = nlohmann::json::parse(render_run_json(r, context()));
  EXPECT_DOUBLE_EQ(invalid.at("roofline").at("fraction").get<double>(),
                   compute_ratings(r).official * 6.4 / 64);
}

TEST(RunJson, GivesBothMeasuredTriadsAndTheCountedBytesInTheRoofline) {
  BenchmarkResults r = with_sets(sample_report_results());
  r.measured_triad = MeasuredTriad{64, 32};
  const nlohmann::json roofline = nlohmann::json::parse(render_run_json(r, context())).at("roofline");
  EXPECT_EQ(roofline.at("triad_bandwidth_gbs").get<double>(), 64) << "the one before the sets";
  EXPECT_EQ(roofline.at("bandwidth_source").get<std::string>(), "measured before the timed sets");
  EXPECT_EQ(roofline.at("measured_before_gbs").get<double>(), 64);
  EXPECT_EQ(roofline.at("measured_after_gbs").get<double>(), 32);
  EXPECT_NEAR(roofline.at("fraction").get<double>(), 0.394021, 1e-6);
  EXPECT_NEAR(roofline.at("fraction_after").get<double>(), 2 * 0.394021, 2e-6);
  EXPECT_FALSE(roofline.contains("counted_bytes_per_flop")) << "the backend counted nothing";

  r.timed_kernel_traffic = KernelTraffic{3.0e12, 1.0e12, 1000};
  const nlohmann::json counted = nlohmann::json::parse(render_run_json(r, context()));
  EXPECT_DOUBLE_EQ(counted.at("roofline").at("counted_bytes_per_flop").get<double>(),
                   counted.at("kernel_traffic").at("bytes_per_flop").get<double>());

  r.triad_bandwidth_gbs = 16;  // the option overrides a measurement
  const nlohmann::json given = nlohmann::json::parse(render_run_json(r, context())).at("roofline");
  EXPECT_EQ(given.at("triad_bandwidth_gbs").get<double>(), 16);
  EXPECT_EQ(given.at("bandwidth_source").get<std::string>(), "--triad-bandwidth");
  EXPECT_FALSE(given.contains("measured_after_gbs"));
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
