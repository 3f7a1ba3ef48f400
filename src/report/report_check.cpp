// SPDX-License-Identifier: BSD-3-Clause
// The report's rules: HPCG 3.1's validity, its 1800 s, QuickPath and memory rules, and its
// report format (keys, order, Final Summary lines).
#include "hpcg/report/report_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "hpcg/base/error.hpp"
#include "hpcg/report/report.hpp"

namespace hpcg {
namespace {

constexpr size_t listed_inconsistencies = 8;

bool close_enough(double printed, double rebuilt) {
  const double scale = std::max(std::fabs(printed), std::fabs(rebuilt));
  return std::fabs(printed - rebuilt) <= printed_tolerance * scale || scale < 1e-300;
}

/// Whether the report's `text` says what the rebuilt entry says.
bool agrees(const ReportEntry& rebuilt, const std::string& text) {
  if (rebuilt.kind != ReportEntry::Kind::real) return text == rebuilt.text;
  char* end = nullptr;
  const double printed = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && close_enough(printed, rebuilt.number);
}

void compare_with_rebuilt(const ParsedReport& report, const ReportEntries& rebuilt,
                          ReportCheck& check) {
  const ReportDocument& lines = report.lines;
  for (size_t i = 0; i < std::max(lines.size(), rebuilt.size()); ++i) {
    const std::string found = i < lines.size() ? lines[i].first : "<end of file>";
    const std::string wanted = i < rebuilt.size() ? rebuilt[i].key : "<end of file>";
    if (found != wanted) {
      check.format_problems.push_back("line " + std::to_string(i + 2) + ": expected '" + wanted +
                                      "' (HPCG 3.1's key list and order), found '" + found + "'");
      break;
    }
  }
  // Values are compared by key and occurrence, so one missing line does not hide the rest.
  std::map<std::string, int> seen;
  std::map<std::pair<std::string, int>, std::string> values;
  for (const auto& [key, value] : lines) values[{key, seen[key]++}] = value;
  seen.clear();
  size_t differences = 0;
  for (const ReportEntry& entry : rebuilt) {
    auto found = values.find({entry.key, seen[entry.key]++});
    if (found == values.end() || agrees(entry, found->second)) continue;
    if (++differences <= listed_inconsistencies) {
      check.inconsistencies.push_back("'" + entry.key + "' is " + found->second +
                                      " but the report's own numbers give " + entry.text);
    }
  }
  if (differences > listed_inconsistencies) {
    check.inconsistencies.push_back("... and " +
                                    std::to_string(differences - listed_inconsistencies) +
                                    " more value(s) that do not follow from the others");
  }
}

void check_validation(const ReportDocument& lines, ReportCheck& check) {
  for (const char* test : {"Spectral Convergence Tests",
                           "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon",
                           "Iteration Count Information", "Reproducibility Information"}) {
    auto result = report_value(lines, std::string(test) + "::Result");
    if (result && *result != "PASSED") {
      check.rule_problems.push_back(std::string(test) + ": " + *result);
    }
  }
  for (const auto& [key, value] : lines) {
    if (key == "Final Summary::Reason") check.rule_problems.push_back("INVALID because " + value);
  }
}

void check_rules(const ReportDocument& lines, const BenchmarkResults& r, ReportCheck& check) {
  const std::string summary = "Final Summary::";
  auto rating = report_number(lines, summary + "HPCG result is VALID with a GFLOP/s rating of");
  check.valid = rating.has_value();
  check.rating = rating.value_or(0);
  check.timed_seconds = r.times.total;
  if (!check.valid) check.rule_problems.push_back("the result is INVALID: it may not be submitted");
  if (report_value(lines, summary + "Unofficial quick mode")) {
    check.rule_problems.push_back("an unofficial quick run (--unofficial-quick: no reference "
                                  "timing, no reference CG): it may not be submitted");
  }
  check_validation(lines, check);
  std::ostringstream length;
  length << "the timed phase lasted " << format_number(r.times.total) << " s; ";
  if (r.params.quick_path() && r.times.total < official_minimum_timed_seconds) {
    check.rule_problems.push_back(length.str() + "QuickPath (rt=0) results are official only for "
                                  "legacy installed systems, after confirmation by the HPCG "
                                  "benchmark leaders");
  } else if (r.times.total < official_minimum_timed_seconds) {
    check.rule_problems.push_back(length.str() + "official results need at least 1800 s "
                                  "(run with --rt=1800)");
  }
  if (r.optimized_iterations > r.reference_iterations) {
    check.notes.push_back("the optimized CG needs " + std::to_string(r.optimized_iterations) +
                          " iterations per set instead of " +
                          std::to_string(r.reference_iterations) +
                          "; the extra iterations are not credited");
  }
  if (r.backend_name != "reference") {
    check.notes.push_back("kernels from backend '" + r.backend_name + "' (the extra keys "
                          "'Final Summary::Backend', 'Final Summary::Timed sets re-proved' and "
                          "'Final Summary::Preconditioner checked' are this implementation's, "
                          "not HPCG 3.1's)");
    if (check.valid && !report_value(lines, summary + "Timed sets re-proved")) {
      check.rule_problems.push_back("the timed sets of backend '" + r.backend_name +
                                    "' were not re-proved (no 'Final Summary::Timed sets "
                                    "re-proved' line): a report from an older xhpcg, or edited");
    }
    if (check.valid && !report_value(lines, summary + "Preconditioner checked")) {
      check.rule_problems.push_back("the preconditioner of backend '" + r.backend_name +
                                    "' was not verified (no 'Final Summary::Preconditioner "
                                    "checked' line): a report from an older xhpcg, or edited");
    } else if (check.valid && !r.backend_checks.exact) {
      check.notes.push_back("backend '" + r.backend_name + "' declares no Gauss-Seidel order, "
                            "so its preconditioner was checked only approximately");
    }
  }
  auto memory = report_number(lines, "Memory Use Information::Total memory used for data (Gbytes)");
  if (memory) {
    check.notes.push_back("the problem uses " + format_number(*memory) + " GB (HPCG's model) on " +
                          std::to_string(r.ranks) + " rank(s); official runs must use at least a "
                          "quarter of the memory of the nodes they run on, so those nodes may "
                          "have at most " + format_number(4 * *memory) +
                          " GB in all (the report cannot show it: check it yourself)");
  }
}

/// A JSON value and a printed report value say the same: strings equal, numbers print alike
/// (counts as integers, everything else as HPCG prints doubles).
bool json_matches(const nlohmann::json& value, const std::string& printed) {
  if (value.is_string()) return value.get<std::string>() == printed;
  if (!value.is_number()) return false;
  const double n = value.get<double>();
  if (format_number(n) == printed) return true;
  return n == std::floor(n) && std::fabs(n) < 9e15 &&
         std::to_string(static_cast<long long>(n)) == printed;
}

/// The value as the report would print it, for messages.
std::string printed_form(const nlohmann::json& value) {
  if (value.is_number()) return format_number(value.get<double>());
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

std::string block(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += "    - " + item + "\n";
  return text;
}

}  // namespace

ReportCheck check_report(const ParsedReport& report) {
  ReportCheck check;
  check.lines = static_cast<int>(report.lines.size()) + 1;
  check.format_problems = report.format_errors;
  BenchmarkResults results;
  try {
    results = results_from_report(report.lines);
  } catch (const InputError& error) {
    check.format_problems.push_back(std::string("cannot read the report's numbers: ") +
                                    error.what());
    return check;
  }
  check.numbers_read = true;
  compare_with_rebuilt(report, make_report_entries(results), check);
  check_rules(report.lines, results, check);
  return check;
}

void check_json_beside(const ParsedReport& report, const std::string& json_text,
                       ReportCheck& check) {
  const std::string prefix = "the JSON file beside the report ";
  nlohmann::json json;
  std::string duplicate;  // a key given twice in one object: which one a reader takes is a guess
  try {
    std::vector<std::set<std::string>> keys;  // of each object open at this point
    json = nlohmann::json::parse(
        json_text, [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
          using Event = nlohmann::json::parse_event_t;
          if (event == Event::object_start) keys.emplace_back();
          if (event == Event::object_end && !keys.empty()) keys.pop_back();
          if (event == Event::key && !keys.empty() && duplicate.empty() &&
              !keys.back().insert(parsed.get<std::string>()).second) {
            duplicate = parsed.get<std::string>();
          }
          return true;
        });
  } catch (const nlohmann::json::parse_error& error) {
    check.inconsistencies.push_back(prefix + "is not valid JSON: " + error.what());
    return;
  }
  if (!duplicate.empty()) {
    check.inconsistencies.push_back(prefix + "gives the key \"" + duplicate +
                                    "\" twice in one object (edited?)");
    return;
  }
  // The summary a reader of the JSON sees first must be the report's rating (as printed there,
  // to its six digits).
  const auto result = json.is_object() ? json.find("result") : json.end();
  if (check.numbers_read && result != json.end() && result->is_object()) {
    const auto rating = result->find("rating_gflops");
    if (rating != result->end() && rating->is_number() && check.valid &&
        std::abs(rating->get<double>() - check.rating) > 1e-5 * std::abs(check.rating) + 1e-12) {
      check.inconsistencies.push_back(prefix + "gives result.rating_gflops " +
                                      printed_form(*rating) + ", the report " +
                                      format_number(check.rating));
    }
  }
  const auto official = json.is_object() ? json.find("official") : json.end();
  if (official == json.end() || !official->is_array()) {
    check.inconsistencies.push_back(prefix + "has no \"official\" array");
    return;
  }
  const ReportDocument& lines = report.lines;
  if (official->size() != lines.size()) {
    check.inconsistencies.push_back(prefix + "has " + std::to_string(official->size()) +
                                    " lines, the report " + std::to_string(lines.size()));
    return;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    const nlohmann::json& entry = (*official)[i];
    const nlohmann::json key = entry.is_object() ? entry.value("key", nlohmann::json()) : nullptr;
    const nlohmann::json value =
        entry.is_object() ? entry.value("value", nlohmann::json()) : nullptr;
    const bool same = !value.is_null() && json_matches(value, lines[i].second);
    if (!key.is_string() || key.get<std::string>() != lines[i].first || !same) {
      check.inconsistencies.push_back(prefix + "disagrees on line " + std::to_string(i + 2) +
                                      " ('" + lines[i].first + "'): JSON " +
                                      (value.is_null() ? "nothing" : printed_form(value)) +
                                      ", report " + lines[i].second);
      return;
    }
  }
}

std::string describe_check(const ReportCheck& c, const std::string& path) {
  std::ostringstream out;
  out << path << "\n";
  out << "  format:      "
      << (c.format_problems.empty() ? "OK (" + std::to_string(c.lines) + " lines, HPCG 3.1 keys in order)\n"
                                    : "PROBLEMS\n" + block(c.format_problems));
  out << "  consistency: "
      << (!c.numbers_read ? std::string("not checked (the numbers could not be read)\n")
          : c.inconsistencies.empty()
              ? std::string("OK (flop counts, memory, GB/s and GFLOP/s follow from its numbers)\n")
              : "PROBLEMS (edited, or not written by HPCG 3.1's formulas)\n" +
                    block(c.inconsistencies));
  if (c.numbers_read) {
    out << "  result:      "
        << (c.valid ? "VALID, rating " + format_number(c.rating) + " GFLOP/s"
                    : std::string("INVALID"))
        << ", timed phase " << format_number(c.timed_seconds) << " s\n";
  }
  if (!c.rule_problems.empty()) out << "  rules:\n" << block(c.rule_problems);
  if (!c.notes.empty()) out << "  notes:\n" << block(c.notes);
  out << "verdict: "
      << (c.submittable() ? "can be submitted to the HPCG ranking list (http://hpcg-benchmark.org)"
                          : "NOT submittable, see the problems above")
      << "\n";
  return out.str();
}

}  // namespace hpcg
