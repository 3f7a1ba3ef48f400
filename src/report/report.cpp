// SPDX-License-Identifier: BSD-3-Clause
// Keys, order and wording are HPCG 3.1's (testing/data/hpcg-3.1-keys.txt is checked against it).
#include "hpcg/report/report.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report_header.hpp"
#include "hpcg/version.hpp"

namespace hpcg {
namespace {

constexpr double official_minimum_seconds = 1800.0;
constexpr const char* suboptimal = "Performance results are most likely suboptimal";

class Builder {
 public:
  explicit Builder(ReportEntries& entries) : entries_(entries) {}
  void section(const std::string& key) { put(key, "", ReportEntry::Kind::section, 0); }
  void add(const std::string& key, const std::string& value) {
    put(key, value, ReportEntry::Kind::text, 0);
  }
  void add(const std::string& key, const char* value) { add(key, std::string(value)); }
  void add(const std::string& key, double value) {
    put(key, format_number(value), ReportEntry::Kind::real, value);
  }
  void add(const std::string& key, global_int value) {
    put(key, std::to_string(value), ReportEntry::Kind::integer, static_cast<double>(value));
  }
  void add(const std::string& key, int value) { add(key, static_cast<global_int>(value)); }
  ReportEntries& entries() { return entries_; }

 private:
  void put(const std::string& key, const std::string& text, ReportEntry::Kind kind, double n) {
    entries_.push_back({key, text, kind, n});
  }
  ReportEntries& entries_;
};

void add_dimensions(Builder& b, const BenchmarkResults& r) {
  const Geometry& g = r.geometry;
  b.add("version", hpcg_version);
  b.add("Release date", hpcg_release_date);
  add_machine_and_dimensions(b.entries(), g, r.ranks, r.threads);
}

void add_problem(Builder& b, const BenchmarkResults& r) {
  b.section("########## Problem Summary  ##########");
  b.section("Setup Information");
  b.add("Setup Information::Setup Time", r.setup_seconds);
  b.section("Linear System Information");
  b.add("Linear System Information::Number of Equations", r.levels[0].global_rows);
  b.add("Linear System Information::Number of Nonzero Terms", r.levels[0].global_nonzeros);
  b.section("Multigrid Information");
  b.add("Multigrid Information::Number of coarse grid levels", mg_levels - 1);
  const std::string grids = "Multigrid Information::Coarse Grids";
  b.section(grids);
  for (int l = 1; l < mg_levels; ++l) {
    b.add(grids + "::Grid Level", l);
    b.add(grids + "::Number of Equations", r.levels[l].global_rows);
    b.add(grids + "::Number of Nonzero Terms", r.levels[l].global_nonzeros);
    b.add(grids + "::Number of Presmoother Steps", 1);
    b.add(grids + "::Number of Postsmoother Steps", 1);
  }
}

void add_memory(Builder& b, const BenchmarkResults& r) {
  const MemoryEstimate m = estimate_memory(r);
  const double giga = 1.0e9;
  const std::string key = "Memory Use Information";
  b.section("########## Memory Use Summary  ##########");
  b.section(key);
  b.add(key + "::Total memory used for data (Gbytes)", m.total_bytes / giga);
  b.add(key + "::Memory used for OptimizeProblem data (Gbytes)", m.optimization_bytes / giga);
  b.add(key + "::Bytes per equation (Total memory / Number of Equations)",
        m.total_bytes / static_cast<double>(r.levels[0].global_rows));
  b.add(key + "::Memory used for linear system and CG (Gbytes)", m.fine_bytes / giga);
  b.section(key + "::Coarse Grids");
  for (int l = 1; l < mg_levels; ++l) {
    b.add(key + "::Coarse Grids::Grid Level", l);
    b.add(key + "::Coarse Grids::Memory used", m.coarse_bytes[l - 1] / giga);
  }
}

void add_validation(Builder& b, const BenchmarkResults& r) {
  auto verdict = [](bool passed) { return passed ? "PASSED" : "FAILED"; };
  const std::string spectral = "Spectral Convergence Tests";
  b.section("########## V&V Testing Summary  ##########");
  b.section(spectral);
  b.add(spectral + "::Result", verdict(r.cg_test.passed()));
  b.section(spectral + "::Unpreconditioned");
  b.add(spectral + "::Unpreconditioned::Maximum iteration count", r.cg_test.max_unpreconditioned);
  b.add(spectral + "::Unpreconditioned::Expected iteration count",
        r.cg_test.expected_unpreconditioned);
  b.section(spectral + "::Preconditioned");
  b.add(spectral + "::Preconditioned::Maximum iteration count", r.cg_test.max_preconditioned);
  b.add(spectral + "::Preconditioned::Expected iteration count", r.cg_test.expected_preconditioned);
  const std::string symmetry = "Departure from Symmetry |x'Ay-y'Ax|/(2*||x||*||A||*||y||)/epsilon";
  b.section(symmetry);
  b.add(symmetry + "::Result", verdict(r.symmetry_test.passed()));
  b.add(symmetry + "::Departure for SpMV", r.symmetry_test.spmv_departure);
  b.add(symmetry + "::Departure for MG", r.symmetry_test.mg_departure);
  const std::string iterations = "Iteration Count Information";
  b.section("########## Iterations Summary  ##########");
  b.section(iterations);
  b.add(iterations + "::Result", verdict(!r.tolerance_failure));
  b.add(iterations + "::Reference CG iterations per set", r.reference_iterations);
  b.add(iterations + "::Optimized CG iterations per set", r.optimized_iterations);
  b.add(iterations + "::Total number of reference iterations", r.reference_iterations * r.sets);
  b.add(iterations + "::Total number of optimized iterations", r.optimized_iterations * r.sets);
  const std::string norms = "Reproducibility Information";
  b.section("########## Reproducibility Summary  ##########");
  b.section(norms);
  b.add(norms + "::Result", verdict(r.norms_test.passed()));
  b.add(norms + "::Scaled residual mean", r.norms_test.mean);
  b.add(norms + "::Scaled residual variance", r.norms_test.variance);
}

void add_performance(Builder& b, const BenchmarkResults& r) {
  const FlopCounts f = count_flops(r);
  const Ratings g = compute_ratings(r);
  b.section("########## Performance Summary (times in sec) ##########");
  b.section("Benchmark Time Summary");
  b.add("Benchmark Time Summary::Optimization phase", r.optimize_seconds);
  b.add("Benchmark Time Summary::DDOT", r.times.dot);
  b.add("Benchmark Time Summary::WAXPBY", r.times.waxpby);
  b.add("Benchmark Time Summary::SpMV", r.times.spmv);
  b.add("Benchmark Time Summary::MG", r.times.mg);
  b.add("Benchmark Time Summary::Total", r.times.total);
  const std::string flops = "Floating Point Operations Summary";
  b.section(flops);
  b.add(flops + "::Raw DDOT", f.dot);
  b.add(flops + "::Raw WAXPBY", f.waxpby);
  b.add(flops + "::Raw SpMV", f.spmv);
  b.add(flops + "::Raw MG", f.mg);
  b.add(flops + "::Total", f.total);
  b.add(flops + "::Total with convergence overhead", f.total_with_convergence);
  b.section("GB/s Summary");
  b.add("GB/s Summary::Raw Read B/W", g.read_bandwidth);
  b.add("GB/s Summary::Raw Write B/W", g.write_bandwidth);
  b.add("GB/s Summary::Raw Total B/W", g.total_bandwidth);
  b.add("GB/s Summary::Total with convergence and optimization phase overhead",
        g.official_bandwidth);
  const std::string rates = "GFLOP/s Summary";
  b.section(rates);
  b.add(rates + "::Raw DDOT", g.dot);
  b.add(rates + "::Raw WAXPBY", g.waxpby);
  b.add(rates + "::Raw SpMV", g.spmv);
  b.add(rates + "::Raw MG", g.mg);
  b.add(rates + "::Raw Total", g.raw_total);
  b.add(rates + "::Total with convergence overhead", g.with_convergence);
  b.add(rates + "::Total with convergence and optimization phase overhead", g.official);
  const std::string overheads = "User Optimization Overheads";
  b.section(overheads);
  b.add(overheads + "::Optimization phase time (sec)", r.optimize_seconds);
  b.add(overheads + "::Optimization phase time vs reference SpMV+MG time",
        r.optimize_seconds / r.reference_spmv_mg_seconds);
  const std::string ddot = "DDOT Timing Variations";
  b.section(ddot);
  b.add(ddot + "::Min DDOT MPI_Allreduce time", r.allreduce_min);
  b.add(ddot + "::Max DDOT MPI_Allreduce time", r.allreduce_max);
  b.add(ddot + "::Avg DDOT MPI_Allreduce time", r.allreduce_avg);
}

}  // namespace

std::string describe_timed_proof(const BenchmarkResults& r) {
  std::ostringstream text;
  text << r.sets << " sets on perturbed right-hand sides followed the validated run's convergence "
       << "within " << trajectory_tolerance << " (relative, while ||r||/||r0|| >= "
       << trajectory_floor << "); set " << r.integrity.rerun_set + 1
       << " re-run with every iteration checked reproduced its scaled residual ";
  if (r.integrity.timed_residual_tolerance > 0) {
    text << "within " << r.integrity.timed_residual_tolerance << " (relative)";
  } else {
    text << "bit for bit";
  }
  text << "; " << r.spot_checks.spmv_checks << " SpMV, " << r.spot_checks.mg_checks
       << " V-cycle and " << r.spot_checks.solution_checks
       << " solution spot checks and the backend checks after the last set agreed";
  return text.str();
}

bool read_timed_proof(const std::string& text, BenchmarkResults& r) {
  int sets = 0, rerun = 0, spmv = 0, mg = 0, solutions = 0;
  const std::string rerun_at = "; set ", reproduced = "reproduced its scaled residual ";
  const size_t set = text.find(rerun_at), checks = text.rfind("; ");
  const size_t tolerance = text.find(reproduced);
  if (set == std::string::npos || tolerance == std::string::npos || checks <= set ||
      std::sscanf(text.c_str(), "%d sets on perturbed right-hand sides", &sets) != 1 ||
      std::sscanf(text.c_str() + set + rerun_at.size(), "%d re-run", &rerun) != 1 ||
      std::sscanf(text.c_str() + checks, "; %d SpMV, %d V-cycle and %d solution spot checks",
                  &spmv, &mg, &solutions) != 3) {
    return false;
  }
  const std::string within = "within ";
  const char* after = text.c_str() + tolerance + reproduced.size();
  r.integrity.timed_residual_tolerance =
      text.compare(tolerance + reproduced.size(), within.size(), within) == 0
          ? std::atof(after + within.size())
          : 0.0;
  r.integrity.rerun_set = rerun - 1;
  r.spot_checks.spmv_checks = spmv;
  r.spot_checks.mg_checks = mg;
  r.spot_checks.solution_checks = solutions;
  return sets == r.sets && describe_timed_proof(r) == text;
}

namespace {

const char* const exactly_checked =
    "exactly: recomputed in the backend's declared Gauss-Seidel order";
const char* const approximately_checked =
    "approximately: the backend declares no Gauss-Seidel order, so its smoother and V-cycle were "
    "compared with the reference's by symmetry and error reduction";

}  // namespace

std::string describe_preconditioner_check(const BenchmarkResults& r) {
  std::ostringstream text;
  if (r.backend_checks.exact) {
    text << exactly_checked << ", within " << declared_order_tolerance << " (relative)";
  } else {
    text << approximately_checked;
  }
  text << "; " << r.spot_checks.mg_checks << " V-cycle, " << r.spot_checks.symmetry_checks
       << " symmetry and " << r.spot_checks.scalar_checks
       << " CG scalar checks on live vectors agreed";
  return text.str();
}

bool read_preconditioner_check(const std::string& text, BenchmarkResults& r) {
  const size_t checks = text.rfind("; ");
  int mg = 0, symmetry = 0, scalars = 0;
  if (checks == std::string::npos ||
      std::sscanf(text.c_str() + checks, "; %d V-cycle, %d symmetry and %d CG scalar checks", &mg,
                  &symmetry, &scalars) != 3) {
    return false;
  }
  r.backend_checks.exact = text.rfind(exactly_checked, 0) == 0;
  r.spot_checks.mg_checks = mg;
  r.spot_checks.symmetry_checks = symmetry;
  r.spot_checks.scalar_checks = scalars;
  return describe_preconditioner_check(r) == text;
}

namespace {

void add_final_summary(Builder& b, const BenchmarkResults& r) {
  const std::string key = "Final Summary";
  b.section(key);
  // HPCG 3.1 has no backend key; with the reference its "Reference version ... used" lines say
  // it all, so the key is only added for other backends and the reference report stays 3.1's.
  if (r.backend_name != "reference") {
    b.add(key + "::Backend", r.backend_name + " " + r.backend_version);
  }
  if (r.unofficial_quick) {
    b.add(key + "::Unofficial quick mode",
          "reference timing and reference CG skipped (--unofficial-quick): this result cannot "
          "be submitted");
  }
  if (!r.valid()) {
    b.add(key + "::HPCG result is", "INVALID.");
    b.add(key + "::Please review the YAML file contents",
          "You may NOT submit these results for consideration.");
    for (const auto& reason : r.invalid_reasons()) b.add(key + "::Reason", reason);
    return;
  }
  if (r.backend_name != "reference") {
    b.add(key + "::Timed sets re-proved", describe_timed_proof(r));
    b.add(key + "::Preconditioner checked", describe_preconditioner_check(r));
  }
  if (r.asynchronous) {
    b.add(key + "::Kernel times",
          "not separated: the backend runs asynchronously, so the DDOT, WAXPBY, SpMV and MG "
          "times end when each step returned, not when its work did; Total ends with the work");
  }
  const Ratings g = compute_ratings(r);
  b.add(key + "::HPCG result is VALID with a GFLOP/s rating of", g.official);
  b.add(key + "::HPCG 2.4 rating for historical reasons is", g.hpcg_2_4);
  const KernelSet& k = r.optimized_kernels;
  if (!k.dot) b.add(key + "::Reference version of ComputeDotProduct used", suboptimal);
  if (!k.spmv) b.add(key + "::Reference version of ComputeSPMV used", suboptimal);
  if (!k.mg && r.threads > 1) {
    b.add(key + "::Reference version of ComputeMG used and number of threads greater than 1",
          "Performance results are severely suboptimal");
  } else if (!k.mg) {
    b.add(key + "::Reference version of ComputeMG used", suboptimal);
  }
  if (!k.waxpby) b.add(key + "::Reference version of ComputeWAXPBY used", suboptimal);
  const std::string upload = "http://hpcg-benchmark.org";
  if (r.times.total >= official_minimum_seconds) {
    b.add(key + "::Please upload results from the YAML file contents to", upload);
    return;
  }
  b.add(key + "::Results are valid but execution time (sec) is", r.times.total);
  if (r.params.quick_path()) {
    b.add(key + "::You have selected the QuickPath option",
          "Results are official for legacy installed systems with confirmation from the HPCG "
          "Benchmark leaders.");
    b.add(key + "::After confirmation please upload results from the YAML file contents to",
          upload);
  } else {
    b.add(key + "::Official results execution time (sec) must be at least",
          official_minimum_seconds);
  }
}

}  // namespace

std::string format_number(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

ReportEntries make_report_entries(const BenchmarkResults& results) {
  ReportEntries entries;
  Builder builder(entries);
  add_dimensions(builder, results);
  add_problem(builder, results);
  add_memory(builder, results);
  add_validation(builder, results);
  add_performance(builder, results);
  add_final_summary(builder, results);
  return entries;
}

ReportDocument make_report(const BenchmarkResults& results) {
  ReportDocument document;
  for (const ReportEntry& entry : make_report_entries(results)) {
    document.emplace_back(entry.key, entry.text);
  }
  return document;
}

std::string render_report(const ReportDocument& document) {
  std::string text = "HPCG-Benchmark\n";
  for (const auto& [key, value] : document) text += key + "=" + value + "\n";
  return text;
}

std::string report_basename(std::time_t when) {
  char name[64];
  std::strftime(name, sizeof name, "HPCG-Benchmark_3.1_%Y-%m-%d_%H-%M-%S", std::localtime(&when));
  return name;
}

std::string write_report_file(const ReportDocument& document, const std::string& directory,
                              std::time_t when) {
  const std::string path =
      (directory.empty() ? std::string(".") : directory) + "/" + report_basename(when) + ".txt";
  write_file_atomically(path, render_report(document));
  return path;
}

}  // namespace hpcg
