// SPDX-License-Identifier: BSD-3-Clause
// The backends built into this binary, chosen by name at run time (--backend=NAME).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hpcg/backend/backend.hpp"

namespace hpcg {

struct BackendDescription {
  std::string name;
  std::string summary;
};

/// Process-wide set-up of the backends that need it (Kokkos): call after MPI_Init and before
/// any make_backend. Hands the --kokkos-* arguments to Kokkos and removes them from argc/argv
/// (argv[0] and the other arguments keep their order); without the kokkos backend built in,
/// they stay for the caller's parser to reject.
void initialize_backends(int& argc, char** argv);

/// Undoes initialize_backends(): call once every backend is destroyed, before MPI_Finalize.
void finalize_backends();

/// The backend used when --backend is not given.
std::string default_backend_name();

std::vector<BackendDescription> available_backends();

/// What a backend's optimisation phase will add to the memory, as a share of HPCG's memory
/// model, known before the backend exists, so that sizing and the memory check plan for it:
/// reference 0, openmp 0.5 (measured 0.48), kokkos 0.6 (0.55); a plugin 0.5, the most this
/// project allows its own backends (1.5 times the reference).
double optimization_memory_share(const std::string& backend);

/// Creates a backend by name; throws InputError naming the available ones when unknown.
std::unique_ptr<Backend> make_backend(const std::string& name);

}  // namespace hpcg
