// SPDX-License-Identifier: BSD-3-Clause
// The backend interface itself: kernels a backend does not provide fall back to the reference,
// also for a backend whose memory is separate (the defaults stage through host copies, and the
// bytes that cross are counted), the optimisation phase's time and memory are charged in the
// rating and the report, the registry's table, a backend failing on one rank stops every rank
// with the same error, and a step that follows a halo exchange runs in two parts around it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/benchmark/benchmark.hpp"
#include "hpcg/benchmark/run_plan.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/solver/cg.hpp"
#include "hpcg/solver/host_calls.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

/// Provides nothing: every kernel is the reference's.
class EmptyBackend : public Backend {
 public:
  std::string name() const override { return "empty"; }
  std::string version() const override { return "0"; }
};

/// Keeps its vectors where the core's default kernels cannot use them in place: they reach them
/// only through upload and download, as on a device. Counts fence() calls.
class SeparateMemoryBackend : public EmptyBackend {
 public:
  MemoryKind memory() const override { return MemoryKind::separate; }
  void upload(const double* host, local_int begin, local_int count, BackendVector& v) override {
    std::memcpy(values(v) + begin, host, sizeof(double) * count);
  }
  void download(const BackendVector& v, local_int begin, local_int count,
                double* host) override {
    std::memcpy(host, values(v) + begin, sizeof(double) * count);
  }
  void fence() override { ++fences; }
  long fences = 0;

 protected:
  double* host_data(const BackendVector&) override { return nullptr; }

 private:
  static double* values(const BackendVector& v) { return static_cast<double*>(v.handle()); }
};

/// A backend declaring its steps asynchronous (as a GPU stream's), on separate or host memory.
template <class Base>
class Asynchronous : public Base {
 public:
  bool asynchronous() const override { return true; }
};

/// Slow, memory-hungry optimisation phase; optionally failing on the last rank.
class CostlyBackend : public EmptyBackend {
 public:
  explicit CostlyBackend(bool fail_on_last_rank = false) : fail_(fail_on_last_rank) {}
  void prepare(const Problem& problem) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const Geometry& g = problem.fine().geometry;
    if (fail_ && g.rank == g.ranks - 1) throw BackendError("costly: device lost");
  }
  double optimization_bytes() const override { return 1.0e6; }

 private:
  bool fail_;
};

/// A 16^3 QuickPath plan, the backend's options left at their defaults.
// Whole benchmark runs on one and two ranks: on four they add no halo case and take a minute of
// oversubscribed cores (integration.ranks4 runs xhpcg on four).
constexpr int whole_run_max_ranks = 2;

RunPlan tiny_run() {
  RunPlan plan;
  plan.params = testing::small_params(16, 16, 16);
  const Comm comm;
  plan.geometry = make_geometry(plan.params, comm.rank(), comm.size());
  return plan;
}

TEST(BackendInterface, MissingKernelsFallBackToTheReference) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  EmptyBackend empty;
  auto reference = make_backend("reference");
  KernelSet none = empty.optimized_kernels();
  EXPECT_FALSE(none.spmv || none.mg || none.dot || none.waxpby);
  empty.optimize(problem);
  reference->optimize(problem);
  Workspace empty_ws(empty, problem, comm), reference_ws(*reference, problem, comm);
  const local_int rows = problem.fine().A.rows;
  const Vector r = testing::random_rows(rows, rows);

  const Vector a = on_host::mg(empty_ws, r), b = on_host::mg(reference_ws, r);

  EXPECT_EQ(testing::max_difference(comm, rows, a, b), 0.0);
}

TEST(BackendInterface, DefaultKernelsOnSeparateMemoryMatchTheReferenceAndCountTheirCopies) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  SeparateMemoryBackend separate;
  auto reference = make_backend("reference");
  separate.optimize(problem);
  reference->optimize(problem);
  Workspace separate_ws(separate, problem, comm), reference_ws(*reference, problem, comm);
  const TransferCounts before = separate_ws.transfers();
  KernelTimes times;

  const CgResult expected = run_cg(reference_ws, {5, 0.0, true}, times);
  const CgResult actual = run_cg(separate_ws, {5, 0.0, true}, times);

  EXPECT_EQ(actual.residual_norm, expected.residual_norm);  // the same kernels, bit for bit
  EXPECT_EQ(reference_ws.transfers().bytes, 0.0);           // host memory: nothing crosses
  EXPECT_GT(separate_ws.transfers().bytes, before.bytes);   // staged, and counted
  EXPECT_GT(separate.fences, 0);                            // the timers waited for the kernels
}

// A synchronous backend is fenced after every CG step so that each kernel's time is its own;
// an asynchronous one only where a run ends (its values come back finished anyway).
TEST(BackendInterface, AnAsynchronousBackendIsFencedOncePerCgRun) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  SeparateMemoryBackend synchronous;
  Asynchronous<SeparateMemoryBackend> asynchronous;
  synchronous.optimize(problem);
  asynchronous.optimize(problem);
  Workspace synchronous_ws(synchronous, problem, comm);
  Workspace asynchronous_ws(asynchronous, problem, comm);
  KernelTimes times;
  const long before = asynchronous.fences;
  const CgResult expected = run_cg(synchronous_ws, {5, 0.0, true}, times);
  const CgResult actual = run_cg(asynchronous_ws, {5, 0.0, true}, times);
  EXPECT_EQ(actual.residual_norm, expected.residual_norm);
  EXPECT_EQ(asynchronous.fences - before, 1);
  EXPECT_GT(synchronous.fences, 5 * 5);  // at least the five steps of each of 5 iterations
}

/// Records the halo calls and the parts of the SpMV in the order the core makes them.
class RecordingBackend : public EmptyBackend {
 public:
  void pack_halo(int l, const BackendVector& x, double* send) override {
    calls += "pack ";
    Backend::pack_halo(l, x, send);
  }
  void unpack_halo(int l, const double* receive, BackendVector& x) override {
    calls += "unpack ";
    Backend::unpack_halo(l, receive, x);
  }
  void spmv_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) override {
    calls += part == HaloPart::before_halo ? "before " : "after ";
    Backend::spmv_part(part, l, x, y);
  }
  std::string calls;
};

TEST(BackendInterface, AStepAfterAHaloRunsItsFirstPartWhileTheMessagesTravel) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  RecordingBackend recording;
  auto reference = make_backend("reference");
  recording.optimize(problem);
  reference->optimize(problem);
  Workspace ws(recording, problem, comm), reference_ws(*reference, problem, comm);
  const SparseMatrix& A = problem.fine().A;
  const Vector x = testing::random_rows(A.rows, A.columns);

  const Vector y = on_host::spmv(ws, 0, x);

  EXPECT_EQ(recording.calls, comm.size() > 1 ? "pack before unpack after " : "before after ");
  EXPECT_EQ(testing::max_difference(comm, A.rows, y, on_host::spmv(reference_ws, 0, x)), 0.0);
}

TEST(BackendInterface, HaloBytesAreCountedOnlyWhereRanksExchange) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  auto reference = make_backend("reference");
  reference->optimize(problem);
  Workspace ws(*reference, problem, comm);
  const local_int columns = problem.fine().A.columns, rows = problem.fine().A.rows;
  BackendVector x = ws.upload(0, VectorRole::check, testing::random_rows(rows, columns));

  ws.exchange_halo(0, x);

  const double halo_values = static_cast<double>(
      problem.fine().A.exchange.halo().send_rows.size() + (columns - rows));
  EXPECT_EQ(ws.transfers().halo_bytes, sizeof(double) * halo_values);
  EXPECT_EQ(comm.size() == 1, ws.transfers().halo_bytes == 0.0);
}

TEST(BackendInterface, TheRegistryTableCreatesEveryRowAndRefusesUnsupportedModes) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.takes_argument()) {
      EXPECT_TRUE(entry.matches("plugin:/some/path.so")) << entry.name;
      continue;
    }
    if (entry.name == "cuda") continue;  // needs a GPU: testing/cuda (label gpu)
    auto backend = make_backend(entry.name);
    EXPECT_EQ(backend->name(), entry.name);
    EXPECT_TRUE(entry.matches(entry.name));
    EXPECT_GE(entry.memory_share, 0.0);
  }
  BackendOptions separate;
  separate.separate_memory = true;
  EXPECT_THROW(make_backend("openmp", separate), InputError);
  EXPECT_THROW(make_backend("reference", separate), InputError);
  EXPECT_THROW(make_backend("no-such-backend"), InputError);
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

TEST(BackendInterface, AHostBackendMovesNothingButHalosInTheTimedSets) {
  Comm comm;
  if (comm.size() > whole_run_max_ranks) GTEST_SKIP() << "whole runs on 1 and 2 ranks only";
  auto openmp = make_backend("openmp");
  RunLog log;
  BenchmarkResults results = run_benchmark(tiny_run(), comm, *openmp, log, [](auto&) {});
  EXPECT_TRUE(results.valid());
  EXPECT_EQ(results.timed_transfers.bytes, 0.0);
  EXPECT_EQ(comm.size() > 1, results.timed_transfers.halo_bytes > 0.0);
}

TEST(BackendInterface, OptimizationTimeAndMemoryAreCharged) {
  Comm comm;
  if (comm.size() > whole_run_max_ranks) GTEST_SKIP() << "whole runs on 1 and 2 ranks only";
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
