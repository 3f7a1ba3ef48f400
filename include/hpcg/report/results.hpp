// SPDX-License-Identifier: BSD-3-Clause
// Everything a benchmark run measured and decided, as rank 0 knows it: the input of the report.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/params.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/problem/run_shape.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/validation/check_budget.hpp"
#include "hpcg/validation/integrity_results.hpp"
#include "hpcg/validation/backend_checks.hpp"
#include "hpcg/validation/live_checks.hpp"
#include "hpcg/validation/validation.hpp"

namespace hpcg {

/// How closely a timed set must follow the validated run's ||r_k|| / ||r0||, and the level below
/// which rounding, not the algorithm, decides those values. The sets' perturbed right-hand sides
/// (fresh_rhs.hpp), not rounding, set how far honest runs depart, in proportion to the
/// perturbation and most on small problems: 16x24x32 on 3 ranks departs by up to 1.4e3 times it
/// (worst near iteration 27, ||r|| / ||r0|| 3e-10), 16^3 on 1, 2 or 4 ranks by at most 55 times.
/// A change of algorithm (a skipped sweep, a weaker V-cycle) departs by 2% or more within a few
/// iterations; the V-cycle itself is verified directly (backend_checks.hpp, live_checks.hpp).
constexpr double trajectory_tolerance = 1.0e-3;
constexpr double trajectory_floor = 1.0e-10;

/// The STREAM triad xhpcg measured on its own ranks and threads just before and just after the
/// timed sets (benchmark/roofline_triad.hpp), GB/s of all ranks together; 0 = not measured.
struct MeasuredTriad {
  double before_gbs = 0, after_gbs = 0;
};

/// The run's shape (levels, ranks, sets, iterations, optimisation bytes) is the base, so the
/// flop and memory models take a record as they take a shape.
struct BenchmarkResults : RunShape {
  Params params;
  /// --unofficial-quick: no reference timing or reference CG; the backend under test set the
  /// residual to reach, and the report says the result cannot be submitted.
  bool unofficial_quick = false;
  /// STREAM triad bandwidth of all the job's ranks together (--triad-bandwidth), GB/s, for the
  /// report's roofline fraction; 0 = not measured.
  double triad_bandwidth_gbs = 0;
  Geometry geometry;  ///< rank 0's
  int threads = 1;
  std::string backend_name, backend_version;
  KernelSet optimized_kernels;
  MemoryKind backend_memory = MemoryKind::host;
  bool halo_in_backend_memory = false;  ///< MPI read the backend's halo buffers (--gpu-aware-mpi)
  bool bit_reproducible = true;
  bool asynchronous = false;  ///< Backend::asynchronous: kernel times not separated

  double setup_seconds = 0;              ///< HPCG times[9]
  double optimize_seconds = 0;           ///< times[7]
  double reference_spmv_mg_seconds = 0;  ///< times[8]: one reference SpMV + MG

  CgTestResult cg_test;
  SymmetryTestResult symmetry_test;
  NormsTestResult norms_test;
  BackendCheckResult backend_checks;

  double reference_tolerance = 0;  ///< scaled residual of the 50-iteration reference CG
  bool tolerance_failure = false;  ///< optimised CG did not reach the reference residual
  KernelTimes times;               ///< summed over the timed sets (times[0..5])
  double allreduce_min = 0, allreduce_max = 0, allreduce_avg = 0;  ///< over ranks
  std::vector<double> set_scaled_residuals;
  std::vector<double> set_seconds;
  std::vector<int> set_iterations;  ///< iterations each timed set ran
  /// The run of exactly optimized_iterations from x = 0 right after the iteration search: its
  /// scaled residual, and ||r_k|| / ||r0|| after each iteration k. Each timed set runs on its own
  /// perturbed b (fresh_rhs.hpp) and must follow that history within trajectory_tolerance
  /// (relative) in every iteration where it is at least trajectory_floor.
  double validated_scaled_residual = 0;
  /// The sets' perturbation relative to b's root mean square entry (fresh_rhs.hpp).
  double rhs_perturbation = 0;
  std::vector<double> validated_residuals;
  /// ||b - A x|| / ||b|| of the validated run's solution: the level rounding sets, below which
  /// no set's true residual is expected to go (check_solution).
  double validated_true_residual = 0;
  /// The largest relative departure of a timed set's ||r_k|| / ||r0|| from the validated run's.
  double worst_trajectory_departure = 0;
  /// After the last timed set one more set on a fresh right-hand side runs untimed with every
  /// iteration checked, then again on the same b, and must reproduce its scaled residual: bit for
  /// bit for a bit-reproducible backend, else within timed_residual_tolerance (relative).
  /// rerun_set is its 0-based number (one past the last timed set); -1 = none ran.
  double timed_residual_tolerance = 0;
  int rerun_set = -1;
  double rerun_scaled_residual = 0;
  /// Why the timed sets are not to be believed (a set that left the validated run's
  /// convergence, stopped early or met a NaN, or a re-run that differs); the sets stop at the
  /// first.
  std::vector<std::string> timed_failures;
  SpotCheckResult spot_checks;      ///< on the live vectors, at points drawn at run time
  IntegrityResults integrity;       ///< the sets' windows, audits and ties (validation/README.md)
  /// The slowest rank's time for one set in the iteration search, the checks planned for the
  /// timed sets from it, and the seconds the checks in the timed sets took (slowest rank).
  double estimated_set_seconds = 0;
  CheckBudget check_budget;
  double timed_check_seconds = 0;
  BackendCheckResult final_checks;  ///< the backend checks again, after the last set
  /// Summed over ranks, during the timed sets only: bytes between host and backend memory and
  /// halo bytes sent and received (equal for a backend that moves only halo values).
  TransferCounts timed_transfers;
  /// What the backend counted its kernels moving during the timed sets, when every rank's
  /// backend counts it (Backend::kernel_traffic): bytes summed over ranks, kernels per rank.
  std::optional<KernelTraffic> timed_kernel_traffic;
  /// Absent when --triad-bandwidth gave the bandwidth or the triad could not run before the sets.
  std::optional<MeasuredTriad> measured_triad;
  /// Rank 0's seconds in each multigrid level over the timed sets, each exclusive of the coarser
  /// levels (MgLevelTimes); empty when the backend's mg() does not report them (C ABI plugins).
  std::optional<std::array<double, mg_levels>> mg_level_seconds;

  /// Why the run is INVALID, one sentence per failed test; empty for a VALID run.
  std::vector<std::string> invalid_reasons() const;
  bool valid() const { return invalid_reasons().empty(); }
};

}  // namespace hpcg
