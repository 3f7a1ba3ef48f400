// SPDX-License-Identifier: BSD-3-Clause
// The backends built into this binary, one row each, chosen by name at run time (--backend=NAME).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hpcg/backends/backend.hpp"

namespace hpcg {

/// One backend as the registry knows it.
struct BackendEntry {
  /// The name --backend takes; a name ending in ":PATH" takes an argument after the colon.
  std::string name;
  std::string summary;
  /// What its optimisation phase adds to the memory, as a share of HPCG's memory model, known
  /// before the backend exists, so that sizing and the memory check plan for it (a plugin's,
  /// which cannot say before it loads: 0.5, i.e. 1.5 times the reference's).
  double memory_share = 0.0;
  /// Creates it; `argument` is the text after "name:" for a row that takes one.
  std::function<std::unique_ptr<Backend>(const std::string& argument, const BackendOptions&)>
      make;
  /// Process-wide set-up and tear-down, where the backend needs them (see initialize_backends).
  std::function<void(int& argc, char** argv)> initialize;
  std::function<void()> finalize;
  /// The --backend-settings keys it accepts (TEXT is "key[=value],..."); any other key is
  /// refused before the run. Unused where `backend_checks_settings`.
  std::vector<std::string> setting_keys;
  /// The backend reads the settings itself and refuses what it does not know (a plugin).
  bool backend_checks_settings = false;
  /// False for a row that only says its backend is not built into this binary.
  bool built = true;

  bool takes_argument() const;
  /// Whether --backend=`requested` names this row (for an argument row, its prefix).
  bool matches(const std::string& requested) const;
};

/// Every built-in backend, in the order --list-backends prints them.
const std::vector<BackendEntry>& backend_table();

/// Process-wide set-up of the backends that need it (Kokkos): call after MPI_Init and before
/// any make_backend. Hands the --kokkos-* arguments to Kokkos and removes them from argc/argv
/// (argv[0] and the other arguments keep their order); without the kokkos backend built in,
/// they stay for the caller's parser to reject.
void initialize_backends(int& argc, char** argv);

/// Undoes initialize_backends(): call once every backend is destroyed, before MPI_Finalize.
void finalize_backends();

/// The backend used when --backend is not given.
std::string default_backend_name();

/// Throws InputError for a --backend-settings key that `entry` does not accept.
void check_backend_settings(const BackendEntry& entry, const std::string& settings);

/// The row that --backend=`name` selects; throws InputError naming the available ones when
/// none does.
const BackendEntry& find_backend(const std::string& name);

/// Creates the backend of `entry`, which `name` selects (its argument, for a plugin:PATH row),
/// with settings already checked (check_backend_settings); throws InputError when the backend
/// cannot do what `options` ask.
std::unique_ptr<Backend> make_backend(const BackendEntry& entry, const std::string& name,
                                      const BackendOptions& options);

/// find_backend, check_backend_settings, then make_backend: for tests and programs that plan
/// nothing.
std::unique_ptr<Backend> make_backend(const std::string& name, const BackendOptions& options = {});

}  // namespace hpcg
