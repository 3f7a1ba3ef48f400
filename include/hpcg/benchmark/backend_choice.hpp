// SPDX-License-Identifier: BSD-3-Clause
// Which backend runs the optimised kernels and how: the backend's run options, kept apart from
// HPCG's own parameters (Params), which the problem layer resolves without knowing backends.
#pragma once

#include <string>

#include "hpcg/backends/backend.hpp"
#include "hpcg/problem/command_line.hpp"

namespace hpcg {

struct BackendChoice {
  std::string name;  ///< a registry name or plugin:PATH
  BackendOptions options;
};

/// --backend, else the environment's HPCG_BACKEND (which leaves hpcg.dat's 3.1 format alone),
/// else the default backend; with --backend-settings, --separate-memory and --gpu-aware-mpi.
BackendChoice choose_backend(const CommandLine& cli);

}  // namespace hpcg
