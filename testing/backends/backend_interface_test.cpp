// SPDX-License-Identifier: BSD-3-Clause
// The backend interface itself: kernels a backend does not provide fall back to the reference,
// the optimisation phase's time and memory are charged in the rating and the report, and a
// backend failing on one rank stops every rank with the same error.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "hpcg/backend/registry.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/benchmark.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/solver/multigrid.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

/// Provides nothing: every kernel is the reference's.
class EmptyBackend : public Backend {
 public:
  std::string name() const override { return "empty"; }
  std::string version() const override { return "0"; }
};

/// Slow, memory-hungry optimisation phase; optionally failing on the last rank.
class CostlyBackend : public EmptyBackend {
 public:
  explicit CostlyBackend(bool fail_on_last_rank = false) : fail_(fail_on_last_rank) {}
  void optimize(Problem& problem) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const Geometry& g = problem.fine().geometry;
    if (fail_ && g.rank == g.ranks - 1) throw BackendError("costly: device lost");
  }
  double optimization_bytes() const override { return 1.0e6; }

 private:
  bool fail_;
};

Params tiny_run() { return testing::small_params(16, 16, 16); }

TEST(BackendInterface, MissingKernelsFallBackToTheReference) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  EmptyBackend empty;
  auto reference = make_backend("reference");
  KernelSet none = empty.optimized_kernels();
  EXPECT_FALSE(none.spmv || none.mg || none.dot || none.waxpby);
  const Level& fine = problem.fine();
  Vector r(fine.A.columns), a(fine.A.columns), b(fine.A.columns);
  TestVectorSource source;
  source.fill(r);
  apply_mg(empty, problem, r, a);
  apply_mg(*reference, problem, r, b);
  bool same = true;
  for (local_int i = 0; i < fine.A.rows; ++i) same = same && a[i] == b[i];
  EXPECT_EQ(comm.max(same ? 0 : 1), 0);
}

TEST(BackendInterface, PluginReportsWhatItReplacesAndItsMemory) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  auto plugin = make_backend(std::string("plugin:") + HPCG_SAMPLE_PLUGIN);
  EXPECT_EQ(plugin->name(), "plugin:sample");
  KernelSet all = plugin->optimized_kernels();
  EXPECT_TRUE(all.spmv && all.mg && all.dot && all.waxpby);
  EXPECT_EQ(plugin->optimization_bytes(), 0.0);  // nothing allocated before optimize
  plugin->optimize(problem);
  EXPECT_GT(plugin->optimization_bytes(), 0.0);
}

TEST(BackendInterface, OptimizationTimeAndMemoryAreCharged) {
  Comm comm;
  CostlyBackend backend;
  RunLog log;
  BenchmarkResults results = run_benchmark(tiny_run(), comm, backend, log, [](auto&) {});
  EXPECT_TRUE(results.valid());
  EXPECT_GE(results.optimize_seconds, 0.3);
  EXPECT_DOUBLE_EQ(results.optimization_bytes, 1.0e6 * comm.size());
  EXPECT_DOUBLE_EQ(estimate_memory(results).optimization_bytes, 1.0e6 * comm.size());
  // The official rating divides by the timed time plus a tenth of setup and optimisation per set.
  const double charged = results.times.total +
                         results.sets * (results.optimize_seconds + results.setup_seconds) / 10.0;
  EXPECT_DOUBLE_EQ(charged_seconds(results), charged);
  EXPECT_NEAR(compute_ratings(results).official,
              count_flops(results).total_with_convergence / charged / 1e9, 1e-12);
  EXPECT_LT(compute_ratings(results).official, compute_ratings(results).with_convergence);
}

TEST(BackendInterface, AFailureOnOneRankStopsEveryRank) {
  Comm comm;
  CostlyBackend backend(true);
  RunLog log;
  int status = 0;
  std::string message;
  try {
    run_benchmark(tiny_run(), comm, backend, log, [](auto&) {});
  } catch (const CollectiveError& error) {
    status = static_cast<int>(error.status());
    message = error.what();
  }
  EXPECT_EQ(status, static_cast<int>(ExitStatus::backend_error));
  EXPECT_EQ(message, "costly: device lost");
}

}  // namespace
}  // namespace hpcg
