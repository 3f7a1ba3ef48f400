// SPDX-License-Identifier: BSD-3-Clause
// How this program was built and which MPI library it runs on, for the JSON report: a rating
// means little without the compiler, its flags and the MPI underneath.
#pragma once

#include <string>

namespace hpcg {

struct BuildInfo {
  std::string compiler;     ///< "GNU 12.2.0"
  std::string flags;        ///< the C++ flags of the benchmark's targets
  std::string build_type;   ///< CMAKE_BUILD_TYPE
  std::string mpi_library;  ///< MPI_Get_library_version's first line
};

/// Compiler, flags and build type come from CMake compile definitions; the MPI library from
/// MPI_Get_library_version (allowed before MPI_Init).
BuildInfo build_info();

}  // namespace hpcg
