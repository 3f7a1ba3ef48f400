// SPDX-License-Identifier: BSD-3-Clause
// The SVG pictures: self-contained (no scripts, links or fonts to fetch), well-formed, and
// showing what they claim (one bar per kernel and per timed set, one point per report). That a
// real renderer draws them is checked end to end (testing/tools, rsvg-convert).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/report/run_figure.hpp"
#include "hpcg/report/scaling_figure.hpp"
#include "hpcg/report/svg.hpp"
#include "sample_results.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

int count(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), re),
                                        std::sregex_iterator()));
}

/// Every element opened is closed in order, and the document is one <svg> element.
void expect_well_formed(const std::string& svg) {
  std::vector<std::string> open;
  const std::regex tag(R"(<(/?)([a-zA-Z?]+)[^>]*?(/?)>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    if (name == "?xml" || (*it)[3] == "/") continue;
    if ((*it)[1] == "/") {
      ASSERT_FALSE(open.empty()) << "</" << name << "> closes nothing";
      ASSERT_EQ(open.back(), name);
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  EXPECT_TRUE(open.empty()) << "unclosed <" << (open.empty() ? "" : open.back()) << ">";
  EXPECT_THAT(svg, HasSubstr("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(count(svg, "https?://"), 1) << "the namespace is the only URL";
  EXPECT_THAT(svg, Not(HasSubstr("<script")));
  EXPECT_THAT(svg, Not(HasSubstr("href")));
  EXPECT_THAT(svg, Not(HasSubstr("@import")));
  EXPECT_THAT(svg, Not(HasSubstr("url(")));
}

BenchmarkResults sample_with_sets() {
  BenchmarkResults r = testing::sample_report_results();
  for (int i = 0; i < r.sets; ++i) r.set_seconds.push_back(r.times.total / r.sets * (1 + 0.01 * i));
  return r;
}

TEST(RunFigure, ShowsTheKernelsAndEachTimedSet) {
  const std::string svg = render_run_figure(sample_with_sets());
  expect_well_formed(svg);
  for (const char* kernel : {"MG", "SpMV", "DDOT", "WAXPBY", "other"}) {
    EXPECT_THAT(svg, HasSubstr(std::string("<title>") + kernel + ": ")) << kernel;
  }
  EXPECT_THAT(svg, HasSubstr("16.72 s, 79.84%")) << "MG's share of the sample's 20.939 s";
  EXPECT_EQ(count(svg, "<title>set [0-9]+: "), 9);
  EXPECT_THAT(svg, HasSubstr("VALID, rating 3.94 GFLOP/s"));
  EXPECT_THAT(svg, HasSubstr("per-level times not reported by this backend"))
      << "the sample has no level times, as from a plugin's own V-cycle";
  EXPECT_EQ(count(svg, "<title>level [0-9]: "), 0);
  EXPECT_THAT(svg, Not(HasSubstr("roofline"))) << "no bandwidth measured";
}

TEST(RunFigure, ShowsEachMultigridLevelOnTheKernelsScale) {
  BenchmarkResults r = sample_with_sets();
  r.mg_level_seconds = {{12.0, 2.5, 1.25, 0.75}};
  const std::string svg = render_run_figure(r);
  expect_well_formed(svg);
  EXPECT_THAT(svg, HasSubstr("Where MG went, by multigrid level"));
  EXPECT_THAT(svg, Not(HasSubstr("not reported")));
  EXPECT_EQ(count(svg, "<title>level [0-3]: "), 4);
  EXPECT_THAT(svg, HasSubstr("<title>level 0: 12 s, 71.78% of MG, 64x64x64, "));
  EXPECT_THAT(svg, HasSubstr("<title>level 3: 0.75 s, 4.486% of MG, 8x8x8, "));
  EXPECT_THAT(svg, HasSubstr("the levels add up to 16.5 s of MG's 16.72 s"));
  // Level l's flops are 10 nnz_l per iteration (4 for the coarsest): 450 iterations.
  EXPECT_THAT(svg,
              HasSubstr(short_number(450 * 10 * 13790200.0 / 12.0 / 1e9) + " GFLOP/s</title>"));
  // The bars share the kernels' scale: the four level bars add up to the MG bar.
  const std::regex bar(
      R"re(<rect x="110\.0" y="[0-9.]+" width="([0-9.]+)"[^>]*><title>(MG|level [0-3]):)re");
  double mg = 0, levels = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator();
       ++it) {
    ((*it)[2] == "MG" ? mg : levels) += std::stod((*it)[1]);
  }
  EXPECT_GT(mg, 0);
  EXPECT_NEAR(levels, mg * 16.5 / 16.718, 0.25) << "widths are rounded to 0.1 px";
}

TEST(RunFigure, GivesTheRooflineFractionWhenTheBandwidthWasMeasured) {
  BenchmarkResults r = sample_with_sets();
  r.triad_bandwidth_gbs = 64;
  const std::string svg = render_run_figure(r);
  expect_well_formed(svg);
  // 3.94021 GFLOP/s x 6.4 B/flop / 64 GB/s.
  EXPECT_THAT(svg, HasSubstr("memory-bandwidth roofline: 39.4% (rating x 6.4 B/flop / 64 GB/s"));
}

TEST(RunFigure, GivesBothMeasuredTriads) {
  BenchmarkResults r = sample_with_sets();
  r.measured_triad = MeasuredTriad{64, 32};
  const std::string svg = render_run_figure(r);
  expect_well_formed(svg);
  EXPECT_THAT(svg, HasSubstr("memory-bandwidth roofline: 39.4% (rating x 6.4 B/flop / 64 GB/s "
                             "STREAM triad, measured before the timed sets; 32 GB/s after: 78.8%)"));
}

TEST(RunFigure, AnInvalidRunSaysSoAndDrawsNoRating) {
  BenchmarkResults r = sample_with_sets();
  r.norms_test.variance = 1;
  const std::string svg = render_run_figure(r);
  expect_well_formed(svg);
  EXPECT_THAT(svg, HasSubstr("INVALID"));
  EXPECT_THAT(svg, Not(HasSubstr("official rating")));
}

TEST(Svg, EscapesTextAndFormatsNumbers) {
  SvgCanvas canvas(10, 10, "a < b & c");
  canvas.text(1, 1, "x\"<y>&");
  const std::string svg = canvas.str();
  EXPECT_THAT(svg, HasSubstr("<title>a &lt; b &amp; c</title>"));
  EXPECT_THAT(svg, HasSubstr("x&quot;&lt;y&gt;&amp;</text>"));
  expect_well_formed(svg);
  EXPECT_EQ(short_number(3.940214), "3.94");
  EXPECT_EQ(short_number(1234.5), "1234");
  EXPECT_EQ(short_number(1.4e-07), "1.4e-07");
  EXPECT_EQ(nice_ticks(3.94), (std::vector<double>{0, 1, 2, 3, 4}));
  EXPECT_EQ(nice_ticks(95), (std::vector<double>{0, 20, 40, 60, 80, 100}));
}

ScalingPoint point(int ranks, int threads, double rating, bool valid = true) {
  return {"r" + std::to_string(ranks) + "x" + std::to_string(threads), ranks, threads, rating, valid};
}

TEST(ScalingFigure, PlotsRatingAgainstTheCountThatVaries) {
  const std::string ranks = render_scaling_figure(
      {point(4, 1, 7.5), point(1, 1, 2.0), point(2, 1, 3.9, false)}, ScalingAxis::automatic);
  expect_well_formed(ranks);
  EXPECT_THAT(ranks, HasSubstr("rating against MPI ranks"));
  EXPECT_EQ(count(ranks, "<circle"), 3);
  EXPECT_THAT(ranks, HasSubstr("7.5 (94%)")) << "efficiency against 4 x 2.0";
  EXPECT_THAT(ranks, HasSubstr("r2x1: 2 rank(s) x 1 thread(s), 3.9 GFLOP/s (INVALID)"));
  EXPECT_THAT(ranks, HasSubstr("fill=\"#ffffff\" stroke=\"#e15759\"")) << "INVALID drawn hollow";

  const std::string threads =
      render_scaling_figure({point(2, 1, 2.0), point(2, 2, 3.5)}, ScalingAxis::automatic);
  EXPECT_THAT(threads, HasSubstr("rating against OpenMP threads per rank"));
  const std::string cores =
      render_scaling_figure({point(2, 1, 2.0), point(1, 4, 3.5)}, ScalingAxis::cores);
  EXPECT_THAT(cores, HasSubstr("cores (ranks x threads)"));
}

TEST(ScalingFigure, UsesPowersOfTwoOverWideRanges) {
  const std::string svg = render_scaling_figure(
      {point(1, 1, 2), point(8, 1, 15), point(64, 1, 110), point(512, 1, 800)}, ScalingAxis::ranks);
  expect_well_formed(svg);
  for (const char* tick : {">1<", ">8<", ">64<", ">512<"}) EXPECT_THAT(svg, HasSubstr(tick));
}

TEST(ScalingPointFromReport, ReadsRanksThreadsAndRating) {
  const ParsedReport report =
      parse_report(render_report(make_report(testing::sample_report_results())), "dir/a.txt");
  const ScalingPoint p = scaling_point(report);
  EXPECT_EQ(p.label, "a.txt");
  EXPECT_EQ(p.ranks, 2);
  EXPECT_EQ(p.threads, 1);
  EXPECT_DOUBLE_EQ(p.rating, 3.94021);
  EXPECT_TRUE(p.valid);
  EXPECT_THROW(scaling_point(parse_report("HPCG-Benchmark\nversion=3.1\n", "b.txt")), InputError);
}

}  // namespace
}  // namespace hpcg
