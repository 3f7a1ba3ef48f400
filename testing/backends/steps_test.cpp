// SPDX-License-Identifier: BSD-3-Clause
// The contract's one description (hpcg/backends/steps.hpp) drives the interface: a backend whose
// overrides are generated from the lists alone covers every step (a step added to the lists is
// recorded here without an edit), CG through it gives the reference's numbers bit for bit, and
// every whole step is its two parts in a row, before the halo and then after it.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "hpcg/backends/reference_backend.hpp"
#include "hpcg/solver/cg.hpp"
#include "test_problem.hpp"

namespace hpcg {
namespace {

/// Every step of the description overridden alike: counts the calls, then runs the default.
class RecordingSteps final : public Backend {
 public:
  std::string name() const override { return "recording"; }
  std::string version() const override { return "test"; }

#define HPCG_RECORD_HALO_STEP(name, result, parameters, arguments)             \
  result name##_part HPCG_STEP_WITH_PART parameters override {                  \
    ++calls[std::string(#name) + (part == HaloPart::before_halo ? ".before" : ".after")]; \
    return Backend::name##_part HPCG_STEP_PART_ARGUMENTS arguments;             \
  }
#define HPCG_RECORD_LOCAL_STEP(name, result, parameters, arguments) \
  result name parameters override {                                  \
    ++calls[#name];                                                  \
    return Backend::name arguments;                                  \
  }
  HPCG_HALO_STEPS(HPCG_RECORD_HALO_STEP)
  HPCG_LOCAL_STEPS(HPCG_RECORD_LOCAL_STEP)
#undef HPCG_RECORD_HALO_STEP
#undef HPCG_RECORD_LOCAL_STEP

  std::map<std::string, long> calls;
};

#define HPCG_STEP_NAME(name, result, parameters, arguments) #name,
const char* const halo_steps[] = {HPCG_HALO_STEPS(HPCG_STEP_NAME)};
#undef HPCG_STEP_NAME

TEST(Steps, ABackendGeneratedFromTheDescriptionRunsCgAsTheReferenceDoes) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  RecordingSteps recording;
  backends::reference::ReferenceBackend reference;
  recording.optimize(problem);
  reference.optimize(problem);
  Workspace recording_ws(recording, problem, comm), reference_ws(reference, problem, comm);
  KernelTimes times;

  const CgResult expected = run_cg(reference_ws, {5, 0.0, true}, times);
  const CgResult actual = run_cg(recording_ws, {5, 0.0, true}, times);

  EXPECT_EQ(actual.residual_norm, expected.residual_norm);
  for (const char* step : {"spmv", "symgs", "residual_restriction"}) {
    EXPECT_GT(recording.calls[std::string(step) + ".after"], 0) << step;
  }
  for (const char* step : {"symgs_zero_guess", "prolongation", "dot", "waxpby"}) {
    EXPECT_GT(recording.calls[step], 0) << step;
  }
}

TEST(Steps, EveryWholeHaloStepIsItsTwoPartsInARow) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  RecordingSteps recording;
  recording.optimize(problem);
  const Level& fine = problem.fine();
  BackendVector x = recording.allocate(0, VectorRole::check, fine.A.columns);
  BackendVector y = recording.allocate(0, VectorRole::check, fine.A.columns);
  BackendVector coarse =
      recording.allocate(1, VectorRole::check, problem.levels[1].A.columns);
  BackendVector xf = recording.allocate_float(0, VectorRole::check, fine.A.columns);
  BackendVector yf = recording.allocate_float(0, VectorRole::check, fine.A.columns);
  BackendVector coarse_f =
      recording.allocate_float(1, VectorRole::check, problem.levels[1].A.columns);
  recording.fill(x, 1.0);
  recording.fill_float(xf, 1.0f);

  recording.spmv(0, x, y);
  const double xy = recording.spmv_dot(0, x, y);
  const double separately = recording.dot(fine.A.rows, x, y);
  recording.symgs(0, y, x);
  recording.residual_restriction(0, y, x, coarse);
  recording.gs_forward(0, y, x);
  recording.spmv_float(0, xf, yf);
  recording.gs_forward_float(0, yf, xf);
  recording.residual_restriction_float(0, yf, xf, coarse_f);

  EXPECT_EQ(xy, separately);
  for (const char* step : halo_steps) {
    // spmv_dot's default runs spmv's parts too.
    const long expected = std::string(step) == "spmv" ? 2 : 1;
    EXPECT_EQ(recording.calls[std::string(step) + ".before"], expected) << step;
    EXPECT_EQ(recording.calls[std::string(step) + ".after"], expected) << step;
  }
}

// On HPCG's matrix (26 and -1, exact in float) and integer vectors every float step is exact, so
// it must give the double steps' values bit for bit; the refinement's crossings round and add.
TEST(Steps, TheFloatDefaultsAgreeWithTheDoubleStepsWhereFloatIsExact) {
  Comm comm;
  Problem problem = generate_problem(testing::small_geometry(comm, 16, 16, 16), comm);
  backends::reference::ReferenceBackend backend;
  backend.optimize(problem);
  const Level& fine = problem.fine();
  const local_int rows = fine.A.rows, columns = fine.A.columns;
  BackendVector x = backend.allocate(0, VectorRole::check, columns);
  BackendVector y = backend.allocate(0, VectorRole::check, columns);
  BackendVector xf = backend.allocate_float(0, VectorRole::check, columns);
  BackendVector yf = backend.allocate_float(0, VectorRole::check, columns);
  std::vector<double> values(columns);
  for (local_int i = 0; i < columns; ++i) values[i] = static_cast<double>(i % 7) - 3.0;
  backend.upload(values.data(), 0, columns, x);
  backend.round_to_float(columns, 1.0, x, xf);

  backend.spmv(0, x, y);
  backend.spmv_float(0, xf, yf);
  std::vector<double> expected(rows);
  std::vector<float> actual(rows);
  backend.download(y, 0, rows, expected.data());
  backend.download_float(yf, 0, rows, actual.data());
  for (local_int i = 0; i < rows; ++i) ASSERT_EQ(static_cast<double>(actual[i]), expected[i]) << i;
  EXPECT_EQ(backend.dot_float(rows, xf, yf), backend.dot(rows, x, y));

  backend.waxpby_float(rows, 2.0, xf, -1.0, yf, yf);  // y = 2 x - A x
  backend.waxpby(rows, 2.0, x, -1.0, y, y);
  backend.fill(x, 0.5);
  backend.add_float(rows, yf, x);  // x = 0.5 + y
  backend.download(x, 0, rows, expected.data());
  backend.download(y, 0, rows, values.data());
  for (local_int i = 0; i < rows; ++i) ASSERT_EQ(expected[i], values[i] + 0.5) << i;
}

}  // namespace
}  // namespace hpcg
