// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/backend_choice.hpp"

#include <cstdlib>

#include "hpcg/base/error.hpp"

namespace hpcg {

BackendChoice choose_backend(const CommandLine& cli) {
  BackendChoice choice;
  choice.name = cli.backend;
  const char* from_environment = std::getenv("HPCG_BACKEND");
  if (choice.name.empty() && from_environment != nullptr && *from_environment != '\0') {
    choice.name = from_environment;
    bool known = false;
    std::string names;
    for (const BackendEntry& entry : backend_table()) {
      known = known || entry.matches(choice.name);
      names += " " + entry.name;
    }
    if (!known) {
      throw InputError("the environment variable HPCG_BACKEND=" + choice.name +
                       " names no backend; available:" + names +
                       "; unset it or give --backend=NAME");
    }
  }
  if (choice.name.empty()) choice.name = default_backend_name();
  choice.entry = &find_backend(choice.name);
  choice.options.separate_memory = cli.separate_memory;
  choice.options.mpi_reads_backend_memory = cli.gpu_aware_mpi;
  choice.options.settings = cli.backend_settings;
  check_backend_settings(*choice.entry, choice.options.settings);
  return choice;
}

std::unique_ptr<Backend> make_backend(const BackendChoice& choice) {
  HPCG_REQUIRE(choice.entry != nullptr);
  return make_backend(*choice.entry, choice.name, choice.options);
}

}  // namespace hpcg
