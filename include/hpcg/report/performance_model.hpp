// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's models: floating-point operations and memory traffic credited to a run, the
// GFLOP/s and GB/s figures derived from them (the memory estimate is problem/memory_model.hpp).
#pragma once

#include <optional>

#include "hpcg/problem/memory_model.hpp"
#include "hpcg/problem/run_shape.hpp"
#include "hpcg/report/results.hpp"

namespace hpcg {

struct FlopCounts {
  double dot = 0, waxpby = 0, spmv = 0, mg = 0;
  double mg_level[mg_levels] = {};  ///< mg per level: smoothing and residual (coarsest: SymGS)
  double total = 0;
  double total_with_convergence = 0;  ///< total * reference iterations / optimised iterations
};

struct TrafficCounts {
  double reads = 0, writes = 0;  ///< bytes
};

struct Ratings {
  double dot = 0, waxpby = 0, spmv = 0, mg = 0;  ///< raw GFLOP/s per kernel
  double raw_total = 0;
  double with_convergence = 0;
  double official = 0;  ///< with convergence and optimisation-phase overhead
  double hpcg_2_4 = 0;  ///< without the setup-time charge, "for historical reasons"
  double read_bandwidth = 0, write_bandwidth = 0, total_bandwidth = 0;  ///< raw GB/s
  double official_bandwidth = 0;
};

FlopCounts count_flops(const RunShape& shape);
/// Flops credited to one timed set: the model for S = 1 (each set repeats CG's preamble).
double flops_per_set(const RunShape& shape);
TrafficCounts count_traffic(const RunShape& shape);
/// Time the official rating divides by: timed sets plus, per set, a tenth of setup and
/// optimisation time (HPCG amortises them over 500 iterations).
double charged_seconds(const BenchmarkResults& results);
Ratings compute_ratings(const BenchmarkResults& results);

/// The memory-bandwidth roofline of a run, against the STREAM triad bandwidth that
/// --triad-bandwidth gave or, without it, that xhpcg measured just before the timed sets. The
/// reference algorithm streams about 6.4 bytes per official flop (12 B per nonzero per 2 flops
/// over 6.71 matrix passes, plus the vectors), so it can reach at most bandwidth / 6.4 GFLOP/s;
/// a backend that moves fewer bytes can pass that bound.
constexpr double roofline_bytes_per_flop = 6.4;
struct Roofline {
  double triad_gbs = 0;     ///< STREAM triad bandwidth of all ranks together
  double bound_gflops = 0;  ///< triad_gbs / roofline_bytes_per_flop
  double fraction = 0;      ///< official-formula rating / bound_gflops
  bool measured = false;    ///< by xhpcg around the timed sets, not from --triad-bandwidth
  double after_gbs = 0;       ///< measured just after the timed sets (0: not measured)
  double fraction_after = 0;  ///< the rating against the bound of after_gbs
};
/// Nothing when the bandwidth was neither given nor measured. The rating is the official
/// formula's (GFLOP/s Summary::Total with convergence and optimization phase overhead), also
/// for INVALID runs.
std::optional<Roofline> compute_roofline(const BenchmarkResults& results);
/// Where the roofline's bandwidth came from, for the report's files.
const char* roofline_bandwidth_source(const Roofline& roofline);

/// The bytes the backend counted its kernels moving in the timed sets (timed_kernel_traffic),
/// per CG iteration and per flop of HPCG's model, to hold against roofline_bytes_per_flop.
struct CountedTraffic {
  double bytes_per_iteration = 0, kernels_per_iteration = 0, bytes_per_flop = 0;
};
/// Nothing when the backend did not count.
std::optional<CountedTraffic> counted_traffic(const BenchmarkResults& results);

}  // namespace hpcg
