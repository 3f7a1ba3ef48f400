// SPDX-License-Identifier: BSD-3-Clause
// Filling BenchmarkResults from a report mirrors report.cpp key by key; the validation failures
// are recomputed from the printed numbers (not copied from the PASSED/FAILED words), so that a
// verdict that contradicts its own numbers is caught when the report is rebuilt.
#include "hpcg/report/report_reader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/memory_sizing.hpp"

namespace hpcg {
namespace {

const std::string final_summary = "Final Summary::";
const std::string symmetry_key = "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon";

class Fields {
 public:
  explicit Fields(const ReportDocument& lines) : lines_(lines) {}

  bool has(const std::string& key, int n = 0) const { return report_value(lines_, key, n).has_value(); }
  std::string text(const std::string& key, int n = 0) const {
    auto value = report_value(lines_, key, n);
    if (!value) throw InputError("the report has no line '" + key + "'" + nth(n));
    return *value;
  }
  double number(const std::string& key, int n = 0) const {
    auto value = report_number(lines_, key, n);
    if (!value) {
      throw InputError("'" + key + "'" + nth(n) + " is not a number: '" + text(key, n) + "'");
    }
    return *value;
  }
  int integer(const std::string& key, int n = 0) const {
    const double value = number(key, n);
    if (value != static_cast<double>(static_cast<int>(value))) {
      throw InputError("'" + key + "' is not an integer: '" + text(key, n) + "'");
    }
    return static_cast<int>(value);
  }
  int count(const std::string& key) const {
    int found = 0;
    for (const auto& line : lines_) found += line.first == key;
    return found;
  }

 private:
  static std::string nth(int n) { return n > 0 ? " (occurrence " + std::to_string(n + 1) + ")" : ""; }
  const ReportDocument& lines_;
};

Params params_of(const Fields& f) {
  Params p;
  const std::string local = "Local Domain Dimensions::";
  p.nx = f.integer(local + "nx");
  p.ny = f.integer(local + "ny");
  p.nz = f.integer(local + "nz");
  if (f.count(local + "nz") == 2) {
    p.pz = f.integer(local + "Upper ipz") + 1;
    p.zl = p.nz;
    p.zu = f.integer(local + "nz", 1);
  }
  p.npx = f.integer("Processor Dimensions::npx");
  p.npy = f.integer("Processor Dimensions::npy");
  p.npz = f.integer("Processor Dimensions::npz");
  // The multigrid halves each local side three times, so a real report has multiples of 8.
  for (int side : {p.nx, p.ny, p.nz, p.pz > 0 ? p.zu : 8}) {
    if (side <= 0 || side % 8 != 0) {
      throw InputError("local dimensions must be positive multiples of 8, found " +
                       std::to_string(side));
    }
  }
  if ((p.nx + 2LL) * (p.ny + 2LL) * (std::max(p.nz, p.zu) + 2LL) > max_local_int) {
    throw InputError("the local grid is larger than 32-bit local indices allow");
  }
  if (p.npx <= 0 || p.npy <= 0 || p.npz <= 0) {
    throw InputError("the process grid npx, npy, npz must be positive");
  }
  // Only QuickPath changes the report (its Final Summary lines); any positive rt reads alike.
  p.runtime_seconds = f.has(final_summary + "You have selected the QuickPath option") ? 0 : 1;
  return p;
}

void read_validation(const Fields& f, BenchmarkResults& r) {
  const std::string spectral = "Spectral Convergence Tests::";
  CgTestResult& cg = r.cg_test;
  cg.max_unpreconditioned = f.integer(spectral + "Unpreconditioned::Maximum iteration count");
  cg.expected_unpreconditioned = f.integer(spectral + "Unpreconditioned::Expected iteration count");
  cg.max_preconditioned = f.integer(spectral + "Preconditioned::Maximum iteration count");
  cg.expected_preconditioned = f.integer(spectral + "Preconditioned::Expected iteration count");
  cg.failures = (cg.max_unpreconditioned > cg.expected_unpreconditioned) +
                (cg.max_preconditioned > cg.expected_preconditioned);
  r.symmetry_test.spmv_departure = f.number(symmetry_key + "::Departure for SpMV");
  r.symmetry_test.mg_departure = f.number(symmetry_key + "::Departure for MG");
  r.symmetry_test.failures = !(r.symmetry_test.spmv_departure <= 1.0) +
                             !(r.symmetry_test.mg_departure <= 1.0);
  const std::string iterations = "Iteration Count Information::";
  r.reference_iterations = f.integer(iterations + "Reference CG iterations per set");
  r.optimized_iterations = f.integer(iterations + "Optimized CG iterations per set");
  r.sets = r.reference_iterations > 0
               ? f.integer(iterations + "Total number of reference iterations") /
                     r.reference_iterations
               : 0;
  // Whether the optimised CG reached the reference residual is not in the numbers.
  r.tolerance_failure = f.text(iterations + "Result") != "PASSED";
  r.norms_test.mean = f.number("Reproducibility Information::Scaled residual mean");
  r.norms_test.variance = f.number("Reproducibility Information::Scaled residual variance");
}

void read_times(const Fields& f, BenchmarkResults& r) {
  const std::string times = "Benchmark Time Summary::";
  r.setup_seconds = f.number("Setup Information::Setup Time");
  r.optimize_seconds = f.number(times + "Optimization phase");
  r.times.dot = f.number(times + "DDOT");
  r.times.waxpby = f.number(times + "WAXPBY");
  r.times.spmv = f.number(times + "SpMV");
  r.times.mg = f.number(times + "MG");
  r.times.total = f.number(times + "Total");
  const double ratio =
      f.number("User Optimization Overheads::Optimization phase time vs reference SpMV+MG time");
  r.reference_spmv_mg_seconds = ratio > 0 ? r.optimize_seconds / ratio : 1.0;
  r.optimization_bytes =
      1.0e9 * f.number("Memory Use Information::Memory used for OptimizeProblem data (Gbytes)");
  const std::string ddot = "DDOT Timing Variations::";
  if (f.has(ddot + "Min DDOT MPI_Allreduce time")) {
    r.allreduce_min = f.number(ddot + "Min DDOT MPI_Allreduce time");
    r.allreduce_max = f.number(ddot + "Max DDOT MPI_Allreduce time");
    r.allreduce_avg = f.number(ddot + "Avg DDOT MPI_Allreduce time");
  }
}

void read_backend(const Fields& f, const ReportDocument& lines, BenchmarkResults& r) {
  r.backend_name = "reference";
  if (f.has(final_summary + "Backend")) {
    const std::string named = f.text(final_summary + "Backend");
    const size_t space = named.rfind(' ');
    r.backend_name = named.substr(0, space);
    r.backend_version = space == std::string::npos ? "" : named.substr(space + 1);
  }
  const std::string used = final_summary + "Reference version of ";
  r.optimized_kernels.dot = !f.has(used + "ComputeDotProduct used");
  r.optimized_kernels.spmv = !f.has(used + "ComputeSPMV used");
  r.optimized_kernels.waxpby = !f.has(used + "ComputeWAXPBY used");
  r.optimized_kernels.mg = !f.has(used + "ComputeMG used") &&
                           !f.has(used + "ComputeMG used and number of threads greater than 1");
  // Backend check and timed-set failures leave no number behind: take them from the INVALID
  // reasons, each back to the list it came from (BenchmarkResults::invalid_reasons).
  const std::string backend = "backend '" + r.backend_name + "'";
  const std::pair<std::string, std::vector<std::string>*> sources[] = {
      {backend + ": ", &r.backend_checks.failures},
      {"timed set ", &r.timed_failures},
      {"the iteration search", &r.timed_failures},
      {backend + ", spot check: ", &r.spot_checks.failures},
      {backend + ", after the timed sets: ", &r.final_checks.failures}};
  for (const auto& [key, value] : lines) {
    if (key != final_summary + "Reason") continue;
    for (const auto& [prefix, list] : sources) {
      if (value.rfind(prefix, 0) != 0) continue;
      // The timed-set reasons are whole sentences; the others drop their prefix.
      list->push_back(list == &r.timed_failures ? value : value.substr(prefix.size()));
      break;
    }
  }
  // An unreadable value is left unread: the rebuilt report then differs from it, and the check
  // says so.
  if (f.has(final_summary + "Timed sets re-proved")) {
    read_timed_proof(f.text(final_summary + "Timed sets re-proved"), r);
  }
  if (f.has(final_summary + "Preconditioner checked")) {
    read_preconditioner_check(f.text(final_summary + "Preconditioner checked"), r);
  }
}

}  // namespace

ParsedReport parse_report(const std::string& text, const std::string& path) {
  ParsedReport report;
  report.path = path;
  std::istringstream in(text);
  std::string line;
  int number = 0, bad_lines = 0;
  constexpr int listed_bad_lines = 5;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1) {
      if (line != "HPCG-Benchmark") {
        report.format_errors.push_back("line 1 is '" + line + "', not 'HPCG-Benchmark'");
      }
      continue;
    }
    const size_t equals = line.find('=');
    if (equals == std::string::npos || equals == 0) {
      if (++bad_lines <= listed_bad_lines) {
        report.format_errors.push_back("line " + std::to_string(number) + " is not key=value: '" +
                                       line + "'");
      }
      continue;
    }
    report.lines.emplace_back(line.substr(0, equals), line.substr(equals + 1));
  }
  if (bad_lines > listed_bad_lines) {
    report.format_errors.push_back("... and " + std::to_string(bad_lines - listed_bad_lines) +
                                   " more line(s) that are not key=value");
  }
  if (number == 0) report.format_errors.push_back("the file is empty");
  return report;
}

ParsedReport read_report_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) {
    throw InputError("cannot read " + path + ": it is a directory; give a report file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse_report(text.str(), path);
}

std::optional<std::string> report_value(const ReportDocument& lines, const std::string& key,
                                        int occurrence) {
  for (const auto& [k, v] : lines) {
    if (k == key && occurrence-- == 0) return v;
  }
  return std::nullopt;
}

std::optional<double> report_number(const ReportDocument& lines, const std::string& key,
                                    int occurrence) {
  auto value = report_value(lines, key, occurrence);
  if (!value || value->empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double number = std::strtod(value->c_str(), &end);
  if (errno != 0 || end != value->c_str() + value->size()) return std::nullopt;
  return number;
}

BenchmarkResults results_from_report(const ReportDocument& lines) {
  const Fields f(lines);
  BenchmarkResults r;
  r.ranks = f.integer("Machine Summary::Distributed Processes");
  r.threads = f.integer("Machine Summary::Threads per processes");
  if (r.ranks < 1) throw InputError("'Machine Summary::Distributed Processes' must be positive");
  r.params = params_of(f);
  if (1LL * r.params.npx * r.params.npy * r.params.npz != r.ranks) {
    throw InputError("the process grid npx*npy*npz does not match the number of processes");
  }
  r.geometry = make_geometry(r.params, 0, r.ranks);
  r.levels = predict_level_summaries(r.geometry);
  read_validation(f, r);
  read_times(f, r);
  read_backend(f, lines, r);
  return r;
}

}  // namespace hpcg
