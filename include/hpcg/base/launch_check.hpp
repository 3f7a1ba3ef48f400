// SPDX-License-Identifier: BSD-3-Clause
// A launch that MPI does not see: the launcher started N tasks, but each one's MPI knows only
// itself (srun without --mpi=pmi2, another MPI's mpirun), so N single-rank benchmarks would run
// side by side, each writing its own report. The launcher's environment tells.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace hpcg {

struct LaunchMismatch {
  std::string message;  ///< what happened and the likely fix, without the "<program>: error: "
  bool reporter;        ///< whether this task prints it (the launcher's rank 0, one message)
};

/// Looks up an environment variable; null when unset (std::getenv's contract).
using EnvironmentLookup = std::function<const char*(const char*)>;

/// When MPI's world has one rank but the launcher's variables say the job has more tasks (or
/// that this task is not the first), what to say; nothing for a launch MPI sees. The variables,
/// most specific first: PMI_SIZE/PMI_RANK (MPICH's Hydra, srun --mpi=pmi2), OMPI_COMM_WORLD_SIZE/
/// OMPI_COMM_WORLD_RANK (Open MPI's mpirun), SLURM_STEP_NUM_TASKS/SLURM_PROCID (srun), and
/// PMIX_RANK alone (a PMIx launcher gives no size). SLURM_NTASKS is not read: a batch script's
/// own shell has it too, where one program started without srun is a legitimate single rank.
std::optional<LaunchMismatch> find_launch_mismatch(const std::string& program, int world_size,
                                                   const EnvironmentLookup& lookup);

}  // namespace hpcg
