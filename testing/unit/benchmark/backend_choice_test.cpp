// SPDX-License-Identifier: BSD-3-Clause
// The backend's run options: --backend before HPCG_BACKEND before the default, and the
// backend's flags carried into its options, none of them into HPCG's Params.
#include <gtest/gtest.h>

#include <cstdlib>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/backend_choice.hpp"

namespace hpcg {
namespace {

/// Sets or clears HPCG_BACKEND for one test and puts the old value back.
class BackendEnvironment {
 public:
  explicit BackendEnvironment(const char* value) {
    if (const char* old = std::getenv("HPCG_BACKEND")) saved_ = old, had_ = true;
    if (value != nullptr) {
      setenv("HPCG_BACKEND", value, 1);
    } else {
      unsetenv("HPCG_BACKEND");
    }
  }
  ~BackendEnvironment() {
    if (had_) {
      setenv("HPCG_BACKEND", saved_.c_str(), 1);
    } else {
      unsetenv("HPCG_BACKEND");
    }
  }

 private:
  std::string saved_;
  bool had_ = false;
};

TEST(BackendChoice, FlagThenEnvironmentThenDefault) {
  {
    BackendEnvironment environment("openmp");
    EXPECT_EQ(choose_backend(parse_command_line({"--backend=reference"})).name, "reference");
    EXPECT_EQ(choose_backend(parse_command_line({})).name, "openmp");
  }
  BackendEnvironment environment(nullptr);
  EXPECT_EQ(choose_backend(parse_command_line({})).name, default_backend_name());
}

TEST(BackendChoice, CarriesTheBackendsFlags) {
  const BackendChoice plain = choose_backend(parse_command_line({"--backend=reference"}));
  EXPECT_FALSE(plain.options.separate_memory);
  EXPECT_FALSE(plain.options.mpi_reads_backend_memory);
  EXPECT_EQ(plain.options.settings, "");
  const BackendChoice chosen = choose_backend(parse_command_line(
      {"--backend=kokkos", "--separate-memory", "--gpu-aware-mpi", "--backend-settings=block_rows=4"}));
  EXPECT_EQ(chosen.name, "kokkos");
  EXPECT_TRUE(chosen.options.separate_memory);
  EXPECT_TRUE(chosen.options.mpi_reads_backend_memory);
  EXPECT_EQ(chosen.options.settings, "block_rows=4");
}

TEST(BackendChoice, LooksTheNameUpOnceAndChecksTheSettings) {
  BackendEnvironment environment(nullptr);
  const BackendChoice choice = choose_backend(parse_command_line({"--backend=reference"}));
  ASSERT_NE(choice.entry, nullptr);
  EXPECT_EQ(choice.entry->name, "reference");
  EXPECT_THROW(choose_backend(parse_command_line({"--backend=nope"})), InputError);
  EXPECT_THROW(choose_backend(parse_command_line({"--backend=reference",
                                                  "--backend-settings=colouring=hash"})),
               InputError);
  EXPECT_NO_THROW(choose_backend(parse_command_line({"--backend=plugin:/none.so",
                                                     "--backend-settings=anything=1"})))
      << "a plugin reads its settings itself, when it is loaded";
}

}  // namespace
}  // namespace hpcg
