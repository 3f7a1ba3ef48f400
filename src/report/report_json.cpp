// SPDX-License-Identifier: BSD-3-Clause
// Field names carry their units (_seconds, _gflops, _bytes, _gbs) so that scripts need no schema.
// nlohmann::ordered_json keeps the fields in the order written; non-finite numbers become null.
#include "hpcg/report/report_json.hpp"

#include <nlohmann/json.hpp>

#include "hpcg/report/performance_model.hpp"
#include "hpcg/report/report.hpp"
#include "hpcg/version.hpp"

namespace hpcg {
namespace {

using Json = nlohmann::ordered_json;

constexpr double official_minimum_seconds = 1800.0;

Json result_json(const BenchmarkResults& r) {
  const Ratings g = compute_ratings(r);
  Json j;
  j["valid"] = r.valid();
  j["rating_gflops"] = r.valid() ? Json(g.official) : Json();
  j["hpcg_2_4_rating_gflops"] = r.valid() ? Json(g.hpcg_2_4) : Json();
  j["timed_seconds"] = r.times.total;
  j["official_length"] = r.times.total >= official_minimum_seconds;
  j["quick_path"] = r.params.quick_path();
  j["unofficial_quick"] = r.unofficial_quick;
  j["invalid_reasons"] = r.invalid_reasons();
  return j;
}

Json backend_json(const BenchmarkResults& r) {
  Json j;
  j["name"] = r.backend_name;
  j["version"] = r.backend_version;
  Json replaced = Json::array();
  const KernelSet& k = r.optimized_kernels;
  for (auto [is_replaced, name] : {std::pair{k.spmv, "SpMV"}, {k.mg, "MG"}, {k.dot, "DDOT"},
                                   {k.waxpby, "WAXPBY"}}) {
    if (is_replaced) replaced.push_back(name);
  }
  j["replaced_kernels"] = replaced;
  const BackendCheckResult& c = r.backend_checks;
  j["checks"] = {{"spmv_scaled_error", c.spmv_error},
                 {"preconditioner_checked", c.exact ? "exactly" : "approximately"},
                 {"declared_order_tolerance", declared_order_tolerance},
                 {"symgs_difference_from_declared_order", c.symgs_difference},
                 {"mg_difference_from_declared_order", c.mg_difference},
                 {"symgs_asymmetry", c.symgs_asymmetry},
                 {"symgs_error_reduction", c.symgs_reduction},
                 {"mg_error_reduction", c.mg_reduction},
                 {"mg_smooth_error_reduction", c.mg_smooth_reduction},
                 {"mg_smooth_versus_reference", c.mg_smooth_versus_reference}};
  j["memory"] = r.backend_memory == MemoryKind::host ? "host" : "separate";
  j["halo_buffers"] = r.halo_in_backend_memory ? "backend" : "host";
  j["bit_reproducible"] = r.bit_reproducible;
  j["asynchronous"] = r.asynchronous;
  return j;
}

Json run_json(const BenchmarkResults& r) {
  const Geometry& g = r.geometry;
  Json j;
  j["ranks"] = r.ranks;
  j["threads_per_rank"] = r.threads;
  j["process_grid"] = {g.npx, g.npy, g.npz};
  j["local_grid"] = {g.nx, g.ny, g.nz_lower};
  j["global_grid"] = {g.gnx, g.gny, g.gnz};
  j["requested_seconds"] = r.params.runtime_seconds;
  j["setup_seconds"] = r.setup_seconds;
  j["optimization_seconds"] = r.optimize_seconds;
  j["reference_spmv_mg_seconds"] = r.reference_spmv_mg_seconds;
  j["optimization_bytes"] = r.optimization_bytes;
  return j;
}

Json build_json(const BuildInfo& build) {
  return {{"compiler", build.compiler},
          {"flags", build.flags},
          {"build_type", build.build_type},
          {"mpi_library", build.mpi_library}};
}

Json sizing_json(const std::optional<SizingChoice>& sizing) {
  if (!sizing) return nullptr;
  const SizingChoice& s = *sizing;
  return {{"node_bytes", s.node.bytes},
          {"ranks_per_node", s.node.ranks_per_node},
          {"fraction", s.fraction},
          {"target_bytes_per_node", s.target_bytes_per_node()},
          {"model_bytes_per_node", s.model_bytes_per_node},
          {"optimization_share", s.optimization_share},
          {"planned_bytes_per_node", s.planned_bytes_per_node()}};
}

Json timed_sets_json(const BenchmarkResults& r) {
  const double set_flops = flops_per_set(r);
  Json sets = Json::array();
  for (size_t i = 0; i < r.set_seconds.size(); ++i) {
    const double seconds = r.set_seconds[i];
    Json set;
    set["seconds"] = seconds;
    if (i < r.set_scaled_residuals.size()) set["scaled_residual"] = r.set_scaled_residuals[i];
    set["gflops"] = seconds > 0 ? set_flops / seconds / 1.0e9 : 0.0;
    sets.push_back(set);
  }
  return sets;
}

/// How the timed sets were re-proved: each follows the validated run's convergence, one is
/// re-run and reproduced, spot checks on the live vectors and on each solution, the backend
/// checks once more after the last set.
Json integrity_json(const BenchmarkResults& r) {
  const SpotCheckResult& spots = r.spot_checks;
  Json j;
  j["validated_scaled_residual"] = r.validated_scaled_residual;
  j["rhs_perturbation"] = r.integrity.rhs_perturbation;
  j["trajectory_tolerance"] = trajectory_tolerance;
  j["trajectory_floor"] = trajectory_floor;
  j["worst_trajectory_departure"] = r.integrity.worst_trajectory_departure;
  j["rerun_set"] = r.integrity.rerun_set + 1;  // 1-based as the report's set numbers; 0 = none
  j["rerun_scaled_residual"] = r.integrity.rerun_scaled_residual;
  j["residual_tolerance"] = r.integrity.timed_residual_tolerance;
  j["set_iterations"] = r.set_iterations;
  j["failures"] = r.timed_failures;
  j["spmv_spot_checks"] = spots.spmv_checks;
  j["mg_spot_checks"] = spots.mg_checks;
  j["worst_spmv_scaled_error"] = spots.worst_spmv_error;
  j["worst_mg_residual_versus_reference"] = spots.worst_mg_ratio;
  j["worst_mg_difference_from_declared_order"] = spots.worst_mg_difference;
  j["scalar_checks"] = spots.scalar_checks;
  j["worst_scalar_difference"] = spots.worst_scalar_difference;
  j["scalar_tolerance"] = spots.scalar_tolerance;
  j["p_tie_checks"] = spots.p_tie_checks;
  j["worst_p_tie_difference"] = spots.worst_p_tie_difference;
  j["symmetry_checks"] = spots.symmetry_checks;
  j["worst_symmetry_departure"] = spots.worst_symmetry_departure;
  j["symmetry_tolerance"] = iterate_symmetry_tolerance;
  j["check_time_share_limit"] = check_time_share;
  j["audited_sets_planned"] = r.integrity.check_budget.audited_sets;
  j["mg_checks_planned"] = r.integrity.check_budget.mg_checks;
  j["timed_check_seconds"] = r.integrity.timed_check_seconds;
  j["check_limit_seconds"] = r.integrity.check_budget.limit_seconds;
  j["planned_check_seconds"] = r.integrity.check_budget.planned_seconds;
  j["planned_check_overrun_probability"] = r.integrity.check_budget.overrun_probability;
  j["estimated_light_audit_seconds"] = r.integrity.estimated_light_audit_seconds;
  j["estimated_mg_check_seconds"] = r.integrity.estimated_mg_check_seconds;
  j["timed_light_audit_seconds"] = r.integrity.timed_light_audit_seconds;
  j["timed_mg_audit_seconds"] = r.integrity.timed_mg_audit_seconds;
  j["timed_mg_check_seconds"] = r.integrity.timed_mg_check_seconds;
  j["validated_true_scaled_residual"] = r.validated_true_residual;
  j["solution_spot_checks"] = spots.solution_checks;
  j["worst_solution_residual_versus_cg"] = spots.worst_solution_ratio;
  j["spot_check_failures"] = static_cast<int>(spots.failures.size());
  j["final_checks_passed"] = r.final_checks.passed();
  const IntegrityResults& w = r.integrity;
  j["window_covers_transfers"] = true;
  j["window_transfer_seconds"] = w.window_transfer_seconds;
  j["window_transfer_bytes"] = w.window_transfer_bytes;
  j["audit_probability"] = w.audit_probability;
  j["mg_audit_probability"] = w.mg_probability;
  j["audit_draws"] = w.audit_draws;
  j["audits"] = w.audits;
  j["mg_audits"] = w.mg_audits;
  j["latest_audited_iteration"] = w.latest_audited_iteration;
  j["residual_tie_checks"] = w.residual_tie_checks;
  j["rerun_residual_tie"] = w.rerun_residual_tie;
  j["worst_residual_tie"] = w.worst_residual_tie;
  j["rerun_repeat_scaled_residual"] = w.rerun_repeat_scaled_residual;
  return j;
}

/// Rank 0's seconds per V-cycle level (each without the coarser levels) and the raw GFLOP/s of
/// the model's MG flops for that level; null when the backend's mg() did not time its levels.
Json mg_levels_json(const BenchmarkResults& r) {
  if (!r.mg_level_seconds) return nullptr;
  const FlopCounts flops = count_flops(r);
  const Geometry& g = r.geometry;
  Json levels = Json::array();
  for (int l = 0; l < mg_levels; ++l) {
    const double seconds = (*r.mg_level_seconds)[l];
    Json level;
    level["level"] = l;
    level["local_grid"] = {g.nx >> l, g.ny >> l, g.nz_lower >> l};
    level["seconds"] = seconds;
    level["raw_gflops"] = seconds > 0 ? flops.mg_level[l] / seconds / 1.0e9 : 0.0;
    levels.push_back(level);
  }
  return levels;
}

Json official_json(const BenchmarkResults& r) {
  Json entries = Json::array();
  for (const ReportEntry& entry : make_report_entries(r)) {
    Json value;
    if (entry.kind == ReportEntry::Kind::integer) {
      value = static_cast<long long>(entry.number);
    } else if (entry.kind == ReportEntry::Kind::real) {
      value = entry.number;
    } else {
      value = entry.text;
    }
    entries.push_back({{"key", entry.key}, {"value", value}});
  }
  return entries;
}

/// The bandwidth's keys as --triad-bandwidth has always written them, then what a measurement
/// adds: both triads, the fraction against the one after, and the backend's counted bytes.
Json roofline_json(const BenchmarkResults& r, const Roofline& roofline) {
  Json j = {{"triad_bandwidth_gbs", roofline.triad_gbs},
            {"bandwidth_source", roofline_bandwidth_source(roofline)},
            {"bytes_per_flop", roofline_bytes_per_flop},
            {"bound_gflops", roofline.bound_gflops},
            {"fraction", roofline.fraction}};
  if (roofline.measured) {
    j["measured_before_gbs"] = roofline.triad_gbs;
    j["measured_after_gbs"] = roofline.after_gbs > 0 ? Json(roofline.after_gbs) : Json(nullptr);
    j["fraction_after"] = roofline.after_gbs > 0 ? Json(roofline.fraction_after) : Json(nullptr);
  }
  if (const std::optional<CountedTraffic> counted = counted_traffic(r)) {
    j["counted_bytes_per_flop"] = counted->bytes_per_flop;
  }
  return j;
}

}  // namespace

std::string render_run_json(const BenchmarkResults& results, const RunContext& context) {
  const BenchmarkResults& r = results;
  Json j;
  j["format"] = run_json_format;
  j["format_version"] = run_json_format_version;
  j["program"] = "xhpcg";
  j["version"] = version_string;
  j["hpcg_version"] = hpcg_version;
  j["official_report"] = context.report_file;
  j["result"] = result_json(r);
  j["backend"] = backend_json(r);
  j["run"] = run_json(r);
  j["build"] = build_json(context.build);
  j["sizing"] = sizing_json(context.sizing);
  j["suspended"] = {{"times", context.suspensions}, {"seconds", context.suspended_seconds}};
  j["iterations"] = {{"reference_per_set", r.reference_iterations},
                     {"optimized_per_set", r.optimized_iterations},
                     {"sets", r.sets},
                     {"reference_scaled_residual", r.reference_tolerance}};
  j["timed_sets"] = timed_sets_json(r);
  j["transfers"] = {{"timed_bytes", r.timed_transfers.bytes},
                    {"timed_halo_bytes", r.timed_transfers.halo_bytes}};
  // Present only when the backend counted its kernels' traffic (the cuda emulation's
  // traffic=count): its own figures, not the model's and not verified.
  if (const std::optional<CountedTraffic> counted = counted_traffic(r)) {
    j["kernel_traffic"] = {{"counted_by", "backend"},
                           {"read_bytes", r.timed_kernel_traffic->read_bytes},
                           {"written_bytes", r.timed_kernel_traffic->written_bytes},
                           {"kernels", r.timed_kernel_traffic->kernels},
                           {"bytes_per_cg_iteration", counted->bytes_per_iteration},
                           {"kernels_per_cg_iteration", counted->kernels_per_iteration},
                           {"bytes_per_flop", counted->bytes_per_flop},
                           {"reference_bytes_per_flop", roofline_bytes_per_flop}};
  }
  j["integrity"] = integrity_json(r);
  j["mg_levels"] = mg_levels_json(r);
  // Present when the STREAM triad bandwidth was given (--triad-bandwidth) or measured.
  if (const std::optional<Roofline> roofline = compute_roofline(r)) {
    j["roofline"] = roofline_json(r, *roofline);
  }
  j["official"] = official_json(r);
  return j.dump(2) + "\n";
}

}  // namespace hpcg
