// SPDX-License-Identifier: BSD-3-Clause
// Field names carry their units (_seconds, _gflops, _bytes, _gbs) so that scripts need no schema.
#include "hpcg/report/report_json.hpp"

#include "hpcg/report/json_writer.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report.hpp"
#include "hpcg/version.hpp"

namespace hpcg {
namespace {

constexpr double official_minimum_seconds = 1800.0;

void write_result(JsonWriter& j, const BenchmarkResults& r) {
  const Ratings g = compute_ratings(r);
  j.key("result").begin_object();
  j.field("valid", r.valid());
  j.key("rating_gflops");
  r.valid() ? j.value(g.official) : j.null();
  j.key("hpcg_2_4_rating_gflops");
  r.valid() ? j.value(g.hpcg_2_4) : j.null();
  j.field("timed_seconds", r.times.total);
  j.field("official_length", r.times.total >= official_minimum_seconds);
  j.field("quick_path", r.params.quick_path());
  j.key("invalid_reasons").begin_array();
  for (const auto& reason : r.invalid_reasons()) j.value(reason);
  j.end_array().end_object();
}

void write_backend(JsonWriter& j, const BenchmarkResults& r) {
  j.key("backend").begin_object();
  j.field("name", r.backend_name).field("version", r.backend_version);
  j.key("replaced_kernels").begin_array(true);
  const KernelSet& k = r.optimized_kernels;
  for (auto [replaced, name] : {std::pair{k.spmv, "SpMV"}, {k.mg, "MG"}, {k.dot, "DDOT"},
                                {k.waxpby, "WAXPBY"}}) {
    if (replaced) j.value(name);
  }
  j.end_array();
  const BackendCheckResult& c = r.backend_checks;
  j.key("checks").begin_object();
  j.field("spmv_scaled_error", c.spmv_error).field("symgs_asymmetry", c.symgs_asymmetry);
  j.field("symgs_error_reduction", c.symgs_reduction).field("mg_error_reduction", c.mg_reduction);
  j.field("mg_smooth_error_reduction", c.mg_smooth_reduction);
  j.field("mg_smooth_versus_reference", c.mg_smooth_versus_reference);
  j.end_object();
  j.field("memory", r.backend_memory == MemoryKind::host ? "host" : "separate");
  j.field("halo_buffers", r.halo_in_backend_memory ? "backend" : "host");
  j.field("bit_reproducible", r.bit_reproducible);
  j.end_object();
}

void write_run(JsonWriter& j, const BenchmarkResults& r, const RunContext& context) {
  const Geometry& g = r.geometry;
  j.key("run").begin_object();
  j.field("ranks", r.ranks).field("threads_per_rank", r.threads);
  j.key("process_grid").begin_array(true).value(g.npx).value(g.npy).value(g.npz).end_array();
  j.key("local_grid").begin_array(true).value(g.nx).value(g.ny).value(g.nz_lower).end_array();
  j.key("global_grid").begin_array(true).value(g.gnx).value(g.gny).value(g.gnz).end_array();
  j.field("requested_seconds", r.params.runtime_seconds);
  j.field("setup_seconds", r.setup_seconds).field("optimization_seconds", r.optimize_seconds);
  j.field("reference_spmv_mg_seconds", r.reference_spmv_mg_seconds);
  j.field("optimization_bytes", r.optimization_bytes);
  j.end_object();

  j.key("build").begin_object();
  j.field("compiler", context.build.compiler).field("flags", context.build.flags);
  j.field("build_type", context.build.build_type);
  j.field("mpi_library", context.build.mpi_library);
  j.end_object();

  j.key("sizing");
  if (!context.sizing) {
    j.null();
    return;
  }
  const SizingChoice& s = *context.sizing;
  j.begin_object();
  j.field("node_bytes", s.node.bytes).field("ranks_per_node", s.node.ranks_per_node);
  j.field("fraction", s.fraction).field("target_bytes_per_node", s.target_bytes_per_node());
  j.field("model_bytes_per_node", s.model_bytes_per_node);
  j.field("optimization_share", s.optimization_share)
      .field("planned_bytes_per_node", s.planned_bytes_per_node());
  j.end_object();
}

void write_sets(JsonWriter& j, const BenchmarkResults& r) {
  j.key("iterations").begin_object();
  j.field("reference_per_set", r.reference_iterations);
  j.field("optimized_per_set", r.optimized_iterations);
  j.field("sets", r.sets);
  j.field("reference_scaled_residual", r.reference_tolerance);
  j.end_object();
  const double set_flops = flops_per_set(r);
  j.key("timed_sets").begin_array();
  for (size_t i = 0; i < r.set_seconds.size(); ++i) {
    const double seconds = r.set_seconds[i];
    j.begin_object(true).field("seconds", seconds);
    if (i < r.set_scaled_residuals.size()) j.field("scaled_residual", r.set_scaled_residuals[i]);
    j.field("gflops", seconds > 0 ? set_flops / seconds / 1.0e9 : 0.0).end_object();
  }
  j.end_array();
  j.key("transfers").begin_object();
  j.field("timed_bytes", r.timed_transfers.bytes);
  j.field("timed_halo_bytes", r.timed_transfers.halo_bytes);
  j.end_object();
  // How the timed sets were re-proved: each reproduces the validated run, spot checks on the
  // live vectors, the backend checks once more after the last set.
  const SpotCheckResult& spots = r.spot_checks;
  j.key("integrity").begin_object();
  j.field("validated_scaled_residual", r.validated_scaled_residual);
  j.field("residual_tolerance", r.timed_residual_tolerance);
  j.key("set_iterations").begin_array();
  for (int iterations : r.set_iterations) j.value(iterations);
  j.end_array();
  j.key("failures").begin_array();
  for (const auto& failure : r.timed_failures) j.value(failure);
  j.end_array();
  j.field("spmv_spot_checks", spots.spmv_checks).field("mg_spot_checks", spots.mg_checks);
  j.field("worst_spmv_scaled_error", spots.worst_spmv_error);
  j.field("worst_mg_residual_versus_reference", spots.worst_mg_ratio);
  j.field("spot_check_failures", static_cast<int>(spots.failures.size()));
  j.field("final_checks_passed", r.final_checks.passed());
  j.end_object();
}

/// Rank 0's seconds per V-cycle level (each without the coarser levels) and the raw GFLOP/s of
/// the model's MG flops for that level; null when the backend's mg() did not time its levels.
void write_mg_levels(JsonWriter& j, const BenchmarkResults& r) {
  j.key("mg_levels");
  if (!r.mg_level_seconds) {
    j.null();
    return;
  }
  const FlopCounts flops = count_flops(r);
  const Geometry& g = r.geometry;
  j.begin_array();
  for (int l = 0; l < mg_levels; ++l) {
    const double seconds = (*r.mg_level_seconds)[l];
    j.begin_object(true).field("level", l);
    j.key("local_grid").begin_array(true).value(g.nx >> l).value(g.ny >> l).value(g.nz_lower >> l);
    j.end_array().field("seconds", seconds);
    j.field("raw_gflops", seconds > 0 ? flops.mg_level[l] / seconds / 1.0e9 : 0.0).end_object();
  }
  j.end_array();
}

/// Present only when the STREAM triad bandwidth was measured (--triad-bandwidth).
void write_roofline(JsonWriter& j, const BenchmarkResults& r) {
  const std::optional<Roofline> roofline = compute_roofline(r);
  if (!roofline) return;
  j.key("roofline").begin_object();
  j.field("triad_bandwidth_gbs", roofline->triad_gbs);
  j.field("bandwidth_source", "--triad-bandwidth");
  j.field("bytes_per_flop", roofline_bytes_per_flop);
  j.field("bound_gflops", roofline->bound_gflops);
  j.field("fraction", roofline->fraction);
  j.end_object();
}

void write_official(JsonWriter& j, const BenchmarkResults& r) {
  j.key("official").begin_array();
  for (const ReportEntry& entry : make_report_entries(r)) {
    j.begin_object(true).field("key", entry.key).key("value");
    if (entry.kind == ReportEntry::Kind::integer) {
      j.value(static_cast<long long>(entry.number));
    } else if (entry.kind == ReportEntry::Kind::real) {
      j.value(entry.number);
    } else {
      j.value(entry.text);
    }
    j.end_object();
  }
  j.end_array();
}

}  // namespace

std::string render_run_json(const BenchmarkResults& results, const RunContext& context) {
  JsonWriter j;
  j.begin_object();
  j.field("format", run_json_format).field("format_version", run_json_format_version);
  j.field("program", "xhpcg").field("version", version_string);
  j.field("hpcg_version", hpcg_version);
  j.field("official_report", context.report_file);
  write_result(j, results);
  write_backend(j, results);
  write_run(j, results, context);
  write_sets(j, results);
  write_mg_levels(j, results);
  write_roofline(j, results);
  write_official(j, results);
  j.end_object();
  return j.str();
}

}  // namespace hpcg
