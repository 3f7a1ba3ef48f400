// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/report/report_compare.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

namespace hpcg {
namespace {

constexpr const char* compared_prefixes[] = {
    "Machine Summary::", "Global Problem Dimensions::", "Processor Dimensions::",
    "Local Domain Dimensions::", "Setup Information::Setup Time",
    "Linear System Information::Number of Equations",
    "Memory Use Information::Total memory used for data",
    "Memory Use Information::Bytes per equation",
    "Iteration Count Information::Optimized CG iterations per set",
    "Reproducibility Information::Scaled residual mean", "Benchmark Time Summary::",
    "GB/s Summary::", "GFLOP/s Summary::", "Final Summary::"};

bool compared(const std::string& key) {
  return std::any_of(std::begin(compared_prefixes), std::end(compared_prefixes),
                     [&](const char* prefix) { return key.rfind(prefix, 0) == 0; });
}

constexpr size_t long_text = 24;

using LineId = std::pair<std::string, int>;  // key and occurrence

/// Lines of both reports in A's order, then B's extra lines, with their values.
struct Row {
  LineId id;
  std::string a, b;
};

std::vector<Row> match_lines(const ReportDocument& a, const ReportDocument& b) {
  std::vector<Row> rows;
  std::map<LineId, size_t> index;
  std::map<std::string, int> seen;
  for (const auto& [key, value] : a) {
    LineId id{key, seen[key]++};
    index[id] = rows.size();
    rows.push_back({id, value, "-"});
  }
  seen.clear();
  for (const auto& [key, value] : b) {
    LineId id{key, seen[key]++};
    auto found = index.find(id);
    if (found != index.end()) {
      rows[found->second].b = value;
    } else {
      rows.push_back({id, "-", value});
    }
  }
  return rows;
}

std::string ratio(const std::string& a, const std::string& b) {
  char* end_a = nullptr;
  char* end_b = nullptr;
  const double x = std::strtod(a.c_str(), &end_a), y = std::strtod(b.c_str(), &end_b);
  const bool numbers = !a.empty() && !b.empty() && *end_a == '\0' && *end_b == '\0';
  if (!numbers) return a == b ? "" : "*";
  if (x == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", y / x);
  return text;
}

}  // namespace

std::string compare_reports(const ParsedReport& a, const ParsedReport& b, bool all) {
  std::vector<Row> rows = match_lines(a.lines, b.lines);
  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [&](const Row& row) {
                              const bool section = row.a.empty() && row.b.empty();
                              return section || (!all && !compared(row.id.first));
                            }),
             rows.end());
  if (!all) {
    // Long texts (the Final Summary's advice) only matter for whether they are there.
    for (Row& row : rows) {
      for (std::string* value : {&row.a, &row.b}) {
        if (value->size() > long_text) *value = "yes";
      }
    }
  }
  size_t key_width = 3;
  for (const Row& row : rows) key_width = std::max(key_width, row.id.first.size());
  key_width = std::min<size_t>(key_width, 80);
  auto line = [&](const std::string& key, const std::string& x, const std::string& y,
                  const std::string& r) {
    char text[512];
    std::snprintf(text, sizeof text, "%-*s  %14s  %14s  %8s\n", static_cast<int>(key_width),
                  key.substr(0, key_width).c_str(), x.c_str(), y.c_str(), r.c_str());
    return std::string(text);
  };
  std::string out = "A: " + a.path + "\nB: " + b.path + "\n\n";
  out += line("key", "A", "B", "B/A");
  for (const Row& row : rows) out += line(row.id.first, row.a, row.b, ratio(row.a, row.b));
  return out;
}

}  // namespace hpcg
