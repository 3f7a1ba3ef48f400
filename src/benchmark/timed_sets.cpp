// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/timed_sets.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <sstream>
#include <vector>

#include "hpcg/base/timer.hpp"
#include "hpcg/validation/audit_plan.hpp"
#include "hpcg/validation/check_budget.hpp"
#include "hpcg/validation/tolerances.hpp"
#include "hpcg/benchmark/fresh_rhs.hpp"
#include "hpcg/report/performance_model.hpp"

namespace hpcg {
namespace {

/// In the re-run every iteration is checked, and the V-cycle in one in this many.
constexpr int rerun_mg_period = 4;

/// Why timed set `set` (0-based) is not to be believed, or "": it must run every iteration it
/// is credited with, meet no NaN or infinity, and follow the validated run's ||r_k|| / ||r0||
/// wherever rounding does not decide it.
std::string set_failure(BenchmarkResults& results, const std::string& label, const CgResult& cg) {
  std::ostringstream text;
  text.precision(17);
  text << label << ": ";
  if (!cg.non_finite.empty()) {
    text << "NaN or infinity in " << cg.non_finite;
    return text.str();
  }
  if (cg.iterations != results.optimized_iterations) {
    text << "stopped after " << cg.iterations << " of the " << results.optimized_iterations
         << " iterations it is credited with";
    return text.str();
  }
  const std::vector<double>& validated = results.validated_residuals;
  for (size_t k = 0; k < validated.size() && k < cg.scaled_residuals.size(); ++k) {
    const double expected = validated[k], actual = cg.scaled_residuals[k];
    if (expected < trajectory_floor) continue;
    const double departure = std::fabs(actual / expected - 1.0);
    results.worst_trajectory_departure = std::fmax(results.worst_trajectory_departure, departure);
    if (departure <= trajectory_tolerance) continue;
    text << "||r||/||r0|| " << actual << " after iteration " << k + 1
         << " departs from the validated run's " << expected << " (limit " << trajectory_tolerance
         << " relative)";
    return text.str();
  }
  return "";
}

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

/// The backend's own count of its kernels' traffic between `before` and now, when every rank's
/// backend counted it: bytes summed over ranks (as HPCG's flops are), kernels per rank.
std::optional<KernelTraffic> counted_since(const std::optional<KernelTraffic>& before,
                                           const Backend& backend, const Comm& comm) {
  const std::optional<KernelTraffic> after = backend.kernel_traffic();
  const bool counted = before && after;
  if (comm.min(counted ? 1.0 : 0.0) == 0.0) return std::nullopt;
  return KernelTraffic{comm.sum(after->read_bytes - before->read_bytes),
                       comm.sum(after->written_bytes - before->written_bytes),
                       comm.sum(after->kernels - before->kernels) / comm.size()};
}

/// Bytes between host and backend memory while `work` ran: traffic the timed sets do not count.
template <class Work>
double bytes_moved_by(Workspace& ws, Work&& work) {
  const double start = ws.transfers().bytes;
  work();
  return ws.transfers().bytes - start;
}

/// One set's timed window (validation/README.md): from the draw of its b's seed, through the
/// upload, CG and the fence, to the download of x. Returns CG's result; `x` is the downloaded
/// solution. The seconds outside CG are added to `times` (so to the set's time) and to
/// `integrity`, the bytes of the upload and download to `window_bytes`.
CgResult run_window(Workspace& ws, SetRhs& rhs, int iterations, const CgAudit* audit,
                    KernelTimes& times, IntegrityResults& integrity, double& window_bytes,
                    Vector& x) {
  const double start = wall_time();
  window_bytes += rhs.draw_and_upload();
  const double cg_start = wall_time();
  CgResult cg = run_cg(ws, {iterations, 0.0, true}, times, audit);
  const double cg_end = wall_time();
  ws.backend().fence();
  window_bytes += bytes_moved_by(ws, [&] { x = ws.download(ws.cg.x, ws.rows(0)); });
  const double outside_cg = (cg_start - start) + (wall_time() - cg_end);
  times.total += outside_cg;
  integrity.window_transfer_seconds += outside_cg;
  return cg;
}

/// Audits drawn in every iteration after its step (audit_plan.hpp); `seconds` gathers the
/// checks' time and `integrity` counts what was drawn.
CgAudit drawn_audit(const Comm& comm, const AuditPlan& plan, LiveChecks& checks,
                    IntegrityResults& integrity, double& seconds) {
  auto kind = std::make_shared<AuditKind>(AuditKind::none);
  CgAudit audit;
  audit.wants = [&comm, plan, kind, &integrity](int) {
    *kind = draw_audit(comm, plan);
    ++integrity.audit_draws;
    return *kind != AuditKind::none;
  };
  audit.check = [&checks, &seconds, kind, &integrity](const CgIterate& iterate) {
    const double start = wall_time();
    ++integrity.audits;
    if (*kind == AuditKind::with_mg) ++integrity.mg_audits;
    integrity.latest_audited_iteration =
        std::max(integrity.latest_audited_iteration, iterate.iteration);
    checks.check(iterate, *kind == AuditKind::with_mg);
    seconds += wall_time() - start;
  };
  return audit;
}

/// Runs the timed sets, each on its own b from `rhs` in its own window, with their checks.
void run_sets(Workspace& ws, DeclaredPreconditioner& declared, const AuditPlan& plan,
              SetRhs& rhs, BenchmarkResults& results, RunLog& log,
              const ProgressCallback& progress) {
  const Comm& comm = ws.comm();
  IntegrityResults& integrity = results.integrity;
  // Only the timed sets count: validation and the iteration search ran with the timer off.
  ws.mg_level_times.clear();
  // Per-level times need a fence at every level change: not for an asynchronous backend.
  ws.mg_level_times.enable(!ws.backend().asynchronous());
  const TransferCounts before = ws.transfers();
  const std::optional<KernelTraffic> kernels_before = ws.backend().kernel_traffic();
  double check_bytes = 0.0, window_bytes = 0.0;  // not CG's kernels' transfers
  double check_seconds = 0.0;
  Vector x;
  for (int set = 0; set < results.sets; ++set) {
    ws.backend().fill(ws.cg.x, 0.0);
    const double before_seconds = results.times.total;
    LiveChecks checks(ws, declared, results.spot_checks);
    CgAudit audit;
    if (plan.audit_probability > 0 && results.optimized_iterations > 1) {
      audit = drawn_audit(comm, plan, checks, integrity, check_seconds);
      auto check = audit.check;
      audit.check = [&, check](const CgIterate& iterate) {
        check_bytes += bytes_moved_by(ws, [&] { check(iterate); });
      };
    }
    const CgAudit* audited = audit.check ? &audit : nullptr;
    const CgResult cg = run_window(ws, rhs, results.optimized_iterations, audited, results.times,
                                   integrity, window_bytes, x);
    check_solution(ws, rhs.values(), x, cg.scaled_residual(), results.validated_true_residual,
                   "the solution of a timed set", results.spot_checks);
    results.set_scaled_residuals.push_back(cg.scaled_residual());
    results.set_seconds.push_back(results.times.total - before_seconds);
    results.set_iterations.push_back(cg.iterations);
    std::ostringstream line;
    line << "Call [" << set << "] Scaled Residual [" << cg.scaled_residual() << "]";
    log.line(line.str());
    progress(timed_set_progress(results, set + 1, cg.scaled_residual()));
    const std::string failure =
        set_failure(results, "timed set " + std::to_string(set + 1), cg);
    if (!failure.empty()) results.timed_failures.push_back(failure);
    if (!failure.empty() || !results.spot_checks.failures.empty()) {
      log.line("Timed sets stopped: " + (failure.empty() ? results.spot_checks.failures.front()
                                                         : failure));
      results.sets = set + 1;  // credit only the sets that ran
      break;
    }
  }
  ws.mg_level_times.enable(false);
  results.timed_kernel_traffic = counted_since(kernels_before, ws.backend(), comm);
  if (const std::optional<CountedTraffic> counted = counted_traffic(results)) {
    std::ostringstream line;
    line << "Kernel traffic the backend counted in the timed sets: " << counted->bytes_per_iteration
         << " bytes and " << counted->kernels_per_iteration << " kernels per CG iteration, "
         << counted->bytes_per_flop << " bytes per flop (the reference algorithm's model: "
         << roofline_bytes_per_flop << ")";
    log.line(line.str());
  }
  results.timed_check_seconds = comm.max(check_seconds);
  integrity.window_transfer_bytes = comm.sum(window_bytes);
  TransferCounts after = ws.transfers();
  after.bytes -= check_bytes + window_bytes;
  record_transfers(before, after, comm, results, log);
  std::ostringstream window;
  window << "Timed windows: drawing, uploading b and downloading x took "
         << integrity.window_transfer_seconds << " s of the sets' " << results.times.total
         << " s, " << integrity.window_transfer_bytes << " bytes (all ranks)";
  log.line(window.str());
  rhs.restore();
  results.mg_level_seconds = level_seconds(ws.mg_level_times);
  results.allreduce_min = comm.min(results.times.allreduce);
  results.allreduce_max = comm.max(results.times.allreduce);
  results.allreduce_avg = comm.sum(results.times.allreduce) / comm.size();
}

/// One more set after the last, on a fresh b like any other (nothing tells it from a timed
/// set before its first iteration), untimed with every iteration checked (the V-cycle in one in
/// `rerun_mg_period`): it must follow the validated convergence, its solution must hold, and
/// its final r must be b - A x of its downloaded x. It then runs again on the same b, and must
/// give the same scaled residual: bit for bit for a bit-reproducible backend. A replay of this
/// repeat repeats a run that was checked throughout, so it hides nothing.
void rerun_fresh_set(Workspace& ws, DeclaredPreconditioner& declared, SetRhs& rhs,
                     BenchmarkResults& results, RunLog& log) {
  IntegrityResults& integrity = results.integrity;
  ws.backend().fill(ws.cg.x, 0.0);
  LiveChecks checks(ws, declared, results.spot_checks);
  CgAudit audit;  // every iteration
  audit.check = [&](const CgIterate& iterate) {
    checks.check(iterate, iterate.iteration % rerun_mg_period == 0);
  };
  KernelTimes untimed;
  IntegrityResults ignored;
  double bytes = 0.0;
  Vector x;
  const CgResult cg =
      run_window(ws, rhs, results.optimized_iterations, &audit, untimed, ignored, bytes, x);
  const Vector r = ws.download(ws.cg.r, ws.rows(0));
  results.rerun_set = results.sets;
  results.rerun_scaled_residual = cg.scaled_residual();
  const std::string label = "the re-run (a fresh set after the last)";
  const std::string failure = set_failure(results, label, cg);
  if (!failure.empty()) results.timed_failures.push_back(failure);
  check_solution(ws, rhs.values(), x, cg.scaled_residual(), results.validated_true_residual,
                 "the solution of " + label, results.spot_checks);
  const double tie = residual_tie(ws, rhs.values(), x, r);
  ++integrity.residual_tie_checks;
  integrity.rerun_residual_tie = tie;
  const double tie_limit = tolerances::residual_tie_ratio *
                           std::fmax(cg.scaled_residual(), results.validated_true_residual);
  std::ostringstream text;
  text.precision(17);
  if (!(tie <= tie_limit)) {
    text << label << ": its final r is " << tie << " of ||b|| from b - A x of its solution (limit "
         << tie_limit << ")";
    results.timed_failures.push_back(text.str());
  }
  // The repeat, unchecked: reproducibility of the backend's arithmetic.
  ws.backend().fill(ws.cg.x, 0.0);
  rhs.upload_again();
  const CgResult again = run_cg(ws, {results.optimized_iterations, 0.0, true}, untimed, nullptr);
  rhs.restore();
  integrity.rerun_repeat_scaled_residual = again.scaled_residual();
  const double expected = cg.scaled_residual(), actual = again.scaled_residual();
  std::ostringstream repeat;
  repeat.precision(17);
  repeat << "timed set " << results.rerun_set + 1 << " re-run: scaled residual " << actual;
  if (!(std::fabs(actual - expected) <= results.timed_residual_tolerance * std::fabs(expected)) ||
      again.iterations != results.optimized_iterations) {
    repeat << " in " << again.iterations << " iterations differs from its first run's " << expected
           << (results.timed_residual_tolerance == 0 ? " (bit for bit required)" : "");
    results.timed_failures.push_back(repeat.str());
  }
  log.line(repeat.str());
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
       << results.worst_trajectory_departure << "; the timed sets' checks took "
       << results.timed_check_seconds << " s of " << results.times.total << " s";
  log.line(line.str());
}

}  // namespace

std::mt19937_64 shared_engine(const Comm& comm) {
  std::string seed;
  if (comm.is_root()) seed = std::to_string(std::random_device()());
  return std::mt19937_64(std::stoull(comm.broadcast(seed)));
}

ValidatedRunAudit::ValidatedRunAudit(Workspace& ws, DeclaredPreconditioner& declared,
                                     SpotCheckResult& result, std::mt19937_64& engine)
    : checks_(ws, declared, result) {
  // Both within HPCG's 50 iterations and distinct; the V-cycle is checked in the second.
  light_iteration_ = 1 + static_cast<int>(engine() % 25);
  mg_iteration_ = 26 + static_cast<int>(engine() % 25);
  audit_.wants = [this](int k) { return k == light_iteration_ || k == mg_iteration_; };
  audit_.check = [this](const CgIterate& iterate) {
    const bool check_mg = iterate.iteration == mg_iteration_;
    const double start = wall_time();
    checks_.check(iterate, check_mg);
    (check_mg ? full_seconds_ : light_seconds_) = wall_time() - start;
  };
}

CheckCosts ValidatedRunAudit::costs(const Comm& comm) const {
  const double light = comm.max(light_seconds_), full = comm.max(full_seconds_);
  return {light, std::fmax(0.0, full - light)};
}

void run_timed_sets(Workspace& ws, DeclaredPreconditioner& declared, const CheckCosts& costs,
                    BenchmarkResults& results, RunLog& log, const ProgressCallback& progress) {
  results.timed_residual_tolerance =
      ws.backend().bit_reproducible() ? 0.0 : tolerances::non_reproducible_residual;
  results.check_budget = plan_check_budget(results.sets, results.estimated_set_seconds,
                                           costs.light_seconds, costs.mg_seconds);
  const AuditPlan plan =
      plan_audits(results.check_budget, results.sets, results.optimized_iterations);
  results.integrity.audit_probability = plan.audit_probability;
  results.integrity.mg_probability = plan.mg_probability;
  std::ostringstream text;
  text << "Checks planned in the timed sets: each iteration audited with probability "
       << plan.audit_probability << ", its V-cycle checked too with probability "
       << plan.mg_probability << " (about " << results.check_budget.planned_seconds
       << " s; one audited iteration " << costs.light_seconds << " s, one V-cycle check "
       << costs.mg_seconds << " s more)";
  log.line(text.str());
  results.rhs_perturbation = rhs_perturbation(results.validated_scaled_residual);
  std::ostringstream sizes;
  sizes << "Right-hand sides of the timed sets: HPCG's b perturbed by " << results.rhs_perturbation
        << " of its root mean square entry";
  log.line(sizes.str());
  SetRhs rhs(ws, results.rhs_perturbation);
  run_sets(ws, declared, plan, rhs, results, log, progress);
  if (results.timed_failures.empty() && results.spot_checks.failures.empty()) {
    progress(ProgressEvent{"re-run", "a fresh set, every iteration checked, then repeated"});
    rerun_fresh_set(ws, declared, rhs, results, log);
  }
  log_spot_checks(results, log);
}

}  // namespace hpcg
