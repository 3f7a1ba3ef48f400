// SPDX-License-Identifier: BSD-3-Clause
// What is particular to the kokkos backend: on one thread it is the reference's ordering (up to
// rounding: its split matrix sums a row in another order); its device code path (vectors apart
// from the host's, halo values staged through it) gives exactly what the host path gives, and
// moves only halo values during CG; its fused V-cycle steps equal the unfused ones built from
// its kernels; and --kokkos-* arguments are taken out of argv.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../../src/backends/kokkos/kokkos_backend.hpp"
#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "hpcg/validation/validation.hpp"
#include "test_problem.hpp"
#include "unfused_backend.hpp"

namespace hpcg {
namespace {

using backends::kokkos::KokkosBackend;
using backends::kokkos::KokkosOptions;

using UnfusedKokkos = testing::Unfused<KokkosBackend>;

/// `backend` optimised for `problem`, with its vectors.
std::unique_ptr<Workspace> workspace(Backend& backend, Problem& problem, const Comm& comm) {
  backend.optimize(problem);
  return std::make_unique<Workspace>(backend, problem, comm);
}

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
  auto reference_ws = workspace(*reference, problem, comm);
  auto kokkos_ws = workspace(kokkos, problem, comm);
  const Level& fine = problem.fine();
  Vector r = random_rows(fine.A.rows, fine.A.rows);
  const Vector expected = on_host::mg(*reference_ws, r), actual = on_host::mg(*kokkos_ws, r);
  // Natural order on one thread, as the reference; only summation orders differ (L, then U in a
  // row; four products at a time in a dot), so results agree to a few ulps, far from what
  // another ordering gives (about 1e-2).
  EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual),
            1e-13 * max_magnitude(comm, fine.A.rows, expected));
  const double dot = on_host::dot(*reference_ws, r, expected);
  EXPECT_NEAR(on_host::dot(*kokkos_ws, r, expected), dot, 1e-14 * std::fabs(dot));
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
    auto kokkos_ws = workspace(kokkos, problem, comm);
    EXPECT_EQ(kokkos.lower_offsets_per_level().front(), offsets) << nx;
    auto reference = make_backend("reference");
    auto reference_ws = workspace(*reference, problem, comm);
    Vector r = random_rows(fine.A.rows, fine.A.columns);
    const Vector expected = on_host::mg(*reference_ws, r), actual = on_host::mg(*kokkos_ws, r);
    const double largest = max_magnitude(comm, fine.A.rows, expected);
    EXPECT_LE(max_difference(comm, fine.A.rows, expected, actual), 1e-13 * largest)
        << nx << ": V-cycle";
    const Vector y = on_host::spmv(*reference_ws, 0, expected);
    const Vector z = on_host::spmv(*kokkos_ws, 0, expected);
    EXPECT_LE(max_difference(comm, fine.A.rows, y, z), 1e-12 * largest) << nx << ": SpMV";
  }
}

TEST(KokkosBackend, SeparateMemoryGivesExactlyTheHostPathResults) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 24, 16), comm);
  KokkosBackend host;
  KokkosBackend separate(KokkosOptions{true, 0});
  auto host_ws = workspace(host, problem, comm);
  auto separate_ws = workspace(separate, problem, comm);
  EXPECT_TRUE(separate.separate_memory());
  EXPECT_EQ(separate.memory(), MemoryKind::separate);
  EXPECT_GT(separate.optimization_bytes(), host.optimization_bytes()) << "its vectors count";
  const local_int n = problem.fine().A.rows, columns = problem.fine().A.columns;
  const Vector r = random_rows(n, columns);

  const Vector a = on_host::mg(*host_ws, r), b = on_host::mg(*separate_ws, r);
  EXPECT_EQ(max_difference(comm, n, a, b), 0.0) << "V-cycle";
  EXPECT_EQ(max_difference(comm, n, on_host::spmv(*host_ws, 0, a),
                           on_host::spmv(*separate_ws, 0, a)), 0.0) << "SpMV";
  EXPECT_EQ(max_difference(comm, n, on_host::symgs(*host_ws, 0, r, a),
                           on_host::symgs(*separate_ws, 0, r, a)), 0.0) << "SymGS";
  EXPECT_EQ(on_host::dot(*host_ws, a, r), on_host::dot(*separate_ws, a, r));
  EXPECT_EQ(max_difference(comm, n, on_host::waxpby(*host_ws, 2.0, a, -0.5, r),
                           on_host::waxpby(*separate_ws, 2.0, a, -0.5, r)), 0.0) << "WAXPBY";
}

TEST(KokkosBackend, SeparateMemoryMovesOnlyHaloValuesInCg) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  KokkosBackend host;
  KokkosBackend separate(KokkosOptions{true, 0});
  auto host_ws = workspace(host, problem, comm);
  auto separate_ws = workspace(separate, problem, comm);
  const TransferCounts before = separate_ws->transfers();
  KernelTimes times;

  const CgResult expected = run_cg(*host_ws, {10, 0.0, true}, times);
  const CgResult actual = run_cg(*separate_ws, {10, 0.0, true}, times);

  EXPECT_EQ(actual.residual_norm, expected.residual_norm);
  const TransferCounts after = separate_ws->transfers();
  EXPECT_EQ(after.bytes - before.bytes, after.halo_bytes - before.halo_bytes);
  EXPECT_EQ(comm.size() > 1, after.halo_bytes > before.halo_bytes);
  EXPECT_EQ(host_ws->transfers().bytes, 0.0);

  // Under --gpu-aware-mpi MPI reads and writes the backend's own halo buffers (host memory on a
  // CPU space): then nothing crosses at all, and the results stay the same.
  KokkosBackend aware(KokkosOptions{true, 0});
  aware.optimize(problem);
  Workspace aware_ws(aware, problem, comm, true);
  ASSERT_TRUE(aware_ws.halo_in_backend_memory());
  const TransferCounts aware_before = aware_ws.transfers();
  EXPECT_EQ(run_cg(aware_ws, {10, 0.0, true}, times).residual_norm, expected.residual_norm);
  EXPECT_EQ(aware_ws.transfers().bytes, aware_before.bytes);
  EXPECT_EQ(aware_ws.transfers().halo_bytes - aware_before.halo_bytes,
            after.halo_bytes - before.halo_bytes);
}

TEST(KokkosBackend, FusedStepsEqualTheUnfusedVCycle) {
  for (local_int block_rows : {0, 1, 200}) {
    Comm comm;
    Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
    KokkosBackend fused(KokkosOptions{false, block_rows});
    UnfusedKokkos unfused(KokkosOptions{false, block_rows});
    auto fused_ws = workspace(fused, problem, comm);
    auto unfused_ws = workspace(unfused, problem, comm);
    const Level& fine = problem.fine();
    Vector r = random_rows(fine.A.rows, fine.A.rows);
    const Vector a = on_host::mg(*fused_ws, r), b = on_host::mg(*unfused_ws, r);
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
  const auto& listed = backend_table();
  auto is_kokkos = [](const BackendEntry& b) { return b.name == "kokkos"; };
  EXPECT_EQ(std::count_if(listed.begin(), listed.end(), is_kokkos), 1);
}

}  // namespace
}  // namespace hpcg
