// SPDX-License-Identifier: BSD-3-Clause
// One conformance suite for every backend in the registry's table (and the sample plugin), run
// with 1, 2 and 4 ranks and 1, 2 and 4 threads (4 on one rank only): the backend's checks against the reference pass,
// HPCG's validation passes, and the preconditioned CG converges. When the kokkos backend is
// built, two variants run too: its device code path on the host (separate memory) and point
// colouring.
#include <gtest/gtest.h>
#include <omp.h>

#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "hpcg/backends/registry.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/validation/backend_checks.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

bool backend_built(const std::string& name) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.name == name) return entry.built;
  }
  return false;
}

std::vector<std::string> backend_names() {
  std::vector<std::string> names;
  // cuda needs a GPU (label gpu, testing/cuda); its CPU emulation stands in for it here.
  for (const BackendEntry& entry : backend_table()) {
    if (!entry.takes_argument() && entry.name != "cuda") names.push_back(entry.name);
  }
  names.push_back("sample");
  names.push_back("cuda_emulation");
  if (backend_built("kokkos")) {
    names.insert(names.end(), {"kokkos_separate_memory", "kokkos_point_colors"});
  }
  return names;
}

std::unique_ptr<Backend> create_backend(const std::string& name) {
  if (name == "kokkos_separate_memory") return make_backend("kokkos", {true, false, ""});
  if (name == "kokkos_point_colors") return make_backend("kokkos", {false, false, "block_rows=1"});
  if (name == "cuda_emulation") return make_backend(std::string("plugin:") + HPCG_CUDA_EMULATION);
  return make_backend(name == "sample" ? std::string("plugin:") + HPCG_SAMPLE_PLUGIN : name);
}

class Conformance : public ::testing::TestWithParam<std::tuple<std::string, int>> {
 protected:
  void SetUp() override {
    // Four threads per rank is one rank's case, and several threads beside a halo two ranks'
    // case: more ranks add no row partition that fewer lack, and only oversubscribe the test
    // machine's cores.
    const int threads = std::get<1>(GetParam()), ranks = Comm().size();
    if (threads == 4 && ranks > 1) GTEST_SKIP() << "4 threads run on one rank only";
    if (threads > 1 && ranks > 2) GTEST_SKIP() << "threads run on 1 and 2 ranks only";
    omp_set_num_threads(std::get<1>(GetParam()));
  }
  void TearDown() override { omp_set_num_threads(1); }
};

TEST_P(Conformance, KernelsAgreeWithTheReferenceAndValidationPasses) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 24, 16), comm);
  auto backend = create_backend(std::get<0>(GetParam()));
  backend->optimize(problem);
  Workspace ws(*backend, problem, comm);

  TestVectorSource source;
  DeclaredPreconditioner declared(*backend, problem, comm);
  BackendCheckResult checks = check_backend(ws, source, declared);
  for (const auto& failure : checks.failures) ADD_FAILURE() << failure;
  EXPECT_LE(checks.spmv_error, 1e-12);
  // Every built-in backend declares its Gauss-Seidel order, so its V-cycle is checked exactly.
  EXPECT_TRUE(checks.exact);
  EXPECT_LE(checks.symgs_difference, declared_order_tolerance);
  EXPECT_LE(checks.mg_difference, declared_order_tolerance);

  SymmetryTestResult symmetry = test_symmetry(ws, source);
  EXPECT_TRUE(symmetry.passed()) << "SpMV " << symmetry.spmv_departure << " MG "
                                 << symmetry.mg_departure;
  CgTestResult cg_test = test_cg(ws);
  EXPECT_TRUE(cg_test.passed()) << cg_test.max_unpreconditioned << " / "
                                << cg_test.max_preconditioned;
}

TEST_P(Conformance, PreconditionedCgConvergesLikeTheReference) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  auto reference = make_backend("reference");
  auto backend = create_backend(std::get<0>(GetParam()));
  reference->optimize(problem);
  backend->optimize(problem);
  Workspace reference_ws(*reference, problem, comm), ws(*backend, problem, comm);
  KernelTimes times;
  double expected = run_cg(reference_ws, {5, 0.0, true}, times).scaled_residual();
  double actual = run_cg(ws, {5, 0.0, true}, times).scaled_residual();
  // Another Gauss-Seidel ordering changes convergence a little, never by orders of magnitude.
  EXPECT_LT(actual, 10.0 * expected);
  EXPECT_GT(actual, 0.1 * expected);
}

INSTANTIATE_TEST_SUITE_P(Backends, Conformance,
                         ::testing::Combine(::testing::ValuesIn(backend_names()),
                                            ::testing::Values(1, 2, 4)),
                         [](const auto& test) {  // gtest's macro has a parameter `info`
                           return std::get<0>(test.param) + "_threads" +
                                  std::to_string(std::get<1>(test.param));
                         });

}  // namespace
}  // namespace hpcg
