// SPDX-License-Identifier: BSD-3-Clause
// The benchmark flow of HPCG 3.1's main.cpp, one function per phase. The reference backend runs
// the reference phases; the backend under test runs validation and the timed sets.
#include "hpcg/benchmark/benchmark.hpp"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <sstream>
#include <vector>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/benchmark/fresh_rhs.hpp"
#include "hpcg/report/performance_model.hpp"
#include "hpcg/solver/multigrid.hpp"

namespace hpcg {
namespace {

constexpr int reference_max_iterations = 50;
constexpr int optimized_max_iterations = 10 * reference_max_iterations;
constexpr int reference_timing_calls = 10;
/// How far the re-run of a timed set may be from the set's scaled residual for a backend that
/// declares itself not bit-reproducible (reductions in a varying order move the last bits of
/// each dot product; a skipped or changed kernel moves the residual by orders of magnitude).
constexpr double non_reproducible_tolerance = 1.0e-6;
/// A true scaled residual ||b - Ax||/||b|| that rounding alone can leave on HPCG's problems
/// (about 1e-15 measured on small grids, where 50 iterations get that far): the floor for the
/// validated run's.
constexpr double rounding_residual = 1000 * DBL_EPSILON;
/// One timed set in this many also has its V-cycle spot-checked (a reference V-cycle on the
/// host costs about one CG iteration); the last set always is. SpMV is checked in every set.
constexpr unsigned mg_spot_check_period = 4;

std::string format(const char* label, double value) {
  std::ostringstream text;
  text << label << value;
  return text.str();
}

Problem set_up(const Params& params, const Comm& comm, BenchmarkResults& results) {
  double start = wall_time();
  Problem problem;
  run_collectively(comm, [&] { results.geometry = make_geometry(params, comm.rank(), comm.size()); });
  run_collectively(comm, [&] { problem = generate_problem(results.geometry, comm); });
  results.setup_seconds = wall_time() - start;
  for (int l = 0; l < mg_levels; ++l) {
    const SparseMatrix& A = problem.levels[l].A;
    LevelSummary& summary = results.levels[l];
    summary.global_rows = A.global_rows;
    summary.global_nonzeros = A.global_nonzeros;
    summary.root_columns = A.columns;
    summary.root_send_total = static_cast<local_int>(A.exchange.halo().send_rows.size());
    summary.root_send_neighbors = static_cast<int>(A.exchange.halo().send_ranks.size());
  }
  return problem;
}

ProgressEvent phase(const std::string& name, const std::string& detail) {
  ProgressEvent event;
  event.phase = name;
  event.detail = detail;
  return event;
}

/// Average time of one reference SpMV + V-cycle (HPCG's times[8]).
double time_reference_kernels(Workspace& ws, bool quick_path) {
  Vector x_overlap(ws.columns(0));
  TestVectorSource source;
  source.fill(x_overlap);
  BackendVector x = ws.upload(x_overlap), b_computed = ws.backend().allocate(ws.rows(0));
  int calls = quick_path ? 1 : reference_timing_calls;
  double start = wall_time();
  for (int i = 0; i < calls; ++i) {
    apply_spmv(ws, 0, x, b_computed);
    apply_mg(ws, b_computed, x);
  }
  return (wall_time() - start) / calls;
}

/// Tunes nothing and checks nothing: just finds how far 50 reference iterations get.
double reference_cg_tolerance(Workspace& ws) {
  ws.backend().fill(ws.cg.x, 0.0);
  KernelTimes ignored;
  CgResult cg = run_cg(ws, {reference_max_iterations, 0.0, true}, ignored);
  return cg.scaled_residual();
}

/// HPCG's reference phases, on the reference backend's own vectors (freed afterwards).
void run_reference_phases(const Params& params, Problem& problem, const Comm& comm,
                          BenchmarkResults& results, const ProgressCallback& progress) {
  auto reference = make_backend("reference");
  reference->optimize(problem);
  Workspace ws(*reference, problem, comm);
  progress(phase("reference timing", "timing the reference SpMV and multigrid"));
  results.reference_spmv_mg_seconds = time_reference_kernels(ws, params.quick_path());
  progress(phase("reference CG", "50 iterations with the reference kernels"));
  results.reference_tolerance = reference_cg_tolerance(ws);
}

void validate(Workspace& ws, BenchmarkResults& results, RunLog& log) {
  results.cg_test = test_cg(ws);
  for (const auto& line : results.cg_test.log_lines) log.line(line);
  TestVectorSource source;
  results.symmetry_test = test_symmetry(ws, source);
  log.line(format("Departure from symmetry (scaled) for SpMV abs(x'*A*y - y'*A*x) = ",
                  results.symmetry_test.spmv_departure));
  log.line(format("Departure from symmetry (scaled) for MG abs(x'*Minv*y - y'*Minv*x) = ",
                  results.symmetry_test.mg_departure));
  for (size_t i = 0; i < results.symmetry_test.spmv_residuals.size(); ++i) {
    std::ostringstream line;
    line << "SpMV call [" << i << "] Residual [" << results.symmetry_test.spmv_residuals[i] << "]";
    log.line(line.str());
  }
  results.backend_checks = check_backend(ws, source);
  const BackendCheckResult& checks = results.backend_checks;
  std::ostringstream line;
  line << "Backend '" << ws.backend().name() << "' checks: SpMV scaled error " << checks.spmv_error
       << ", SymGS departure from symmetry " << checks.symgs_asymmetry
       << ", SymGS error reduction " << checks.symgs_reduction << ", MG error reduction "
       << checks.mg_reduction;
  log.line(line.str());
  for (const auto& failure : checks.failures) log.line("Backend check FAILED: " + failure);
}

/// HPCG's optimised CG set-up run: iterations needed to match the reference residual, and the
/// slowest rank's time for them, which sizes the number of timed sets.
double find_optimized_iterations(Workspace& ws, BenchmarkResults& results, RunLog& log) {
  ws.backend().fill(ws.cg.x, 0.0);
  KernelTimes times;
  CgResult cg = run_cg(ws, {optimized_max_iterations, results.reference_tolerance, true}, times);
  results.optimized_iterations = std::max(reference_max_iterations, cg.iterations);
  if (cg.scaled_residual() > results.reference_tolerance * (1.0 + 1.0e-6)) {
    results.tolerance_failure = true;
    log.line("Failed to reduce the residual " + std::to_string(optimized_max_iterations) +
             " times.");
  }
  // The run the timed sets must follow: the search's own when it ran exactly that many.
  if (cg.iterations != results.optimized_iterations) {
    ws.backend().fill(ws.cg.x, 0.0);
    KernelTimes ignored;
    cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, ignored);
  }
  results.validated_scaled_residual = cg.scaled_residual();
  results.validated_residuals = cg.scaled_residuals;
  // Its true residual is the level rounding sets for the sets' solutions; it must itself be
  // near CG's own, or near what rounding can do on any HPCG problem.
  SpotCheckResult validated_solution;
  results.validated_true_residual =
      check_solution(ws, ws.problem().b, cg.scaled_residual(), rounding_residual,
                     "the iteration search's validated solution", validated_solution);
  for (const std::string& failure : validated_solution.failures) {
    results.timed_failures.push_back(failure);
  }
  results.timed_residual_tolerance =
      ws.backend().bit_reproducible() ? 0.0 : non_reproducible_tolerance;
  log.line(format("Validated scaled residual, whose convergence the timed sets must follow: ",
                  results.validated_scaled_residual));
  log.line(format("Validated run's true scaled residual ||b - Ax||/||b||: ",
                  results.validated_true_residual));
  // The validated run itself must be a full, finite run that reaches the reference residual:
  // a backend that starts to cheat here would otherwise set the standard the sets follow.
  if (!cg.non_finite.empty()) {
    results.timed_failures.push_back("the iteration search met a NaN or infinity: " +
                                     cg.non_finite);
  } else if (cg.iterations != results.optimized_iterations) {
    results.timed_failures.push_back("the iteration search's validated run stopped after " +
                                     std::to_string(cg.iterations) + " of " +
                                     std::to_string(results.optimized_iterations) +
                                     " iterations");
  } else if (cg.scaled_residual() > results.reference_tolerance * (1.0 + 1.0e-6)) {
    results.tolerance_failure = true;
  }
  return ws.comm().max(times.total);
}

/// Why timed set `set` (0-based) is not to be believed, or "": it must run every iteration it
/// is credited with, meet no NaN or infinity, and follow the validated run's ||r_k|| / ||r0||
/// wherever rounding does not decide it.
std::string set_failure(const BenchmarkResults& results, int set, const CgResult& cg) {
  std::ostringstream text;
  text.precision(17);
  text << "timed set " << set + 1 << ": ";
  if (!cg.non_finite.empty()) {
    text << "NaN or infinity in " << cg.non_finite;
    return text.str();
  }
  if (cg.iterations != results.optimized_iterations) {
    text << "stopped after " << cg.iterations << " of the " << results.optimized_iterations
         << " iterations it is credited with";
    return text.str();
  }
  const std::vector<double>& validated = results.validated_residuals;
  for (size_t k = 0; k < validated.size() && k < cg.scaled_residuals.size(); ++k) {
    const double expected = validated[k], actual = cg.scaled_residuals[k];
    if (expected < trajectory_floor || std::fabs(actual / expected - 1.0) <= trajectory_tolerance) {
      continue;
    }
    text << "||r||/||r0|| " << actual << " after iteration " << k + 1
         << " departs from the validated run's " << expected << " (limit " << trajectory_tolerance
         << " relative)";
    return text.str();
  }
  return "";
}

/// The same random engine on every rank, seeded at run time on rank 0: the spot checks fall
/// where a backend cannot know in advance.
std::mt19937_64 shared_engine(const Comm& comm) {
  std::string seed;
  if (comm.is_root()) seed = std::to_string(std::random_device()());
  return std::mt19937_64(std::stoull(comm.broadcast(seed)));
}

/// The timed phase so far: sets done, an estimate of the rest from their mean time, and the
/// GFLOP/s credited to them (HPCG's flop model, with convergence overhead).
ProgressEvent timed_set_progress(const BenchmarkResults& results, int done, double residual) {
  RunShape so_far = results;
  so_far.sets = done;
  const double seconds = results.times.total;
  ProgressEvent event = phase("timed sets", format("scaled residual ", residual));
  event.steps_done = done;
  event.steps_total = results.sets;
  event.seconds_left = seconds / done * (results.sets - done);
  if (seconds > 0) event.gflops = count_flops(so_far).total_with_convergence / seconds / 1.0e9;
  return event;
}

/// Rank 0's per-level V-cycle seconds, when the V-cycle that ran timed every level.
std::optional<std::array<double, mg_levels>> level_seconds(const MgLevelTimes& times) {
  if (!times.reported()) return std::nullopt;
  std::array<double, mg_levels> seconds{};
  for (int l = 0; l < mg_levels; ++l) seconds[l] = times.seconds(l);
  return seconds;
}

/// Transfers during the timed sets, summed over ranks, with one line in the run log.
void record_transfers(const TransferCounts& before, const TransferCounts& after, const Comm& comm,
                      BenchmarkResults& results, RunLog& log) {
  results.timed_transfers.bytes = comm.sum(after.bytes - before.bytes);
  results.timed_transfers.halo_bytes = comm.sum(after.halo_bytes - before.halo_bytes);
  std::ostringstream line;
  line << "Transfers in the timed sets: " << results.timed_transfers.bytes
       << " bytes between host and backend memory, " << results.timed_transfers.halo_bytes
       << " halo bytes sent and received (all ranks)";
  log.line(line.str());
}

/// Bytes between host and backend memory while `work` ran: traffic the timed sets do not count.
template <class Work>
double bytes_moved_by(Workspace& ws, Work&& work) {
  const double start = ws.transfers().bytes;
  work();
  return ws.transfers().bytes - start;
}

/// The true residual of a timed run's solution against CG's own (validation's check_solution).
void check_set_solution(Workspace& ws, const Vector& rhs, const CgResult& cg,
                        BenchmarkResults& results) {
  check_solution(ws, rhs, cg.scaled_residual(), results.validated_true_residual,
                 "the solution of a timed set", results.spot_checks);
}

/// Each timed set's b: HPCG's b plus a perturbation from a seed drawn for the set
/// (fresh_rhs.hpp). The seeds are kept, so that any set's b can be uploaded again.
class TimedRhs {
 public:
  explicit TimedRhs(Workspace& ws) : ws_(ws), b_(ws.problem().b), rhs_(b_.size()) {
    const Comm& comm = ws.comm();
    double squares = 0.0;
    for (local_int i = 0; i < b_.size(); ++i) squares += b_[i] * b_[i];
    const double rows = static_cast<double>(comm.sum(static_cast<global_int>(b_.size())));
    amplitude_ = rhs_perturbation * std::sqrt(comm.sum(squares) / rows);
  }
  /// Draws the next set's seed from `engine` (the same on every rank) and uploads its b into
  /// ws.cg.b; returns the bytes that moved.
  double upload_next(std::mt19937_64& engine) {
    seeds_.push_back(engine());
    return upload(seeds_.back());
  }
  /// Uploads the b of timed set `set` (0-based) again.
  void upload_again(int set) { upload(seeds_[set]); }
  int sets() const { return static_cast<int>(seeds_.size()); }
  /// The b uploaded last.
  const Vector& values() const { return rhs_; }
  /// Puts HPCG's own b back for the checks that follow.
  void restore() { ws_.upload(b_.data(), 0, b_.size(), ws_.cg.b); }

 private:
  double upload(std::uint64_t seed) {
    perturbed_rhs(b_, amplitude_, seed, ws_.comm().rank(), rhs_);
    return bytes_moved_by(ws_, [&] { ws_.upload(rhs_.data(), 0, rhs_.size(), ws_.cg.b); });
  }

  Workspace& ws_;
  const Vector& b_;
  Vector rhs_;
  double amplitude_ = 0.0;
  std::vector<std::uint64_t> seeds_;
};

/// Runs the timed sets, each on its own b from `rhs`, with their checks.
void run_timed_sets(Workspace& ws, TimedRhs& rhs, BenchmarkResults& results, RunLog& log,
                    const ProgressCallback& progress, std::mt19937_64& engine) {
  const Comm& comm = ws.comm();
  // Only the timed sets count: validation and the iteration search ran with the timer off.
  ws.mg_level_times.clear();
  ws.mg_level_times.enable(true);
  const TransferCounts before = ws.transfers();
  double untimed_bytes = 0.0;  // moved by the checks and the upload of b, not by CG
  for (int set = 0; set < results.sets; ++set) {
    ws.backend().fill(ws.cg.x, 0.0);
    untimed_bytes += rhs.upload_next(engine);
    double before_seconds = results.times.total;
    CgAudit audit;
    audit.iteration = 1 + static_cast<int>(engine() % results.optimized_iterations);
    const bool check_mg = set + 1 == results.sets || engine() % mg_spot_check_period == 0;
    audit.check = [&] {
      untimed_bytes += bytes_moved_by(ws, [&] { spot_check(ws, check_mg, results.spot_checks); });
    };
    CgResult cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, results.times, &audit);
    untimed_bytes +=
        bytes_moved_by(ws, [&] { check_set_solution(ws, rhs.values(), cg, results); });
    results.set_scaled_residuals.push_back(cg.scaled_residual());
    results.set_seconds.push_back(results.times.total - before_seconds);
    results.set_iterations.push_back(cg.iterations);
    std::ostringstream line;
    line << "Call [" << set << "] Scaled Residual [" << cg.scaled_residual() << "]";
    log.line(line.str());
    progress(timed_set_progress(results, set + 1, cg.scaled_residual()));
    const std::string failure = set_failure(results, set, cg);
    if (!failure.empty()) results.timed_failures.push_back(failure);
    if (!failure.empty() || !results.spot_checks.failures.empty()) {
      log.line("Timed sets stopped: " + (failure.empty() ? results.spot_checks.failures.front()
                                                         : failure));
      results.sets = set + 1;  // credit only the sets that ran
      break;
    }
  }
  ws.mg_level_times.enable(false);
  TransferCounts after = ws.transfers();
  after.bytes -= untimed_bytes;
  record_transfers(before, after, comm, results, log);
  rhs.restore();
  results.mg_level_seconds = level_seconds(ws.mg_level_times);
  results.allreduce_min = comm.min(results.times.allreduce);
  results.allreduce_max = comm.max(results.times.allreduce);
  results.allreduce_avg = comm.sum(results.times.allreduce) / comm.size();
}

/// Runs one timed set, drawn only now, again with the timer off and every iteration spot
/// checked (the V-cycle in one in `mg_spot_check_period`): it must give the set's scaled residual
/// again. A backend that cut work in the timed sets either repeats the cut here, under the
/// checks, or computes properly and gives another residual.
void rerun_timed_set(Workspace& ws, TimedRhs& rhs, BenchmarkResults& results, RunLog& log,
                     std::mt19937_64& engine) {
  const int set = static_cast<int>(engine() % static_cast<unsigned>(rhs.sets()));
  ws.backend().fill(ws.cg.x, 0.0);
  rhs.upload_again(set);
  int iteration = 0;
  CgAudit audit;  // every iteration
  audit.check = [&] {
    spot_check(ws, ++iteration % mg_spot_check_period == 0, results.spot_checks);
  };
  KernelTimes untimed;
  const CgResult cg = run_cg(ws, {results.optimized_iterations, 0.0, true}, untimed, &audit);
  check_set_solution(ws, rhs.values(), cg, results);
  rhs.restore();
  results.rerun_set = set;
  results.rerun_scaled_residual = cg.scaled_residual();
  const double expected = results.set_scaled_residuals[set], actual = cg.scaled_residual();
  std::ostringstream text;
  text.precision(17);
  text << "timed set " << set + 1 << " re-run: scaled residual " << actual;
  if (!(std::fabs(actual - expected) <= results.timed_residual_tolerance * std::fabs(expected)) ||
      cg.iterations != results.optimized_iterations) {
    text << " in " << cg.iterations << " iterations differs from the timed run's " << expected
         << (results.timed_residual_tolerance == 0 ? " (bit for bit required)" : "");
    results.timed_failures.push_back(text.str());
  }
  log.line(text.str());
}

/// The spot checks of the timed sets and the re-run, in one line of the log.
void log_spot_checks(const SpotCheckResult& checks, RunLog& log) {
  std::ostringstream line;
  line << "Spot checks in the timed sets and the re-run: " << checks.spmv_checks
       << " SpMV (worst " << checks.worst_spmv_error << "), " << checks.mg_checks
       << " V-cycle (worst residual " << checks.worst_mg_ratio << " times the reference's), "
       << checks.solution_checks << " solution (worst true residual "
       << checks.worst_solution_ratio << " times CG's), " << checks.failures.size() << " failed";
  log.line(line.str());
}

}  // namespace

BenchmarkResults run_benchmark(const Params& params, const Comm& comm, Backend& backend,
                               RunLog& log, const ProgressCallback& progress) {
  BenchmarkResults results;
  results.params = params;
  results.ranks = comm.size();
  results.threads = max_threads();
  results.backend_name = backend.name();
  results.backend_version = backend.version();
  results.optimized_kernels = backend.optimized_kernels();
  results.backend_memory = backend.memory();
  results.bit_reproducible = backend.bit_reproducible();

  progress(phase("setup", "generating the problem and the multigrid hierarchy"));
  Problem problem = set_up(params, comm, results);
  if (!params.unofficial_quick) run_reference_phases(params, problem, comm, results, progress);

  progress(phase("optimization", "optimization phase of backend '" + backend.name() + "'"));
  double start = wall_time();
  run_collectively(comm, [&] { backend.optimize(problem); });
  results.optimize_seconds = wall_time() - start;
  std::unique_ptr<Workspace> workspace;
  run_collectively(comm, [&] {
    workspace = std::make_unique<Workspace>(backend, problem, comm, params.gpu_aware_mpi);
  });
  Workspace& ws = *workspace;
  results.halo_in_backend_memory = ws.halo_in_backend_memory();
  // After the workspace: a backend with separate memory counts its vectors too.
  results.optimization_bytes = comm.sum(backend.optimization_bytes());

  progress(phase("validation", "TestCG, TestSymmetry and the backend checks"));
  validate(ws, results, log);
  if (params.unofficial_quick) {
    // --unofficial-quick: the backend under test stands in for the reference (so its colouring
    // costs no extra iterations here); the report says the result cannot be submitted.
    progress(phase("backend CG", "50 iterations of the backend for the residual to reach"));
    results.reference_spmv_mg_seconds = time_reference_kernels(ws, true);
    results.reference_tolerance = reference_cg_tolerance(ws);
    log.line("Unofficial quick mode: no reference timing or reference CG; the residual to reach "
             "comes from the backend under test");
  }
  progress(phase("iteration search", "optimized CG iterations for the reference residual"));
  double worst_seconds = find_optimized_iterations(ws, results, log);
  results.sets = static_cast<int>(params.runtime_seconds / worst_seconds) + 1;
  ProgressEvent timed = phase("timed sets", std::to_string(results.sets) + " CG set(s) of " +
                                                std::to_string(results.optimized_iterations) +
                                                " iterations");
  timed.steps_total = results.sets;
  timed.seconds_left = results.sets * worst_seconds;
  progress(timed);
  std::mt19937_64 engine = shared_engine(comm);
  TimedRhs rhs(ws);
  run_timed_sets(ws, rhs, results, log, progress, engine);
  if (results.timed_failures.empty() && results.spot_checks.failures.empty()) {
    progress(phase("re-run", "a timed set drawn now, again, every iteration checked"));
    rerun_timed_set(ws, rhs, results, log, engine);
  }
  log_spot_checks(results.spot_checks, log);
  progress(phase("final checks", "the backend checks again, after the timed sets"));
  TestVectorSource source;
  results.final_checks = check_backend(ws, source);
  results.norms_test = test_norms(results.set_scaled_residuals);
  return results;
}

}  // namespace hpcg
