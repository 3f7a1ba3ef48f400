// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/validated_run_audit.hpp"

#include <cmath>
#include <string>

#include "hpcg/base/timer.hpp"

namespace hpcg {

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
  // The costs come from the second audit alone, split into its V-cycle and the rest: the first
  // audit of a run also pays for first touches of its vectors, which the timed sets' audits,
  // many to a run, do not (measured 2x at 104^3).
  audit_.check = [this](const CgIterate& iterate) {
    const bool check_mg = iterate.iteration == mg_iteration_;
    const double start = wall_time();
    checks_.check(iterate, check_mg);
    if (!check_mg) return;
    mg_seconds_ = checks_.last_mg_seconds();
    light_seconds_ = wall_time() - start - mg_seconds_;
  };
}

CheckCosts ValidatedRunAudit::costs(const Comm& comm) const {
  return {std::fmax(0.0, comm.max(light_seconds_)), comm.max(mg_seconds_)};
}

}  // namespace hpcg
