// SPDX-License-Identifier: BSD-3-Clause
// Layout: a title block, horizontal bars for the kernels (share of the timed phase), the same for
// the multigrid levels (on the kernels' scale, so they add up to the MG bar), then one vertical
// bar per timed set against the official rating. Fixed 760 px width.
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
constexpr const char* level_colour = "#f28e2b";
constexpr double bar_pitch = 28;

struct KernelBar {
  const char* name;
  double seconds;
  double gflops;  ///< 0 when the model credits no flops to it
};

std::string grid_text(const Geometry& g) {
  return std::to_string(g.nx) + "x" + std::to_string(g.ny) + "x" + std::to_string(g.nz_lower);
}

/// The roofline line: the fraction against the triad before the timed sets (or the given
/// bandwidth), the triad after them, and the backend's counted bytes where it counts.
std::string roofline_text(const Roofline& roofline, const std::optional<CountedTraffic>& counted) {
  std::string text = "memory-bandwidth roofline: " + short_number(100 * roofline.fraction) +
                     "% (rating x " + short_number(roofline_bytes_per_flop) + " B/flop / " +
                     short_number(roofline.triad_gbs) + " GB/s STREAM triad, ";
  if (!roofline.measured) {
    text += "from --triad-bandwidth)";
  } else if (roofline.after_gbs > 0) {
    text += "measured before the timed sets; " + short_number(roofline.after_gbs) + " GB/s after: " +
            short_number(100 * roofline.fraction_after) + "%)";
  } else {
    text += "measured before the timed sets)";
  }
  if (counted) text += "; backend counted " + short_number(counted->bytes_per_flop) + " B/flop";
  return text;
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
  if (const auto roofline = compute_roofline(r)) {
    svg.text(20, 88, roofline_text(*roofline, counted_traffic(r)), 12);
  }
}

/// One horizontal bar on the timed phase's scale, its name left of it and `label` right of it.
void draw_bar(SvgCanvas& svg, double y, const std::string& name, double seconds, double total,
              const std::string& label, const char* colour) {
  const double span = width - left - right - 200;
  const double length = span * seconds / (total > 0 ? total : 1);
  svg.text(left - 8, y + 15, name, 12, "end");
  svg.rect(left, y, length, 20, colour, name + ": " + label);
  svg.text(left + length + 6, y + 15, label, 12);
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
  const double total = t.total > 0 ? t.total : 1;
  double y = top + 14;
  for (const KernelBar& bar : bars) {
    std::string label =
        short_number(bar.seconds) + " s, " + short_number(100 * bar.seconds / total) + "%";
    if (bar.gflops > 0) label += ", " + short_number(bar.gflops) + " GFLOP/s";
    draw_bar(svg, y, bar.name, bar.seconds, t.total, label,
             bar.gflops > 0 ? kernel_colour : other_colour);
    y += bar_pitch;
  }
  svg.text(20, y + 8,
           "\"other\" is CG's own work and halo exchanges outside the kernels.", 11, "start",
           false, "#555");
  return y + 30;
}

double mg_levels_height(const BenchmarkResults& r) {
  return r.mg_level_seconds ? 14 + mg_levels * bar_pitch + 30 : 30;
}

/// One bar per V-cycle level, on the kernels' scale; returns the y below them.
double draw_mg_levels(SvgCanvas& svg, const BenchmarkResults& r, double top) {
  if (!r.mg_level_seconds) {
    svg.text(20, top,
             "Multigrid levels: per-level times not reported by this backend (its own V-cycle "
             "has no level timers)",
             12, "start", false, "#555");
    return top + mg_levels_height(r);
  }
  svg.text(20, top, "Where MG went, by multigrid level (each without the coarser levels)", 14,
           "start", true);
  const FlopCounts flops = count_flops(r);
  const double mg = r.times.mg > 0 ? r.times.mg : 1;
  double y = top + 14, levels_total = 0;
  for (int l = 0; l < mg_levels; ++l) {
    const double seconds = (*r.mg_level_seconds)[l];
    levels_total += seconds;
    std::string label = short_number(seconds) + " s, " + short_number(100 * seconds / mg) +
                        "% of MG, " + std::to_string(r.geometry.nx >> l) + "x" +
                        std::to_string(r.geometry.ny >> l) + "x" +
                        std::to_string(r.geometry.nz_lower >> l);
    if (seconds > 0) label += ", " + short_number(flops.mg_level[l] / seconds / 1e9) + " GFLOP/s";
    draw_bar(svg, y, "level " + std::to_string(l), seconds, r.times.total, label, level_colour);
    y += bar_pitch;
  }
  svg.text(20, y + 8,
           "Rank 0's times; the levels add up to " + short_number(levels_total) + " s of MG's " +
               short_number(r.times.mg) + " s (the rest is the call into the V-cycle).",
           11, "start", false, "#555");
  return y + 30;
}

void draw_sets(SvgCanvas& svg, const BenchmarkResults& r, double top, double height) {
  const double set_flops = flops_per_set(r);
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
  const double kernels_top = compute_roofline(results) ? 122 : 104;
  SvgCanvas svg(width, kernels_top + 466 + mg_levels_height(results),
                "xhpcg run: kernel and multigrid-level times, GFLOP/s per timed set");
  draw_title(svg, results);
  const double below_kernels = draw_kernels(svg, results, kernels_top);
  const double below_levels = draw_mg_levels(svg, results, below_kernels);
  draw_sets(svg, results, below_levels, sets_height);
  return svg.str();
}

}  // namespace hpcg
