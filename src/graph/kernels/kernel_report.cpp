// SPDX-License-Identifier: BSD-3-Clause
#include "kernel_report.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace hpcg::graph {

std::string line(const std::string& label, const std::string& value) {
  // gapbs's layout pads to 21 characters; a longer label keeps one space before its value.
  std::string padded = label + ":";
  padded.resize(std::max<size_t>(21, padded.size() + 1), ' ');
  return padded + value + "\n";
}

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string scientific(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4e", value);
  return text;
}

std::string phases_text(const PhaseSeconds& mean, const char* a_name, const char* b_name) {
  std::ostringstream text;
  text << "setup " << fixed(mean.setup) << ", " << a_name << " " << fixed(mean.compute_a);
  if (b_name != nullptr) text << ", " << b_name << " " << fixed(mean.compute_b);
  text << ", communication " << fixed(mean.communication) << " (slowest rank, mean per trial)";
  return text.str();
}

Json phases_json(const PhaseSeconds& phases, const char* a_name, const char* b_name) {
  Json j;
  j["setup"] = phases.setup;
  j[a_name] = phases.compute_a;
  if (b_name != nullptr) j[b_name] = phases.compute_b;
  j["communication"] = phases.communication;
  return j;
}

}  // namespace hpcg::graph
