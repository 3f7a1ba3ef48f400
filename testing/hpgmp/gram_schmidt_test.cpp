// SPDX-License-Identifier: BSD-3-Clause
// Gram-Schmidt's backend steps (basis_dots, subtract_projections, subtract_projections_dots) on
// 1, 2 and 4 ranks: openmp's and the cuda plugin's fused dots give their per-vector dots bit for
// bit in both precisions, kokkos's its fixed tree, every fused update the per-vector WAXPBYs'
// values up to one fused multiply-add per term, the middle step the backend's own update then
// its own dots bit for bit, the cuda plugin's entries run through the ABI, and xhpgmp's step
// checks name a backend whose fused step errs.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "hpcg/backends/blocked_sum.hpp"
#include "hpcg/backends/registry.hpp"
#include "hpcg/hpgmp/step_checks.hpp"
#include "test_problem.hpp"

namespace hpcg::hpgmp {
namespace {

NonsymProblem small_problem(const Comm& comm, int n = 16) {
  return generate_nonsym_problem(
      make_geometry(testing::small_params(n, n, n), comm.rank(), comm.size()), comm,
      Coefficients::reference);
}

/// The reference steps with one Gram-Schmidt step wrong in one precision: the last dot off by 10
/// (the check's scale, sum |q_j q| over 16^3 rows, is about 1400), or q_0's coefficient by 1e-2
/// (the update's scale, 1 + sum |c_j|, is about 23). The default middle step calls both, so it
/// errs with them; with `only_middle` the two steps are right and the middle step's dots are off.
class WrongGramSchmidt : public Backend {
 public:
  WrongGramSchmidt(bool wrong_dots, bool single, bool only_middle = false)
      : wrong_dots_(wrong_dots), single_(single), only_middle_(only_middle) {}
  std::string name() const override { return "wrong_gram_schmidt"; }
  std::string version() const override { return "test"; }
  void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                  double* h) override {
    Backend::basis_dots(n, k, basis, q, h);
    if (!only_middle_ && wrong_dots_ && q.single() == single_) h[k - 1] += 10.0;
  }
  void subtract_projections(local_int n, int k, const BackendVector* basis, const double* h,
                            BackendVector& q) override {
    std::vector<double> coefficients(h, h + k);
    if (!only_middle_ && !wrong_dots_ && q.single() == single_) coefficients[0] *= 1.01;
    Backend::subtract_projections(n, k, basis, coefficients.data(), q);
  }
  void subtract_projections_dots(local_int n, int k, const BackendVector* basis, const double* h,
                                 BackendVector& q, double* dots) override {
    Backend::subtract_projections_dots(n, k, basis, h, q, dots);
    if (only_middle_ && q.single() == single_) dots[0] -= 10.0;
  }

 private:
  bool wrong_dots_, single_, only_middle_;
};

TEST(GramSchmidtSteps, ChecksNameAWrongFusedStep) {
  Comm comm(MPI_COMM_WORLD);
  for (bool wrong_dots : {true, false}) {
    for (bool single : {true, false}) {
      NonsymProblem problem = small_problem(comm);
      WrongGramSchmidt backend(wrong_dots, single);
      backend.optimize(problem);
      MxpWorkspace ws(backend, problem);
      const std::string suffix = std::string(single ? "_float" : "") + " on level 0";
      const std::string step =
          std::string(wrong_dots ? "basis_dots" : "subtract_projections") + suffix;
      std::vector<std::string> reasons = check_steps(ws);
      ASSERT_EQ(reasons.size(), 2u) << step;
      EXPECT_NE(reasons[0].find("backend step " + step + " differs"), std::string::npos)
          << reasons[0];
      EXPECT_NE(reasons[1].find("backend step subtract_projections_dots" + suffix + " differs"),
                std::string::npos)
          << reasons[1];
    }
  }
  for (bool single : {true, false}) {
    NonsymProblem problem = small_problem(comm);
    WrongGramSchmidt backend(true, single, true);
    backend.optimize(problem);
    MxpWorkspace ws(backend, problem);
    const std::string step =
        std::string("subtract_projections_dots") + (single ? "_float" : "") + " on level 0";
    std::vector<std::string> reasons = check_steps(ws);
    ASSERT_EQ(reasons.size(), 1u) << step;
    EXPECT_NE(reasons[0].find("backend step " + step + " differs"), std::string::npos)
        << reasons[0];
  }
}

/// A float dot whose products keep half precision's 11 significant bits (truncated), on vectors of
/// one sign, is off by about 2^-12 of sum |x_i y_i|: far past what the reference's running float
/// sum loses on the same vectors, though under n 2^-24 at 32^3 rows.
TEST(FloatDotTolerance, HoldsADotToTheReferencesOwnRounding) {
  const local_int n = 32 * 32 * 32;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(0.5f, 1.0f);
  std::vector<float> x(n), y(n);
  double exact = 0, truncated = 0;
  for (local_int i = 0; i < n; ++i) {
    x[i] = value(random), y[i] = value(random);
    exact += double(x[i]) * y[i];
    float product = x[i] * y[i];
    std::uint32_t bits;
    std::memcpy(&bits, &product, sizeof bits);
    bits &= ~((1u << 13) - 1);  // 24 - 11 significand bits dropped
    std::memcpy(&product, &bits, sizeof bits);
    truncated += product;
  }
  const double error = std::abs(truncated - exact) / exact;  // every term positive: scale = exact
  EXPECT_LT(error, n * 0x1p-24);
  EXPECT_GT(error, float_dot_tolerance(n, x.data(), y.data(), exact, exact));
}

/// Whether the registry's row `name` is built into this binary.
bool backend_built(const std::string& name) {
  for (const BackendEntry& entry : backend_table()) {
    if (entry.name == name) return entry.built;
  }
  return false;
}

/// How a backend's fused dots sum: each as its dot() does, or in kokkos's tree.
enum class Dots { as_dot, tree };

/// The kokkos backend's tree for one dot (kokkos/gram_schmidt.cpp): a blocked sum per
/// summation_block rows, the block sums of each group of 64 pairwise, then the groups pairwise.
template <class T>
double tree_dot(const std::vector<T>& x, const std::vector<T>& y) {
  const auto n = static_cast<local_int>(x.size());
  const auto term = [&](local_int i) { return double(x[i]) * double(y[i]); };
  PairwiseSum groups, group;
  int blocks_in_group = 0;
  for (local_int start = 0; start < n; start += summation_block) {
    group.add(block_sum(start, std::min(n, start + summation_block), term));
    if (++blocks_in_group == 64) {
      groups.add(group.total());
      group = PairwiseSum();
      blocks_in_group = 0;
    }
  }
  if (blocks_in_group > 0) groups.add(group.total());
  return groups.total();
}

/// A backend's fused Gram-Schmidt steps against its own per-vector steps (Backend's defaults call
/// them) on k basis vectors (more than a kernel's chunk of 16 where a backend splits the basis):
/// the dots the same on every call and bit for bit their dot()'s (openmp, the cuda plugin) or
/// kokkos's tree (which a per-vector dot would not give), the update within one rounding per
/// term of the per-vector WAXPBYs', and the middle step (subtract_projections_dots) bit for bit
/// the backend's update, then its dots of the updated q.
template <class T>
void expect_fused_matches_per_vector(Backend& backend, NonsymProblem& problem, int k,
                                     Dots dots) {
  MxpWorkspace ws(backend, problem);
  const local_int n = problem.fine().A.rows;
  std::vector<BackendVector> basis;
  std::vector<std::vector<T>> host;
  for (int j = 0; j <= k; ++j) {
    std::vector<T>& values = host.emplace_back(n);
    for (local_int i = 0; i < n; ++i) {
      const int drawn = (i * 7919 + j * 104729 + problem.comm.rank() * 31) % 2001;
      values[i] = static_cast<T>(drawn / 1000.0 - 1.0);
    }
    basis.push_back(ws.allocate<T>(0, n));
  }
  auto upload = [&](const std::vector<T>& in, BackendVector& v) {
    if constexpr (std::is_same_v<T, float>) {
      backend.upload_float(in.data(), 0, n, v);
    } else {
      backend.upload(in.data(), 0, n, v);
    }
  };
  for (int j = 0; j <= k; ++j) upload(host[j], basis[j]);
  BackendVector& q = basis[k];
  std::vector<double> fused(k), again(k), per_vector(k);
  backend.basis_dots(n, k, basis.data(), q, fused.data());
  backend.basis_dots(n, k, basis.data(), q, again.data());
  backend.Backend::basis_dots(n, k, basis.data(), q, per_vector.data());
  for (int j = 0; j < k; ++j) {
    EXPECT_EQ(fused[j], again[j]) << "dot " << j << " differs from call to call";
    if (dots == Dots::as_dot) {
      EXPECT_EQ(fused[j], per_vector[j]) << "dot " << j;
    } else {
      EXPECT_EQ(fused[j], tree_dot(host[j], host[k])) << "dot " << j;
    }
  }

  std::vector<T> after_fused(n), after_per_vector(n);
  auto download = [&](const BackendVector& v, std::vector<T>& out) {
    if constexpr (std::is_same_v<T, float>) {
      backend.download_float(v, 0, n, out.data());
    } else {
      backend.download(v, 0, n, out.data());
    }
  };
  backend.subtract_projections(n, k, basis.data(), fused.data(), q);
  download(q, after_fused);
  upload(host[k], q);
  backend.Backend::subtract_projections(n, k, basis.data(), fused.data(), q);
  download(q, after_per_vector);
  upload(host[k], q);
  std::vector<double> middle(k), middle_again(k);
  std::vector<T> after_middle(n);
  backend.subtract_projections_dots(n, k, basis.data(), fused.data(), q, middle.data());
  download(q, after_middle);
  backend.basis_dots(n, k, basis.data(), q, middle_again.data());
  EXPECT_EQ(after_middle, after_fused) << "the middle step's update";
  EXPECT_EQ(middle, middle_again) << "the middle step's dots";
  // Each term may round once (WAXPBY's c * v, then the sum) or be one fused multiply-add.
  const double epsilon = std::numeric_limits<T>::epsilon();
  for (local_int i = 0; i < n; ++i) {
    double scale = std::abs(double(host[k][i]));
    for (int j = 0; j < k; ++j) scale += std::abs(fused[j] * host[j][i]);
    ASSERT_LE(std::abs(double(after_fused[i]) - after_per_vector[i]), 2 * k * epsilon * scale)
        << "entry " << i;
  }
}

/// Every backend that fuses the steps, in both precisions, with 7 basis vectors and with 20, at
/// 24^3 rows per rank: several of openmp's runs of the fused passes, the last one partial, and
/// in kokkos's tree 108 blocks of the dots' sums, a group of 64 and a partial one.
void expect_fused_matches_per_vector(const std::string& name, Dots dots) {
  Comm comm(MPI_COMM_WORLD);
  NonsymProblem problem = small_problem(comm, 24);
  std::unique_ptr<Backend> backend = make_backend(name);
  backend->optimize(problem);
  for (int k : {7, 20}) {
    SCOPED_TRACE(name + ", k = " + std::to_string(k));
    expect_fused_matches_per_vector<double>(*backend, problem, k, dots);
    expect_fused_matches_per_vector<float>(*backend, problem, k, dots);
  }
}

TEST(GramSchmidtSteps, OpenmpFusedEqualsPerVector) {
  expect_fused_matches_per_vector("openmp", Dots::as_dot);
}

TEST(GramSchmidtSteps, KokkosFusedSumsInItsTree) {
  if (!backend_built("kokkos")) GTEST_SKIP() << "the kokkos backend is not built";
  expect_fused_matches_per_vector("kokkos", Dots::tree);
}

/// Through the plugin ABI (3.3): the cuda plugin's executor on the CPU fuses the double steps,
/// its dots bit for bit its dot's; its float vectors are host vectors and run the defaults.
TEST(GramSchmidtSteps, CudaEmulationPluginFusedEqualsPerVector) {
  expect_fused_matches_per_vector(std::string("plugin:") + HPCG_CUDA_EMULATION, Dots::as_dot);
}

/// The ABI's entries are what runs: the emulation counts its kernels, two per chunk of 16 basis
/// vectors for the dots (block sums, then totals) and one for the update, where the per-vector
/// steps would launch two per dot and one per WAXPBY.
TEST(GramSchmidtSteps, CudaEmulationPluginRunsItsFusedKernels) {
  Comm comm(MPI_COMM_WORLD);
  NonsymProblem problem = small_problem(comm);
  BackendOptions options;
  options.settings = "traffic=count";
  std::unique_ptr<Backend> backend =
      make_backend(std::string("plugin:") + HPCG_CUDA_EMULATION, options);
  backend->optimize(problem);
  MxpWorkspace ws(*backend, problem);
  const local_int n = problem.fine().A.rows;
  constexpr int k = 20;
  std::vector<BackendVector> basis;
  for (int j = 0; j <= k; ++j) basis.push_back(ws.allocate<double>(0, n));
  std::vector<double> h(k, 0.5);
  auto kernels = [&] { return backend->kernel_traffic().value().kernels; };
  const double before = kernels();
  backend->basis_dots(n, k, basis.data(), basis[k], h.data());
  EXPECT_EQ(kernels() - before, 4.0);
  backend->subtract_projections(n, k, basis.data(), h.data(), basis[k]);
  EXPECT_EQ(kernels() - before, 6.0);
}

}  // namespace
}  // namespace hpcg::hpgmp
