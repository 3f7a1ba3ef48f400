// SPDX-License-Identifier: BSD-3-Clause
// The benchmark flow of HPCG 3.1's main.cpp, one function per phase. The reference backend runs
// the reference phases; the backend under test runs validation and the timed sets.
#include "hpcg/benchmark/benchmark.hpp"

#include <cfloat>
#include <memory>
#include <sstream>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/benchmark/roofline_triad.hpp"
#include "hpcg/benchmark/timed_sets.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/solver/multigrid.hpp"

namespace hpcg {
namespace {

constexpr int reference_max_iterations = 50;
constexpr int optimized_max_iterations = 10 * reference_max_iterations;
constexpr int reference_timing_calls = 10;
/// A true scaled residual ||b - Ax||/||b|| that rounding alone can leave on HPCG's problems
/// (about 1e-15 measured on small grids, where 50 iterations get that far): the floor for the
/// validated run's.
constexpr double rounding_residual = 1000 * DBL_EPSILON;

std::string format(const char* label, double value) {
  std::ostringstream text;
  text << label << value;
  return text.str();
}

Problem set_up(const RunPlan& plan, const Comm& comm, BenchmarkResults& results) {
  double start = wall_time();
  Problem problem;
  results.geometry = plan.geometry;
  run_collectively(comm, [&] { problem = generate_problem(plan.geometry, comm); });
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

ProgressEvent phase(const std::string& name, const std::string& detail) {
  ProgressEvent event;
  event.phase = name;
  event.detail = detail;
  return event;
}

/// Average time of one reference SpMV + V-cycle (HPCG's times[8]).
double time_reference_kernels(Workspace& ws, bool quick_path) {
  Vector x_overlap(ws.columns(0));
  TestVectorSource source;
  source.fill(x_overlap);
  BackendVector x = ws.upload(0, VectorRole::check, x_overlap);
  BackendVector b_computed = ws.backend().allocate(0, VectorRole::check, ws.rows(0));
  int calls = quick_path ? 1 : reference_timing_calls;
  double start = wall_time();
  for (int i = 0; i < calls; ++i) {
    apply_spmv(ws, 0, x, b_computed);
    apply_mg(ws, b_computed, x);
  }
  return (wall_time() - start) / calls;
}

/// Tunes nothing and checks nothing: just finds how far 50 reference iterations get.
double reference_cg_tolerance(Workspace& ws) {
  ws.backend().fill(ws.cg.x, 0.0);
  KernelTimes ignored;
  CgResult cg = run_cg(ws, {reference_max_iterations, 0.0, true}, ignored);
  return cg.scaled_residual();
}

/// HPCG's reference phases, on the reference backend's own vectors (freed afterwards).
void run_reference_phases(const Params& params, Problem& problem, const Comm& comm,
                          BenchmarkResults& results, const ProgressCallback& progress) {
  auto reference = make_backend("reference");
  reference->optimize(problem);
  Workspace ws(*reference, problem, comm);
  progress(phase("reference timing", "timing the reference SpMV and multigrid"));
  results.reference_spmv_mg_seconds = time_reference_kernels(ws, params.quick_path());
  progress(phase("reference CG", "50 iterations with the reference kernels"));
  results.reference_tolerance = reference_cg_tolerance(ws);
}

/// The backend checks' figures and failures in the run log.
void log_backend_checks(const std::string& when, const BackendCheckResult& checks,
                        const std::string& backend, RunLog& log) {
  std::ostringstream line;
  line << "Backend '" << backend << "' checks " << when << ": SpMV scaled error "
       << checks.spmv_error << ", V-cycle steps " << checks.step_error;
  if (checks.exact) {
    line << "; in the declared Gauss-Seidel order: SymGS difference " << checks.symgs_difference
         << ", V-cycle difference " << checks.mg_difference;
  } else {
    line << "; approximately (no declared order): SymGS departure from symmetry "
         << checks.symgs_asymmetry << ", SymGS error reduction " << checks.symgs_reduction
         << ", MG error reduction " << checks.mg_reduction << ", on smooth error "
         << checks.mg_smooth_versus_reference << " times the reference's";
  }
  log.line(line.str());
  for (const auto& failure : checks.failures) log.line("Backend check FAILED: " + failure);
}

void validate(Workspace& ws, DeclaredPreconditioner& declared, BenchmarkResults& results,
              RunLog& log) {
  results.cg_test = test_cg(ws);
  for (const auto& line : results.cg_test.log_lines) log.line(line);
  TestVectorSource source;
  results.symmetry_test = test_symmetry(ws, source);
  log.line(format("Departure from symmetry (scaled) for SpMV abs(x'*A*y - y'*A*x) = ",
                  results.symmetry_test.spmv_departure));
  log.line(format("Departure from symmetry (scaled) for MG abs(x'*Minv*y - y'*Minv*x) = ",
                  results.symmetry_test.mg_departure));
  for (size_t i = 0; i < results.symmetry_test.spmv_residuals.size(); ++i) {
    std::ostringstream line;
    line << "SpMV call [" << i << "] Residual [" << results.symmetry_test.spmv_residuals[i] << "]";
    log.line(line.str());
  }
  results.backend_checks = check_backend(ws, source, declared);
  log_backend_checks("after optimization", results.backend_checks, ws.backend().name(), log);
}

/// HPCG's optimised CG set-up run: iterations needed to match the reference residual, and the
/// slowest rank's time for them, which sizes the number of timed sets. The run the timed sets
/// follow is audited by `audit`.
double find_optimized_iterations(Workspace& ws, BenchmarkResults& results, RunLog& log,
                                 const CgAudit& audit) {
  ws.backend().fill(ws.cg.x, 0.0);
  KernelTimes times;
  CgResult cg =
      run_cg(ws, {optimized_max_iterations, results.reference_tolerance, true}, times, &audit);
  results.optimized_iterations = std::max(reference_max_iterations, cg.iterations);
  if (cg.scaled_residual() > results.reference_tolerance * (1.0 + 1.0e-6)) {
    results.tolerance_failure = true;
    log.line("Failed to reduce the residual " + std::to_string(optimized_max_iterations) +
             " times.");
  }
  // The run the timed sets must follow: the search's own when it ran exactly that many.
  if (cg.iterations != results.optimized_iterations) {
    ws.backend().fill(ws.cg.x, 0.0);
    KernelTimes ignored;
    cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, ignored, &audit);
  }
  results.validated_scaled_residual = cg.scaled_residual();
  results.validated_residuals = cg.scaled_residuals;
  // Its true residual is the level rounding sets for the sets' solutions; it must itself be
  // near CG's own, or near what rounding can do on any HPCG problem.
  SpotCheckResult validated_solution;
  results.validated_true_residual =
      check_solution(ws, ws.problem().b, cg.scaled_residual(), rounding_residual,
                     "the iteration search's validated solution", validated_solution);
  for (const std::string& failure : validated_solution.failures) {
    results.timed_failures.push_back(failure);
  }
  log.line(format("Validated scaled residual, whose convergence the timed sets must follow: ",
                  results.validated_scaled_residual));
  log.line(format("Validated run's true scaled residual ||b - Ax||/||b||: ",
                  results.validated_true_residual));
  // The validated run itself must be a full, finite run that reaches the reference residual:
  // a backend that starts to cheat here would otherwise set the standard the sets follow.
  if (!cg.non_finite.empty()) {
    results.timed_failures.push_back("the iteration search met a NaN or infinity: " +
                                     cg.non_finite);
  } else if (cg.iterations != results.optimized_iterations) {
    results.timed_failures.push_back("the iteration search's validated run stopped after " +
                                     std::to_string(cg.iterations) + " of " +
                                     std::to_string(results.optimized_iterations) +
                                     " iterations");
  } else if (cg.scaled_residual() > results.reference_tolerance * (1.0 + 1.0e-6)) {
    results.tolerance_failure = true;
  }
  return ws.comm().max(times.total);
}

}  // namespace

BenchmarkResults run_benchmark(const RunPlan& plan, const Comm& comm, Backend& backend,
                               RunLog& log, const ProgressCallback& progress) {
  const Params& params = plan.params;
  BenchmarkResults results;
  results.params = params;
  results.unofficial_quick = plan.unofficial_quick;
  results.triad_bandwidth_gbs = plan.triad_bandwidth_gbs;
  results.ranks = comm.size();
  results.threads = max_threads();
  results.backend_name = backend.name();
  results.backend_version = backend.version();
  results.optimized_kernels = backend.optimized_kernels();
  results.backend_memory = backend.memory();
  results.bit_reproducible = backend.bit_reproducible();
  results.asynchronous = backend.asynchronous();

  progress(phase("setup", "generating the problem and the multigrid hierarchy"));
  Problem problem = set_up(plan, comm, results);
  if (!plan.unofficial_quick) run_reference_phases(params, problem, comm, results, progress);

  progress(phase("optimization", "optimization phase of backend '" + backend.name() + "'"));
  double start = wall_time();
  run_collectively(comm, [&] { backend.optimize(problem); });
  results.optimize_seconds = wall_time() - start;
  std::unique_ptr<Workspace> workspace;
  run_collectively(comm, [&] {
    workspace =
        std::make_unique<Workspace>(backend, problem, comm,
                                    plan.backend.options.mpi_reads_backend_memory);
  });
  Workspace& ws = *workspace;
  results.halo_in_backend_memory = ws.halo_in_backend_memory();
  // After the workspace: a backend with separate memory counts its vectors too.
  results.optimization_bytes = comm.sum(backend.optimization_bytes());

  std::unique_ptr<DeclaredPreconditioner> declared;
  run_collectively(comm, [&] {
    declared = std::make_unique<DeclaredPreconditioner>(backend, problem, comm);
  });

  progress(phase("validation", "TestCG, TestSymmetry and the backend checks"));
  validate(ws, *declared, results, log);
  if (plan.unofficial_quick) {
    // --unofficial-quick: the backend under test stands in for the reference (so its colouring
    // costs no extra iterations here); the report says the result cannot be submitted.
    progress(phase("backend CG", "50 iterations of the backend for the residual to reach"));
    results.reference_spmv_mg_seconds = time_reference_kernels(ws, true);
    results.reference_tolerance = reference_cg_tolerance(ws);
    log.line("Unofficial quick mode: no reference timing or reference CG; the residual to reach "
             "comes from the backend under test");
  }
  progress(phase("iteration search", "optimized CG iterations for the reference residual"));
  std::mt19937_64 engine = shared_engine(comm);
  ValidatedRunAudit validated_audit(ws, *declared, results.spot_checks, engine);
  const double worst_seconds = find_optimized_iterations(ws, results, log, validated_audit.audit());
  results.sets = static_cast<int>(params.runtime_seconds / worst_seconds) + 1;
  results.estimated_set_seconds = worst_seconds;
  ProgressEvent timed = phase("timed sets", std::to_string(results.sets) + " CG set(s) of " +
                                                std::to_string(results.optimized_iterations) +
                                                " iterations");
  timed.steps_total = results.sets;
  timed.seconds_left = results.sets * worst_seconds;
  progress(timed);
  const double triad_before = measure_roofline_triad(plan, comm, log, "before the timed sets");
  run_timed_sets(ws, *declared, validated_audit, results, log, progress);
  record_roofline(triad_before, measure_roofline_triad(plan, comm, log, "after the timed sets"),
                  results, log);
  progress(phase("final checks", "the backend checks again, after the timed sets"));
  TestVectorSource source;
  results.final_checks = check_backend(ws, source, *declared);
  log_backend_checks("after the timed sets", results.final_checks, backend.name(), log);
  results.norms_test = test_norms(results.set_scaled_residuals);
  return results;
}

}  // namespace hpcg
