// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's benchmark flow: validation (both solvers to 1e-9, the penalty from their iteration
// counts), the timed mixed-precision runs, the timed double runs, and the rating, with every
// residual the solvers report recomputed in double by the core.
#pragma once

#include <string>
#include <vector>

#include "hpcg/hpgmp/gmres.hpp"
#include "hpcg/hpgmp/options.hpp"

namespace hpcg::hpgmp {

constexpr double validation_tolerance = 1e-9;
constexpr int restart_length = 30;
constexpr int validation_max_iterations = 10000;  ///< the double solver's cap
constexpr int timed_max_iterations = 300;          ///< per timed call, tolerance 0
constexpr int reference_timed_calls = 10;          ///< timed double calls, as the reference
constexpr double official_seconds = 1800;          ///< HPG-MxP's minimum for an official run

/// One validation solve as the core saw it.
struct SolveRecord {
  int iterations = 0;
  double initial_norm = 0, final_norm = 0;  ///< as the solver reported them
  double recomputed_norm = 0;               ///< ||b - A x|| recomputed by the core
  std::vector<double> restart_norms;        ///< the solver's, rank 0's (GmresResult)
  bool converged = false;
};

struct Validation {
  bool ran = false;
  int ranks = 0;
  double tolerance = validation_tolerance;  ///< the mixed solver's (full-scale: the reached one)
  SolveRecord reference, optimized;
  double penalty = 1;  ///< optimized / reference iterations, at least 1
  bool steps_failed = false;  ///< the backend's steps differed from the reference: no solve ran
};

/// The timed calls of one solver.
struct TimedRuns {
  int calls = 0;
  int iterations = 0;  ///< over all calls
  double seconds = 0;
  FlopCount flops;
  StepSeconds steps;  ///< `seconds` by step kind, each the slowest rank's
  double gflops() const { return seconds > 0 ? flops.total() / seconds * 1e-9 : 0; }
};

struct LevelSize {
  global_int rows = 0, nonzeros = 0;
};

struct Outcome {
  Options options;
  std::string backend;  ///< the backend's name, as it gives it
  Geometry geometry;
  std::vector<LevelSize> levels;
  double setup_seconds = 0;
  double estimate_seconds = 0;  ///< one mixed call, to size the timed phase
  Validation validation;
  TimedRuns mixed, reference;
  long audited_steps = 0;  ///< steps compared with the reference inside the timed phase
  std::vector<std::string> failures;  ///< why the result is INVALID; empty when VALID
  bool valid() const { return failures.empty(); }
  bool official() const {
    return valid() && options.run_type == RunType::benchmark &&
           options.params.runtime_seconds >= official_seconds;
  }
  double rating() const { return mixed.gflops() / validation.penalty; }
};

/// Runs the whole benchmark on `comm`; progress lines on rank 0 unless quiet. Collective.
Outcome run_benchmark(const Options& options, const Comm& comm);

/// The core's verdict on one validation solve: converged, its reported final residual equal to
/// ||b - A x|| recomputed in double (to 1e-6 relative), and that residual within `tolerance`
/// of the initial one. Appends one reason per failure to `failures`.
void check_solve(const SolveRecord& record, double tolerance, const std::string& name,
                 std::vector<std::string>& failures);

/// The penalty HPG-MxP defines: optimized / reference iterations, never below 1.
double penalty_factor(int reference_iterations, int optimized_iterations);

}  // namespace hpcg::hpgmp
