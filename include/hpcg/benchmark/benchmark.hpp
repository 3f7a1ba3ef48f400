// SPDX-License-Identifier: BSD-3-Clause
// The benchmark's phases in HPCG 3.1's order: setup, reference timing, reference CG,
// optimisation, validation, the optimised-iteration search, the timed sets and TestNorms.
#pragma once

#include "hpcg/backends/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/benchmark/progress.hpp"
#include "hpcg/benchmark/run_plan.hpp"
#include "hpcg/report/results.hpp"
#include "hpcg/report/run_log.hpp"

namespace hpcg {

/// Runs the whole benchmark as `plan` says, with `backend`, made from plan.backend, as the
/// optimised kernels. Collective; errors become the same hpcg::Error on every rank. `progress`
/// hears of every phase start and timed set.
BenchmarkResults run_benchmark(const RunPlan& plan, const Comm& comm, Backend& backend,
                               RunLog& log, const ProgressCallback& progress);

}  // namespace hpcg
