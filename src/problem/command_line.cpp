// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's option table. HPCG 3.1's parameters keep 3.1's forms (positional, or --nx=N applied
// after the positionals); every deviation is listed in README under "Deviations from HPCG 3.1".
#include "hpcg/problem/command_line.hpp"

#include <cctype>
#include <climits>

#include "hpcg/base/error.hpp"
#include "hpcg/base/options.hpp"

namespace hpcg {
namespace {

constexpr const char* param_names[param_count] = {"nx", "ny", "nz",  "rt",  "pz",
                                                  "zl", "zu", "npx", "npy", "npz"};
constexpr int positional_minimum = 10;  // HPCG 3.1 ignores positional values below 10

/// The command line being read: --nx=N and friends wait in `flags` until the positionals are
/// in, because 3.1 applies them afterwards.
struct Reading {
  CommandLine cli;
  std::array<std::optional<long>, param_count> flags{};
};
using Row = OptionTable<Reading>::Row;

OptionSpec parameter_spec(ParamIndex index, std::string help) {
  return OptionSpec(param_names[index], OptionKind::integer, index == p_rt ? "SECONDS" : "N",
                    std::move(help))
      .from(0)
      .at_most(INT_MAX);
}

Row parameter(ParamIndex index, std::string help, std::string section = "") {
  return {parameter_spec(index, std::move(help)).in_section(std::move(section)),
          [index](Reading& r, const OptionValue& v) {
            r.flags[index] = static_cast<long>(v.count);
          }};
}

Row flag(const char* name, std::string help, void (*apply)(CommandLine&)) {
  return {OptionSpec(name, OptionKind::flag, "", std::move(help)),
          [apply](Reading& r, const OptionValue&) { apply(r.cli); }};
}

const OptionTable<Reading>& options() {
  using Action = CommandLine::Action;
  static const OptionTable<Reading> table({
      parameter(p_nx, "local (per rank) grid in x; nx, ny, nz are multiples of 8 and min/max of "
                      "the three is at least 0.125",
                "HPCG 3.1's parameters (also positional, in this order)"),
      parameter(p_ny, "local grid in y"),
      parameter(p_nz, "local grid in z"),
      parameter(p_rt, "length of the timed phase; 0 = QuickPath (one set); official: 1800"),
      parameter(p_pz, "two z-blocks: process layers below P get local nz=zl, the others zu"),
      parameter(p_zl, "local nz of the lower z-block (default nz)"),
      parameter(p_zu, "local nz of the upper z-block (default nz)"),
      parameter(p_npx, "process grid in x; npx*npy*npz = ranks (default: computed)"),
      parameter(p_npy, "process grid in y"),
      parameter(p_npz, "process grid in z"),
      {OptionSpec("memory-fraction", OptionKind::real, "F",
                  "choose nx ny nz so that HPCG's memory model uses the share F of each node's "
                  "memory (MemTotal); official runs need at least 0.25")
           .above(0)
           .at_most(1)
           .in_section("Sizing and output"),
       [](Reading& r, const OptionValue& v) { r.cli.memory_fraction = v.real; }},
      {OptionSpec("memory", OptionKind::real, "GiB",
                  "the node memory to size against (alone: use that many GiB)")
           .above(0)
           .at_most(1e9),
       [](Reading& r, const OptionValue& v) { r.cli.memory_gib = v.real; }},
      flag("quiet", "no progress output", [](CommandLine& c) { c.quiet = true; }),
      flag("unofficial-quick",
           "development runs on big devices: skip the reference timing and reference CG and "
           "take the 50-iteration residual from the backend under test; the report says the "
           "result cannot be submitted",
           [](CommandLine& c) { c.unofficial_quick = true; }),
      {OptionSpec("triad-bandwidth", OptionKind::real, "GB/s",
                  "STREAM triad bandwidth of all ranks together (bin/xstream-triad started like "
                  "xhpcg), for the roofline fraction, rating x 6.4 B/flop / bandwidth, instead "
                  "of the triad xhpcg measures before and after the timed sets")
           .above(0)
           .at_most(1e9),
       [](Reading& r, const OptionValue& v) { r.cli.triad_bandwidth_gbs = v.real; }},
      {watchdog_option(),
       [](Reading& r, const OptionValue& v) { r.cli.watchdog = watchdog_limit(v); }},
      {OptionSpec("backend", OptionKind::text, "NAME", "kernels to benchmark (see --list-backends)")
           .defaults_to("openmp, or the HPCG_BACKEND environment variable")
           .in_section("Backends"),
       [](Reading& r, const OptionValue& v) { r.cli.backend = v.text; }},
      flag("separate-memory",
           "the backend keeps every vector and matrix apart from host memory, as on a device; "
           "only halo values cross, counted in the JSON report's \"transfers\"",
           [](CommandLine& c) { c.separate_memory = true; }),
      flag("gpu-aware-mpi",
           "the MPI library reads device memory: halo buffers stay in the backend's memory "
           "(default: staged through host memory)",
           [](CommandLine& c) { c.gpu_aware_mpi = true; }),
      {OptionSpec("backend-settings", OptionKind::text, "TEXT",
                  "passed to the backend as it is (a plugin's own settings)")
           .may_be_empty(),
       [](Reading& r, const OptionValue& v) { r.cli.backend_settings = v.text; }},
      {OptionSpec("list-backends", OptionKind::flag, "", "list the available backends and exit")
           .in_section("Information"),
       [](Reading& r, const OptionValue&) { r.cli.action = Action::list_backends; }},
      flag("version", "print the version and exit",
           [](CommandLine& c) { c.action = Action::version; }),
      flag("help", "print this text and exit (also -h)",
           [](CommandLine& c) { c.action = Action::help; }),
  });
  return table;
}

/// "-16" is a (negative) positional value, "-x" an unknown option.
bool looks_like_option(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]));
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  Reading reading;
  int positional = 0;
  for (const std::string& arg : args) {
    if (arg == "-h") {
      reading.cli.action = CommandLine::Action::help;
    } else if (looks_like_option(arg)) {
      if (arg.rfind("--", 0) != 0) throw_unknown_option(arg);
      options().apply(reading, arg);
    } else {
      if (positional == param_count) {
        throw InputError("too many positional arguments: at most 10 (" + arg + ")");
      }
      const auto index = static_cast<ParamIndex>(positional++);
      const OptionValue value = parse_number(parameter_spec(index, ""),
                                             std::string("positional ") + param_names[index], arg);
      // HPCG 3.1 quirk kept: positional values below 10 count as 0 (`16 16 16 1` is QuickPath).
      const long number = static_cast<long>(value.count);
      reading.cli.values[index] = number < positional_minimum ? 0 : number;
    }
  }
  for (int i = 0; i < param_count; ++i) {
    if (reading.flags[i]) reading.cli.values[i] = reading.flags[i];
  }
  return reading.cli;
}

bool needs_hpcg_dat(const CommandLine& cli) {
  if (cli.memory_fraction || cli.memory_gib) return false;
  for (ParamIndex dimension : {p_nx, p_ny, p_nz}) {
    if (cli.values[dimension].value_or(0) != 0) return false;
  }
  return true;
}

std::string usage_text() {
  return "Usage: mpirun -np N xhpcg [nx ny nz [rt [pz zl zu [npx npy npz]]]] [options]\n\n"
         "Runs the HPCG 3.1 benchmark. Without nx/ny/nz, reads hpcg.dat from the working "
         "directory.\n\n" +
         options().help() +
         "\nExit status: 0 VALID, 1 INVALID, 2 bad input, 3 resource error, 4 internal error,\n"
         "5 backend error (a backend failed or crashed), 6 watchdog (a peer or the network "
         "lost).\n";
}

}  // namespace hpcg
