// SPDX-License-Identifier: BSD-3-Clause
// The benchmark flow. The solvers' own residuals are never the verdict: after each validation
// solve and each timed call the core recomputes ||b - A x|| in double from x.
#include "hpcg/hpgmp/benchmark.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>

#include "hpcg/backends/registry.hpp"
#include "hpcg/hpgmp/step_audits.hpp"
#include "hpcg/hpgmp/step_checks.hpp"
#include "hpcg/base/timer.hpp"

namespace hpcg::hpgmp {
namespace {

void progress(const Options& options, const Comm& comm, const std::string& line) {
  if (!options.quiet && comm.is_root()) std::cout << "xhpgmp: " << line << std::endl;
}

/// The reported and recomputed residual must agree: a solver that reports a norm it did not
/// reach (a skipped refinement, an outer loop in float) is caught here.
bool agrees(double reported, double recomputed) {
  return std::abs(reported - recomputed) <= 1e-6 * std::max(recomputed, 1e-300);
}

/// The backend chosen with --backend, its optimisation phase run on `problem`.
std::unique_ptr<Backend> prepared_backend(const Options& options, NonsymProblem& problem) {
  std::unique_ptr<Backend> backend = make_backend(options.backend, options.backend_options);
  backend->optimize(problem);
  return backend;
}

/// Every step the solvers call, against the reference steps (step_checks.hpp).
void check_backend_steps(MxpWorkspace& ws, const std::string& when,
                         std::vector<std::string>& failures) {
  for (const std::string& reason : check_steps(ws)) failures.push_back(reason + when);
}

template <class Inner>
SolveRecord validation_solve(MxpWorkspace& ws, double tolerance, int max_iterations) {
  NonsymProblem& problem = ws.problem();
  Vector x(problem.fine().A.rows);
  GmresSettings settings{restart_length, max_iterations, tolerance};
  GmresResult result = gmres<Inner>(ws, problem.b, x, settings);
  SolveRecord record;
  record.iterations = result.iterations;
  record.initial_norm = result.initial_norm;
  record.final_norm = result.final_norm;
  record.restart_norms = result.restart_norms;
  record.converged = result.converged && result.finite;
  record.recomputed_norm = residual_norm(problem, problem.b, x);
  return record;
}

Validation validate(const Options& options, const Comm& comm, std::vector<std::string>& failures) {
  Validation v;
  v.ran = true;
  int ranks = options.validation == ValidationType::standard ? std::min(comm.size(), 8)
                                                             : comm.size();
  v.ranks = ranks;
  MPI_Comm sub = MPI_COMM_NULL;
  MPI_Comm_split(comm.get(), comm.rank() < ranks ? 0 : MPI_UNDEFINED, comm.rank(), &sub);
  std::vector<double> numbers(10, 0.0);
  if (sub != MPI_COMM_NULL) {
    Comm vcomm(sub);
    Params params = with_process_grid(options.params, ranks);
    NonsymProblem problem = generate_nonsym_problem(make_geometry(params, vcomm.rank(), ranks), vcomm,
                                                    options.coefficients);
    std::unique_ptr<Backend> backend = prepared_backend(options, problem);
    MxpWorkspace ws(*backend, problem);
    // A backend whose steps are not the reference's is INVALID before any solve: faked
    // precision would only make the solves run to their iteration caps.
    const size_t before = failures.size();
    check_backend_steps(ws, " (validation)", failures);
    numbers[9] = static_cast<double>(failures.size() - before);
    if (numbers[9] == 0) {
      progress(options, comm, "validation: double GMRES(30) to 1e-9 on " + std::to_string(ranks) +
                                  " ranks");
      v.reference = validation_solve<double>(ws, validation_tolerance, validation_max_iterations);
      v.tolerance = options.validation == ValidationType::fullscale
                        ? v.reference.recomputed_norm / v.reference.initial_norm
                        : validation_tolerance;
      progress(options, comm, "validation: mixed GMRES-IR");
      v.optimized = validation_solve<float>(ws, v.tolerance, 10 * validation_max_iterations);
    }
    const SolveRecord* r[2] = {&v.reference, &v.optimized};
    for (int i = 0; i < 2; ++i) {
      numbers[4 * i] = r[i]->iterations;
      numbers[4 * i + 1] = r[i]->initial_norm;
      numbers[4 * i + 2] = r[i]->final_norm;
      numbers[4 * i + 3] = r[i]->recomputed_norm;
    }
    numbers[8] = (v.reference.converged ? 1 : 0) + (v.optimized.converged ? 2 : 0);
    MPI_Comm_free(&sub);
  }
  MPI_Bcast(numbers.data(), 10, MPI_DOUBLE, 0, comm.get());
  v.steps_failed = numbers[9] > 0;
  if (v.steps_failed) {
    if (failures.empty()) failures.push_back("backend steps differ from the reference steps");
    return v;  // no solve ran: nothing else to check
  }
  SolveRecord* r[2] = {&v.reference, &v.optimized};
  for (int i = 0; i < 2; ++i) {
    r[i]->iterations = static_cast<int>(numbers[4 * i]);
    r[i]->initial_norm = numbers[4 * i + 1];
    r[i]->final_norm = numbers[4 * i + 2];
    r[i]->recomputed_norm = numbers[4 * i + 3];
  }
  v.reference.converged = static_cast<int>(numbers[8]) & 1;
  v.optimized.converged = static_cast<int>(numbers[8]) & 2;
  MPI_Bcast(&v.tolerance, 1, MPI_DOUBLE, 0, comm.get());
  if (options.validation == ValidationType::standard) {
    check_solve(v.reference, validation_tolerance, "double GMRES (validation)", failures);
  }
  check_solve(v.optimized, v.tolerance, "mixed GMRES-IR (validation)", failures);
  v.penalty = penalty_factor(v.reference.iterations, v.optimized.iterations);
  return v;
}

/// `calls` timed solves from zero with tolerance 0. Each x is then checked by the core: finite,
/// and, where a call ran at least the iterations that validation needed, within the tolerance.
template <class Inner>
TimedRuns timed(MxpWorkspace& ws, int calls, int validated_iterations, double tolerance,
                const std::string& name, std::vector<std::string>& failures) {
  NonsymProblem& problem = ws.problem();
  TimedRuns runs;
  runs.calls = calls;
  GmresSettings settings{restart_length, timed_max_iterations, 0.0};
  Vector x(problem.fine().A.rows);
  for (int call = 0; call < calls; ++call) {
    x.fill(0.0);
    GmresResult result = gmres<Inner>(ws, problem.b, x, settings);
    runs.iterations += result.iterations;
    runs.seconds += result.seconds;
    runs.flops.spmv += result.flops.spmv;
    runs.flops.mg += result.flops.mg;
    runs.flops.orthogonalization += result.flops.orthogonalization;
    runs.flops.vector_update += result.flops.vector_update;
    runs.steps += result.steps;
    double recomputed = residual_norm(problem, problem.b, x);
    bool ran_enough = result.iterations >= validated_iterations;
    if (!std::isfinite(recomputed) ||
        (ran_enough && recomputed > tolerance * result.initial_norm)) {
      failures.push_back(name + " timed call " + std::to_string(call) +
                         ": ||b - A x|| recomputed in double is not below the validated tolerance");
      break;
    }
  }
  runs.seconds = problem.comm.max(runs.seconds);
  for (double* kind : {&runs.steps.spmv, &runs.steps.mg, &runs.steps.orthogonalization,
                       &runs.steps.vector_update}) {
    *kind = problem.comm.max(*kind);
  }
  return runs;
}

}  // namespace

void check_solve(const SolveRecord& r, double tolerance, const std::string& name,
                 std::vector<std::string>& failures) {
  if (!r.converged) failures.push_back(name + " did not converge to " + std::to_string(tolerance));
  if (!agrees(r.final_norm, r.recomputed_norm)) {
    std::ostringstream out;
    out << name << " reported residual " << r.final_norm << " but ||b - A x|| recomputed in "
        << "double is " << r.recomputed_norm;
    failures.push_back(out.str());
  } else if (r.recomputed_norm > tolerance * r.initial_norm) {
    failures.push_back(name + " stopped above the tolerance (recomputed residual)");
  }
}

double penalty_factor(int reference_iterations, int optimized_iterations) {
  if (reference_iterations <= 0) return 1.0;
  return std::max(1.0, static_cast<double>(optimized_iterations) / reference_iterations);
}

Outcome run_benchmark(const Options& options, const Comm& comm) {
  Outcome out;
  out.options = options;
  if (options.validates()) out.validation = validate(options, comm, out.failures);

  const double setup_start = wall_time();
  out.geometry = make_geometry(options.params, comm.rank(), comm.size());
  NonsymProblem problem = generate_nonsym_problem(out.geometry, comm, options.coefficients);
  out.setup_seconds = comm.max(wall_time() - setup_start);
  for (const Level& level : problem.levels) {
    out.levels.push_back({level.A.global_rows, level.A.global_nonzeros});
  }
  progress(options, comm, "problem of " + std::to_string(out.levels[0].rows) + " equations set up");
  std::unique_ptr<Backend> backend = prepared_backend(options, problem);
  out.backend = backend->name();
  MxpWorkspace ws(*backend, problem);
  const size_t failures_before = out.failures.size();
  if (!out.validation.steps_failed) check_backend_steps(ws, "", out.failures);
  if (out.validation.steps_failed || out.failures.size() > failures_before) {
    progress(options, comm, "the backend's steps differ from the reference steps: no timed runs");
    return out;
  }

  const bool run_mixed = options.run_type != RunType::standalone_ref;
  const bool run_reference =
      options.run_type == RunType::benchmark || options.run_type == RunType::standalone_ref;
  const double tolerance = out.validation.ran ? out.validation.tolerance : validation_tolerance;
  StepAuditor audits(ws);
  ws.set_auditor(&audits);
  if (run_mixed) {
    int calls = 10;  // the reference's count for the standalone modes
    if (options.validates()) {
      TimedRuns estimate = timed<float>(ws, 1, out.validation.optimized.iterations,
                                        tolerance, "mixed GMRES-IR", out.failures);
      out.estimate_seconds = estimate.seconds;
      calls = std::max(1, static_cast<int>(std::ceil(options.params.runtime_seconds /
                                                      std::max(estimate.seconds, 1e-9))));
    }
    progress(options, comm, "timed phase: " + std::to_string(calls) + " mixed GMRES-IR calls");
    out.mixed = timed<float>(ws, calls, out.validation.optimized.iterations, tolerance,
                             "mixed GMRES-IR", out.failures);
  }
  if (run_reference) {
    progress(options, comm, "timed phase: " + std::to_string(reference_timed_calls) +
                                " double GMRES calls");
    out.reference = timed<double>(ws, reference_timed_calls,
                                  out.validation.reference.iterations, tolerance, "double GMRES",
                                  out.failures);
  }
  ws.set_auditor(nullptr);
  out.audited_steps = audits.audited();
  out.failures.insert(out.failures.end(), audits.reasons().begin(), audits.reasons().end());
  check_backend_steps(ws, " (after the timed phase)", out.failures);
  if (!run_mixed && !options.validates()) out.failures.push_back("no mixed-precision run to rate");
  return out;
}

}  // namespace hpcg::hpgmp
