// SPDX-License-Identifier: BSD-3-Clause
// The run planned once. Rank 0 reads hpcg.dat and broadcasts it (as 3.1 does), so a file only
// rank 0 can see still works; every other step runs on all ranks and agrees on its outcome.
#include "hpcg/benchmark/run_plan.hpp"

#include <algorithm>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/memory_check.hpp"

namespace hpcg {
namespace {

/// Broadcasts rank 0's hpcg.dat numbers (if it read any) to every rank.
std::optional<HpcgDat> share(const Comm& comm, const std::optional<HpcgDat>& dat) {
  int values[8] = {dat ? 1 : 0};
  if (dat) {
    int numbers[7] = {dat->nx, dat->ny, dat->nz, dat->runtime_seconds, dat->npx, dat->npy, dat->npz};
    std::copy(numbers, numbers + 7, values + 1);
  }
  WatchedWait wait("MPI_Bcast (hpcg.dat)", comm.get());
  MPI_Bcast(values, 8, MPI_INT, 0, comm.get());
  if (values[0] == 0) return std::nullopt;
  return HpcgDat{values[1], values[2], values[3], values[4], values[5], values[6], values[7]};
}

/// The options that are neither HPCG's nor the backend's.
void take_program_options(const CommandLine& cli, RunPlan& plan) {
  plan.memory.fraction = cli.memory_fraction.value_or(0.0);
  plan.memory.gib = cli.memory_gib.value_or(0.0);
  plan.quiet = cli.quiet;
  plan.unofficial_quick = cli.unofficial_quick;
  plan.triad_bandwidth_gbs = cli.triad_bandwidth_gbs.value_or(0.0);
  plan.watchdog = cli.watchdog;
}

}  // namespace

RunPlan plan_run(const Comm& comm, const CommandLine& cli, const std::string& hpcg_dat_path) {
  RunPlan plan;
  take_program_options(cli, plan);
  run_collectively(comm, [&] { plan.backend = choose_backend(cli); });
  plan.optimization_share = plan.backend.entry->memory_share;

  std::optional<HpcgDat> dat;
  run_collectively(comm, [&] {
    if (comm.is_root() && needs_hpcg_dat(cli.hpcg, plan.memory)) {
      dat = read_hpcg_dat(hpcg_dat_path);
    }
  });
  dat = share(comm, dat);
  run_collectively(comm, [&] {
    plan.params = resolve_params(cli.hpcg, dat, comm.size(), plan.memory);
  });
  if (plan.memory.given()) {
    plan.sizing = size_by_memory(plan.params, plan.memory, comm, plan.optimization_share);
  }
  run_collectively(comm, [&] {
    plan.geometry = make_geometry(plan.params, comm.rank(), comm.size());
  });
  run_collectively(comm, [&] {
    check_memory_fits(plan.geometry, comm, plan.optimization_share);
  });
  return plan;
}

}  // namespace hpcg
