// SPDX-License-Identifier: BSD-3-Clause
// A minimal SVG canvas for the report pictures: self-contained documents (generic font families,
// no scripts, no external references) that any SVG renderer or browser shows alike.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hpcg {

/// `text` with &, <, >, " escaped for XML.
std::string xml_escape(std::string_view text);
/// Four significant digits at most, no exponent below 1e6: axis labels and bar values.
std::string short_number(double value);
/// About `count` round tick values from 0 to at least `top` (1, 2 or 5 times a power of ten).
std::vector<double> nice_ticks(double top, int count = 5);

class SvgCanvas {
 public:
  SvgCanvas(double width, double height, std::string_view title);

  /// A filled rectangle; `tooltip`, when given, becomes its <title> (shown on hover).
  void rect(double x, double y, double w, double h, std::string_view fill,
            std::string_view tooltip = {});
  void line(double x1, double y1, double x2, double y2, std::string_view stroke,
            double width = 1, bool dashed = false);
  void polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                double width = 2);
  void circle(double x, double y, double r, std::string_view fill, std::string_view stroke,
              std::string_view tooltip = {});
  /// `anchor` is start, middle or end; `size` in px.
  void text(double x, double y, std::string_view content, double size = 12,
            std::string_view anchor = "start", bool bold = false, std::string_view fill = "#222");

  std::string str() const;

 private:
  std::string body_;
  double width_, height_;
  std::string title_;
};

}  // namespace hpcg
