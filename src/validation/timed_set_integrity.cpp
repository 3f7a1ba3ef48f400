// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/timed_set_integrity.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>

#include "hpcg/base/timer.hpp"
#include "hpcg/validation/check_budget.hpp"
#include "hpcg/validation/os_random.hpp"
#include "hpcg/validation/tolerances.hpp"
#include "check_support.hpp"

namespace hpcg {
namespace {

/// In the re-run every iteration is checked, and the V-cycle in one in this many.
constexpr int rerun_mg_period = 4;

/// Bytes between host and backend memory while `work` ran.
template <class Work>
double bytes_moved_by(Workspace& ws, Work&& work) {
  const double start = ws.transfers().bytes;
  work();
  return ws.transfers().bytes - start;
}

}  // namespace

std::string trajectory_failure(const TimedSetBasis& basis, const std::string& label,
                               const CgResult& cg, double& worst) {
  std::ostringstream text;
  text.precision(17);
  text << label << ": ";
  if (!cg.non_finite.empty()) {
    text << "NaN or infinity in " << cg.non_finite;
    return text.str();
  }
  if (cg.iterations != basis.iterations) {
    text << "stopped after " << cg.iterations << " of the " << basis.iterations
         << " iterations it is credited with";
    return text.str();
  }
  const std::vector<double>& validated = basis.validated_residuals;
  for (size_t k = 0; k < validated.size() && k < cg.scaled_residuals.size(); ++k) {
    const double expected = validated[k], actual = cg.scaled_residuals[k];
    if (expected < tolerances::trajectory_floor) continue;
    const double departure = std::fabs(actual / expected - 1.0);
    worst = std::fmax(worst, departure);
    if (departure <= tolerances::trajectory) continue;
    text << "||r||/||r0|| " << actual << " after iteration " << k + 1
         << " departs from the validated run's " << expected << " (limit "
         << tolerances::trajectory << " relative)";
    return text.str();
  }
  return "";
}

/// Why a run's final r is not to be believed, or "": CG's own final ||r|| must be that of the r
/// it hands over (to the rounding of its sums, tolerances::p_tie), and that r must be b - A x of
/// its downloaded x (tolerances::residual_tie_ratio). Together they tie the residual CG reports
/// to its solution in every set: scalars made up after work stopped (below the trajectory's
/// floor) meet an r that does not have them. Collective.
std::string TimedSetIntegrity::final_residual_failure(const std::string& label, const CgResult& cg,
                                                      const Vector& x, const Vector& r) {
  const Comm& comm = ws_.comm();
  const local_int rows = ws_.rows(0);
  const double norm = std::sqrt(checks::accurate_dot(comm, rows, r, r));
  double difference = std::fabs(norm - cg.residual_norm) / norm;
  if (norm == cg.residual_norm) difference = 0.0;
  if (std::isnan(difference)) difference = INFINITY;
  const double norm_limit =
      tolerances::p_tie(static_cast<global_int>(comm.max(static_cast<int>(rows))), comm.size());
  const double tie = residual_tie(ws_, rhs_.values(), x, r);
  ++results_.residual_tie_checks;
  results_.worst_residual_tie = std::fmax(results_.worst_residual_tie, tie);
  const double tie_limit = tolerances::residual_tie_ratio *
                           std::fmax(cg.scaled_residual(), basis_.validated_true_residual);
  std::ostringstream text;
  text.precision(17);
  if (!(difference <= norm_limit)) {
    text << label << ": CG's final ||r|| " << cg.residual_norm << " is not that of its final r, "
         << norm << " (relative difference " << difference << ", limit " << norm_limit << ")";
  } else if (!(tie <= tie_limit)) {
    text << label << ": its final r is " << tie << " of ||b|| from b - A x of its solution (limit "
         << tie_limit << ")";
  }
  return text.str();
}

bool rerun_drawn(std::uint64_t bits, int calls_left) {
  return calls_left >= 1 && bits % static_cast<std::uint64_t>(calls_left) == 0;
}

std::string tail_failure(const TimedSetBasis& basis, const std::vector<double>& set_residuals,
                         double rerun_residual) {
  const double reference = std::fmax(rerun_residual, basis.validated_scaled_residual);
  for (size_t s = 0; s < set_residuals.size(); ++s) {
    if (set_residuals[s] <= tolerances::tail_ratio * reference) continue;
    std::ostringstream text;
    text << "timed set " << s + 1 << " ends at scaled residual " << set_residuals[s]
         << ", above the re-run's " << rerun_residual << " and the validated run's "
         << basis.validated_scaled_residual << " by more than " << tolerances::tail_ratio
         << " times: work left undone where the trajectory check does not look (below "
         << tolerances::trajectory_floor << ")";
    return text.str();
  }
  return "";
}

TimedSetIntegrity::TimedSetIntegrity(Workspace& ws, DeclaredPreconditioner& declared,
                                     const TimedSetBasis& basis, SpotCheckResult& spot_checks,
                                     IntegrityResults& results)
    : ws_(ws),
      declared_(declared),
      basis_(basis),
      spot_checks_(spot_checks),
      results_(results),
      rhs_(ws, rhs_perturbation(basis.validated_scaled_residual)) {
  results_.rhs_perturbation = rhs_perturbation(basis.validated_scaled_residual);
  results_.timed_residual_tolerance =
      basis.bit_reproducible ? 0.0 : tolerances::non_reproducible_residual;
  results_.check_budget = plan_check_budget(basis.sets, basis.estimated_set_seconds,
                                            basis.costs.light_seconds, basis.costs.mg_seconds);
  plan_ = plan_audits(results_.check_budget, basis.sets, basis.iterations);
  results_.estimated_light_audit_seconds = basis.costs.light_seconds;
  results_.estimated_mg_check_seconds = basis.costs.mg_seconds;
  results_.audit_probability = plan_.audit_probability;
  results_.mg_probability = plan_.mg_probability;
}

std::vector<std::string> TimedSetIntegrity::plan_lines() const {
  std::ostringstream checks, sizes;
  checks << "Checks planned in the timed sets: each iteration audited with probability "
         << plan_.audit_probability << ", its V-cycle checked too with probability "
         << plan_.mg_probability << " (about " << results_.check_budget.planned_seconds
         << " s, over " << results_.check_budget.limit_seconds << " s with probability "
         << results_.check_budget.overrun_probability << "; one audited iteration "
         << basis_.costs.light_seconds
         << " s, one V-cycle check " << basis_.costs.mg_seconds << " s more)";
  sizes << "Right-hand sides of the timed sets: HPCG's b perturbed by "
        << results_.rhs_perturbation << " of its root mean square entry";
  return {checks.str(), sizes.str()};
}

/// One call's window (README.md): from the draw of its b's seed, through the upload, CG and
/// the fence, to the download of x into `x`. Only after the upload is it drawn whether the call
/// is the re-run (`rerun`): the audits then cover every iteration and the seconds go nowhere;
/// otherwise the seconds outside CG are added to `times` (so to the set's time) and to the
/// windows' totals. CG's final r comes down too, for the final residual's checks.
CgResult TimedSetIntegrity::run_window(KernelTimes& times, LiveChecks& checks, bool& rerun,
                                       Vector& x, Vector& r) {
  const double start = wall_time();
  const double uploaded = rhs_.draw_and_upload();
  rerun = draw_rerun();
  KernelTimes untimed;
  KernelTimes& counted = rerun ? untimed : times;
  CgAudit audit;
  if (rerun) {
    audit.check = [&checks](const CgIterate& iterate) {
      checks.check(iterate, iterate.iteration % rerun_mg_period == 0);
    };
  } else if (plan_.audit_probability > 0 && basis_.iterations > 1) {
    audit = drawn_audit(checks);
  }
  const double cg_start = wall_time();
  CgResult cg = run_cg(ws_, {basis_.iterations, 0.0, true}, counted,
                       audit.check ? &audit : nullptr);
  const double cg_end = wall_time();
  ws_.backend().fence();
  const double downloaded =
      bytes_moved_by(ws_, [&] {
        x = ws_.download(ws_.cg.x, ws_.rows(0));
        r = ws_.download(ws_.cg.r, ws_.rows(0));
      });
  const double outside_cg = (cg_start - start) + (wall_time() - cg_end);
  counted.total += outside_cg;
  if (!rerun) {
    results_.window_transfer_seconds += outside_cg;
    window_bytes_ += uploaded + downloaded;
  }
  return cg;
}

/// Whether this call is the re-run: once, with probability 1 / (calls left), from bits drawn on
/// rank 0 by the operating system's generator in every call (so every call looks the same).
bool TimedSetIntegrity::draw_rerun() {
  const std::uint64_t bits = shared_os_random_bits(ws_.comm());
  const int calls_left = basis_.sets + 1 - calls_++;
  if (rerun_done_) return false;
  rerun_done_ = rerun_drawn(bits, calls_left);
  return rerun_done_;
}

/// Audits drawn in every iteration after its step (audit_plan.hpp), counted in the results.
CgAudit TimedSetIntegrity::drawn_audit(LiveChecks& checks) {
  auto kind = std::make_shared<AuditKind>(AuditKind::none);
  CgAudit audit;
  audit.wants = [this, kind](int) {
    *kind = draw_audit(ws_.comm(), plan_);
    ++results_.audit_draws;
    return *kind != AuditKind::none;
  };
  audit.check = [this, &checks, kind](const CgIterate& iterate) {
    const double start = wall_time();
    ++results_.audits;
    if (*kind == AuditKind::with_mg) ++results_.mg_audits;
    results_.latest_audited_iteration =
        std::max(results_.latest_audited_iteration, iterate.iteration);
    check_bytes_ += bytes_moved_by(
        ws_, [&] { checks.check(iterate, *kind == AuditKind::with_mg); });
    const double seconds = wall_time() - start;
    check_seconds_ += seconds;
    (*kind == AuditKind::with_mg ? mg_audit_seconds_ : light_audit_seconds_) += seconds;
    mg_check_seconds_ += checks.last_mg_seconds();
  };
  return audit;
}

SetOutcome TimedSetIntegrity::run_set(KernelTimes& times) {
  ws_.backend().fill(ws_.cg.x, 0.0);
  LiveChecks checks(ws_, declared_, spot_checks_);
  checks.continue_from(std::move(latest_iterate_));
  Vector x, r;
  SetOutcome outcome;
  outcome.cg = run_window(times, checks, outcome.rerun, x, r);
  latest_iterate_ = checks.take_latest_iterate();
  if (outcome.rerun) {
    outcome.failure = rerun_failure(outcome.cg, x, r);
    return outcome;
  }
  check_solution(ws_, rhs_.values(), x, outcome.cg.scaled_residual(),
                 basis_.validated_true_residual, "the solution of a timed set", spot_checks_);
  const std::string label = "timed set " + std::to_string(++sets_run_);
  outcome.failure =
      trajectory_failure(basis_, label, outcome.cg, results_.worst_trajectory_departure);
  if (outcome.failure.empty()) outcome.failure = final_residual_failure(label, outcome.cg, x, r);
  set_residuals_.push_back(outcome.cg.scaled_residual());
  return outcome;
}

/// The re-run's checks, once its call is over: it must follow the validated convergence, its
/// solution must hold and its final r must be b - A x of its downloaded x. Its b is kept for
/// the repeat after the last set (end_rerun).
std::string TimedSetIntegrity::rerun_failure(const CgResult& cg, const Vector& x,
                                             const Vector& r) {
  results_.rerun_set = sets_run_;  // the timed sets before it
  results_.rerun_scaled_residual = cg.scaled_residual();
  rhs_.keep();
  const std::string label = "the re-run (a fresh set, every iteration checked)";
  double ignored = 0.0;
  std::string failure = trajectory_failure(basis_, label, cg, ignored);
  check_solution(ws_, rhs_.values(), x, cg.scaled_residual(), basis_.validated_true_residual,
                 "the solution of " + label, spot_checks_);
  results_.rerun_residual_tie = residual_tie(ws_, rhs_.values(), x, r);
  const std::string tie_failure = final_residual_failure(label, cg, x, r);
  if (failure.empty()) failure = tie_failure;
  return failure;
}

std::string TimedSetIntegrity::end_sets(double sets_seconds) {
  const Comm& comm = ws_.comm();
  results_.timed_check_seconds = comm.max(check_seconds_);
  results_.timed_light_audit_seconds = comm.max(light_audit_seconds_);
  results_.timed_mg_audit_seconds = comm.max(mg_audit_seconds_);
  results_.timed_mg_check_seconds = comm.max(mg_check_seconds_);
  results_.window_transfer_bytes = comm.sum(window_bytes_);
  std::ostringstream window;
  window << "Timed windows: drawing, uploading b and downloading x took "
         << results_.window_transfer_seconds << " s of the sets' " << sets_seconds << " s, "
         << results_.window_transfer_bytes
         << " bytes (all ranks)";
  return window.str();
}

/// The re-run runs again on its own b, unchecked, and must give the same scaled residual: bit
/// for bit for a bit-reproducible backend. This repeat is recognisable on purpose: a replay of
/// it repeats a run that was checked throughout, so it hides nothing.
RerunOutcome TimedSetIntegrity::end_rerun() {
  RerunOutcome outcome;
  if (!rerun_done_) {
    rhs_.restore();
    return outcome;
  }
  const double expected = results_.rerun_scaled_residual;
  const std::string tail = tail_failure(basis_, set_residuals_, expected);
  if (!tail.empty()) outcome.failures.push_back(tail);
  ws_.backend().fill(ws_.cg.x, 0.0);
  rhs_.upload_kept();
  KernelTimes untimed;
  const CgResult again = run_cg(ws_, {basis_.iterations, 0.0, true}, untimed, nullptr);
  rhs_.restore();
  results_.rerun_repeat_scaled_residual = again.scaled_residual();
  const double actual = again.scaled_residual();
  const double tolerance = results_.timed_residual_tolerance;
  std::ostringstream repeat;
  repeat.precision(17);
  repeat << "timed set " << results_.rerun_set + 1 << " re-run: scaled residual " << actual;
  if (!(std::fabs(actual - expected) <= tolerance * std::fabs(expected)) ||
      again.iterations != basis_.iterations) {
    repeat << " in " << again.iterations << " iterations differs from its first run's " << expected
           << (tolerance == 0 ? " (bit for bit required)" : "");
    outcome.failures.push_back(repeat.str());
  }
  outcome.log_line = repeat.str();
  return outcome;
}

}  // namespace hpcg
