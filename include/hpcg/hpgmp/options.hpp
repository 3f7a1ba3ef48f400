// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp's command line: HPG-MxP's reference flags (--nx= --ny= --nz= --rt= --npx= --npy= --npz=,
// --run_type, --validation_type) and hpgmp.dat, which has hpcg.dat's format.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/hpgmp/nonsym_problem.hpp"
#include "hpcg/problem/params.hpp"

namespace hpcg::hpgmp {

/// HPG-MxP's run types: the full benchmark (validation, timed mixed runs, timed double runs),
/// the benchmark without the timed double runs, and either solver's timed runs alone.
enum class RunType { benchmark, benchmark_no_ref, standalone_mxp, standalone_ref };
/// Standard validation runs on at most 8 ranks; full-scale on all of them, the mixed solver
/// then aiming at the residual the double solver reached.
enum class ValidationType { standard, fullscale };

struct Options {
  Params params;  ///< grid, process grid and run time, resolved with HPCG 3.1's rules
  RunType run_type = RunType::benchmark;
  ValidationType validation = ValidationType::standard;
  Coefficients coefficients = Coefficients::reference;  ///< --problem=reference|convection
  std::string backend = "reference";  ///< --backend=NAME, as xhpcg's
  BackendOptions backend_options;     ///< --backend-settings=TEXT
  bool quiet = false;
  bool help = false;
  bool validates() const {
    return run_type == RunType::benchmark || run_type == RunType::benchmark_no_ref;
  }
};

std::string to_string(RunType type);
std::string to_string(ValidationType type);

/// Parses argv[1..] and, when no grid dimension is given, `dat_path`. Throws InputError.
Options parse_options(const std::vector<std::string>& args, int ranks,
                      const std::string& dat_path = "hpgmp.dat");

std::string usage_text();

/// HPG-MxP's process grid for `ranks` (its "cubic radical search"): the factorisation x*y*z
/// with the largest min/max ratio, x tried downwards from the rounded cube root and y from the
/// rounded square root of the rest, the first best kept. It differs from HPCG's (2 ranks: 1x1x2).
std::array<int, 3> reference_process_grid(int ranks);

/// `params` with HPG-MxP's process grid for `ranks` where no grid was given (or the given one
/// does not have `ranks` ranks, as for the validation's first 8).
Params with_process_grid(Params params, int ranks);

}  // namespace hpcg::hpgmp
