// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's ten command-line integers (local grid, run time, z-blocks, process grid), their
// positional and --name=N forms and 3.1's rules for reading them. The program's other options
// (backend, sizing, output) belong to the benchmark layer (benchmark/command_line.hpp), which
// puts these rows first in its option table.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "hpcg/base/options.hpp"

namespace hpcg {

/// The ten HPCG 3.1 parameters in their positional order.
enum ParamIndex { p_nx, p_ny, p_nz, p_rt, p_pz, p_zl, p_zu, p_npx, p_npy, p_npz, param_count };

/// The option names of the ten parameters, in ParamIndex order.
extern const char* const param_names[param_count];

/// The ten parameters as given, before hpcg.dat is consulted; unset = not given.
struct HpcgArguments {
  std::array<std::optional<long>, param_count> values{};

  /// True when no grid dimension is given (a 0 counts as none).
  bool gives_no_grid() const;
};

/// Reads the ten parameters in 3.1's order of precedence: positionals first, then --nx=N and
/// friends whatever their place on the line.
class HpcgArgumentReader {
 public:
  /// The next positional value; throws InputError for an 11th or a malformed one.
  void positional(const std::string& arg);
  /// --name=N for parameter `index`, already range-checked by its option row.
  void flag(ParamIndex index, long value) { flags_[index] = value; }
  /// The arguments, flags applied over positionals.
  HpcgArguments finish() const;

 private:
  HpcgArguments positionals_;
  std::array<std::optional<long>, param_count> flags_{};
  int count_ = 0;
};

/// The option rows of the ten parameters (range 0..INT_MAX), with their --help text and the
/// section heading on the first, in ParamIndex order.
std::vector<OptionSpec> hpcg_parameter_options();

}  // namespace hpcg
