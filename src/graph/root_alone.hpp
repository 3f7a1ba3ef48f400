// SPDX-License-Identifier: BSD-3-Clause
// Work that rank 0 does alone while the other ranks wait (a METIS or Scotch cut of the gathered
// graph). Its length has no bound the watchdog could know, so rank 0 signals the waiting ranks
// while it works: their wait is then a wait for rank 0's next signal, which a lost rank 0 still
// ends through the watchdog, naming rank 0.
#pragma once

#include <functional>

#include "hpcg/base/comm.hpp"

namespace hpcg::graph {

/// Runs `work` on rank 0 while the other ranks wait for it; rank 0 sends them a heartbeat
/// several times per watchdog limit (a quarter of it, at most a second apart) until `work`
/// returns. An exception from `work` is rethrown on rank 0 after the others are released, so a
/// caller inside run_collectively reports it from every rank. Collective.
void run_on_root_alone(const Comm& comm, const std::function<void()>& work);

}  // namespace hpcg::graph
