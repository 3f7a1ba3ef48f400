// SPDX-License-Identifier: BSD-3-Clause
// The contract's one description (hpcg/backends/steps.hpp) drives the interface: a backend whose
// overrides are generated from the lists alone covers every step (a step added to the lists is
// recorded here without an edit), CG through it gives the reference's numbers bit for bit, and
// every whole step is its two parts in a row, before the halo and then after it.
#include <gtest/gtest.h>

#include <map>
#include <string>

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
  recording.fill(x, 1.0);

  recording.spmv(0, x, y);
  const double xy = recording.spmv_dot(0, x, y);
  const double separately = recording.dot(fine.A.rows, x, y);
  recording.symgs(0, y, x);
  recording.residual_restriction(0, y, x, coarse);

  EXPECT_EQ(xy, separately);
  for (const char* step : halo_steps) {
    // spmv_dot's default runs spmv's parts too.
    const long expected = std::string(step) == "spmv" ? 2 : 1;
    EXPECT_EQ(recording.calls[std::string(step) + ".before"], expected) << step;
    EXPECT_EQ(recording.calls[std::string(step) + ".after"], expected) << step;
  }
}

}  // namespace
}  // namespace hpcg
