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

double iterations(const BenchmarkResults& r) {
  return static_cast<double>(r.sets) * r.optimized_iterations;
}

double rows(const BenchmarkResults& r, int level) {
  return static_cast<double>(r.levels[level].global_rows);
}

double nonzeros(const BenchmarkResults& r, int level) {
  return static_cast<double>(r.levels[level].global_nonzeros);
}

double convergence_factor(const BenchmarkResults& r) {
  return static_cast<double>(r.reference_iterations) / r.optimized_iterations;
}

}  // namespace

double flops_per_set(const BenchmarkResults& r) {
  BenchmarkResults one_set;
  one_set.levels = r.levels;
  one_set.sets = 1;
  one_set.optimized_iterations = r.optimized_iterations;
  one_set.reference_iterations = r.reference_iterations;
  return count_flops(one_set).total_with_convergence;
}

FlopCounts count_flops(const BenchmarkResults& r) {
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

TrafficCounts count_traffic(const BenchmarkResults& r) {
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
  if (!(r.params.triad_bandwidth_gbs > 0)) return std::nullopt;
  Roofline roofline;
  roofline.triad_gbs = r.params.triad_bandwidth_gbs;
  roofline.bound_gflops = roofline.triad_gbs / roofline_bytes_per_flop;
  roofline.fraction = compute_ratings(r).official / roofline.bound_gflops;
  return roofline;
}

MemoryEstimate estimate_memory(const std::array<LevelSummary, mg_levels>& levels, int ranks,
                               int sets, double optimization_bytes) {
  // HPCG 3.1's per-row model (bytes): nonzero count 1, four row pointers 32, 27 entries of
  // local index, value and global index 540, x b xexact 24, r Ap 16 = 613 on the fine grid;
  // f2c 4, rc 8 and the matrix 573 = 585 on coarse grids. Struct sizes as 3.1 has them on LP64.
  constexpr double fine_row_bytes = 613, coarse_row_bytes = 585;
  constexpr double geometry_struct_bytes = 128, coarse_level_struct_bytes = 504;
  const double rank_count = ranks;
  MemoryEstimate m;
  m.fine_bytes = geometry_struct_bytes + bytes_per_double * sets +
                 fine_row_bytes * static_cast<double>(levels[0].global_rows) +
                 2.0 * bytes_per_double * levels[0].root_columns * rank_count;
  m.optimization_bytes = optimization_bytes;
  m.total_bytes = m.fine_bytes + m.optimization_bytes;
  for (int l = 1; l < mg_levels; ++l) {
    const LevelSummary& s = levels[l];
    double bytes = coarse_row_bytes * static_cast<double>(s.global_rows) +
                   2.0 * bytes_per_double * s.root_columns * rank_count + coarse_level_struct_bytes;
    if (ranks > 1) bytes += 12.0 * s.root_send_total + 8.0 * s.root_send_neighbors;
    m.coarse_bytes[l - 1] = bytes;
    m.total_bytes += bytes;
  }
  return m;
}

MemoryEstimate estimate_memory(const BenchmarkResults& r) {
  return estimate_memory(r.levels, r.ranks, r.sets, r.optimization_bytes);
}

}  // namespace hpcg
