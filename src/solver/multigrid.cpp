// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/solver/multigrid.hpp"

#include "hpcg/base/timer.hpp"

namespace hpcg {

void apply_spmv(Backend& backend, Level& level, Vector& x, Vector& y) {
  level.A.exchange.run(x.data());
  backend.spmv(level, x, y);
}

void apply_symgs(Backend& backend, Level& level, const Vector& r, Vector& x) {
  level.A.exchange.run(x.data());
  backend.symgs(level, r, x);
}

namespace {

void v_cycle(Backend& backend, Problem& problem, size_t l, const Vector& r, Vector& x) {
  MgLevelScope timer(problem.mg_level_times, static_cast<int>(l));
  Level& level = problem.levels[l];
  x.fill(0.0);
  if (l + 1 == problem.levels.size()) {
    apply_symgs(backend, level, r, x);
    return;
  }
  Level& coarse = problem.levels[l + 1];
  apply_symgs(backend, level, r, x);
  apply_spmv(backend, level, x, level.mg_residual);
  backend.restrict_residual(level, r, level.mg_residual, coarse.mg_rhs);
  v_cycle(backend, problem, l + 1, coarse.mg_rhs, coarse.mg_solution);
  backend.prolongate(level, coarse.mg_solution, x);
  apply_symgs(backend, level, r, x);
}

}  // namespace

void apply_mg(Backend& backend, Problem& problem, const Vector& r, Vector& x) {
  if (!backend.mg(problem, r, x)) v_cycle(backend, problem, 0, r, x);
}

double global_dot(Backend& backend, const Comm& comm, local_int n, const Vector& x,
                  const Vector& y, double* allreduce_seconds) {
  double local = backend.dot(n, x, y);
  double start = wall_time();
  double global = comm.sum(local);
  if (allreduce_seconds != nullptr) *allreduce_seconds += wall_time() - start;
  return global;
}

}  // namespace hpcg
