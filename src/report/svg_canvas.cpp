// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hpcg {
namespace {

std::string coordinate(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

std::string tooltip_element(std::string_view tooltip) {
  return tooltip.empty() ? "" : "<title>" + xml_escape(tooltip) + "</title>";
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string short_number(double value) {
  char text[32];
  if (value != 0 && (std::fabs(value) >= 1e6 || std::fabs(value) < 1e-3)) {
    std::snprintf(text, sizeof text, "%.3g", value);
  } else {
    std::snprintf(text, sizeof text, "%.4g", value);
  }
  return text;
}

std::vector<double> nice_ticks(double top, int count) {
  if (!(top > 0) || !std::isfinite(top)) top = 1;
  const double rough = top / count;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * power;
    if (step >= rough) break;
  }
  std::vector<double> ticks;
  for (int i = 0; ticks.empty() || ticks.back() < top * (1 - 1e-9); ++i) ticks.push_back(i * step);
  return ticks;
}

SvgCanvas::SvgCanvas(double width, double height, std::string_view title)
    : width_(width), height_(height), title_(title) {
  rect(0, 0, width, height, "#ffffff");
}

void SvgCanvas::rect(double x, double y, double w, double h, std::string_view fill,
                     std::string_view tooltip) {
  body_ += "<rect x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + "\" width=\"" +
           coordinate(std::max(w, 0.0)) + "\" height=\"" + coordinate(std::max(h, 0.0)) +
           "\" fill=\"" + std::string(fill) + "\">" + tooltip_element(tooltip) + "</rect>\n";
}

void SvgCanvas::line(double x1, double y1, double x2, double y2, std::string_view stroke,
                     double width, bool dashed) {
  body_ += "<line x1=\"" + coordinate(x1) + "\" y1=\"" + coordinate(y1) + "\" x2=\"" +
           coordinate(x2) + "\" y2=\"" + coordinate(y2) + "\" stroke=\"" + std::string(stroke) +
           "\" stroke-width=\"" + coordinate(width) + "\"" +
           (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n";
}

void SvgCanvas::polyline(const std::vector<std::pair<double, double>>& points,
                         std::string_view stroke, double width) {
  std::string list;
  for (const auto& [x, y] : points) list += coordinate(x) + "," + coordinate(y) + " ";
  body_ += "<polyline points=\"" + list + "\" fill=\"none\" stroke=\"" + std::string(stroke) +
           "\" stroke-width=\"" + coordinate(width) + "\"/>\n";
}

void SvgCanvas::circle(double x, double y, double r, std::string_view fill,
                       std::string_view stroke, std::string_view tooltip) {
  body_ += "<circle cx=\"" + coordinate(x) + "\" cy=\"" + coordinate(y) + "\" r=\"" +
           coordinate(r) + "\" fill=\"" + std::string(fill) + "\" stroke=\"" +
           std::string(stroke) + "\" stroke-width=\"2\">" + tooltip_element(tooltip) +
           "</circle>\n";
}

void SvgCanvas::text(double x, double y, std::string_view content, double size,
                     std::string_view anchor, bool bold, std::string_view fill) {
  body_ += "<text x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + "\" font-size=\"" +
           coordinate(size) + "\" text-anchor=\"" + std::string(anchor) + "\" fill=\"" +
           std::string(fill) + "\"" + (bold ? " font-weight=\"bold\"" : "") + ">" +
           xml_escape(content) + "</text>\n";
}

std::string SvgCanvas::str() const {
  // Generic font family only: no font file or web font to fetch.
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + coordinate(width_) +
         "\" height=\"" + coordinate(height_) + "\" viewBox=\"0 0 " + coordinate(width_) + " " +
         coordinate(height_) + "\" font-family=\"sans-serif\">\n<title>" + xml_escape(title_) +
         "</title>\n" + body_ + "</svg>\n";
}

}  // namespace hpcg
