// SPDX-License-Identifier: BSD-3-Clause
// Gram-Schmidt's backend steps (basis_dots, subtract_projections) on 1, 2 and 4 ranks: openmp's
// fused dots give the per-vector dots bit for bit in both precisions and its fused update the
// per-vector WAXPBYs' values up to one fused multiply-add per term, and xhpgmp's step checks
// name a backend whose fused step errs.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

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

/// The reference steps with one Gram-Schmidt step wrong in one precision: the last dot off by 1
/// (the check's scale, sum |q_j q| over 16^3 rows, is about 1400), or q_0's coefficient by 1e-3.
class WrongGramSchmidt : public Backend {
 public:
  WrongGramSchmidt(bool wrong_dots, bool single) : wrong_dots_(wrong_dots), single_(single) {}
  std::string name() const override { return "wrong_gram_schmidt"; }
  std::string version() const override { return "test"; }
  void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                  double* h) override {
    Backend::basis_dots(n, k, basis, q, h);
    if (wrong_dots_ && q.single() == single_) h[k - 1] += 1.0;
  }
  void subtract_projections(local_int n, int k, const BackendVector* basis, const double* h,
                            BackendVector& q) override {
    std::vector<double> coefficients(h, h + k);
    if (!wrong_dots_ && q.single() == single_) coefficients[0] *= 1.001;
    Backend::subtract_projections(n, k, basis, coefficients.data(), q);
  }

 private:
  bool wrong_dots_, single_;
};

TEST(GramSchmidtSteps, ChecksNameAWrongFusedStep) {
  Comm comm(MPI_COMM_WORLD);
  for (bool wrong_dots : {true, false}) {
    for (bool single : {true, false}) {
      NonsymProblem problem = small_problem(comm);
      WrongGramSchmidt backend(wrong_dots, single);
      backend.optimize(problem);
      MxpWorkspace ws(backend, problem);
      const std::string step = std::string(wrong_dots ? "basis_dots" : "subtract_projections") +
                               (single ? "_float" : "") + " on level 0";
      std::vector<std::string> reasons = check_steps(ws);
      ASSERT_EQ(reasons.size(), 1u) << step;
      EXPECT_NE(reasons[0].find("backend step " + step + " differs"), std::string::npos)
          << reasons[0];
    }
  }
}

/// openmp's fused step against its own per-vector steps (Backend's defaults call them).
template <class T>
void expect_fused_equals_per_vector(NonsymProblem& problem) {
  std::unique_ptr<Backend> backend = make_backend("openmp");
  backend->optimize(problem);
  MxpWorkspace ws(*backend, problem);
  const local_int n = problem.fine().A.rows;
  constexpr int k = 7;
  std::vector<BackendVector> basis;
  std::vector<std::vector<T>> host;
  for (int j = 0; j <= k; ++j) {
    std::vector<T>& values = host.emplace_back(n);
    for (local_int i = 0; i < n; ++i) {
      values[i] = static_cast<T>(((i * 7919 + j * 104729 + problem.comm.rank() * 31) % 2001) / 1000.0 - 1.0);
    }
    basis.push_back(ws.allocate<T>(0, n));
    if constexpr (std::is_same_v<T, float>) {
      backend->upload_float(values.data(), 0, n, basis.back());
    } else {
      backend->upload(values.data(), 0, n, basis.back());
    }
  }
  BackendVector& q = basis[k];
  std::vector<double> fused(k), per_vector(k);
  backend->basis_dots(n, k, basis.data(), q, fused.data());
  backend->Backend::basis_dots(n, k, basis.data(), q, per_vector.data());
  for (int j = 0; j < k; ++j) EXPECT_EQ(fused[j], per_vector[j]) << "dot " << j;

  BackendVector copy = ws.allocate<T>(0, n);
  std::vector<T> before(n), after_fused(n), after_per_vector(n);
  auto download = [&](const BackendVector& v, std::vector<T>& out) {
    if constexpr (std::is_same_v<T, float>) {
      backend->download_float(v, 0, n, out.data());
    } else {
      backend->download(v, 0, n, out.data());
    }
  };
  download(q, before);
  backend->subtract_projections(n, k, basis.data(), fused.data(), q);
  download(q, after_fused);
  if constexpr (std::is_same_v<T, float>) {
    backend->upload_float(before.data(), 0, n, q);
  } else {
    backend->upload(before.data(), 0, n, q);
  }
  backend->Backend::subtract_projections(n, k, basis.data(), fused.data(), q);
  download(q, after_per_vector);
  // Each term may round once (WAXPBY's c * v, then the sum) or be one fused multiply-add.
  const double epsilon = std::numeric_limits<T>::epsilon();
  for (local_int i = 0; i < n; ++i) {
    double scale = std::abs(double(before[i]));
    for (int j = 0; j < k; ++j) scale += std::abs(fused[j] * host[j][i]);
    ASSERT_LE(std::abs(double(after_fused[i]) - after_per_vector[i]), 2 * k * epsilon * scale)
        << "entry " << i;
  }
}

TEST(GramSchmidtSteps, OpenmpFusedEqualsPerVector) {
  Comm comm(MPI_COMM_WORLD);
  // 24^3 rows: several of the fused passes' runs in either precision, the last one partial.
  NonsymProblem problem = small_problem(comm, 24);
  expect_fused_equals_per_vector<double>(problem);
  expect_fused_equals_per_vector<float>(problem);
}

}  // namespace
}  // namespace hpcg::hpgmp
