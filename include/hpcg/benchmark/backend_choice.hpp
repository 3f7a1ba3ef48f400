// SPDX-License-Identifier: BSD-3-Clause
// Which backend runs the optimised kernels and how: the backend's run options, kept apart from
// HPCG's own parameters (Params), which the problem layer resolves without knowing backends.
#pragma once

#include <string>

#include "hpcg/backends/backend.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/benchmark/command_line.hpp"

namespace hpcg {

struct BackendChoice {
  std::string name;                     ///< a registry name or plugin:PATH
  const BackendEntry* entry = nullptr;  ///< the registry row `name` selects
  BackendOptions options;               ///< its settings accepted by the row
};

/// --backend, else the environment's HPCG_BACKEND (which leaves hpcg.dat's 3.1 format alone),
/// else the default backend; with --backend-settings, --separate-memory and --gpu-aware-mpi.
/// Looks the name up in the registry once and checks the settings against its row; throws
/// InputError for an unknown name or a refused setting.
BackendChoice choose_backend(const CommandLine& cli);

/// Creates the chosen backend (a plugin is loaded here). Collective through the caller.
std::unique_ptr<Backend> make_backend(const BackendChoice& choice);

}  // namespace hpcg
