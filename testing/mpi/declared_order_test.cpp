// SPDX-License-Identifier: BSD-3-Clause
// The exact checks of a backend that declares its Gauss-Seidel order, and the checks on CG's
// live vectors: an honest backend agrees to rounding; single precision on one level, a declared
// order the smoother does not follow, an order that is no permutation and a skipped smoothing
// are caught; the symmetry of CG's iterates catches single precision without any declaration.
#include "hpcg/validation/declared_preconditioner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "hpcg/solver/cg.hpp"
#include "hpcg/validation/backend_checks.hpp"
#include "hpcg/validation/live_checks.hpp"
#include "hpcg/version.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

enum class Fault { none, float_level_1, reversed_declaration, not_a_permutation, skip_coarsest,
                   float_fine_level };

/// The reference steps in host memory, declaring natural order (or not), with one fault.
class TestBackend final : public Backend {
 public:
  TestBackend(Fault fault, bool declares) : fault_(fault), declares_(declares) {}
  std::string name() const override { return "test"; }
  std::string version() const override { return version_string; }
  std::vector<local_int> sweep_order(int l) const override {
    if (!declares_) return {};
    std::vector<local_int> order(level(l).A.rows);
    std::iota(order.begin(), order.end(), 0);
    if (fault_ == Fault::reversed_declaration) std::reverse(order.begin(), order.end());
    if (fault_ == Fault::not_a_permutation) order[1] = order[0];
    return order;
  }
  void symgs_part(HaloPart part, int l, const BackendVector& r, BackendVector& x) override {
    Backend::symgs_part(part, l, r, x);
    if (part == HaloPart::before_halo) return;
    const bool in_float = (fault_ == Fault::float_fine_level && l == 0) ||
                          (fault_ == Fault::float_level_1 && l == 1);
    if (in_float) {
      double* values = host_data(x);
      for (local_int i = 0; i < level(l).A.rows; ++i) values[i] = float(values[i]);
    }
  }
  void symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) override {
    const bool coarsest = l + 1 == static_cast<int>(problem().levels.size());
    if (fault_ == Fault::skip_coarsest && coarsest) return fill(x, 0.0);
    Backend::symgs_zero_guess(l, r, x);
  }

 private:
  Fault fault_;
  bool declares_;
};

struct Checked {
  BackendCheckResult checks;
  std::string failures;  ///< all of them, for messages and matching
};

Checked check(Fault fault, bool declares) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  TestBackend backend(fault, declares);
  backend.optimize(problem);
  Workspace ws(backend, problem, comm);
  DeclaredPreconditioner declared(backend, problem, comm);
  TestVectorSource source;
  Checked result{check_backend(ws, source, declared), ""};
  for (const auto& failure : result.checks.failures) result.failures += failure + "\n";
  return result;
}

TEST(DeclaredOrder, TheReferenceStepsAgreeToRounding) {
  // The recomputation sums each row in four parts (declared_vcycle.hpp), the reference in one:
  // only rounding separates them, far below the limit.
  const Checked c = check(Fault::none, true);
  EXPECT_TRUE(c.checks.passed()) << c.failures;
  EXPECT_TRUE(c.checks.exact);
  EXPECT_LE(c.checks.symgs_difference, 1e-14) << "natural order is the reference's own";
  EXPECT_LE(c.checks.mg_difference, 1e-14);
}

TEST(DeclaredOrder, SinglePrecisionOnOneLevelIsCaught) {
  const Checked c = check(Fault::float_level_1, true);
  EXPECT_NE(c.failures.find("SymGS differs from SymGS in its declared order on level 1"),
            std::string::npos)
      << c.failures;
  EXPECT_NE(c.failures.find("the V-cycle differs from the V-cycle in its declared order"),
            std::string::npos)
      << c.failures;
  EXPECT_EQ(c.failures.find("SymGS differs from SymGS in its declared order on level 0"),
            std::string::npos)
      << c.failures;
}

TEST(DeclaredOrder, AnOrderTheSmootherDoesNotFollowIsCaught) {
  const Checked c = check(Fault::reversed_declaration, true);
  EXPECT_NE(c.failures.find("SymGS differs from SymGS in its declared order on level 0"),
            std::string::npos)
      << c.failures;
}

TEST(DeclaredOrder, AnOrderThatIsNoPermutationIsRefused) {
  const Checked c = check(Fault::not_a_permutation, true);
  EXPECT_FALSE(c.checks.exact);
  EXPECT_NE(c.failures.find("declared Gauss-Seidel order on level 0 names row 0 twice"),
            std::string::npos)
      << c.failures;
}

TEST(DeclaredOrder, ASkippedSmoothingOnTheCoarsestLevelIsCaught) {
  const Checked c = check(Fault::skip_coarsest, true);
  EXPECT_NE(c.failures.find("SymGS from a zero guess differs from SymGS in its declared order "
                            "on level 3"),
            std::string::npos)
      << c.failures;
  EXPECT_NE(c.failures.find("the V-cycle differs from the V-cycle in its declared order"),
            std::string::npos)
      << c.failures;
}

TEST(DeclaredOrder, WithoutADeclarationSinglePrecisionPassesTheApproximateChecks) {
  // Why the symmetry of CG's iterates is needed: on the fine level, symmetry and error reduction
  // of the smoother and the V-cycle cannot tell single from double precision.
  const Checked c = check(Fault::float_fine_level, false);
  EXPECT_FALSE(c.checks.exact);
  EXPECT_TRUE(c.checks.passed()) << c.failures;
}

/// Checks on every iteration of a 20-iteration CG run with `backend`'s vectors.
SpotCheckResult audit_cg(Fault fault, bool declares) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  TestBackend backend(fault, declares);
  backend.optimize(problem);
  Workspace ws(backend, problem, comm);
  DeclaredPreconditioner declared(backend, problem, comm);
  SpotCheckResult result;
  LiveChecks checks(ws, declared, result);
  CgAudit audit;
  audit.check = [&](const CgIterate& iterate) {
    checks.check(iterate, iterate.iteration % 5 == 0);
  };
  KernelTimes times;
  run_cg(ws, {20, 0.0, true}, times, &audit);
  return result;
}

TEST(LiveChecks, AnHonestRunPassesEveryCheck) {
  for (bool declares : {true, false}) {
    const SpotCheckResult result = audit_cg(Fault::none, declares);
    for (const auto& failure : result.failures) ADD_FAILURE() << failure;
    EXPECT_EQ(result.spmv_checks, 20);
    EXPECT_EQ(result.scalar_checks, 20);
    EXPECT_EQ(result.symmetry_checks, 19);
    EXPECT_EQ(result.mg_checks, 4);
    EXPECT_LE(result.worst_symmetry_departure, iterate_symmetry_tolerance / 100);
  }
}

TEST(LiveChecks, SinglePrecisionBreaksTheSymmetryOfCgsIterates) {
  const SpotCheckResult result = audit_cg(Fault::float_fine_level, false);
  EXPECT_GT(result.worst_symmetry_departure, 100 * iterate_symmetry_tolerance);
  bool named = false;
  for (const auto& failure : result.failures) {
    named = named || failure.find("is not symmetric between two of its iterates") !=
                         std::string::npos;
  }
  EXPECT_TRUE(named);
}

TEST(LiveChecks, ADeclaredOrderCatchesSinglePrecisionInTheVcycleExactly) {
  const SpotCheckResult result = audit_cg(Fault::float_level_1, true);
  EXPECT_GT(result.worst_mg_difference, 10 * declared_order_tolerance);
}

}  // namespace
}  // namespace hpcg
