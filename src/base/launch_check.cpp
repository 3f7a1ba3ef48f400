// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/launch_check.hpp"

#include <mpi.h>

#include <cstdlib>

namespace hpcg {
namespace {

struct LauncherVariables {
  const char* size;  ///< null: this launcher does not say
  const char* rank;
  bool slurm;
};

constexpr LauncherVariables launchers[] = {
    {"PMI_SIZE", "PMI_RANK", false},
    {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", false},
    {"SLURM_STEP_NUM_TASKS", "SLURM_PROCID", true},
    {nullptr, "PMIX_RANK", false},
};

/// A non-negative integer, or -1 when unset or not one.
long read_count(const EnvironmentLookup& lookup, const char* name) {
  const char* text = name != nullptr ? lookup(name) : nullptr;
  if (text == nullptr || *text == '\0') return -1;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' && value >= 0 ? value : -1;
}

/// The MPI this program was compiled against and its launcher's name on Debian.
std::string built_with() {
#if defined(MPICH_VERSION)
  return "MPICH " MPICH_VERSION " (mpiexec.mpich or mpirun.mpich on Debian)";
#elif defined(OMPI_MAJOR_VERSION)
  return "Open MPI " + std::to_string(OMPI_MAJOR_VERSION) + "." +
         std::to_string(OMPI_MINOR_VERSION) + "." + std::to_string(OMPI_RELEASE_VERSION) +
         " (mpirun.openmpi on Debian)";
#else
  return "the MPI library it was built with";
#endif
}

std::string srun_fix() {
#if defined(OMPI_MAJOR_VERSION)
  return "srun --mpi=pmix";
#else
  return "srun --mpi=pmi2";
#endif
}

}  // namespace

std::optional<LaunchMismatch> find_launch_mismatch(const std::string& program, int world_size,
                                                   const EnvironmentLookup& lookup) {
  if (world_size != 1) return std::nullopt;
  for (const LauncherVariables& launcher : launchers) {
    const long tasks = read_count(lookup, launcher.size);
    const long rank = read_count(lookup, launcher.rank);
    if (tasks < 0 && rank < 0) continue;  // not this launcher: ask the next one
    if (tasks <= 1 && rank <= 0) return std::nullopt;
    std::string what = tasks > 1 ? "the launcher started " + std::to_string(tasks) + " tasks (" +
                                       launcher.size + "=" + std::to_string(tasks) + ")"
                                 : "the launcher says this is task " + std::to_string(rank) +
                                       " (" + launcher.rank + "=" + std::to_string(rank) + ")";
    std::string fix = launcher.slurm
                          ? "under Slurm launch with '" + srun_fix() +
                                "' ('srun --mpi=list' shows what this Slurm offers)"
                          : "launch with the mpirun of the MPI " + program + " was built with, " +
                                built_with();
    // Without a size (PMIx alone) task 0 cannot tell itself from a true single rank, so the
    // first task that can tell prints.
    const bool reporter = tasks > 1 ? rank <= 0 : rank == 1;
    return LaunchMismatch{what + ", but MPI sees one rank only: each task would run its own " +
                              "one-rank benchmark and write its own results; " + fix,
                          reporter};
  }
  return std::nullopt;
}

}  // namespace hpcg
