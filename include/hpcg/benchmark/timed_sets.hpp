// SPDX-License-Identifier: BSD-3-Clause
// The timed sets: HPCG's timed CG runs, each solving its own right-hand side in its own window,
// with what proves them (the module of the verification layer, timed_set_integrity.hpp), and
// the re-run among them. Here stay the loop over the sets, their times, transfers and progress;
// the checks and their decisions are the verification layer's. Nothing here changes what
// HPCG 3.1 times.
#pragma once

#include "hpcg/benchmark/progress.hpp"
#include "hpcg/report/results.hpp"
#include "hpcg/report/run_log.hpp"
#include "hpcg/solver/workspace.hpp"
#include "hpcg/validation/declared_preconditioner.hpp"
#include "hpcg/validation/validated_run_audit.hpp"

namespace hpcg {

/// Runs results.sets timed sets, each in its own window, and among them, at a call drawn at
/// random, one fresh set untimed with every iteration checked (the re-run), filling the
/// timed-set fields of `results` and results.integrity.
/// Collective.
void run_timed_sets(Workspace& ws, DeclaredPreconditioner& declared,
                    ValidatedRunAudit& validated, BenchmarkResults& results, RunLog& log,
                    const ProgressCallback& progress);

}  // namespace hpcg
