// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's flop, traffic and memory models against the numbers of
// the sample report. Counts that depend only on sizes must print identically; rates divide by
// times the sample rounded to 6 digits, so they are compared to a relative 1e-5.
#include <gtest/gtest.h>

#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report.hpp"
#include "sample_results.hpp"

namespace hpcg {
namespace {

using testing::sample_report_results;

/// `printed` is a 6-digit value from the sample: allow its rounding plus that of the times.
void expect_close(double actual, double printed, double relative = 1e-5) {
  EXPECT_NEAR(actual, printed, relative * printed) << "printed " << format_number(printed);
}

TEST(PerformanceModel, FlopCountsPrintAsInTheSample) {
  FlopCounts f = count_flops(sample_report_results());
  EXPECT_EQ(format_number(f.dot), "1.42501e+09");
  EXPECT_EQ(format_number(f.waxpby), "1.42501e+09");
  EXPECT_EQ(format_number(f.spmv), "1.26594e+10");
  EXPECT_EQ(format_number(f.mg), "7.05458e+10");
  EXPECT_EQ(format_number(f.total), "8.60553e+10");
  EXPECT_EQ(format_number(f.total_with_convergence), "8.60553e+10");
}

TEST(PerformanceModel, FlopCountsFollowTheFormulas) {
  // S = 9 sets of I = 50: DDOT (3*450 + 9) * 2 * N exactly.
  FlopCounts f = count_flops(sample_report_results());
  EXPECT_EQ(f.dot, 1359.0 * 2.0 * 524288.0);
  EXPECT_EQ(f.spmv, 459.0 * 2.0 * 13790200.0);
  EXPECT_EQ(f.mg, 450.0 * (10.0 * (13790200.0 + 1678840.0 + 198904.0) + 4.0 * 22264.0));
  EXPECT_EQ(f.total, f.dot + f.waxpby + f.spmv + f.mg);
}

TEST(PerformanceModel, GflopRatingsMatchTheSample) {
  Ratings g = compute_ratings(sample_report_results());
  expect_close(g.dot, 1.08773);
  expect_close(g.waxpby, 6.39453);
  expect_close(g.spmv, 4.71262);
  expect_close(g.mg, 4.21976);
  expect_close(g.raw_total, 4.10981);
  expect_close(g.with_convergence, 4.10981);
  expect_close(g.official, 3.94021);
  expect_close(g.hpcg_2_4, 4.10981);
}

TEST(PerformanceModel, BandwidthsMatchTheSample) {
  Ratings g = compute_ratings(sample_report_results());
  expect_close(g.read_bandwidth, 25.3317);
  expect_close(g.write_bandwidth, 5.85468);
  expect_close(g.total_bandwidth, 31.1863);
  expect_close(g.official_bandwidth, 29.8994);
}

TEST(PerformanceModel, ChargedTimeAddsATenthOfSetupAndOptimisationPerSet) {
  BenchmarkResults r = sample_report_results();
  EXPECT_DOUBLE_EQ(charged_seconds(r), 20.939 + 9 * (1.4e-07 / 10 + 1.00144 / 10));
  r.optimize_seconds = 2.0;
  r.setup_seconds = 0.0;
  Ratings g = compute_ratings(r);
  EXPECT_DOUBLE_EQ(g.official, g.hpcg_2_4) << "2.4 rating charges only the optimisation time";
  EXPECT_DOUBLE_EQ(g.official, count_flops(r).total / (20.939 + 9 * 0.2) / 1e9);
}

TEST(PerformanceModel, ExtraIterationsAreNotCredited) {
  // An optimised run needing 60 iterations per set is credited with 50 (HPCG 3.1).
  BenchmarkResults r = sample_report_results();
  r.optimized_iterations = 60;
  FlopCounts f = count_flops(r);
  EXPECT_EQ(f.dot, (3.0 * 540 + 9) * 2.0 * 524288.0);
  EXPECT_DOUBLE_EQ(f.total_with_convergence, f.total * 50.0 / 60.0);
  Ratings g = compute_ratings(r);
  EXPECT_DOUBLE_EQ(g.with_convergence, g.raw_total * 50.0 / 60.0);
  TrafficCounts t = count_traffic(r);
  EXPECT_DOUBLE_EQ(g.official_bandwidth,
                   (t.reads + t.writes) * 50.0 / 60.0 / charged_seconds(r) / 1e9);
}

TEST(PerformanceModel, MemoryEstimateMatchesTheSample) {
  BenchmarkResults r = sample_report_results();
  MemoryEstimate m = estimate_memory(r);
  EXPECT_EQ(format_number(m.total_bytes / 1e9), "0.374895");
  EXPECT_EQ(format_number(m.optimization_bytes / 1e9), "0");
  EXPECT_EQ(format_number(m.total_bytes / 524288.0), "715.056");
  EXPECT_EQ(format_number(m.fine_bytes / 1e9), "0.329908");
  EXPECT_EQ(format_number(m.coarse_bytes[0] / 1e9), "0.0394327");
  EXPECT_EQ(format_number(m.coarse_bytes[1] / 1e9), "0.00493517");
  EXPECT_EQ(format_number(m.coarse_bytes[2] / 1e9), "0.000618752");
  EXPECT_DOUBLE_EQ(m.total_bytes,
                   m.fine_bytes + m.coarse_bytes[0] + m.coarse_bytes[1] + m.coarse_bytes[2]);
}

TEST(PerformanceModel, OptimisationMemoryIsReportedSeparatelyAndAddedToTheTotal) {
  BenchmarkResults r = sample_report_results();
  const MemoryEstimate before = estimate_memory(r);
  r.optimization_bytes = 1.0e8;
  const MemoryEstimate after = estimate_memory(r);
  EXPECT_EQ(after.optimization_bytes, 1.0e8);
  EXPECT_EQ(after.fine_bytes, before.fine_bytes);
  EXPECT_DOUBLE_EQ(after.total_bytes, before.total_bytes + 1.0e8);
}

TEST(PerformanceModel, SingleRankHasNoSendBuffers) {
  // With one rank the MPI term 12 * sent + 8 * neighbours of each coarse level vanishes.
  BenchmarkResults r = sample_report_results();
  r.ranks = 1;
  const double with_counts = estimate_memory(r).coarse_bytes[0];
  r.levels[1].root_send_total = 0;
  r.levels[1].root_send_neighbors = 0;
  EXPECT_EQ(estimate_memory(r).coarse_bytes[0], with_counts);
}

}  // namespace
}  // namespace hpcg
