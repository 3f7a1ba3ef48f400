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

}  // namespace hpcg
