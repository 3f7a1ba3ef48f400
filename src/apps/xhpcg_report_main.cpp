// SPDX-License-Identifier: BSD-3-Clause
// xhpcg-report: check an official report before submitting it, compare two, plot a scaling
// study. Serial; it reads files only and never initialises MPI.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/terminal_text.hpp"
#include "hpcg/report/report.hpp"
#include "hpcg/report/hpgmp_report_check.hpp"
#include "hpcg/report/report_check.hpp"
#include "hpcg/report/report_compare.hpp"
#include "hpcg/report/scaling_figure.hpp"
#include "hpcg/version.hpp"

namespace {

using namespace hpcg;

constexpr int status_submittable = 0, status_not_submittable = 1, status_usage = 2;

const char* usage = R"(Usage: xhpcg-report COMMAND ...

  check FILE...                 checks HPCG 3.1 reports (and xhpgmp's HPG-MxP reports: keys,
                                penalty, rating, validation residuals, run time, the JSON):
                                format (keys and order), numbers
                                (flops, memory, GB/s, GFLOP/s rebuilt from the report's own
                                numbers), VALID, validation results, the JSON file beside it,
                                and the official-run rules (timed phase >= 1800 s, QuickPath)
  compare A B [--all]           two reports side by side, with B/A for numbers
  plot FILE... [-o OUT.svg] [--x=ranks|threads|cores]
                                rating against ranks, threads or cores (scaling study);
                                writes scaling.svg unless -o is given

Exit status of check: 0 every FILE can be submitted, 1 some cannot (the output says why).
All commands: 2 bad usage or an unreadable file, 3 an output file could not be written.
)";

/// The JSON file beside a report, if there is one.
bool read_json_beside(const std::string& report_path, std::string& text) {
  const size_t dot = report_path.rfind(".txt");
  if (dot == std::string::npos || dot + 4 != report_path.size()) return false;
  std::ifstream in(report_path.substr(0, dot) + ".json", std::ios::binary);
  if (!in) return false;
  std::ostringstream content;
  content << in.rdbuf();
  text = content.str();
  return true;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + path);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

int check(const std::vector<std::string>& files) {
  if (files.empty()) throw InputError("check needs at least one report file");
  int status = status_submittable;
  for (const std::string& path : files) {
    if (std::string text = read_text(path); is_hpgmp_report(text)) {  // xhpgmp's report
      std::string json;
      read_json_beside(path, json);
      ReportCheck result = check_hpgmp_report(text, json);
      std::cout << describe_hpgmp_check(result, path) << (files.size() > 1 ? "\n" : "");
      if (!result.submittable()) status = status_not_submittable;
      continue;
    }
    const ParsedReport report = read_report_file(path);
    ReportCheck result = check_report(report);
    std::string json;
    if (read_json_beside(path, json)) check_json_beside(report, json, result);
    std::cout << terminal_safe(describe_check(result, path)) << (files.size() > 1 ? "\n" : "");
    if (!result.submittable()) status = status_not_submittable;
  }
  return status;
}

int compare(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  bool all = false;
  for (const std::string& arg : args) {
    if (arg == "--all") {
      all = true;
    } else {
      files.push_back(arg);
    }
  }
  if (files.size() != 2) throw InputError("compare needs exactly two report files");
  std::cout << terminal_safe(
      compare_reports(read_report_file(files[0]), read_report_file(files[1]), all));
  return 0;
}

int plot(const std::vector<std::string>& args) {
  std::string output = "scaling.svg";
  ScalingAxis axis = ScalingAxis::automatic;
  std::vector<ScalingPoint> points;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-o" && i + 1 < args.size()) {
      output = args[++i];
    } else if (arg == "--x=ranks" || arg == "--x=threads" || arg == "--x=cores") {
      axis = arg == "--x=ranks" ? ScalingAxis::ranks
             : arg == "--x=threads" ? ScalingAxis::threads : ScalingAxis::cores;
    } else if (arg.rfind("-", 0) == 0) {
      throw InputError("plot: unknown option '" + arg + "'");
    } else {
      points.push_back(scaling_point(read_report_file(arg)));
    }
  }
  write_file_atomically(output, render_scaling_figure(points, axis));
  std::cout << "wrote " << terminal_safe(output) << " (" << points.size() << " report(s))\n";
  return 0;
}

int run(const std::vector<std::string>& args) {
  const std::string command = args.empty() ? "" : args[0];
  const std::vector<std::string> rest(args.begin() + (args.empty() ? 0 : 1), args.end());
  if (command == "check") return check(rest);
  if (command == "compare") return compare(rest);
  if (command == "plot") return plot(rest);
  if (command == "--version") {
    std::cout << "xhpcg-report " << version_string << " (HPCG " << hpcg_version << " reports)\n";
    return 0;
  }
  if (command == "--help" || command == "-h") {
    std::cout << usage;
    return 0;
  }
  std::cerr << usage;
  return status_usage;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const hpcg::InputError& error) {
    std::cerr << "xhpcg-report: error: " << terminal_safe(error.what()) << std::endl;
    return status_usage;
  } catch (const std::exception& error) {
    std::cerr << "xhpcg-report: error: " << terminal_safe(error.what()) << std::endl;
    return 3;
  }
}
