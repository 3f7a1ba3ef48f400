// SPDX-License-Identifier: BSD-3-Clause
// Each point is labelled with its rating and its parallel efficiency against ideal linear
// scaling from the smallest run, the two numbers a scaling study is read for.
#include "hpcg/report/scaling_figure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "hpcg/base/error.hpp"
#include "hpcg/report/svg.hpp"

namespace hpcg {
namespace {

constexpr double width = 760, height = 480;
constexpr double left = 80, right = 40, top = 80, bottom = 70;

double count_of(const ScalingPoint& p, ScalingAxis axis) {
  switch (axis) {
    case ScalingAxis::ranks: return p.ranks;
    case ScalingAxis::threads: return p.threads;
    default: return static_cast<double>(p.ranks) * p.threads;
  }
}

ScalingAxis choose_axis(const std::vector<ScalingPoint>& points) {
  auto varies = [&](ScalingAxis axis) {
    return std::any_of(points.begin(), points.end(), [&](const ScalingPoint& p) {
      return count_of(p, axis) != count_of(points.front(), axis);
    });
  };
  if (varies(ScalingAxis::ranks)) return ScalingAxis::ranks;
  if (varies(ScalingAxis::threads)) return ScalingAxis::threads;
  return ScalingAxis::cores;
}

const char* axis_name(ScalingAxis axis) {
  switch (axis) {
    case ScalingAxis::ranks: return "MPI ranks";
    case ScalingAxis::threads: return "OpenMP threads per rank";
    default: return "cores (ranks x threads)";
  }
}

/// Maps values to pixels on [low, high] pixels, linear from 0 or logarithmic.
struct Scale {
  bool log = false;
  double first = 0, last = 1;  // value range (log: exponents)
  double low = 0, high = 1;    // pixels
  double operator()(double v) const {
    const double t = log ? std::log2(v) : v;
    return low + (high - low) * (t - first) / (last - first);
  }
};

/// Tick values: powers of two on a log axis, nice_ticks on a linear one.
std::vector<double> ticks_for(Scale& scale, double smallest, double largest) {
  std::vector<double> ticks;
  if (scale.log) {
    scale.first = std::floor(std::log2(smallest));
    scale.last = std::max(scale.first + 1, std::ceil(std::log2(largest)));
    const int step = scale.last - scale.first > 12 ? 2 : 1;
    for (double e = scale.first; e <= scale.last; e += step) ticks.push_back(std::exp2(e));
  } else {
    ticks = nice_ticks(largest);
    scale.first = 0;
    scale.last = ticks.back();
  }
  return ticks;
}

}  // namespace

ScalingPoint scaling_point(const ParsedReport& report) {
  ScalingPoint p;
  const size_t slash = report.path.find_last_of('/');
  p.label = slash == std::string::npos ? report.path : report.path.substr(slash + 1);
  auto ranks = report_number(report.lines, "Machine Summary::Distributed Processes");
  auto threads = report_number(report.lines, "Machine Summary::Threads per processes");
  auto rating = report_number(
      report.lines, "GFLOP/s Summary::Total with convergence and optimization phase overhead");
  if (!ranks || !threads || !rating || *ranks < 1 || *threads < 1) {
    throw InputError(report.path + ": no rank count, thread count or GFLOP/s rating");
  }
  p.ranks = static_cast<int>(*ranks);
  p.threads = static_cast<int>(*threads);
  p.rating = *rating;
  p.valid = report_value(report.lines, "Final Summary::HPCG result is VALID with a GFLOP/s rating of")
                .has_value();
  return p;
}

std::string render_scaling_figure(std::vector<ScalingPoint> points, ScalingAxis axis) {
  if (points.empty()) throw InputError("plot needs at least one report");
  if (axis == ScalingAxis::automatic) axis = choose_axis(points);
  std::stable_sort(points.begin(), points.end(), [&](const ScalingPoint& a, const ScalingPoint& b) {
    return count_of(a, axis) < count_of(b, axis);
  });
  const double x0 = count_of(points.front(), axis), x_max = count_of(points.back(), axis);
  const double r0 = points.front().rating;
  auto ideal = [&](double x) { return r0 * x / x0; };
  double y_min = r0, y_max = std::max(r0, ideal(x_max));
  for (const auto& p : points) {
    y_min = std::min(y_min, p.rating);
    y_max = std::max(y_max, p.rating);
  }
  Scale sx{x_max / x0 >= 8, 0, 1, left, width - right};
  Scale sy{sx.log && y_min > 0, 0, 1, height - bottom, top};
  const std::vector<double> x_ticks = ticks_for(sx, x0, x_max);
  const std::vector<double> y_ticks = ticks_for(sy, sy.log ? y_min : 0, y_max * 1.05);

  SvgCanvas svg(width, height, "HPCG scaling: rating against " + std::string(axis_name(axis)));
  svg.text(20, 30, std::string("HPCG rating against ") + axis_name(axis), 18, "start", true);
  svg.text(20, 52, std::to_string(points.size()) + " report(s); dashed: ideal linear scaling from "
                   "the smallest run; hollow red: INVALID", 12);
  for (double t : y_ticks) {
    svg.line(left, sy(t), width - right, sy(t), "#e0e0e0");
    svg.text(left - 8, sy(t) + 4, short_number(t), 11, "end");
  }
  for (double t : x_ticks) {
    svg.line(sx(t), height - bottom, sx(t), height - bottom + 5, "#222");
    svg.text(sx(t), height - bottom + 18, short_number(t), 11, "middle");
  }
  svg.line(left, height - bottom, width - right, height - bottom, "#222");
  svg.line(left, top, left, height - bottom, "#222");
  svg.text((left + width - right) / 2, height - 25, axis_name(axis), 13, "middle");
  svg.text(20, top - 10, "GFLOP/s (official rating)", 12);
  svg.line(sx(x0), sy(r0), sx(x_max), sy(ideal(x_max)), "#999", 1.5, true);

  std::vector<std::pair<double, double>> path;
  for (const auto& p : points) path.emplace_back(sx(count_of(p, axis)), sy(p.rating));
  svg.polyline(path, "#4e79a7", 2);
  for (const auto& p : points) {
    const double x = count_of(p, axis);
    char efficiency[32];
    std::snprintf(efficiency, sizeof efficiency, "%.0f%%", 100 * p.rating / ideal(x));
    svg.circle(sx(x), sy(p.rating), 5, p.valid ? "#4e79a7" : "#ffffff",
               p.valid ? "#4e79a7" : "#e15759",
               p.label + ": " + std::to_string(p.ranks) + " rank(s) x " +
                   std::to_string(p.threads) + " thread(s), " + short_number(p.rating) +
                   " GFLOP/s" + (p.valid ? "" : " (INVALID)"));
    // Labels of points at the right edge end there instead of running off the picture.
    const bool at_right_edge = sx(x) > width - right - 60;
    svg.text(at_right_edge ? sx(x) + 6 : sx(x), sy(p.rating) - 10,
             short_number(p.rating) + " (" + efficiency + ")", 11,
             at_right_edge ? "end" : "middle");
  }
  return svg.str();
}

}  // namespace hpcg
