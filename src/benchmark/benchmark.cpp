// SPDX-License-Identifier: BSD-3-Clause
// The benchmark flow of HPCG 3.1's main.cpp, one function per phase. The reference backend runs
// the reference phases; the backend under test runs validation and the timed sets.
#include "hpcg/benchmark/benchmark.hpp"

#include <sstream>

#include "hpcg/backend/registry.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/solver/multigrid.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace hpcg {
namespace {

constexpr int reference_max_iterations = 50;
constexpr int optimized_max_iterations = 10 * reference_max_iterations;
constexpr int reference_timing_calls = 10;

int thread_count() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

std::string format(const char* label, double value) {
  std::ostringstream text;
  text << label << value;
  return text.str();
}

Problem set_up(const Params& params, const Comm& comm, BenchmarkResults& results) {
  double start = wall_time();
  Problem problem;
  run_collectively(comm, [&] { results.geometry = make_geometry(params, comm.rank(), comm.size()); });
  run_collectively(comm, [&] { problem = generate_problem(results.geometry, comm); });
  results.setup_seconds = wall_time() - start;
  for (int l = 0; l < mg_levels; ++l) {
    const SparseMatrix& A = problem.levels[l].A;
    LevelSummary& summary = results.levels[l];
    summary.global_rows = A.global_rows;
    summary.global_nonzeros = A.global_nonzeros;
    summary.root_columns = A.columns;
    summary.root_send_total = static_cast<local_int>(A.exchange.halo().send_rows.size());
    summary.root_send_neighbors = static_cast<int>(A.exchange.halo().send_ranks.size());
  }
  return problem;
}

/// Average time of one reference SpMV + V-cycle (HPCG's times[8]).
double time_reference_kernels(Backend& reference, Problem& problem, bool quick_path) {
  Level& fine = problem.fine();
  Vector x_overlap(fine.A.columns), b_computed(fine.A.rows);
  TestVectorSource source;
  source.fill(x_overlap);
  int calls = quick_path ? 1 : reference_timing_calls;
  double start = wall_time();
  for (int i = 0; i < calls; ++i) {
    apply_spmv(reference, fine, x_overlap, b_computed);
    apply_mg(reference, problem, b_computed, x_overlap);
  }
  return (wall_time() - start) / calls;
}

/// Tunes nothing and checks nothing: just finds how far 50 reference iterations get.
double reference_cg_tolerance(Backend& reference, Problem& problem, const Comm& comm) {
  problem.x.fill(0.0);
  KernelTimes ignored;
  CgResult cg = run_cg(reference, problem, comm, problem.b, problem.x,
                       {reference_max_iterations, 0.0, true}, ignored);
  return cg.scaled_residual();
}

void validate(Backend& backend, Problem& problem, const Comm& comm, BenchmarkResults& results,
              RunLog& log) {
  results.cg_test = test_cg(backend, problem, comm);
  for (const auto& line : results.cg_test.log_lines) log.line(line);
  TestVectorSource source;
  results.symmetry_test = test_symmetry(backend, problem, comm, source);
  log.line(format("Departure from symmetry (scaled) for SpMV abs(x'*A*y - y'*A*x) = ",
                  results.symmetry_test.spmv_departure));
  log.line(format("Departure from symmetry (scaled) for MG abs(x'*Minv*y - y'*Minv*x) = ",
                  results.symmetry_test.mg_departure));
  for (size_t i = 0; i < results.symmetry_test.spmv_residuals.size(); ++i) {
    std::ostringstream line;
    line << "SpMV call [" << i << "] Residual [" << results.symmetry_test.spmv_residuals[i] << "]";
    log.line(line.str());
  }
  results.backend_checks = check_backend(backend, problem, comm, source);
  const BackendCheckResult& checks = results.backend_checks;
  std::ostringstream line;
  line << "Backend '" << backend.name() << "' checks: SpMV scaled error " << checks.spmv_error
       << ", SymGS departure from symmetry " << checks.symgs_asymmetry
       << ", SymGS error reduction " << checks.symgs_reduction << ", MG error reduction "
       << checks.mg_reduction;
  log.line(line.str());
  for (const auto& failure : checks.failures) log.line("Backend check FAILED: " + failure);
}

/// HPCG's optimised CG set-up run: iterations needed to match the reference residual, and the
/// slowest rank's time for them, which sizes the number of timed sets.
double find_optimized_iterations(Backend& backend, Problem& problem, const Comm& comm,
                                 BenchmarkResults& results, RunLog& log) {
  problem.x.fill(0.0);
  KernelTimes times;
  CgResult cg = run_cg(backend, problem, comm, problem.b, problem.x,
                       {optimized_max_iterations, results.reference_tolerance, true}, times);
  results.optimized_iterations = std::max(reference_max_iterations, cg.iterations);
  if (cg.scaled_residual() > results.reference_tolerance * (1.0 + 1.0e-6)) {
    results.tolerance_failure = true;
    log.line("Failed to reduce the residual " + std::to_string(optimized_max_iterations) +
             " times.");
  }
  return comm.max(times.total);
}

ProgressEvent phase(const std::string& name, const std::string& detail) {
  ProgressEvent event;
  event.phase = name;
  event.detail = detail;
  return event;
}

/// The timed phase so far: sets done, an estimate of the rest from their mean time, and the
/// GFLOP/s credited to them (HPCG's flop model, with convergence overhead).
ProgressEvent timed_set_progress(const BenchmarkResults& results, int done, double residual) {
  BenchmarkResults so_far;
  so_far.levels = results.levels;
  so_far.sets = done;
  so_far.optimized_iterations = results.optimized_iterations;
  so_far.reference_iterations = results.reference_iterations;
  const double seconds = results.times.total;
  ProgressEvent event = phase("timed sets", format("scaled residual ", residual));
  event.steps_done = done;
  event.steps_total = results.sets;
  event.seconds_left = seconds / done * (results.sets - done);
  if (seconds > 0) event.gflops = count_flops(so_far).total_with_convergence / seconds / 1.0e9;
  return event;
}

/// Rank 0's per-level V-cycle seconds, when the V-cycle that ran timed every level.
std::optional<std::array<double, mg_levels>> level_seconds(const MgLevelTimes& times) {
  if (!times.reported()) return std::nullopt;
  std::array<double, mg_levels> seconds{};
  for (int l = 0; l < mg_levels; ++l) seconds[l] = times.seconds(l);
  return seconds;
}

void run_timed_sets(Backend& backend, Problem& problem, const Comm& comm,
                    BenchmarkResults& results, RunLog& log, const ProgressCallback& progress) {
  // Only the timed sets count: validation and the iteration search ran with the timer off.
  problem.mg_level_times.clear();
  problem.mg_level_times.enable(true);
  for (int set = 0; set < results.sets; ++set) {
    problem.x.fill(0.0);
    double before = results.times.total;
    CgResult cg = run_cg(backend, problem, comm, problem.b, problem.x,
                         {results.optimized_iterations, 0.0, true}, results.times);
    results.set_scaled_residuals.push_back(cg.scaled_residual());
    results.set_seconds.push_back(results.times.total - before);
    std::ostringstream line;
    line << "Call [" << set << "] Scaled Residual [" << cg.scaled_residual() << "]";
    log.line(line.str());
    progress(timed_set_progress(results, set + 1, cg.scaled_residual()));
  }
  problem.mg_level_times.enable(false);
  results.mg_level_seconds = level_seconds(problem.mg_level_times);
  results.allreduce_min = comm.min(results.times.allreduce);
  results.allreduce_max = comm.max(results.times.allreduce);
  results.allreduce_avg = comm.sum(results.times.allreduce) / comm.size();
}

}  // namespace

BenchmarkResults run_benchmark(const Params& params, const Comm& comm, Backend& backend,
                               RunLog& log, const ProgressCallback& progress) {
  BenchmarkResults results;
  results.params = params;
  results.ranks = comm.size();
  results.threads = thread_count();
  results.backend_name = backend.name();
  results.backend_version = backend.version();
  results.optimized_kernels = backend.optimized_kernels();

  progress(phase("setup", "generating the problem and the multigrid hierarchy"));
  Problem problem = set_up(params, comm, results);
  auto reference = make_backend("reference");
  progress(phase("reference timing", "timing the reference SpMV and multigrid"));
  results.reference_spmv_mg_seconds =
      time_reference_kernels(*reference, problem, params.quick_path());
  progress(phase("reference CG", "50 iterations with the reference kernels"));
  results.reference_tolerance = reference_cg_tolerance(*reference, problem, comm);

  progress(phase("optimization", "optimization phase of backend '" + backend.name() + "'"));
  double start = wall_time();
  run_collectively(comm, [&] { backend.optimize(problem); });
  results.optimize_seconds = wall_time() - start;
  results.optimization_bytes = comm.sum(backend.optimization_bytes());

  progress(phase("validation", "TestCG, TestSymmetry and the backend checks"));
  validate(backend, problem, comm, results, log);
  progress(phase("iteration search", "optimized CG iterations for the reference residual"));
  double worst_seconds = find_optimized_iterations(backend, problem, comm, results, log);
  results.sets = static_cast<int>(params.runtime_seconds / worst_seconds) + 1;
  ProgressEvent timed = phase("timed sets", std::to_string(results.sets) + " CG set(s) of " +
                                                std::to_string(results.optimized_iterations) +
                                                " iterations");
  timed.steps_total = results.sets;
  timed.seconds_left = results.sets * worst_seconds;
  progress(timed);
  run_timed_sets(backend, problem, comm, results, log, progress);
  results.norms_test = test_norms(results.set_scaled_residuals);
  return results;
}

}  // namespace hpcg
