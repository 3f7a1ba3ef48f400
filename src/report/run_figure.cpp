// SPDX-License-Identifier: BSD-3-Clause
// Layout: a title block, horizontal bars for the kernels (share of the timed phase), then one
// vertical bar per timed set against the official rating. Fixed 760 px width.
#include "hpcg/report/run_figure.hpp"

#include <algorithm>
#include <string>

#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/svg.hpp"

namespace hpcg {
namespace {

constexpr double width = 760, left = 110, right = 40;
constexpr const char* kernel_colour = "#4e79a7";
constexpr const char* other_colour = "#bab0ac";
constexpr const char* set_colour = "#59a14f";
constexpr const char* rating_colour = "#e15759";

struct KernelBar {
  const char* name;
  double seconds;
  double gflops;  ///< 0 when the model credits no flops to it
};

std::string grid_text(const Geometry& g) {
  return std::to_string(g.nx) + "x" + std::to_string(g.ny) + "x" + std::to_string(g.nz_lower);
}

void draw_title(SvgCanvas& svg, const BenchmarkResults& r) {
  const std::string verdict =
      r.valid() ? "VALID, rating " + short_number(compute_ratings(r).official) + " GFLOP/s"
                : "INVALID";
  svg.text(20, 30, "xhpcg (HPCG 3.1): " + verdict, 18, "start", true,
           r.valid() ? "#222" : rating_colour);
  svg.text(20, 52,
           std::to_string(r.ranks) + " rank(s) x " + std::to_string(r.threads) +
               " thread(s), local grid " + grid_text(r.geometry) + ", backend " +
               r.backend_name + " " + r.backend_version,
           12);
  svg.text(20, 70,
           std::to_string(r.sets) + " timed set(s) of " + std::to_string(r.optimized_iterations) +
               " iterations in " + short_number(r.times.total) + " s; outside it: setup " +
               short_number(r.setup_seconds) + " s, optimization " +
               short_number(r.optimize_seconds) + " s (each charged 1/10 per set)",
           12);
}

/// Kernel bars; returns the y below them.
double draw_kernels(SvgCanvas& svg, const BenchmarkResults& r, double top) {
  const Ratings g = compute_ratings(r);
  const KernelTimes& t = r.times;
  const double other = std::max(0.0, t.total - t.mg - t.spmv - t.dot - t.waxpby);
  const KernelBar bars[] = {{"MG", t.mg, g.mg},
                            {"SpMV", t.spmv, g.spmv},
                            {"DDOT", t.dot, g.dot},
                            {"WAXPBY", t.waxpby, g.waxpby},
                            {"other", other, 0}};
  svg.text(20, top, "Where the timed phase went (seconds summed over the sets)", 14, "start", true);
  const double span = width - left - right - 200;
  const double total = t.total > 0 ? t.total : 1;
  double y = top + 14;
  for (const KernelBar& bar : bars) {
    const double length = span * bar.seconds / total;
    const std::string share = short_number(100 * bar.seconds / total) + "%";
    std::string label = short_number(bar.seconds) + " s, " + share;
    if (bar.gflops > 0) label += ", " + short_number(bar.gflops) + " GFLOP/s";
    svg.text(left - 8, y + 15, bar.name, 12, "end");
    svg.rect(left, y, length, 20, bar.gflops > 0 ? kernel_colour : other_colour,
             std::string(bar.name) + ": " + label);
    svg.text(left + length + 6, y + 15, label, 12);
    y += 28;
  }
  svg.text(20, y + 8,
           "MG is timed as one kernel: its levels are not timed separately. \"other\" is CG's "
           "own work and halo exchanges outside the kernels.",
           11, "start", false, "#555");
  return y + 30;
}

void draw_sets(SvgCanvas& svg, const BenchmarkResults& r, double top, double height) {
  BenchmarkResults one_set;
  one_set.levels = r.levels;
  one_set.sets = 1;
  one_set.optimized_iterations = r.optimized_iterations;
  one_set.reference_iterations = r.reference_iterations;
  const double set_flops = count_flops(one_set).total_with_convergence;
  std::vector<double> rates;
  for (double seconds : r.set_seconds) rates.push_back(seconds > 0 ? set_flops / seconds / 1e9 : 0);
  svg.text(20, top, "GFLOP/s of each timed set (HPCG flop model, with convergence overhead)", 14,
           "start", true);
  const double rating = r.valid() ? compute_ratings(r).official : 0;
  double highest = rating;
  for (double rate : rates) highest = std::max(highest, rate);
  const std::vector<double> ticks = nice_ticks(highest > 0 ? highest : 1);
  const double plot_top = top + 30, plot_bottom = top + height, plot_width = width - left - right;
  auto y_of = [&](double value) {
    return plot_bottom - (plot_bottom - plot_top) * value / ticks.back();
  };
  for (double tick : ticks) {
    svg.line(left, y_of(tick), left + plot_width, y_of(tick), "#e0e0e0");
    svg.text(left - 8, y_of(tick) + 4, short_number(tick), 11, "end");
  }
  const double slot = rates.empty() ? plot_width : plot_width / rates.size();
  const size_t label_every = std::max<size_t>(1, rates.size() / 20);
  for (size_t i = 0; i < rates.size(); ++i) {
    const double x = left + i * slot + slot * 0.1;
    svg.rect(x, y_of(rates[i]), slot * 0.8, plot_bottom - y_of(rates[i]), set_colour,
             "set " + std::to_string(i + 1) + ": " + short_number(rates[i]) + " GFLOP/s, " +
                 short_number(r.set_seconds[i]) + " s");
    if ((i + 1) % label_every == 0 || i == 0) {
      svg.text(x + slot * 0.4, plot_bottom + 14, std::to_string(i + 1), 10, "middle");
    }
  }
  svg.line(left, plot_bottom, left + plot_width, plot_bottom, "#222");
  svg.text(left + plot_width / 2, plot_bottom + 30, "timed set", 12, "middle");
  if (rating > 0) {
    svg.line(left, y_of(rating), left + plot_width, y_of(rating), rating_colour, 2, true);
    svg.line(20, top + 14, 44, top + 14, rating_colour, 2, true);
    svg.text(50, top + 18,
             "official rating " + short_number(rating) +
                 " GFLOP/s (all sets, setup and optimization charged)",
             11, "start", false, rating_colour);
  }
}

}  // namespace

std::string render_run_figure(const BenchmarkResults& results) {
  constexpr double sets_height = 220;
  SvgCanvas svg(width, 570, "xhpcg run: kernel times and GFLOP/s per timed set");
  draw_title(svg, results);
  const double below_kernels = draw_kernels(svg, results, 104);
  draw_sets(svg, results, below_kernels, sets_height);
  return svg.str();
}

}  // namespace hpcg
