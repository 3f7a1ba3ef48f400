// SPDX-License-Identifier: BSD-3-Clause
// HPCG_BUILD_* are set on this file alone by src/CMakeLists.txt, so that a flag change rebuilds
// one file.
#include "hpcg/report/build_info.hpp"

#include <mpi.h>

#include <sstream>

#ifndef HPCG_BUILD_COMPILER
#define HPCG_BUILD_COMPILER "unknown"
#endif
#ifndef HPCG_BUILD_FLAGS
#define HPCG_BUILD_FLAGS "unknown"
#endif
#ifndef HPCG_BUILD_TYPE
#define HPCG_BUILD_TYPE "unknown"
#endif

namespace hpcg {
namespace {

/// MPICH's version text runs to dozens of lines (its whole configure command); its first lines
/// name the version, ABI and device, and Open MPI's single line says it all.
std::string summarize_library_version(const std::string& text) {
  std::istringstream lines(text);
  std::string summary, line;
  for (int kept = 0; kept < 4 && std::getline(lines, line);) {
    if (line.find("configure") != std::string::npos) continue;
    std::string collapsed;
    for (char c : line) {
      const bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\0';
      if (!blank) collapsed += c;
      else if (!collapsed.empty() && collapsed.back() != ' ') collapsed += ' ';
    }
    while (!collapsed.empty() && collapsed.back() == ' ') collapsed.pop_back();
    if (collapsed.empty()) continue;
    summary += (summary.empty() ? "" : "; ") + collapsed;
    ++kept;
  }
  return summary;
}

}  // namespace

BuildInfo build_info() {
  BuildInfo info;
  info.compiler = HPCG_BUILD_COMPILER;
  info.flags = HPCG_BUILD_FLAGS;
  info.build_type = HPCG_BUILD_TYPE;
  char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int length = 0;
  if (MPI_Get_library_version(version, &length) == MPI_SUCCESS) {
    info.mpi_library = summarize_library_version(std::string(version, static_cast<size_t>(length)));
  }
  return info;
}

}  // namespace hpcg
