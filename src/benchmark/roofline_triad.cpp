// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/benchmark/roofline_triad.hpp"

#include <sstream>

#include "hpcg/base/stream_triad.hpp"
#include "hpcg/report/performance_model.hpp"

namespace hpcg {
namespace {

/// Long enough for the best repetition to be a steady one; short beside any official run.
constexpr TriadLength official_length{10, 1.0};
constexpr TriadLength quick_length{3, 0.0};

}  // namespace

double measure_roofline_triad(const RunPlan& plan, const Comm& comm, RunLog& log,
                              const char* when) {
  if (plan.triad_bandwidth_gbs > 0) return 0;
  const long elements = triad_elements_per_rank(comm);
  const TriadMeasurement triad = measure_stream_triad(
      comm, elements, plan.params.quick_path() ? quick_length : official_length);
  std::ostringstream line;
  line << "STREAM triad " << when << ": ";
  if (triad.measured) {
    line << triad.gbs << " GB/s (all ranks; best of " << triad.repetitions << " on 3 arrays of "
         << static_cast<double>(elements) * sizeof(double) / (1 << 20) << " MiB per rank)";
  } else {
    line << "not measured, a rank could not allocate 3 arrays of " << elements << " doubles";
  }
  log.line(line.str());
  return triad.measured ? triad.gbs : 0;
}

void record_roofline(double before_gbs, double after_gbs, BenchmarkResults& results,
                     RunLog& log) {
  if (before_gbs > 0) results.measured_triad = MeasuredTriad{before_gbs, after_gbs};
  const std::optional<Roofline> roofline = compute_roofline(results);
  if (!roofline) return;
  std::ostringstream line;
  line << "Roofline: the official rating is " << roofline->fraction << " of "
       << roofline->bound_gflops << " GFLOP/s (" << roofline->triad_gbs << " GB/s "
       << roofline_bandwidth_source(*roofline) << " / " << roofline_bytes_per_flop
       << " bytes per flop)";
  if (roofline->after_gbs > 0) {
    line << ", " << roofline->fraction_after << " against the triad after them ("
         << roofline->after_gbs << " GB/s)";
  }
  if (const std::optional<CountedTraffic> counted = counted_traffic(results)) {
    line << "; the backend counted " << counted->bytes_per_flop << " bytes per flop";
  }
  log.line(line.str());
}

}  // namespace hpcg
