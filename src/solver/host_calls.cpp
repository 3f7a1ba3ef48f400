// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/solver/host_calls.hpp"

#include <algorithm>

#include "hpcg/solver/multigrid.hpp"

namespace hpcg::on_host {

BackendVector to_backend(Workspace& ws, int level, const Vector& host, local_int length) {
  BackendVector v = ws.backend().allocate(level, VectorRole::check, length);
  ws.upload(host.data(), 0, std::min(host.size(), length), v);
  return v;
}

Vector spmv(Workspace& ws, int level, const Vector& x) {
  BackendVector in = to_backend(ws, level, x, ws.columns(level));
  BackendVector out = ws.backend().allocate(level, VectorRole::check, ws.rows(level));
  apply_spmv(ws, level, in, out);
  return ws.download(out, ws.rows(level));
}

Vector symgs(Workspace& ws, int level, const Vector& r, const Vector& x) {
  BackendVector rhs = to_backend(ws, level, r, ws.rows(level));
  BackendVector solution = to_backend(ws, level, x, ws.columns(level));
  apply_symgs(ws, level, rhs, solution);
  return ws.download(solution, ws.columns(level));
}

Vector symgs_zero_guess(Workspace& ws, int level, const Vector& r) {
  BackendVector rhs = to_backend(ws, level, r, ws.rows(level));
  BackendVector solution = ws.backend().allocate(level, VectorRole::check, ws.columns(level));
  ws.backend().fill(solution, 1.0);  // values the step must ignore
  ws.backend().symgs_zero_guess(level, rhs, solution);
  return ws.download(solution, ws.rows(level));
}

Vector residual_restriction(Workspace& ws, int level, const Vector& r, const Vector& x) {
  BackendVector rhs = to_backend(ws, level, r, ws.rows(level));
  BackendVector solution = to_backend(ws, level, x, ws.columns(level));
  BackendVector coarse = ws.backend().allocate(level + 1, VectorRole::check, ws.rows(level + 1));
  apply_residual_restriction(ws, level, rhs, solution, coarse);
  return ws.download(coarse, ws.rows(level + 1));
}

Vector prolongation(Workspace& ws, int level, const Vector& xc, const Vector& x) {
  BackendVector correction = to_backend(ws, level + 1, xc, ws.rows(level + 1));
  BackendVector solution = to_backend(ws, level, x, ws.columns(level));
  ws.backend().prolongation(level, correction, solution);
  return ws.download(solution, ws.rows(level));
}

Vector mg(Workspace& ws, const Vector& r) {
  BackendVector rhs = to_backend(ws, 0, r, ws.rows(0));
  BackendVector solution = ws.backend().allocate(0, VectorRole::check, ws.columns(0));
  apply_mg(ws, rhs, solution);
  return ws.download(solution, ws.columns(0));
}

double dot(Workspace& ws, const Vector& x, const Vector& y) {
  const local_int n = ws.rows(0);
  BackendVector a = to_backend(ws, 0, x, n), b = to_backend(ws, 0, y, n);
  return ws.backend().dot(n, a, b);
}

Vector waxpby(Workspace& ws, double alpha, const Vector& x, double beta, const Vector& y) {
  const local_int n = ws.rows(0);
  BackendVector a = to_backend(ws, 0, x, n), b = to_backend(ws, 0, y, n);
  BackendVector w = ws.backend().allocate(0, VectorRole::check, n);
  ws.backend().waxpby(n, alpha, a, beta, b, w);
  return ws.download(w, n);
}

}  // namespace hpcg::on_host
