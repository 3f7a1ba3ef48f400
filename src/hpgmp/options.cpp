// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp's flags, resolved through xhpcg's parameter rules so that the grid checks (multiples of
// 8, aspect ratios, process grid against the rank count) are the same for both programs.
#include "hpcg/hpgmp/options.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/error.hpp"

namespace hpcg::hpgmp {
namespace {

const std::map<std::string, ParamIndex>& numeric_flags() {
  static const std::map<std::string, ParamIndex> flags = {
      {"nx", p_nx}, {"ny", p_ny}, {"nz", p_nz},   {"rt", p_rt},   {"pz", p_pz},
      {"zl", p_zl}, {"zu", p_zu}, {"npx", p_npx}, {"npy", p_npy}, {"npz", p_npz}};
  return flags;
}

long parse_count(const std::string& name, const std::string& text) {
  size_t used = 0;
  long value = -1;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || value < 0) {
    throw InputError("--" + name + " needs a non-negative integer, not '" + text + "'");
  }
  return value;
}

RunType parse_run_type(const std::string& text) {
  for (RunType t : {RunType::benchmark, RunType::benchmark_no_ref, RunType::standalone_mxp,
                    RunType::standalone_ref}) {
    if (text == to_string(t)) return t;
  }
  throw InputError("--run_type must be benchmark, benchmark_no_ref, standalone_mxp or "
                   "standalone_ref, not '" + text + "'");
}

ValidationType parse_validation(const std::string& text) {
  if (text == "standard") return ValidationType::standard;
  if (text == "fullscale") return ValidationType::fullscale;
  throw InputError("--validation_type must be standard or fullscale, not '" + text + "'");
}

/// The backend named, with settings it accepts; InputError naming the choices otherwise.
void check_backend(const Options& options) {
  std::string names;
  for (const BackendEntry& entry : backend_table()) {
    if (entry.matches(options.backend) && entry.built) {
      check_backend_settings(entry, options.backend_options.settings);
      return;
    }
    if (entry.built) names += (names.empty() ? "" : ", ") + entry.name;
  }
  throw InputError("unknown backend '" + options.backend + "' (--backend=); built in: " + names);
}

}  // namespace

std::string to_string(RunType type) {
  switch (type) {
    case RunType::benchmark: return "benchmark";
    case RunType::benchmark_no_ref: return "benchmark_no_ref";
    case RunType::standalone_mxp: return "standalone_mxp";
    case RunType::standalone_ref: return "standalone_ref";
  }
  return "";
}

std::string to_string(ValidationType type) {
  return type == ValidationType::standard ? "standard" : "fullscale";
}

Options parse_options(const std::vector<std::string>& args, int ranks,
                      const std::string& dat_path) {
  Options options;
  HpcgArguments given;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      options.help = true;
      continue;
    }
    if (arg == "--quiet") {
      options.quiet = true;
      continue;
    }
    if (arg == "--separate-memory") {  // as xhpcg's: the backend's device code path on a CPU
      options.backend_options.separate_memory = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) throw InputError("unexpected argument '" + arg + "'; see --help");
    std::string name = arg.substr(2), value;
    size_t equals = name.find('=');
    if (equals != std::string::npos) {
      value = name.substr(equals + 1);
      name.resize(equals);
    } else if (i + 1 < args.size()) {
      value = args[++i];  // the reference also takes "--run_type benchmark"
    } else {
      throw InputError("--" + name + " needs a value");
    }
    if (name == "run_type") {
      options.run_type = parse_run_type(value);
    } else if (name == "problem") {
      if (value != "reference" && value != "convection") {
        throw InputError("--problem must be reference or convection, not '" + value + "'");
      }
      options.coefficients = value == "reference" ? Coefficients::reference : Coefficients::convection;
    } else if (name == "backend") {
      options.backend = value;
    } else if (name == "backend-settings") {
      options.backend_options.settings = value;
    } else if (name == "validation_type") {
      options.validation = parse_validation(value);
    } else if (auto flag = numeric_flags().find(name); flag != numeric_flags().end()) {
      given.values[flag->second] = parse_count(name, value);
    } else {
      throw InputError("unknown option --" + name + "; see --help");
    }
  }
  if (options.help) return options;
  check_backend(options);
  std::optional<HpcgDat> dat;
  if (!given.values[p_nx] && !given.values[p_ny] && !given.values[p_nz]) {
    if (!std::ifstream(dat_path)) {
      throw InputError("no grid given (--nx= --ny= --nz=) and no " + dat_path +
                       " in the working directory");
    }
    dat = read_hpcg_dat(dat_path);
  }
  options.params = with_process_grid(resolve_params(given, dat, ranks), ranks);
  check_aspect_ratio(options.params.npx, options.params.npy, options.params.npz, "process grid");
  return options;
}

std::array<int, 3> reference_process_grid(int ranks) {
  std::array<int, 3> best{1, 1, ranks};
  double best_ratio = 0.0;
  for (int x = static_cast<int>(std::pow(ranks, 1.0 / 3.0) + 0.5); x > 0; --x) {
    if (ranks % x != 0) continue;
    int rest = ranks / x;
    for (int y = static_cast<int>(std::sqrt(rest) + 0.5); y > 0; --y) {
      if (rest % y != 0) continue;
      int z = rest / y;
      double ratio = static_cast<double>(std::min({x, y, z})) / std::max({x, y, z});
      if (ratio > best_ratio) {
        best_ratio = ratio;
        best = {x, y, z};
      }
    }
  }
  return best;
}

Params with_process_grid(Params params, int ranks) {
  if (1LL * params.npx * params.npy * params.npz != ranks) {
    auto grid = reference_process_grid(ranks);
    params.npx = grid[0];
    params.npy = grid[1];
    params.npz = grid[2];
  }
  return params;
}

std::string usage_text() {
  return "usage: xhpgmp [--nx=N --ny=N --nz=N] [--rt=SECONDS] [--npx=P --npy=P --npz=P]\n"
         "              [--pz=L --zl=N --zu=N] [--run_type=benchmark|benchmark_no_ref|\n"
         "              standalone_mxp|standalone_ref] [--validation_type=standard|fullscale]\n"
         "              [--problem=reference|convection] [--backend=NAME]\n"
         "              [--backend-settings=TEXT] [--separate-memory] [--quiet] [--help]\n"
         "--problem: reference (default) is what HPG-MxP's reference build generates; convection\n"
         "is the nonsymmetric convection-diffusion matrix its sources also hold.\n"
         "--backend: reference (default), openmp, kokkos, plugin:PATH, as xhpcg's; every step\n"
         "it runs is checked against the reference steps before the solves. --separate-memory:\n"
         "kokkos keeps its data apart from the host's, as on a device (xhpcg's flag).\n"
         "Without --nx/--ny/--nz, reads hpgmp.dat (hpcg.dat's format) from the working "
         "directory.\n";
}

}  // namespace hpcg::hpgmp
