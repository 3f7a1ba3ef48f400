// SPDX-License-Identifier: BSD-3-Clause
// Kokkos' process-wide lifetime. Kokkos sees only the --kokkos-* arguments: given the whole
// command line, Kokkos 3 also answers xhpcg's own --help with its help text.
#include <Kokkos_Core.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "kokkos_backend.hpp"

namespace hpcg::backends::kokkos {
namespace {

bool started_here = false;

bool is_kokkos_argument(const char* argument) {
  return argument != nullptr && std::strncmp(argument, "--kokkos-", 9) == 0;
}

}  // namespace

void initialize(int& argc, char** argv) {
  static char fallback_name[] = "xhpcg";
  std::vector<char*> kokkos_argv{argc > 0 ? argv[0] : fallback_name};
  int kept = argc > 0 ? 1 : 0;
  for (int i = kept; i < argc; ++i) {
    if (is_kokkos_argument(argv[i])) {
      kokkos_argv.push_back(argv[i]);
    } else {
      argv[kept++] = argv[i];
    }
  }
  if (argc > 0) {
    argc = kept;
    argv[argc] = nullptr;
  }
  if (Kokkos::is_initialized()) return;
  int kokkos_argc = static_cast<int>(kokkos_argv.size());
  kokkos_argv.push_back(nullptr);
  Kokkos::initialize(kokkos_argc, kokkos_argv.data());
  started_here = true;
}

void finalize() {
  if (!started_here) return;
  Kokkos::finalize();
  started_here = false;
}

std::string configuration() {
  const int version = KOKKOS_VERSION;
  return "Kokkos " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) +
         "." + std::to_string(version % 100) + " " + Kokkos::DefaultExecutionSpace::name();
}

int concurrency() { return Kokkos::DefaultExecutionSpace().concurrency(); }

}  // namespace hpcg::backends::kokkos
