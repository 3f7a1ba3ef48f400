// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/solver/multigrid.hpp"

#include "hpcg/base/timer.hpp"

namespace hpcg {

namespace {

// Runs both parts of a step around the exchange of x's halo on `level`.
template <class Step>
void around_halo(Workspace& ws, int level, BackendVector& x, Step step) {
  ws.begin_halo(level, x);
  step(HaloPart::before_halo);
  ws.finish_halo(level, x);
  step(HaloPart::after_halo);
}

}  // namespace

void apply_spmv(Workspace& ws, int level, BackendVector& x, BackendVector& y) {
  around_halo(ws, level, x, [&](HaloPart part) { ws.backend().spmv_part(part, level, x, y); });
}

double apply_spmv_dot(Workspace& ws, int level, BackendVector& x, BackendVector& y) {
  double local = 0.0;
  around_halo(ws, level, x, [&](HaloPart part) {
    local = ws.backend().spmv_dot_part(part, level, x, y);
  });
  return local;
}

void apply_symgs(Workspace& ws, int level, const BackendVector& r, BackendVector& x) {
  around_halo(ws, level, x, [&](HaloPart part) { ws.backend().symgs_part(part, level, r, x); });
}

void apply_residual_restriction(Workspace& ws, int level, const BackendVector& r,
                                BackendVector& x, BackendVector& rc) {
  around_halo(ws, level, x, [&](HaloPart part) {
    ws.backend().residual_restriction_part(part, level, r, x, rc);
  });
}

namespace {

void v_cycle(Workspace& ws, int l, const BackendVector& r, BackendVector& x) {
  Backend& backend = ws.backend();
  MgLevelScope timer(ws.mg_level_times, l, &backend);
  // x = 0 on every rank, so its halo is zero too: the pre-smoothing needs no exchange.
  backend.symgs_zero_guess(l, r, x);
  if (l + 1 == static_cast<int>(ws.mg.size())) return;
  Workspace::LevelVectors& coarse = ws.mg[l + 1];
  apply_residual_restriction(ws, l, r, x, coarse.rhs);
  v_cycle(ws, l + 1, coarse.rhs, coarse.solution);
  backend.prolongation(l, coarse.solution, x);
  apply_symgs(ws, l, r, x);
}

}  // namespace

void apply_mg(Workspace& ws, const BackendVector& r, BackendVector& x) {
  if (!ws.backend().mg(ws, r, x)) v_cycle(ws, 0, r, x);
}

double global_sum(const Comm& comm, double local, double* allreduce_seconds) {
  const double start = wall_time();
  const double global = comm.sum(local);
  if (allreduce_seconds != nullptr) *allreduce_seconds += wall_time() - start;
  return global;
}

double global_dot(Workspace& ws, local_int n, const BackendVector& x, const BackendVector& y,
                  double* allreduce_seconds) {
  return global_sum(ws.comm(), ws.backend().dot(n, x, y), allreduce_seconds);
}

}  // namespace hpcg
