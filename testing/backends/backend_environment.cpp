// SPDX-License-Identifier: BSD-3-Clause
// Process-wide backend runtimes for test programs that create backends by name, as xhpcg's
// main does: after the shared test main's MPI_Init, before its MPI_Finalize (GoogleTest sets
// environments up inside RUN_ALL_TESTS and tears them down after the last test).
#include <gtest/gtest.h>

#include "hpcg/backends/registry.hpp"

namespace hpcg {
namespace {

class BackendEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    static char program[] = "hpcg_test";
    char* argv[] = {program, nullptr};
    int argc = 1;
    initialize_backends(argc, argv);
  }
  void TearDown() override { finalize_backends(); }
};

// A static registration is safe here: this file is compiled into each test program, not into a
// static library whose unreferenced objects the linker would drop.
::testing::Environment* const environment =
    ::testing::AddGlobalTestEnvironment(new BackendEnvironment);

}  // namespace
}  // namespace hpcg
