// SPDX-License-Identifier: BSD-3-Clause
// The HPG-MxP report's checks. The report layer sits below xhpgmp's, so the rules are restated
// here from HPG-MxP's definitions (penalty = max(1, optimized / reference iterations), rating =
// raw GFLOP/s / penalty) rather than called; testing/hpgmp runs both on one report.
#include "hpcg/report/hpgmp_report_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

namespace hpcg {
namespace {

const char* const required_keys[] = {
    "version",
    "Run type",
    "Validation type",
    "Machine Summary::Distributed Processes",
    "Global Problem Dimensions::Global nx",
    "Linear System Information::Number of Equations",
    "Iteration Count Information::Convergence tolerance (validation)",
    "Iteration Count Information::Number of reference iterations (validation)",
    "Iteration Count Information::Initial residual norm of reference iterations (validation)",
    "Iteration Count Information::Final residual norm of reference iterations (validation)",
    "Iteration Count Information::Number of optimized iterations (validation)",
    "Iteration Count Information::Initial residual norm of optimized iterations (validation)",
    "Iteration Count Information::Final residual norm of optimized iterations (validation)",
    "Iteration Count Information::Penalty factor (validation)",
    "Benchmark Time Summary::Run time requested (benchmark)",
    "Benchmark Time Summary::Total",
    "GFLOP/s Summary::Raw Total",
    "GFLOP/s Summary::Total for benchmark",
};
const std::string valid_key = "Final Summary::HPGMP result is VALID with a GFLOP/s rating of";

struct Lines {
  std::vector<std::pair<std::string, std::string>> entries;
  std::map<std::string, size_t> first;  ///< key -> index of its first line
  double number(const std::string& key) const {
    auto it = first.find(key);
    if (it == first.end()) return std::nan("");
    try {
      return std::stod(entries[it->second].second);
    } catch (const std::exception&) {
      return std::nan("");
    }
  }
};

Lines parse(const std::string& text, ReportCheck& check) {
  Lines lines;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    size_t equals = line.find('=');
    if (equals == std::string::npos) {
      check.format_problems.push_back("line " + std::to_string(number) + " is not key=value");
      continue;
    }
    std::string key = line.substr(0, equals);
    lines.first.emplace(key, lines.entries.size());
    lines.entries.emplace_back(key, line.substr(equals + 1));
  }
  check.lines = number;
  return lines;
}

bool close(double printed, double rebuilt) {
  return std::abs(printed - rebuilt) <= printed_tolerance * std::max(std::abs(rebuilt), 1e-300);
}

void check_numbers(const Lines& l, ReportCheck& check) {
  const std::string it = "Iteration Count Information::";
  double reference = l.number(it + "Number of reference iterations (validation)");
  double optimized = l.number(it + "Number of optimized iterations (validation)");
  double penalty = l.number(it + "Penalty factor (validation)");
  double raw = l.number("GFLOP/s Summary::Raw Total");
  double rated = l.number("GFLOP/s Summary::Total for benchmark");
  double expected_penalty = reference > 0 ? std::max(1.0, optimized / reference) : 1.0;
  if (!close(penalty, expected_penalty)) {
    check.inconsistencies.push_back("penalty " + std::to_string(penalty) + " is not max(1, " +
                                    std::to_string(optimized) + " / " + std::to_string(reference) + ")");
  }
  if (!close(rated, raw / expected_penalty)) {
    check.inconsistencies.push_back("rating " + std::to_string(rated) +
                                    " is not the raw GFLOP/s divided by the penalty");
  }
  double tolerance = l.number(it + "Convergence tolerance (validation)");
  for (const char* solver : {"reference", "optimized"}) {
    double initial = l.number(it + "Initial residual norm of " + solver + " iterations (validation)");
    double final_norm = l.number(it + "Final residual norm of " + solver + " iterations (validation)");
    if (!(final_norm <= tolerance * initial * (1 + printed_tolerance))) {
      check.rule_problems.push_back(std::string("the ") + solver +
                                    " validation solve did not reach the tolerance");
    }
  }
  check.valid = l.first.count(valid_key) > 0;
  if (check.valid) check.rating = l.number(valid_key);
  if (check.valid && !close(check.rating, rated)) {
    check.inconsistencies.push_back("the final rating differs from the benchmark's total");
  }
  check.timed_seconds = l.number("Benchmark Time Summary::Total");
}

void check_rules(const Lines& l, ReportCheck& check) {
  if (!check.valid) check.rule_problems.push_back("the result is INVALID");
  auto run_type = l.first.find("Run type");
  if (run_type != l.first.end() && l.entries[run_type->second].second != "benchmark") {
    check.rule_problems.push_back("run type is not 'benchmark'");
  }
  if (!(l.number("Benchmark Time Summary::Run time requested (benchmark)") >= 1800.0)) {
    check.rule_problems.push_back("run time below HPG-MxP's 1800 s for an official run");
  }
}

void check_json(const Lines& l, const std::string& json_text, ReportCheck& check) {
  if (json_text.empty()) return;
  const std::string prefix = "the JSON file beside the report ";
  try {
    auto j = nlohmann::json::parse(json_text);
    const std::string it = "Iteration Count Information::";
    auto same = [&](double json_value, double printed, const char* what) {
      if (!close(printed, json_value)) check.inconsistencies.push_back(prefix + "disagrees on " + what);
    };
    same(j.at("validation").at("penalty").get<double>(), l.number(it + "Penalty factor (validation)"),
         "the penalty");
    same(j.at("validation").at("reference").at("iterations").get<double>(),
         l.number(it + "Number of reference iterations (validation)"), "the reference iterations");
    same(j.at("validation").at("optimized").at("iterations").get<double>(),
         l.number(it + "Number of optimized iterations (validation)"), "the optimized iterations");
    same(j.at("rating_gflops").get<double>(), l.number("GFLOP/s Summary::Total for benchmark"),
         "the rating");
  } catch (const std::exception& error) {
    check.inconsistencies.push_back(prefix + "cannot be read: " + error.what());
  }
}

}  // namespace

bool is_hpgmp_report(const std::string& text) { return text.rfind("HPGMP-Benchmark=", 0) == 0; }

ReportCheck check_hpgmp_report(const std::string& text, const std::string& json_text) {
  ReportCheck check;
  Lines lines = parse(text, check);
  size_t last = 0;
  for (const char* key : required_keys) {
    auto it = lines.first.find(key);
    if (it == lines.first.end()) {
      check.format_problems.push_back(std::string("missing key '") + key + "'");
    } else if (it->second < last) {
      check.format_problems.push_back(std::string("key '") + key + "' out of HPG-MxP's order");
    } else {
      last = it->second;
    }
  }
  if (!check.format_problems.empty()) return check;
  check.numbers_read = true;
  check_numbers(lines, check);
  check_rules(lines, check);
  check_json(lines, json_text, check);
  return check;
}

std::string describe_hpgmp_check(const ReportCheck& c, const std::string& path) {
  std::ostringstream out;
  auto block = [](const std::vector<std::string>& items) {
    std::string text;
    for (const auto& item : items) text += "    - " + item + "\n";
    return text;
  };
  out << path << " (HPG-MxP)\n  format:      "
      << (c.format_problems.empty() ? "OK (HPG-MxP's keys in order)\n"
                                    : "PROBLEMS\n" + block(c.format_problems));
  if (c.numbers_read) {
    out << "  consistency: "
        << (c.inconsistencies.empty() ? std::string("OK (penalty and rating follow from its numbers)\n")
                                      : "PROBLEMS\n" + block(c.inconsistencies));
    out << "  result:      "
        << (c.valid ? "VALID, rating " + std::to_string(c.rating) + " GFLOP/s" : std::string("INVALID"))
        << ", timed phase " << c.timed_seconds << " s\n";
  }
  if (!c.rule_problems.empty()) out << "  rules:\n" << block(c.rule_problems);
  out << "verdict: " << (c.submittable() ? "an official HPG-MxP result" : "NOT official, see above")
      << "\n";
  return out.str();
}

}  // namespace hpcg
