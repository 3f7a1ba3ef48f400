// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's report keys, in the order its reference writes them, with our values.
#include "hpcg/hpgmp/report.hpp"

#include <ctime>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

#include "hpcg/base/error.hpp"
#include "hpcg/base/output_path.hpp"
#include "hpcg/base/program.hpp"
#include "hpcg/base/stop_signal.hpp"
#include "hpcg/report/report_header.hpp"

namespace hpcg::hpgmp {
namespace {

class KeyValueWriter {
 public:
  void section(const std::string& name) { out_ << name << "=\n"; }
  template <class T>
  void add(const std::string& key, const T& value) {
    out_ << key << "=" << value << "\n";
  }
  std::string str() const { return out_.str(); }

 private:
  std::ostringstream out_;
};

std::string stamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::ostringstream out;
  out << std::put_time(&tm, "%Y-%m-%d_%H-%M-%S");
  return out.str();
}

}  // namespace

std::string report_text(const Outcome& o, int threads) {
  const Geometry& g = o.geometry;
  const Validation& v = o.validation;
  KeyValueWriter w;
  w.section("HPGMP-Benchmark");
  w.add("version", "0.1");
  w.add("Release date", "May 5, 2023");
  w.add("Run type", to_string(o.options.run_type));
  w.add("Validation type", o.options.validates() ? to_string(o.options.validation) : "None");
  ReportEntries header;
  add_machine_and_dimensions(header, g, g.ranks, threads);
  for (const ReportEntry& entry : header) {
    if (entry.kind == ReportEntry::Kind::section) {
      w.section(entry.key);
    } else {
      w.add(entry.key, entry.text);
    }
  }
  w.section("########## Problem Summary  ##########");
  w.section("Setup Information");
  w.add("Setup Information::Setup Time", o.setup_seconds);
  w.section("Linear System Information");
  w.add("Linear System Information::Number of Equations", o.levels[0].rows);
  w.add("Linear System Information::Number of Nonzero Terms", o.levels[0].nonzeros);
  w.section("Multigrid Information");
  w.add("Multigrid Information::Number of coarse grid levels", o.levels.size() - 1);
  w.section("Multigrid Information::Coarse Grids");
  for (size_t l = 1; l < o.levels.size(); ++l) {
    w.add("Multigrid Information::Coarse Grids::Grid Level", l);
    w.add("Multigrid Information::Coarse Grids::Number of Equations", o.levels[l].rows);
    w.add("Multigrid Information::Coarse Grids::Number of Nonzero Terms", o.levels[l].nonzeros);
    w.add("Multigrid Information::Coarse Grids::Number of Presmoother Steps", 1);
    w.add("Multigrid Information::Coarse Grids::Number of Postsmoother Steps", 1);
  }
  w.section("########## Iterations Summary  ##########");
  w.section("Iteration Count Information");
  const std::string it = "Iteration Count Information::";
  w.add(it + "Number of processes (validation)", v.ranks);
  w.add(it + "Restart length (validation)", restart_length);
  w.add(it + "Convergence tolerance (validation)", v.tolerance);
  w.add(it + "Number of reference iterations (validation)", v.reference.iterations);
  w.add(it + "Initial residual norm of reference iterations (validation)", v.reference.initial_norm);
  w.add(it + "Final residual norm of reference iterations (validation)", v.reference.final_norm);
  w.add(it + "Number of optimized iterations (validation)", v.optimized.iterations);
  w.add(it + "Initial residual norm of optimized iterations (validation)", v.optimized.initial_norm);
  w.add(it + "Final residual norm of optimized iterations (validation)", v.optimized.final_norm);
  w.add(it + "Penalty factor (validation)", v.penalty);
  w.section("########## Performance Summary (times in sec) ##########");
  w.section("Benchmark Time Summary");
  const std::string bt = "Benchmark Time Summary::";
  w.add(bt + "Run time requested (benchmark)", o.options.params.runtime_seconds);
  w.add(bt + "Min run time required (benchmark)", official_seconds);
  w.add(bt + "Number of GMRES calls (benchmark)", o.mixed.calls);
  w.add(bt + "Mximum number of iterations (benchmark)", timed_max_iterations);
  w.add(bt + "Optimization phase", 0);
  w.add(bt + "Steps audited against the reference (benchmark)", o.audited_steps);
  w.add(bt + "Total", o.mixed.seconds);
  w.section("GFLOP/s Summary");
  w.add("GFLOP/s Summary::Raw Total", o.mixed.gflops());
  w.add("GFLOP/s Summary:: - Raw Total (reference)", o.reference.gflops());
  w.add("GFLOP/s Summary::Total for benchmark", o.rating());
  w.section("Final Summary");
  if (o.valid()) {
    w.add("Final Summary::HPGMP result is VALID with a GFLOP/s rating of", o.rating());
    if (o.official()) {
      w.add("Final Summary::Results are valid and execution time (sec) is", o.mixed.seconds);
    } else {
      w.add("Final Summary::Results are valid but execution time (sec) is", o.mixed.seconds);
      w.add("Final Summary::Official results execution time (sec) must be at least",
            official_seconds);
    }
  } else {
    w.add("Final Summary::HPGMP result is", "INVALID.");
    for (const std::string& reason : o.failures) w.add("Final Summary::Reason", reason);
  }
  return w.str();
}

std::string report_json(const Outcome& o, int threads) {
  using nlohmann::json;
  auto solve = [](const SolveRecord& r) {
    return json{{"iterations", r.iterations},       {"initial_norm", r.initial_norm},
                {"final_norm", r.final_norm},       {"recomputed_norm", r.recomputed_norm},
                {"converged", r.converged},         {"restart_norms", r.restart_norms}};
  };
  auto runs = [](const TimedRuns& r) {
    // Where the time went, with the flops of the same step kinds (gmres.hpp, StepSeconds).
    auto kind = [](double flops, double seconds) {
      return json{{"seconds", seconds}, {"flops", flops},
                  {"gflops", seconds > 0 ? flops / seconds * 1e-9 : 0.0}};
    };
    json steps{{"spmv", kind(r.flops.spmv, r.steps.spmv)},
               {"mg", kind(r.flops.mg, r.steps.mg)},
               {"orthogonalization", kind(r.flops.orthogonalization, r.steps.orthogonalization)},
               {"vector_update", kind(r.flops.vector_update, r.steps.vector_update)}};
    return json{{"calls", r.calls},         {"iterations", r.iterations}, {"seconds", r.seconds},
                {"flops", r.flops.total()}, {"gflops", r.gflops()},       {"steps", steps}};
  };
  json j{{"kind", "hpgmp"},
         {"backend", o.backend},
         {"run_type", to_string(o.options.run_type)},
         {"validation_type", to_string(o.options.validation)},
         {"ranks", o.geometry.ranks},
         {"threads", threads},
         {"local_grid", {o.geometry.nx, o.geometry.ny, o.geometry.nz}},
         {"process_grid", {o.geometry.npx, o.geometry.npy, o.geometry.npz}},
         {"equations", o.levels[0].rows},
         {"validation", {{"ranks", o.validation.ranks},
                         {"tolerance", o.validation.tolerance},
                         {"reference", solve(o.validation.reference)},
                         {"optimized", solve(o.validation.optimized)},
                         {"penalty", o.validation.penalty}}},
         {"mixed", runs(o.mixed)},
         {"reference", runs(o.reference)},
         {"audited_steps", o.audited_steps},
         {"rating_gflops", o.rating()},
         {"valid", o.valid()},
         {"official", o.official()},
         {"failures", o.failures}};
  return j.dump(2) + "\n";
}

std::string write_reports(const Outcome& o, int threads, const Comm& comm) {
  if (!comm.is_root()) return "";
  // Claimed exclusively: runs in one directory that end in the same second take "_2", "_3", ...
  const std::string base = claim_free_stem("HPGMP-Benchmark_0.1_" + stamp(), {".txt", ".json"});
  try {
    write_file_atomically(base + ".txt", report_text(o, threads));
    write_file_atomically(base + ".json", report_json(o, threads));
  } catch (const ResourceError&) {
    for (const std::string& path : {base + ".txt", base + ".json"}) {
      struct stat info {};
      if (::stat(path.c_str(), &info) == 0 && info.st_size == 0) ::unlink(path.c_str());
      remove_partial_output(path);  // the empty names claimed
    }
    throw;
  }
  return base + ".txt";
}

}  // namespace hpcg::hpgmp
