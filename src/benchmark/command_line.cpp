// SPDX-License-Identifier: BSD-3-Clause
// xhpcg's option table: HPCG 3.1's parameters (the problem layer's rows) first, then this
// implementation's own; every deviation is listed in README under "Deviations from HPCG 3.1".
#include "hpcg/benchmark/command_line.hpp"

#include <cctype>

#include "hpcg/base/error.hpp"
#include "hpcg/base/options.hpp"

namespace hpcg {
namespace {

/// The command line being read: the ten parameters wait in `hpcg` until the positionals are
/// in, because 3.1 applies --nx=N and friends afterwards.
struct Reading {
  CommandLine cli;
  HpcgArgumentReader hpcg;
};
using Row = OptionTable<Reading>::Row;

Row flag(const char* name, std::string help, void (*apply)(CommandLine&)) {
  return {OptionSpec(name, OptionKind::flag, "", std::move(help)),
          [apply](Reading& r, const OptionValue&) { apply(r.cli); }};
}

std::vector<Row> program_options() {
  using Action = CommandLine::Action;
  return {
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
  };
}

/// HPCG's rows (the problem layer's), then the program's.
const OptionTable<Reading>& options() {
  static const OptionTable<Reading> table([] {
    std::vector<Row> rows;
    const std::vector<OptionSpec> parameters = hpcg_parameter_options();
    for (size_t i = 0; i < parameters.size(); ++i) {
      const auto index = static_cast<ParamIndex>(i);
      rows.push_back({parameters[i], [index](Reading& r, const OptionValue& v) {
                        r.hpcg.flag(index, static_cast<long>(v.count));
                      }});
    }
    for (Row& row : program_options()) rows.push_back(std::move(row));
    return rows;
  }());
  return table;
}

/// "-16" is a (negative) positional value, "-x" an unknown option.
bool looks_like_option(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-' && !std::isdigit(static_cast<unsigned char>(arg[1]));
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  Reading reading;
  for (const std::string& arg : args) {
    if (arg == "-h") {
      reading.cli.action = CommandLine::Action::help;
    } else if (looks_like_option(arg)) {
      if (arg.rfind("--", 0) != 0) throw_unknown_option(arg);
      options().apply(reading, arg);
    } else {
      reading.hpcg.positional(arg);
    }
  }
  reading.cli.hpcg = reading.hpcg.finish();
  return reading.cli;
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
