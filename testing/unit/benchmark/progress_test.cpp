// SPDX-License-Identifier: BSD-3-Clause
// ProgressPrinter's three styles, written to a temporary file: plain lines at phase starts and
// at the first and last timed set (throttled in between), a live line redrawn with '\r', and
// nothing at all with --quiet.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "hpcg/benchmark/progress.hpp"

namespace hpcg {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

/// Runs `events` through a printer of `style` and returns what it wrote.
template <class Events>
std::string printed(ProgressPrinter::Style style, double interval, Events&& events) {
  std::FILE* out = std::tmpfile();
  {
    ProgressPrinter printer(style, out, interval);
    events(printer);
    printer.finish();
  }
  std::string text;
  std::rewind(out);
  for (int c; (c = std::fgetc(out)) != EOF;) text += static_cast<char>(c);
  std::fclose(out);
  return text;
}

ProgressEvent start(const std::string& phase, const std::string& detail) {
  ProgressEvent event;
  event.phase = phase;
  event.detail = detail;
  return event;
}

ProgressEvent set_done(int done, int total) {
  ProgressEvent event = start("timed sets", "scaled residual 1e-09");
  event.steps_done = done;
  event.steps_total = total;
  event.seconds_left = 2.0 * (total - done);
  event.gflops = 3.5;
  return event;
}

void a_short_run(ProgressPrinter& p) {
  p.report(start("setup", "generating the problem"));
  p.report(start("validation", "TestCG, TestSymmetry"));
  for (int i = 1; i <= 5; ++i) p.report(set_done(i, 5));
}

TEST(ProgressPrinter, LinesShowPhasesAndTheFirstAndLastSet) {
  const std::string text = printed(ProgressPrinter::Style::lines, 1000, a_short_run);
  EXPECT_THAT(text, HasSubstr("] setup: generating the problem\n"));
  EXPECT_THAT(text, HasSubstr("] validation: TestCG, TestSymmetry\n"));
  EXPECT_THAT(text, HasSubstr("timed sets 1/5, "));
  EXPECT_THAT(text, HasSubstr("~8.0 s left, 3.5 GFLOP/s; scaled residual 1e-09\n"));
  EXPECT_THAT(text, HasSubstr("timed sets 5/5, "));
  EXPECT_THAT(text, Not(HasSubstr("timed sets 3/5"))) << "throttled to one line per interval";
  EXPECT_THAT(text, Not(HasSubstr("\r")));
}

TEST(ProgressPrinter, LinesRepeatWhileALongPhaseRuns) {
  const std::string text = printed(ProgressPrinter::Style::lines, 0.2, [](ProgressPrinter& p) {
    p.report(start("setup", "generating the problem"));
    std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  });
  EXPECT_GE(std::count(text.begin(), text.end(), '\n'), 2) << text;
  EXPECT_THAT(text, HasSubstr("setup: generating the problem (1.")) << "elapsed time in the phase";
}

TEST(ProgressPrinter, LiveRedrawsOneLineAndEndsIt) {
  const std::string text = printed(ProgressPrinter::Style::live, 30, a_short_run);
  EXPECT_THAT(text, HasSubstr("\r"));
  EXPECT_THAT(text, HasSubstr("\033[K"));
  EXPECT_THAT(text, HasSubstr("timed sets 3/5")) << "every step is drawn";
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << "one newline, from finish()";
  EXPECT_EQ(text.back(), '\n');
}

TEST(ProgressPrinter, QuietPrintsNothing) {
  EXPECT_EQ(printed(ProgressPrinter::Style::quiet, 30, a_short_run), "");
}

TEST(ProgressPrinter, StyleFollowsQuietAndTheKindOfOutput) {
  std::FILE* file = std::tmpfile();
  EXPECT_EQ(ProgressPrinter::style_for(file, false), ProgressPrinter::Style::lines);
  EXPECT_EQ(ProgressPrinter::style_for(file, true), ProgressPrinter::Style::quiet);
  std::fclose(file);
}

}  // namespace
}  // namespace hpcg
