// SPDX-License-Identifier: BSD-3-Clause
// Command-line and hpcg.dat parsing with HPCG 3.1's semantics; every deviation (errors where 3.1
// silently substitutes a value) is listed in README under "Deviations from HPCG 3.1".
#include "hpcg/problem/params.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg {
namespace {

constexpr const char* param_names[param_count] = {"nx", "ny", "nz",  "rt",  "pz",
                                                  "zl", "zu", "npx", "npy", "npz"};
constexpr int minimum_dimension = 16;     // HPCG 3.1 raises smaller local dimensions to 16
constexpr int positional_minimum = 10;    // HPCG 3.1 ignores positional values below 10
constexpr long largest_parameter = INT_MAX;

/// Parses a whole token as a decimal integer; nullopt when it is not one or does not fit.
std::optional<long> parse_integer(const std::string& token) {
  if (token.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  long value = std::strtol(token.c_str(), &end, 10);
  if (errno != 0 || end != token.c_str() + token.size()) return std::nullopt;
  if (value > largest_parameter || value < -largest_parameter) return std::nullopt;
  return value;
}

/// Parses a whole token as a finite decimal number in (0, largest]; `what` names it in errors.
double require_positive_real(const std::string& token, const std::string& what, double largest) {
  errno = 0;
  char* end = nullptr;
  double value = token.empty() ? 0.0 : std::strtod(token.c_str(), &end);
  bool whole = !token.empty() && errno == 0 && end == token.c_str() + token.size();
  if (!whole || !(value > 0.0) || value > largest) {
    std::ostringstream message;
    message << what << ": expected a number above 0 and at most " << largest << ", got '" << token
            << "'";
    throw InputError(message.str());
  }
  return value;
}

long require_non_negative(const std::string& token, const std::string& what) {
  auto value = parse_integer(token);
  if (!value) {
    throw InputError(what + ": expected a non-negative integer below 2^31, got '" + token + "'");
  }
  if (*value < 0) throw InputError(what + ": must not be negative, got " + token);
  return *value;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back(line);
      line.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      line.push_back(c);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

/// Reads `count` integers from the start of a line; the rest of the line is ignored as in 3.1.
std::vector<long> leading_integers(const std::vector<std::string>& lines, size_t index,
                                   int count, const std::string& meaning,
                                   const std::string& source) {
  std::string where = source + " line " + std::to_string(index + 1);
  if (index >= lines.size()) {
    throw InputError(where + " is missing: expected " + meaning +
                     " (hpcg.dat has two free text lines, then 'nx ny nz', then the run time)");
  }
  std::istringstream in(lines[index]);
  std::vector<long> values;
  std::string token;
  while (static_cast<int>(values.size()) < count && in >> token) {
    auto value = parse_integer(token);
    if (!value) {
      throw InputError(where + ": expected " + meaning + ", got '" + lines[index] + "'");
    }
    values.push_back(*value);
  }
  if (static_cast<int>(values.size()) < count) {
    throw InputError(where + ": expected " + meaning + ", got '" + lines[index] + "'");
  }
  return values;
}

bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
}

int value_or(const CommandLine& cli, ParamIndex index, int fallback) {
  return cli.values[index] ? static_cast<int>(*cli.values[index]) : fallback;
}

void check_multiple_of_8(int value, const char* name) {
  if (value % 8 == 0) return;
  int below = value / 8 * 8, above = below + 8;
  throw InputError("local " + std::string(name) + "=" + std::to_string(value) +
                   " is not a multiple of 8 (the 4 multigrid levels halve it three times); use " +
                   (below >= minimum_dimension ? std::to_string(below) + " or " : "") +
                   std::to_string(above));
}

void check_local_grid(const Params& params) {
  check_multiple_of_8(params.nx, "nx");
  check_multiple_of_8(params.ny, "ny");
  check_multiple_of_8(params.nz, "nz");
  check_aspect_ratio(params.nx, params.ny, params.nz, "local problem");
  if (params.pz > 0) {
    check_multiple_of_8(params.zl, "zl");
    check_multiple_of_8(params.zu, "zu");
    check_aspect_ratio(params.nx, params.ny, params.zl, "local problem (lower z-block)");
    check_aspect_ratio(params.nx, params.ny, params.zu, "local problem (upper z-block)");
  }
  // Local ids are 32-bit: the local grid plus its one-point halo must fit.
  // In double: the product of three values near 2^31 overflows even 64-bit integers.
  double columns = (params.nx + 2.0) * (params.ny + 2.0) *
                   (std::max({params.nz, params.zl, params.zu}) + 2.0);
  if (columns > max_local_int) {
    std::ostringstream message;
    message << "local grid " << params.nx << "x" << params.ny << "x" << params.nz << " has "
            << columns << " local columns with its halo, more than the 32-bit local index "
            << "allows (" << max_local_int << "); use more ranks and a smaller local grid";
    throw InputError(message.str());
  }
}

void check_process_grid(const Params& params, int ranks) {
  int given = (params.npx > 0) + (params.npy > 0) + (params.npz > 0);
  if (given == 0) return;
  if (given != 3) {
    throw InputError("give all three of npx, npy, npz (or none, to let xhpcg choose)");
  }
  // In double: exact up to 2^53, and a larger product cannot equal the rank count anyway.
  double product = 1.0 * params.npx * params.npy * params.npz;
  if (product != ranks) {
    std::ostringstream message;
    message << "process grid " << params.npx << "x" << params.npy << "x" << params.npz << " has "
            << product << " ranks but the job has " << ranks
            << "; make npx*npy*npz equal the rank count or leave them out";
    throw InputError(message.str());
  }
}

/// Sizing chooses nx, ny and nz; a grid or z-blocks given as well would be ambiguous.
void check_memory_target(const CommandLine& cli) {
  for (ParamIndex given : {p_nx, p_ny, p_nz, p_pz, p_zl, p_zu}) {
    if (cli.values[given] && *cli.values[given] != 0) {
      throw InputError(std::string("--memory-fraction/--memory choose the local grid; leave out ") +
                       param_names[given] + " (or drop the memory target)");
    }
  }
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  CommandLine cli;
  std::array<std::optional<long>, param_count> flags{};  // applied after positionals, as in 3.1
  int positional = 0;
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      cli.action = CommandLine::Action::help;
    } else if (arg == "--version") {
      cli.action = CommandLine::Action::version;
    } else if (arg == "--list-backends") {
      cli.action = CommandLine::Action::list_backends;
    } else if (arg == "--quiet") {
      cli.quiet = true;
    } else if (arg == "--separate-memory") {
      cli.separate_memory = true;
    } else if (arg == "--gpu-aware-mpi") {
      cli.gpu_aware_mpi = true;
    } else if (arg.rfind("--backend-settings=", 0) == 0) {
      cli.backend_settings = arg.substr(19);
    } else if (arg.rfind("--memory-fraction=", 0) == 0) {
      cli.memory_fraction = require_positive_real(arg.substr(18), "option --memory-fraction", 1.0);
    } else if (arg.rfind("--memory=", 0) == 0) {
      cli.memory_gib = require_positive_real(arg.substr(9), "option --memory (GiB per node)", 1.0e9);
    } else if (arg.rfind("--triad-bandwidth=", 0) == 0) {
      cli.triad_bandwidth_gbs =
          require_positive_real(arg.substr(18), "option --triad-bandwidth (GB/s)", 1.0e9);
    } else if (arg.rfind("--backend=", 0) == 0) {
      cli.backend = arg.substr(10);
      if (cli.backend.empty()) throw InputError("--backend= needs a name (see --list-backends)");
    } else if (arg.rfind("-", 0) == 0 && !parse_integer(arg)) {
      size_t equals = arg.find('=');
      std::string name = arg.substr(0, equals);
      const char* const* found = std::find_if(
          std::begin(param_names), std::end(param_names),
          [&](const char* p) { return name == std::string("--") + p; });
      if (found == std::end(param_names)) {
        throw InputError("unknown option '" + arg + "' (see --help)");
      }
      if (equals == std::string::npos) throw InputError("option " + name + " needs =VALUE");
      auto index = static_cast<ParamIndex>(found - std::begin(param_names));
      flags[index] = require_non_negative(arg.substr(equals + 1), "option " + name);
    } else {
      if (positional == param_count) {
        throw InputError("too many positional arguments: at most 10 (" + arg + ")");
      }
      auto index = static_cast<ParamIndex>(positional++);
      long value = require_non_negative(arg, std::string("positional ") + param_names[index]);
      // HPCG 3.1 quirk kept: positional values below 10 count as 0 (`16 16 16 1` is QuickPath).
      cli.values[index] = value < positional_minimum ? 0 : value;
    }
  }
  for (int i = 0; i < param_count; ++i) {
    if (flags[i]) cli.values[i] = flags[i];
  }
  return cli;
}

bool needs_hpcg_dat(const CommandLine& cli) {
  if (cli.memory_fraction || cli.memory_gib) return false;
  return value_or(cli, p_nx, 0) == 0 && value_or(cli, p_ny, 0) == 0 &&
         value_or(cli, p_nz, 0) == 0;
}

HpcgDat parse_hpcg_dat(const std::string& text, const std::string& source) {
  if (text.find('\0') != std::string::npos) {
    throw InputError(source + " is not a text file (it contains NUL bytes)");
  }
  std::vector<std::string> lines = split_lines(text);
  HpcgDat dat;
  auto dims = leading_integers(lines, 2, 3, "three integers 'nx ny nz'", source);
  for (long d : dims) {
    if (d <= 0) {
      throw InputError(source + " line 3: local dimensions must be positive, got '" + lines[2] +
                       "'");
    }
  }
  dat.nx = static_cast<int>(dims[0]);
  dat.ny = static_cast<int>(dims[1]);
  dat.nz = static_cast<int>(dims[2]);
  long runtime = leading_integers(lines, 3, 1, "the run time in seconds", source)[0];
  if (runtime < 0) {
    throw InputError(source + " line 4: run time must not be negative, got '" + lines[3] + "'");
  }
  dat.runtime_seconds = static_cast<int>(runtime);
  if (lines.size() > 4 && !blank(lines[4])) {
    auto grid = leading_integers(lines, 4, 3, "three integers 'npx npy npz'", source);
    for (long g : grid) {
      if (g < 0) {
        throw InputError(source + " line 5: process grid must not be negative, got '" +
                         lines[4] + "'");
      }
    }
    dat.npx = static_cast<int>(grid[0]);
    dat.npy = static_cast<int>(grid[1]);
    dat.npz = static_cast<int>(grid[2]);
  }
  return dat;
}

HpcgDat read_hpcg_dat(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError("cannot read " + path +
                     ": no grid size on the command line, so xhpcg needs hpcg.dat in the "
                     "working directory (or give --nx= --ny= --nz=)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_hpcg_dat(text.str(), path);
}

Params resolve_params(const CommandLine& cli, const std::optional<HpcgDat>& file, int ranks) {
  Params params;
  params.backend = cli.backend;
  params.read_hpcg_dat = needs_hpcg_dat(cli);
  params.quiet = cli.quiet;
  params.memory_fraction = cli.memory_fraction.value_or(0.0);
  params.memory_gib = cli.memory_gib.value_or(0.0);
  params.triad_bandwidth_gbs = cli.triad_bandwidth_gbs.value_or(0.0);
  params.separate_memory = cli.separate_memory;
  params.gpu_aware_mpi = cli.gpu_aware_mpi;
  params.backend_settings = cli.backend_settings;
  if (params.sized_by_memory()) check_memory_target(cli);
  int dims[3] = {value_or(cli, p_nx, 0), value_or(cli, p_ny, 0), value_or(cli, p_nz, 0)};
  params.runtime_seconds = value_or(cli, p_rt, 0);
  params.npx = value_or(cli, p_npx, 0);
  params.npy = value_or(cli, p_npy, 0);
  params.npz = value_or(cli, p_npz, 0);
  if (params.read_hpcg_dat) {
    HPCG_REQUIRE(file.has_value());
    dims[0] = file->nx;
    dims[1] = file->ny;
    dims[2] = file->nz;
    // Deviation: an explicit --rt (even 0, QuickPath) or --npx/--npy/--npz wins over the file.
    if (!cli.values[p_rt]) params.runtime_seconds = file->runtime_seconds;
    if (params.npx == 0 && params.npy == 0 && params.npz == 0) {
      params.npx = file->npx;
      params.npy = file->npy;
      params.npz = file->npz;
    }
  }
  // HPCG 3.1: a dimension below 16 takes the largest of the others (in x, y, z order), min 16.
  for (int d = 0; d < 3; ++d) {
    if (dims[d] < minimum_dimension) {
      dims[d] = std::max({dims[(d + 1) % 3], dims[(d + 2) % 3], minimum_dimension});
    }
  }
  params.nx = dims[0];
  params.ny = dims[1];
  params.nz = dims[2];
  params.pz = value_or(cli, p_pz, 0);
  params.zl = params.pz > 0 ? value_or(cli, p_zl, 0) : 0;
  params.zu = params.pz > 0 ? value_or(cli, p_zu, 0) : 0;
  if (params.pz > 0) {
    // Deviation: 3.1 needs an MPMD launch with a matching --nz per block; here each rank takes
    // its block's size, and an absent --zl/--zu means nz.
    if (params.zl == 0) params.zl = params.nz;
    if (params.zu == 0) params.zu = params.nz;
  }
  check_local_grid(params);
  check_process_grid(params, ranks);
  return params;
}

void check_aspect_ratio(int x, int y, int z, const std::string& what) {
  double ratio = static_cast<double>(std::min({x, y, z})) / std::max({x, y, z});
  if (ratio >= 0.125) return;
  std::ostringstream message;
  message << "The " << what << " sizes (" << x << "," << y << "," << z
          << ") are invalid because the ratio min(x,y,z)/max(x,y,z)=" << ratio
          << " is too small (at least 0.125 is required). The shape should resemble a 3D cube. "
             "Please adjust and try again.";
  throw InputError(message.str());
}

std::string usage_text() {
  return R"(Usage: mpirun -np N xhpcg [nx ny nz [rt [pz zl zu [npx npy npz]]]] [options]

Runs the HPCG 3.1 benchmark. Without nx/ny/nz, reads hpcg.dat from the working directory.

  --nx=N --ny=N --nz=N   local (per rank) grid; multiples of 8, min/max ratio >= 0.125
  --rt=SECONDS           length of the timed phase; 0 = QuickPath (one set); official: 1800
  --pz=P --zl=N --zu=N   two z-blocks: process layers below P get local nz=zl, the others zu
  --npx=N --npy=N --npz=N  process grid (product = number of ranks); default: computed
  --memory-fraction=F    choose nx ny nz so that HPCG's memory model uses the share F
                         (0 < F <= 1) of each node's memory (MemTotal); official runs
                         need at least 0.25
  --memory=GiB           the node memory to size against (alone: use that many GiB)
  --quiet                no progress output
  --triad-bandwidth=GB/s STREAM triad bandwidth of all ranks together (bin/xstream-triad
                         started like xhpcg); the JSON report then gives the
                         memory-bandwidth roofline fraction, rating x 6.4 B/flop / GB/s
  --backend=NAME         kernels to benchmark (see --list-backends; default openmp, or
                         the HPCG_BACKEND environment variable)
  --separate-memory      the backend keeps every vector and matrix apart from host memory,
                         as on a device (kokkos: its device code path on the CPU); only
                         halo values cross, counted in the JSON report's "transfers"
  --gpu-aware-mpi        the MPI library reads device memory: halo buffers stay in the
                         backend's memory (default: staged through host memory)
  --backend-settings=TEXT  passed to the backend as it is (a plugin's own settings)
  --list-backends        list the available backends and exit
  --version              print the version and exit
  --help                 print this text and exit

Exit status: 0 VALID, 1 INVALID, 2 bad input, 3 resource error, 4 internal error,
5 backend error (a backend failed or crashed).
)";
}

}  // namespace hpcg
