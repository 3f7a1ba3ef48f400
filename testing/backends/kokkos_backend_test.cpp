// SPDX-License-Identifier: BSD-3-Clause
// What is particular to the kokkos backend: on one thread it is the reference's ordering (up to
// rounding: its split matrix sums a row in another order); its device code path (copies at kernel boundaries, halo values staged through the host)
// gives exactly what the aliasing host path gives; its fused V-cycle equals the core's V-cycle
// built from its kernels; its colourings are valid; and --kokkos-* arguments are taken out of argv.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "../../src/backends/kokkos/kokkos_backend.hpp"
#include "hpcg/backend/block_coloring.hpp"
#include "hpcg/backend/registry.hpp"
#include "hpcg/solver/multigrid.hpp"
#include "hpcg/validation/validation.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

using backends::kokkos::KokkosBackend;
using backends::kokkos::KokkosOptions;

/// The kokkos backend's kernels, but the core's V-cycle (mg() not overridden).
class UnfusedKokkos : public KokkosBackend {
 public:
  using KokkosBackend::KokkosBackend;
  bool mg(Problem&, const Vector&, Vector&) override { return false; }
};

using testing::max_difference;
using testing::max_magnitude;
using testing::random_rows;

TEST(KokkosBackend, OneThreadIsTheReferenceOrderingUpToRounding) {
  if (backends::kokkos::concurrency() != 1) GTEST_SKIP() << "Kokkos runs more than one thread";
  // The reference's threaded dot product adds per-thread partial sums: one thread here too.
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 24), comm);
  auto reference = make_backend("reference");
  KokkosBackend kokkos;
  kokkos.optimize(problem);
  const Level& fine = problem.fine();
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  Vector expected(fine.A.columns), actual(fine.A.columns);
  apply_mg(*reference, problem, r, expected);
  apply_mg(kokkos, problem, r, actual);
  // Natural order on one thread, as the reference; only summation orders differ (L, then U in a
  // row; four products at a time in a dot), so results agree to a few ulps, far from what
  // another ordering gives (about 1e-2).
  EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual),
            1e-13 * max_magnitude(comm, fine.A.rows, expected));
  const double dot = reference->dot(fine.A.rows, r, expected);
  EXPECT_NEAR(kokkos.dot(fine.A.rows, r, expected), dot, 1e-14 * std::fabs(dot));
  omp_set_num_threads(threads);
}

TEST(KokkosBackend, StoresLColumnsIn16BitsOnlyWhereTheyFit) {
  // 16 x 16: L's columns lie within nx * ny + nx + 1 of their rows; 184 x 184 = 33856 > 32767.
  for (const auto& [nx, offsets] : {std::pair<local_int, bool>{16, true}, {184, false}}) {
    Comm comm;
    Problem problem = generate_problem(testing::small_geometry(comm, nx, nx, 8), comm);
    Level& fine = problem.fine();
    // One block per rank is the reference's natural order at any thread count: both storages
    // must give its V-cycle and SpMV up to rounding.
    KokkosBackend kokkos(KokkosOptions{false, fine.A.rows});
    kokkos.optimize(problem);
    EXPECT_EQ(kokkos.lower_offsets_per_level().front(), offsets) << nx;
    auto reference = make_backend("reference");
    Vector r = random_rows(fine.A.rows, fine.A.columns);
    Vector expected(fine.A.columns), actual(fine.A.columns);
    apply_mg(*reference, problem, r, expected);
    apply_mg(kokkos, problem, r, actual);
    const double largest = max_magnitude(comm, fine.A.rows, expected);
    EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual), 1e-13 * largest)
        << nx << ": V-cycle";
    Vector y(fine.A.rows), z(fine.A.rows);
    apply_spmv(*reference, fine, expected, y);
    apply_spmv(kokkos, fine, expected, z);
    EXPECT_LE(max_difference(comm, fine.A.rows, y, z), 1e-12 * largest) << nx << ": SpMV";
  }
}

TEST(KokkosBackend, SeparateMemoryGivesExactlyTheHostPathResults) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 24, 16), comm);
  KokkosBackend host;
  KokkosBackend separate(KokkosOptions{true, 0});
  host.optimize(problem);
  separate.optimize(problem);
  EXPECT_TRUE(separate.separate_memory());
  EXPECT_GT(separate.optimization_bytes(), host.optimization_bytes());
  Level& fine = problem.fine();
  const local_int n = fine.A.rows;
  Vector r = random_rows(n, fine.A.columns);
  Vector a(fine.A.columns), b(fine.A.columns);
  apply_mg(host, problem, r, a);
  apply_mg(separate, problem, r, b);
  EXPECT_EQ(max_difference(comm, n, a, b), 0.0) << "V-cycle";
  apply_spmv(host, fine, a, r);
  Vector y(n);
  apply_spmv(separate, fine, a, y);
  EXPECT_EQ(max_difference(comm, n, r, y), 0.0) << "SpMV";
  b.copy_from(a);
  apply_symgs(host, fine, r, a);
  apply_symgs(separate, fine, r, b);
  EXPECT_EQ(max_difference(comm, n, a, b), 0.0) << "SymGS";
  EXPECT_EQ(host.dot(n, a, r), separate.dot(n, a, r));
  host.waxpby(n, 2.0, a, -0.5, r, y);
  separate.waxpby(n, 2.0, a, -0.5, r, b);
  EXPECT_EQ(max_difference(comm, n, y, b), 0.0) << "WAXPBY";
}

TEST(KokkosBackend, FusedVCycleEqualsTheCoreVCycle) {
  for (local_int block_rows : {0, 1, 200}) {
    Comm comm;
    Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
    KokkosBackend fused(KokkosOptions{false, block_rows});
    UnfusedKokkos unfused(KokkosOptions{false, block_rows});
    fused.optimize(problem);
    unfused.optimize(problem);
    const Level& fine = problem.fine();
    Vector r = random_rows(fine.A.rows, fine.A.rows);
    Vector a(fine.A.columns), b(fine.A.columns);
    apply_mg(fused, problem, r, a);
    apply_mg(unfused, problem, r, b);
    EXPECT_LE(max_difference(comm, fine.A.rows, a, b), 1e-14) << block_rows << " rows per block";
  }
}

TEST(KokkosBackend, KokkosArgumentsAreTakenOutOfArgv) {
  std::vector<std::string> words{"xhpcg", "--nx=16", "--kokkos-disable-warnings", "64",
                                 "--kokkos-threads=1", "--help"};
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(words.size());
  // Kokkos already runs (the test environment started it): only the arguments change.
  initialize_backends(argc, argv.data());
  ASSERT_EQ(argc, 4);
  EXPECT_STREQ(argv[0], "xhpcg");
  EXPECT_STREQ(argv[1], "--nx=16");
  EXPECT_STREQ(argv[2], "64");
  EXPECT_STREQ(argv[3], "--help");
  EXPECT_EQ(argv[4], nullptr);
}

TEST(KokkosBackend, IsRegisteredAndReplacesEveryKernel) {
  auto backend = make_backend("kokkos");
  EXPECT_EQ(backend->name(), "kokkos");
  EXPECT_NE(backend->version().find("Kokkos"), std::string::npos);
  KernelSet kernels = backend->optimized_kernels();
  EXPECT_TRUE(kernels.spmv && kernels.mg && kernels.dot && kernels.waxpby);
  auto listed = available_backends();
  auto is_kokkos = [](const BackendDescription& b) { return b.name == "kokkos"; };
  EXPECT_EQ(std::count_if(listed.begin(), listed.end(), is_kokkos), 1);
}

}  // namespace
}  // namespace hpcg
