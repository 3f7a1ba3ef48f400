// SPDX-License-Identifier: BSD-3-Clause
#include "kokkos_backend.hpp"

#include "hpcg/backend/block_coloring.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/version.hpp"
#include "kernels.hpp"

namespace hpcg::backends::kokkos {

struct KokkosBackend::State {
  explicit State(KokkosOptions chosen) : options(chosen), memory(chosen.separate_memory) {}

  const LevelViews& views(const Level& level) const;
  void place_level(const Level& level);
  void exchange(Level& level, LevelViews& A, const DeviceVector& x, Vector& host_x);
  void v_cycle(std::size_t l, const ConstDeviceVector& r, const DeviceVector& x, Vector& host_x);

  KokkosOptions options;
  MemoryBridge memory;
  Problem* problem = nullptr;
  std::vector<LevelViews> levels;
};

const LevelViews& KokkosBackend::State::views(const Level& level) const {
  if (problem == nullptr) throw InternalError("kokkos backend used before its optimization phase");
  auto index = &level - problem->levels.data();
  HPCG_REQUIRE(index >= 0 && index < static_cast<long>(levels.size()));
  return levels[index];
}

void KokkosBackend::State::place_level(const Level& level) {
  local_int block_rows = options.block_rows;
  if (block_rows <= 0) {
    block_rows = space_reads_host_memory ? cpu_block_rows(level.A, concurrency()) : 1;
  }
  levels.push_back(make_level_views(level, block_rows, memory));
}

void KokkosBackend::State::exchange(Level& level, LevelViews& A, const DeviceVector& x,
                                    Vector& host_x) {
  if (!memory.separate()) {
    ExecutionSpace().fence();  // MPI reads what the kernels wrote
    level.A.exchange.run(host_x.data());
    return;
  }
  // Only the values this rank sends go to the host and only the halo comes back; the core's
  // exchange works on host_x, the core vector this buffer stands for.
  const std::vector<local_int>& send_rows = level.A.exchange.halo().send_rows;
  if (!send_rows.empty()) {
    kokkos::gather(A.send_rows, x, A.send_values);
    Kokkos::deep_copy(HostWrap<double>(A.send_staging.data(), A.send_staging.size()),
                      A.send_values);
    for (std::size_t k = 0; k < send_rows.size(); ++k) host_x[send_rows[k]] = A.send_staging[k];
  }
  level.A.exchange.run(host_x.data());
  const local_int halo = A.columns - A.rows;
  if (halo > 0) {
    Kokkos::deep_copy(Kokkos::subview(x, Kokkos::make_pair(A.rows, A.columns)),
                      HostWrap<const double>(host_x.data() + A.rows, halo));
  }
}

void KokkosBackend::State::v_cycle(std::size_t l, const ConstDeviceVector& r,
                                   const DeviceVector& x, Vector& host_x) {
  // Kernels may run asynchronously: the fence charges each level the work it launched.
  MgLevelScope timer(problem->mg_level_times, static_cast<int>(l), [] { Kokkos::fence(); });
  Level& level = problem->levels[l];
  LevelViews& A = levels[l];
  // The smoothing from x = 0 reads only L in its forward sweep; x's halo is zero on every rank,
  // so it needs no exchange, only zeros where the core's vector may hold old values.
  kokkos::fill(x, A.rows, A.columns, 0.0);
  kokkos::symgs(A, r, x, true);
  if (l + 1 == levels.size()) return;
  Level& coarse = problem->levels[l + 1];
  // Coarse vectors live in the space for good: only their halos ever reach the host.
  DeviceVector rc = memory.out(coarse.mg_rhs), xc = memory.out(coarse.mg_solution);
  exchange(level, A, x, host_x);
  kokkos::residual_restriction(A, r, x, rc);
  v_cycle(l + 1, rc, xc, coarse.mg_solution);
  kokkos::prolongate(A, xc, x);
  exchange(level, A, x, host_x);
  kokkos::symgs(A, r, x, false);
}

KokkosBackend::KokkosBackend(KokkosOptions options) {
  if (!Kokkos::is_initialized()) {
    throw InternalError("the kokkos backend needs Kokkos running: call "
                        "hpcg::initialize_backends() after MPI_Init");
  }
  state_ = std::make_unique<State>(options);
}

KokkosBackend::~KokkosBackend() = default;

std::string KokkosBackend::version() const {
  return std::string(version_string) + " (" + configuration() + ")";
}

KernelSet KokkosBackend::optimized_kernels() const {
  KernelSet set;
  set.dot = set.waxpby = set.spmv = set.mg = true;
  return set;
}

bool KokkosBackend::separate_memory() const { return state_->memory.separate(); }

void KokkosBackend::optimize(Problem& problem) {
  State& s = *state_;
  s.problem = &problem;
  s.levels.clear();
  s.memory = MemoryBridge(s.options.separate_memory);  // a new problem: new buffers and count
  for (const Level& level : problem.levels) s.place_level(level);
  // With separate memory, the buffers of the vectors CG and the V-cycle use are allocated now,
  // so that the optimisation phase pays for them and reports them.
  for (const Vector* v : {&problem.x, &problem.b, &problem.cg.r, &problem.cg.z, &problem.cg.p,
                          &problem.cg.Ap}) {
    s.memory.reserve(*v);
  }
  for (const Level& level : problem.levels) {
    s.memory.reserve(level.mg_rhs);
    s.memory.reserve(level.mg_solution);
  }
}

double KokkosBackend::optimization_bytes() const { return state_->memory.allocated_bytes(); }

void KokkosBackend::diagonal_changed(const Level& level) {
  refresh_diagonal(state_->views(level), level.A);
}

std::vector<int> KokkosBackend::colors_per_level() const {
  std::vector<int> colors;
  for (const LevelViews& v : state_->levels) {
    colors.push_back(static_cast<int>(v.color_start.size()) - 1);
  }
  return colors;
}

std::vector<bool> KokkosBackend::lower_offsets_per_level() const {
  std::vector<bool> offsets;
  for (const LevelViews& v : state_->levels) offsets.push_back(v.lower_as_offsets());
  return offsets;
}

bool KokkosBackend::mg(Problem& problem, const Vector& r, Vector& x) {
  State& s = *state_;
  HPCG_REQUIRE(&problem == s.problem);
  const local_int rows = problem.fine().A.rows;
  DeviceVector rv = s.memory.in(r, rows), xv = s.memory.out(x);
  s.v_cycle(0, rv, xv, x);
  s.memory.back(xv, x, rows);
  return true;
}

void KokkosBackend::spmv(const Level& level, const Vector& x, Vector& y) {
  const LevelViews& A = state_->views(level);
  MemoryBridge& memory = state_->memory;
  DeviceVector xv = memory.in(x, A.columns), yv = memory.out(y);
  kokkos::spmv(A, xv, yv);
  memory.back(yv, y, A.rows);
}

void KokkosBackend::symgs(const Level& level, const Vector& r, Vector& x) {
  const LevelViews& A = state_->views(level);
  MemoryBridge& memory = state_->memory;
  DeviceVector rv = memory.in(r, A.rows), xv = memory.in(x, A.columns);
  kokkos::symgs(A, rv, xv, false);
  memory.back(xv, x, A.rows);
}

double KokkosBackend::dot(local_int n, const Vector& x, const Vector& y) {
  MemoryBridge& memory = state_->memory;
  DeviceVector xv = memory.in(x, n), yv = memory.in(y, n);
  return kokkos::dot(n, xv, yv);
}

void KokkosBackend::waxpby(local_int n, double alpha, const Vector& x, double beta,
                           const Vector& y, Vector& w) {
  MemoryBridge& memory = state_->memory;
  DeviceVector xv = memory.in(x, n), yv = memory.in(y, n), wv = memory.out(w);
  kokkos::waxpby(n, alpha, xv, beta, yv, wv);
  memory.back(wv, w, n);
}

void KokkosBackend::restrict_residual(const Level& fine, const Vector& r, const Vector& Axf,
                                      Vector& rc) {
  const LevelViews& A = state_->views(fine);
  MemoryBridge& memory = state_->memory;
  const auto n = static_cast<local_int>(A.coarse_to_fine.extent(0));
  DeviceVector rv = memory.in(r, A.rows), av = memory.in(Axf, A.rows), cv = memory.out(rc);
  kokkos::restrict_residual(A, rv, av, cv);
  memory.back(cv, rc, n);
}

void KokkosBackend::prolongate(const Level& fine, const Vector& xc, Vector& x) {
  const LevelViews& A = state_->views(fine);
  MemoryBridge& memory = state_->memory;
  const auto n = static_cast<local_int>(A.coarse_to_fine.extent(0));
  DeviceVector cv = memory.in(xc, n), xv = memory.in(x, A.rows);
  kokkos::prolongate(A, cv, xv);
  memory.back(xv, x, A.rows);
}

}  // namespace hpcg::backends::kokkos
