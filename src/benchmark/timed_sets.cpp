// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/timed_sets.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <vector>

#include "hpcg/base/timer.hpp"
#include "hpcg/validation/check_budget.hpp"
#include "hpcg/benchmark/fresh_rhs.hpp"
#include "hpcg/report/performance_model.hpp"

namespace hpcg {
namespace {

/// How far the re-run of a timed set may be from the set's scaled residual for a backend that
/// declares itself not bit-reproducible (reductions in a varying order move the last bits of
/// each dot product; a skipped or changed kernel moves the residual by orders of magnitude).
constexpr double non_reproducible_tolerance = 1.0e-6;
/// In the re-run every iteration is checked, and the V-cycle in one in this many.
constexpr int rerun_mg_period = 4;

/// Why timed set `set` (0-based) is not to be believed, or "": it must run every iteration it
/// is credited with, meet no NaN or infinity, and follow the validated run's ||r_k|| / ||r0||
/// wherever rounding does not decide it.
std::string set_failure(BenchmarkResults& results, int set, const CgResult& cg) {
  std::ostringstream text;
  text.precision(17);
  text << "timed set " << set + 1 << ": ";
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

/// The true residual of a timed run's solution against CG's own (validation's check_solution).
void check_set_solution(Workspace& ws, const Vector& rhs, const CgResult& cg,
                        BenchmarkResults& results) {
  check_solution(ws, rhs, cg.scaled_residual(), results.validated_true_residual,
                 "the solution of a timed set", results.spot_checks);
}

/// Each timed set's b: HPCG's b plus a perturbation of `relative_size` from a seed drawn for the
/// set (fresh_rhs.hpp). The seeds are kept, so that any set's b can be uploaded again.
class TimedRhs {
 public:
  TimedRhs(Workspace& ws, double relative_size) : ws_(ws), b_(ws.problem().b), rhs_(b_.size()) {
    const Comm& comm = ws.comm();
    double squares = 0.0;
    for (local_int i = 0; i < b_.size(); ++i) squares += b_[i] * b_[i];
    const double rows = static_cast<double>(comm.sum(static_cast<global_int>(b_.size())));
    amplitude_ = relative_size * std::sqrt(comm.sum(squares) / rows);
  }
  /// Draws the next set's seed from `engine` (the same on every rank) and uploads its b into
  /// ws.cg.b; returns the bytes that moved.
  double upload_next(std::mt19937_64& engine) {
    seeds_.push_back(engine());
    return upload(seeds_.back());
  }
  /// Uploads the b of timed set `set` (0-based) again.
  void upload_again(int set) { upload(seeds_[set]); }
  int sets() const { return static_cast<int>(seeds_.size()); }
  /// The b uploaded last.
  const Vector& values() const { return rhs_; }
  /// Puts HPCG's own b back for the checks that follow.
  void restore() { ws_.upload(b_.data(), 0, b_.size(), ws_.cg.b); }

 private:
  double upload(std::uint64_t seed) {
    perturbed_rhs(b_, amplitude_, seed, ws_.comm().rank(), rhs_);
    return bytes_moved_by(ws_, [&] { ws_.upload(rhs_.data(), 0, rhs_.size(), ws_.cg.b); });
  }

  Workspace& ws_;
  const Vector& b_;
  Vector rhs_;
  double amplitude_ = 0.0;
  std::vector<std::uint64_t> seeds_;
};

/// Which sets are audited and which of those have their V-cycle checked, drawn from `engine`.
struct SetChecks {
  std::vector<char> audited, mg;
};

SetChecks draw_set_checks(const CheckBudget& budget, int sets, std::mt19937_64& engine) {
  std::vector<int> order(sets);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), engine);
  SetChecks checks{std::vector<char>(sets, 0), std::vector<char>(sets, 0)};
  for (int k = 0; k < budget.audited_sets; ++k) checks.audited[order[k]] = 1;
  for (int k = 0; k < budget.mg_checks; ++k) checks.mg[order[k]] = 1;
  return checks;
}

/// An audit of one set at two iterations drawn from `engine`, the V-cycle checked at one of
/// them when `check_mg`; `seconds` gathers the checks' time.
CgAudit set_audit(LiveChecks& checks, int iterations, bool check_mg, std::mt19937_64& engine,
                  double& seconds) {
  const int first = 1 + static_cast<int>(engine() % iterations);
  int second = 1 + static_cast<int>(engine() % (iterations - 1));
  if (second >= first) ++second;  // distinct from the first
  const int mg_at = check_mg ? (engine() % 2 == 0 ? first : second) : 0;
  CgAudit audit;
  audit.wants = [=](int k) { return k == first || k == second; };
  audit.check = [&checks, &seconds, mg_at](const CgIterate& iterate) {
    const double start = wall_time();
    checks.check(iterate, iterate.iteration == mg_at);
    seconds += wall_time() - start;
  };
  return audit;
}

/// Runs the timed sets, each on its own b from `rhs`, with their checks.
void run_sets(Workspace& ws, DeclaredPreconditioner& declared, const SetChecks& planned,
              TimedRhs& rhs, BenchmarkResults& results, RunLog& log,
              const ProgressCallback& progress, std::mt19937_64& engine) {
  const Comm& comm = ws.comm();
  // Only the timed sets count: validation and the iteration search ran with the timer off.
  ws.mg_level_times.clear();
  // Per-level times need a fence at every level change: not for an asynchronous backend.
  ws.mg_level_times.enable(!ws.backend().asynchronous());
  const TransferCounts before = ws.transfers();
  const std::optional<KernelTraffic> kernels_before = ws.backend().kernel_traffic();
  double untimed_bytes = 0.0;  // moved by the checks and the upload of b, not by CG
  double check_seconds = 0.0;
  for (int set = 0; set < results.sets; ++set) {
    ws.backend().fill(ws.cg.x, 0.0);
    untimed_bytes += rhs.upload_next(engine);
    double before_seconds = results.times.total;
    LiveChecks checks(ws, declared, results.spot_checks);
    CgAudit audit;
    if (planned.audited[set] != 0 && results.optimized_iterations > 1) {
      audit = set_audit(checks, results.optimized_iterations, planned.mg[set] != 0, engine,
                        check_seconds);
      auto check = audit.check;
      audit.check = [&, check](const CgIterate& iterate) {
        untimed_bytes += bytes_moved_by(ws, [&] { check(iterate); });
      };
    }
    const CgAudit* audited = audit.check ? &audit : nullptr;
    CgResult cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, results.times, audited);
    untimed_bytes +=
        bytes_moved_by(ws, [&] { check_set_solution(ws, rhs.values(), cg, results); });
    results.set_scaled_residuals.push_back(cg.scaled_residual());
    results.set_seconds.push_back(results.times.total - before_seconds);
    results.set_iterations.push_back(cg.iterations);
    std::ostringstream line;
    line << "Call [" << set << "] Scaled Residual [" << cg.scaled_residual() << "]";
    log.line(line.str());
    progress(timed_set_progress(results, set + 1, cg.scaled_residual()));
    const std::string failure = set_failure(results, set, cg);
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
  TransferCounts after = ws.transfers();
  after.bytes -= untimed_bytes;
  record_transfers(before, after, comm, results, log);
  rhs.restore();
  results.mg_level_seconds = level_seconds(ws.mg_level_times);
  results.allreduce_min = comm.min(results.times.allreduce);
  results.allreduce_max = comm.max(results.times.allreduce);
  results.allreduce_avg = comm.sum(results.times.allreduce) / comm.size();
}

/// Runs one timed set, drawn only now, again with the timer off and every iteration checked
/// (the V-cycle in one in `rerun_mg_period`): it must give the set's scaled residual again. A
/// backend that cut work in the timed sets either repeats the cut here, under the checks, or
/// computes properly and gives another residual.
void rerun_timed_set(Workspace& ws, DeclaredPreconditioner& declared, TimedRhs& rhs,
                     BenchmarkResults& results, RunLog& log, std::mt19937_64& engine) {
  const int set = static_cast<int>(engine() % static_cast<unsigned>(rhs.sets()));
  ws.backend().fill(ws.cg.x, 0.0);
  rhs.upload_again(set);
  LiveChecks checks(ws, declared, results.spot_checks);
  CgAudit audit;  // every iteration
  audit.check = [&](const CgIterate& iterate) {
    checks.check(iterate, iterate.iteration % rerun_mg_period == 0);
  };
  KernelTimes untimed;
  const CgResult cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, untimed, &audit);
  check_set_solution(ws, rhs.values(), cg, results);
  rhs.restore();
  results.rerun_set = set;
  results.rerun_scaled_residual = cg.scaled_residual();
  const double expected = results.set_scaled_residuals[set], actual = cg.scaled_residual();
  std::ostringstream text;
  text.precision(17);
  text << "timed set " << set + 1 << " re-run: scaled residual " << actual;
  if (!(std::fabs(actual - expected) <= results.timed_residual_tolerance * std::fabs(expected)) ||
      cg.iterations != results.optimized_iterations) {
    text << " in " << cg.iterations << " iterations differs from the timed run's " << expected
         << (results.timed_residual_tolerance == 0 ? " (bit for bit required)" : "");
    results.timed_failures.push_back(text.str());
  }
  log.line(text.str());
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
                    std::mt19937_64& engine, BenchmarkResults& results, RunLog& log,
                    const ProgressCallback& progress) {
  results.timed_residual_tolerance =
      ws.backend().bit_reproducible() ? 0.0 : non_reproducible_tolerance;
  results.check_budget = plan_check_budget(results.sets, results.estimated_set_seconds,
                                           costs.light_seconds, costs.mg_seconds);
  std::ostringstream plan;
  plan << "Checks planned in the timed sets: " << results.check_budget.audited_sets
       << " audited sets, " << results.check_budget.mg_checks << " with their V-cycle, about "
       << results.check_budget.planned_seconds << " s (one audited iteration "
       << costs.light_seconds << " s, one V-cycle check " << costs.mg_seconds << " s more)";
  log.line(plan.str());
  const SetChecks planned = draw_set_checks(results.check_budget, results.sets, engine);
  results.rhs_perturbation = rhs_perturbation(results.validated_scaled_residual);
  std::ostringstream sizes;
  sizes << "Right-hand sides of the timed sets: HPCG's b perturbed by " << results.rhs_perturbation
        << " of its root mean square entry";
  log.line(sizes.str());
  TimedRhs rhs(ws, results.rhs_perturbation);
  run_sets(ws, declared, planned, rhs, results, log, progress, engine);
  if (results.timed_failures.empty() && results.spot_checks.failures.empty()) {
    progress(ProgressEvent{"re-run", "a timed set drawn now, again, every iteration checked"});
    rerun_timed_set(ws, declared, rhs, results, log, engine);
  }
  log_spot_checks(results, log);
}

}  // namespace hpcg
