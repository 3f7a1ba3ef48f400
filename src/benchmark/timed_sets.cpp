// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/timed_sets.hpp"

#include <sstream>
#include <string>
#include <vector>

#include "hpcg/report/performance_model.hpp"
#include "hpcg/validation/timed_set_integrity.hpp"

namespace hpcg {
namespace {

/// The timed phase so far: sets done, an estimate of the rest from their mean time, and the
/// GFLOP/s credited to them (HPCG's flop model, with convergence overhead).
ProgressEvent timed_set_progress(const BenchmarkResults& results, int done, double residual) {
  RunShape so_far = results;
  so_far.sets = done;
  const double seconds = results.times.total;
  std::ostringstream detail;
  detail << "scaled residual " << residual;
  ProgressEvent event{"timed sets", detail.str()};
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

/// Transfers during the timed sets, summed over ranks, with one line in the run log.
void record_transfers(const TransferCounts& before, const TransferCounts& after, const Comm& comm,
                      BenchmarkResults& results, RunLog& log) {
  results.timed_transfers.bytes = comm.sum(after.bytes - before.bytes);
  results.timed_transfers.halo_bytes = comm.sum(after.halo_bytes - before.halo_bytes);
  std::ostringstream line;
  line << "Transfers in the timed sets: " << results.timed_transfers.bytes
       << " bytes between host and backend memory, " << results.timed_transfers.halo_bytes
       << " halo bytes sent and received (all ranks)";
  log.line(line.str());
}

/// The backend's own count of its kernels' traffic between `before` and now, less `excluded`
/// (the re-run's), when every rank's backend counted it: bytes summed over ranks (as HPCG's
/// flops are), kernels per rank.
std::optional<KernelTraffic> counted_since(const std::optional<KernelTraffic>& before,
                                           const std::optional<KernelTraffic>& excluded,
                                           const Backend& backend, const Comm& comm) {
  std::optional<KernelTraffic> after = backend.kernel_traffic();
  const bool counted = before && after;
  if (comm.min(counted ? 1.0 : 0.0) == 0.0) return std::nullopt;
  if (excluded) {
    after->read_bytes -= excluded->read_bytes;
    after->written_bytes -= excluded->written_bytes;
    after->kernels -= excluded->kernels;
  }
  return KernelTraffic{comm.sum(after->read_bytes - before->read_bytes),
                       comm.sum(after->written_bytes - before->written_bytes),
                       comm.sum(after->kernels - before->kernels) / comm.size()};
}

/// The checks of the timed sets and the re-run, in one line of the log.
void log_spot_checks(const BenchmarkResults& results, RunLog& log) {
  const SpotCheckResult& checks = results.spot_checks;
  std::ostringstream line;
  line << "Checks on the live vectors (validated run, timed sets, re-run): " << checks.spmv_checks
       << " SpMV (worst " << checks.worst_spmv_error << "), " << checks.scalar_checks
       << " of CG's scalars (worst " << checks.worst_scalar_difference << "), "
       << checks.symmetry_checks << " symmetry (worst " << checks.worst_symmetry_departure
       << "), " << checks.mg_checks << " V-cycle ("
       << (results.backend_checks.exact ? "exact, worst difference "
                                        : "approximate, worst residual ratio ")
       << (results.backend_checks.exact ? checks.worst_mg_difference : checks.worst_mg_ratio)
       << "), " << checks.solution_checks << " solution (worst true residual "
       << checks.worst_solution_ratio << " times CG's), " << checks.failures.size()
       << " failed; worst departure from the validated convergence "
       << results.integrity.worst_trajectory_departure << "; the timed sets' checks took "
       << results.integrity.timed_check_seconds << " s of " << results.times.total << " s";
  log.line(line.str());
}

/// What the validated run established, for the sets' checks.
TimedSetBasis basis_of(const BenchmarkResults& results, const CheckCosts& costs,
                       bool bit_reproducible) {
  TimedSetBasis basis;
  basis.sets = results.sets;
  basis.iterations = results.optimized_iterations;
  basis.estimated_set_seconds = results.estimated_set_seconds;
  basis.validated_scaled_residual = results.validated_scaled_residual;
  basis.validated_residuals = results.validated_residuals;
  basis.validated_true_residual = results.validated_true_residual;
  basis.costs = costs;
  basis.bit_reproducible = bit_reproducible;
  return basis;
}

/// What the re-run's call added to the counters that measure the timed sets, taken back out.
struct RerunShare {
  TransferCounts transfers;
  std::optional<KernelTraffic> kernels;
};

/// The calls of the timed sets and the re-run, one loop and one call path for all (so nothing
/// before a call's first iteration tells the re-run), each run and checked by `integrity`,
/// with the timed sets' times, transfers and progress. The re-run's own lines wait for the end.
void run_sets(Workspace& ws, TimedSetIntegrity& integrity, BenchmarkResults& results,
              RunLog& log, const ProgressCallback& progress) {
  const Comm& comm = ws.comm();
  // Only the timed sets count: validation and the iteration search ran with the timer off.
  ws.mg_level_times.clear();
  // Per-level times need a fence at every level change: not for an asynchronous backend.
  ws.mg_level_times.enable(!ws.backend().asynchronous());
  const TransferCounts before = ws.transfers();
  const std::optional<KernelTraffic> kernels_before = ws.backend().kernel_traffic();
  RerunShare rerun;
  const int calls = results.sets + 1;
  int set = 0;
  for (int call = 0; call < calls; ++call) {
    // Taken before every call alike; kept only for the re-run's.
    const MgLevelTimes levels_before = ws.mg_level_times;
    const TransferCounts transfers_before = ws.transfers();
    const std::optional<KernelTraffic> call_kernels = ws.backend().kernel_traffic();
    const double before_seconds = results.times.total;
    const SetOutcome outcome = integrity.run_set(results.times);
    const std::optional<KernelTraffic> call_kernels_after = ws.backend().kernel_traffic();
    if (outcome.rerun) {
      ws.mg_level_times = levels_before;  // its V-cycles ran with the same fences, not counted
      rerun.transfers.bytes = ws.transfers().bytes - transfers_before.bytes;
      rerun.transfers.halo_bytes = ws.transfers().halo_bytes - transfers_before.halo_bytes;
      if (call_kernels && call_kernels_after) {
        rerun.kernels = KernelTraffic{call_kernels_after->read_bytes - call_kernels->read_bytes,
                                      call_kernels_after->written_bytes -
                                          call_kernels->written_bytes,
                                      call_kernels_after->kernels - call_kernels->kernels};
      }
      if (!outcome.failure.empty()) results.timed_failures.push_back(outcome.failure);
      if (results.timed_failures.empty() && results.spot_checks.failures.empty()) continue;
      if (set == 0) continue;  // one timed set still runs: the report needs a time to mark
      log.line("Timed sets stopped by the re-run: " + (results.timed_failures.empty()
                                                            ? results.spot_checks.failures.front()
                                                            : results.timed_failures.front()));
      results.sets = set;  // credit only the sets that ran
      break;
    }
    const double residual = outcome.cg.scaled_residual();
    results.set_scaled_residuals.push_back(residual);
    results.set_seconds.push_back(results.times.total - before_seconds);
    results.set_iterations.push_back(outcome.cg.iterations);
    std::ostringstream line;
    line << "Call [" << set << "] Scaled Residual [" << residual << "]";
    log.line(line.str());
    ++set;
    progress(timed_set_progress(results, set, residual));
    if (!outcome.failure.empty()) results.timed_failures.push_back(outcome.failure);
    if (!results.timed_failures.empty() || !results.spot_checks.failures.empty()) {
      log.line("Timed sets stopped: " + (results.timed_failures.empty()
                                              ? results.spot_checks.failures.front()
                                              : results.timed_failures.front()));
      results.sets = set;  // credit only the sets that ran
      break;
    }
  }
  ws.mg_level_times.enable(false);
  results.timed_kernel_traffic = counted_since(kernels_before, rerun.kernels, ws.backend(), comm);
  if (const std::optional<CountedTraffic> counted = counted_traffic(results)) {
    std::ostringstream line;
    line << "Kernel traffic the backend counted in the timed sets: " << counted->bytes_per_iteration
         << " bytes and " << counted->kernels_per_iteration << " kernels per CG iteration, "
         << counted->bytes_per_flop << " bytes per flop (the reference algorithm's model: "
         << roofline_bytes_per_flop << ")";
    log.line(line.str());
  }
  TransferCounts after = ws.transfers();
  after.bytes -= integrity.local_bytes_outside_kernels() + rerun.transfers.bytes;
  after.halo_bytes -= rerun.transfers.halo_bytes;
  record_transfers(before, after, comm, results, log);
  log.line(integrity.end_sets(results.times.total));
  results.mg_level_seconds = level_seconds(ws.mg_level_times);
  results.allreduce_min = comm.min(results.times.allreduce);
  results.allreduce_max = comm.max(results.times.allreduce);
  results.allreduce_avg = comm.sum(results.times.allreduce) / comm.size();
}

}  // namespace

void run_timed_sets(Workspace& ws, DeclaredPreconditioner& declared,
                    ValidatedRunAudit& validated, BenchmarkResults& results, RunLog& log,
                    const ProgressCallback& progress) {
  const TimedSetBasis basis =
      basis_of(results, validated.costs(ws.comm()), ws.backend().bit_reproducible());
  TimedSetIntegrity integrity(ws, declared, basis, results.spot_checks, results.integrity);
  integrity.start_symmetry_from(validated.take_latest_iterate());
  for (const std::string& line : integrity.plan_lines()) log.line(line);
  run_sets(ws, integrity, results, log, progress);
  // The re-run's lines and its repeat only now: earlier they would have told it apart.
  const RerunOutcome rerun = integrity.end_rerun();
  for (const std::string& failure : rerun.failures) results.timed_failures.push_back(failure);
  if (!rerun.log_line.empty()) {
    progress(ProgressEvent{"re-run", "call " + std::to_string(results.integrity.rerun_set + 1) +
                                         ", every iteration checked, repeated"});
    log.line(rerun.log_line);
  }
  log_spot_checks(results, log);
}

}  // namespace hpcg
