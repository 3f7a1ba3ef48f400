// SPDX-License-Identifier: BSD-3-Clause
// The roofline in every run: xhpcg measures the STREAM triad (base/stream_triad.hpp) on its own
// ranks and threads just before and just after the timed sets, because memory speed drifts
// within minutes and a bandwidth measured another time misleads. --triad-bandwidth overrides.
#pragma once

#include "hpcg/base/comm.hpp"
#include "hpcg/benchmark/run_plan.hpp"
#include "hpcg/report/results.hpp"
#include "hpcg/report/run_log.hpp"

namespace hpcg {

/// The triad's GB/s (all ranks together) with a line in the log naming `when`; 0 when
/// --triad-bandwidth gave the bandwidth or a rank could not allocate the arrays. About a second
/// (a tenth of that on a QuickPath run), outside every timed and charged phase. Collective.
double measure_roofline_triad(const RunPlan& plan, const Comm& comm, RunLog& log,
                              const char* when);

/// Keeps both measurements in `results` and logs the roofline they give.
void record_roofline(double before_gbs, double after_gbs, BenchmarkResults& results, RunLog& log);

}  // namespace hpcg
