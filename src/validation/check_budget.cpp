// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/check_budget.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace hpcg {
namespace {

/// floor(seconds / cost), 0 for a budget that is gone and unbounded (clamped later) for a free
/// check.
int affordable(double seconds, double cost) {
  if (!(seconds > 0)) return 0;
  if (!(cost > 0)) return 1 << 30;
  return static_cast<int>(std::min(std::floor(seconds / cost), double(1 << 30)));
}

/// The checks whose expected cost is `available` seconds: half buys V-cycle checks (each in an
/// audited set), the rest more audited sets; never below the minimums.
CheckBudget spend(int sets, double available, double light_seconds, double mg_seconds) {
  CheckBudget budget;
  const double audited_set_seconds = 2 * light_seconds;
  budget.mg_checks =
      std::min(sets, std::max(minimum_mg_checks,
                              affordable(available / 2, mg_seconds + audited_set_seconds)));
  const double left = available - budget.mg_checks * (mg_seconds + audited_set_seconds);
  budget.audited_sets =
      std::min(sets, std::max({minimum_audited_sets, budget.mg_checks,
                               budget.mg_checks + affordable(left, audited_set_seconds)}));
  budget.planned_seconds = budget.audited_sets * audited_set_seconds +
                           budget.mg_checks * mg_seconds;
  return budget;
}

/// P(N = k) for k in [first, first + size) of a Poisson count of mean `mean`, as cumulative
/// sums: cdf[i] = P(first <= N <= first + i). The window spans the mean by 40 standard
/// deviations and more, outside which the probabilities are below double rounding.
struct PoissonWindow {
  long long first = 0;
  std::vector<double> cdf;

  explicit PoissonWindow(double mean) {
    const double reach = 40 * std::sqrt(mean) + 40;
    first = static_cast<long long>(std::max(0.0, std::floor(mean - reach)));
    const auto last = static_cast<long long>(std::ceil(mean + reach));
    double total = 0;
    for (long long k = first; k <= last; ++k) {
      const double x = static_cast<double>(k);
      total += mean > 0 ? std::exp(x * std::log(mean) - mean - std::lgamma(x + 1))
                        : (k == 0 ? 1.0 : 0.0);
      cdf.push_back(total);
    }
  }
  /// P(N <= n).
  double at_most(double n) const {
    if (n < static_cast<double>(first)) return 0;
    const double i = n - static_cast<double>(first);
    if (i >= static_cast<double>(cdf.size() - 1)) return 1;
    return cdf[static_cast<size_t>(i)];
  }
  /// P(N = first + i).
  double exactly(size_t i) const { return i == 0 ? cdf[0] : cdf[i] - cdf[i - 1]; }
};

}  // namespace

double checks_exceed_probability(const CheckBudget& budget, double light_seconds,
                                 double mg_seconds, double limit) {
  // Expected audits: 2 per audited set, mg_checks of them with the V-cycle (cost light + mg).
  const double full = std::fmax(0.0, light_seconds) + std::fmax(0.0, mg_seconds);
  const double light = std::fmax(0.0, light_seconds);
  if (!(full > 0)) return 0;
  const double mg_audits = budget.mg_checks;
  const double light_audits = std::fmax(0.0, 2.0 * budget.audited_sets - mg_audits);
  const PoissonWindow with_mg(mg_audits), light_only(light_audits);
  double within = 0;  // P(cost <= limit)
  for (size_t i = 0; i < with_mg.cdf.size(); ++i) {
    const double k = static_cast<double>(with_mg.first + static_cast<long long>(i));
    const double left = limit - k * full;
    if (left < 0) break;
    const double light_allowed = light > 0 ? std::floor(left / light) : 1e300;
    within += with_mg.exactly(i) * light_only.at_most(light_allowed);
  }
  return std::clamp(1.0 - within, 0.0, 1.0);
}

CheckBudget plan_check_budget(int sets, double set_seconds, double light_seconds,
                              double mg_seconds) {
  if (sets <= 0) return CheckBudget{};
  const double limit = check_time_share * sets * set_seconds;
  auto planned = [&](double available) {
    CheckBudget budget = spend(sets, available, light_seconds, mg_seconds);
    budget.limit_seconds = limit;
    budget.overrun_probability =
        checks_exceed_probability(budget, light_seconds, mg_seconds, limit);
    return budget;
  };
  // The most expected cost whose draws stay within the limit often enough: the overrun chance
  // grows with the cost planned, so bisect on it. Where even the minimums overrun, they win.
  CheckBudget best = planned(0);
  if (best.overrun_probability > check_overrun_probability) return best;
  double low = 0, high = limit;
  const CheckBudget at_limit = planned(limit);
  if (at_limit.overrun_probability <= check_overrun_probability) return at_limit;
  for (int step = 0; step < 40; ++step) {
    const double middle = 0.5 * (low + high);
    const CheckBudget candidate = planned(middle);
    if (candidate.overrun_probability <= check_overrun_probability) {
      low = middle;
      best = candidate;
    } else {
      high = middle;
    }
  }
  return best;
}

}  // namespace hpcg
