// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target: the input, split at newlines into arguments, must either parse and resolve
// (with a fixed hpcg.dat when it gives no grid) or be rejected with an InputError.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/command_line.hpp"
#include "hpcg/problem/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(lines, line);) args.push_back(line);
  try {
    hpcg::CommandLine cli = hpcg::parse_command_line(args);
    hpcg::HpcgDat dat;
    dat.nx = dat.ny = dat.nz = 104;
    dat.runtime_seconds = 60;
    for (int ranks : {1, 3, 12}) {
      try {
        hpcg::MemoryTarget memory;
        memory.fraction = cli.memory_fraction.value_or(0.0);
        memory.gib = cli.memory_gib.value_or(0.0);
        hpcg::resolve_params(cli.hpcg, dat, ranks, memory);
      } catch (const hpcg::InputError&) {
      }
    }
  } catch (const hpcg::InputError&) {
  }
  return 0;
}
