// SPDX-License-Identifier: BSD-3-Clause
// The formulas of HPCG 3.1's ReportResults, quirks included (the MG residual and post-smoother
// "writes" count nonzeros, not rows), so that figures compare with the ranking list.
#include "hpcg/report/performance_model.hpp"

namespace hpcg {
namespace {

constexpr double bytes_per_double = 8.0;
constexpr double bytes_per_index = 4.0;
constexpr double matrix_entry_bytes = bytes_per_double + bytes_per_index;
constexpr double pre_steps = 1.0, post_steps = 1.0;  // fixed by HPCG

double iterations(const RunShape& r) {
  return static_cast<double>(r.sets) * r.optimized_iterations;
}

double rows(const RunShape& r, int level) {
  return static_cast<double>(r.levels[level].global_rows);
}

double nonzeros(const RunShape& r, int level) {
  return static_cast<double>(r.levels[level].global_nonzeros);
}

double convergence_factor(const RunShape& r) {
  return static_cast<double>(r.reference_iterations) / r.optimized_iterations;
}

}  // namespace

double flops_per_set(const RunShape& r) {
  RunShape one_set = r;
  one_set.sets = 1;
  return count_flops(one_set).total_with_convergence;
}

FlopCounts count_flops(const RunShape& r) {
  const double its = iterations(r), sets = r.sets;
  const double vector_ops = 3.0 * its + sets;  // 3 per iteration, 1 in CG's preamble
  FlopCounts f;
  f.dot = vector_ops * 2.0 * rows(r, 0);
  f.waxpby = vector_ops * 2.0 * rows(r, 0);
  f.spmv = (its + sets) * 2.0 * nonzeros(r, 0);
  for (int l = 0; l + 1 < mg_levels; ++l) {
    f.mg_level[l] = its * (pre_steps * 4.0 + 2.0 + post_steps * 4.0) * nonzeros(r, l);
  }
  f.mg_level[mg_levels - 1] = its * 4.0 * nonzeros(r, mg_levels - 1);
  for (double level_flops : f.mg_level) f.mg += level_flops;
  f.total = f.dot + f.waxpby + f.spmv + f.mg;
  f.total_with_convergence = f.total * convergence_factor(r);
  return f;
}

TrafficCounts count_traffic(const RunShape& r) {
  const double its = iterations(r), sets = r.sets;
  const double vector_ops = 3.0 * its + sets;
  const double n = rows(r, 0), nnz = nonzeros(r, 0);
  TrafficCounts t;
  t.reads += vector_ops * 2.0 * n * bytes_per_double;  // dot
  t.writes += vector_ops * bytes_per_double;
  t.reads += vector_ops * 2.0 * n * bytes_per_double;  // waxpby
  t.writes += vector_ops * n * bytes_per_double;
  t.reads += (its + sets) * (nnz * matrix_entry_bytes + n * bytes_per_double);  // spmv
  t.writes += (its + sets) * n * bytes_per_double;
  for (int l = 0; l + 1 < mg_levels; ++l) {
    const double nl = rows(r, l), nnzl = nonzeros(r, l);
    const double symgs_reads = its * (2.0 * nnzl * matrix_entry_bytes + nl * bytes_per_double);
    t.reads += pre_steps * symgs_reads;
    t.writes += pre_steps * its * nl * bytes_per_double;
    t.reads += its * (nnzl * matrix_entry_bytes + nl * bytes_per_double);
    t.writes += its * nnzl * bytes_per_double;
    t.reads += post_steps * symgs_reads;
    t.writes += post_steps * its * nnzl * bytes_per_double;
  }
  const int c = mg_levels - 1;
  t.reads += its * (2.0 * nonzeros(r, c) * matrix_entry_bytes + rows(r, c) * bytes_per_double);
  t.writes += its * rows(r, c) * bytes_per_double;
  return t;
}

double charged_seconds(const BenchmarkResults& r) {
  return r.times.total + r.sets * (r.optimize_seconds / 10.0 + r.setup_seconds / 10.0);
}

Ratings compute_ratings(const BenchmarkResults& r) {
  const FlopCounts f = count_flops(r);
  const TrafficCounts t = count_traffic(r);
  const double giga = 1.0e9;
  Ratings g;
  g.dot = f.dot / r.times.dot / giga;
  g.waxpby = f.waxpby / r.times.waxpby / giga;
  g.spmv = f.spmv / r.times.spmv / giga;
  g.mg = f.mg / r.times.mg / giga;
  g.raw_total = f.total / r.times.total / giga;
  g.with_convergence = f.total_with_convergence / r.times.total / giga;
  g.official = f.total_with_convergence / charged_seconds(r) / giga;
  g.hpcg_2_4 = f.total_with_convergence / (r.times.total + r.sets * r.optimize_seconds / 10.0) /
               giga;
  g.read_bandwidth = t.reads / r.times.total / giga;
  g.write_bandwidth = t.writes / r.times.total / giga;
  g.total_bandwidth = (t.reads + t.writes) / r.times.total / giga;
  g.official_bandwidth =
      (t.reads + t.writes) * convergence_factor(r) / charged_seconds(r) / giga;
  return g;
}

std::optional<Roofline> compute_roofline(const BenchmarkResults& r) {
  Roofline roofline;
  if (r.triad_bandwidth_gbs > 0) {
    roofline.triad_gbs = r.triad_bandwidth_gbs;
  } else if (r.measured_triad && r.measured_triad->before_gbs > 0) {
    roofline.triad_gbs = r.measured_triad->before_gbs;
    roofline.measured = true;
    roofline.after_gbs = r.measured_triad->after_gbs;
  } else {
    return std::nullopt;
  }
  const double rating = compute_ratings(r).official;
  roofline.bound_gflops = roofline.triad_gbs / roofline_bytes_per_flop;
  roofline.fraction = rating / roofline.bound_gflops;
  if (roofline.after_gbs > 0) {
    roofline.fraction_after = rating * roofline_bytes_per_flop / roofline.after_gbs;
  }
  return roofline;
}

const char* roofline_bandwidth_source(const Roofline& roofline) {
  return roofline.measured ? "measured before the timed sets" : "--triad-bandwidth";
}

std::optional<CountedTraffic> counted_traffic(const BenchmarkResults& r) {
  if (!r.timed_kernel_traffic || iterations(r) == 0) return std::nullopt;
  const KernelTraffic& counted = *r.timed_kernel_traffic;
  const double bytes = counted.read_bytes + counted.written_bytes;
  return CountedTraffic{bytes / iterations(r), counted.kernels / iterations(r),
                        bytes / count_flops(r).total};
}

}  // namespace hpcg
