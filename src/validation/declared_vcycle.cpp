// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/declared_vcycle.hpp"

#include <algorithm>
#include <utility>

#include "hpcg/backends/reference_kernels.hpp"

namespace hpcg {
namespace {

/// sum_k a_ik x_k over entries [begin, end) of A's values, in four partial sums: one running
/// sum makes each product wait for the previous addition, and the check's sweeps are what an
/// audited V-cycle costs. Written here, not taken from the openmp backend's alike row product:
/// the check must not run the code it checks.
inline double row_sum(const SparseMatrix& A, nnz_int begin, nnz_int end, const double* x) {
  const local_int* column = A.column_index.data();
  const double* value = A.values.data();
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  nnz_int k = begin;
  for (; k + 4 <= end; k += 4) {
    s0 += value[k] * x[column[k]];
    s1 += value[k + 1] * x[column[k + 1]];
    s2 += value[k + 2] * x[column[k + 2]];
    s3 += value[k + 3] * x[column[k + 3]];
  }
  for (; k < end; ++k) s0 += value[k] * x[column[k]];
  return (s0 + s1) + (s2 + s3);
}

/// Row i relaxed as the reference's Gauss-Seidel does: x_i = (r_i - sum_{j != i} a_ij x_j) /
/// a_ii, the diagonal term summed with the others and added back.
inline void relax(const SparseMatrix& A, local_int i, const double* r, double* x) {
  const double diagonal = A.values[A.diagonal[i]];
  x[i] = (r[i] - row_sum(A, A.row_start[i], A.row_start[i + 1], x) + x[i] * diagonal) / diagonal;
}

/// Row i of a forward sweep. A split row keeps t_i = r_i - (its entries before the diagonal) x
/// for the backward sweep; from x = 0 its entries after the diagonal read zeros and are skipped.
inline void relax_forward(const SparseMatrix& A, const unsigned char* split, local_int i,
                          const double* r, double* x, double* t, bool zero_guess) {
  if (!split[i]) return relax(A, i, r, x);
  const nnz_int diagonal = A.diagonal[i];
  t[i] = r[i] - row_sum(A, A.row_start[i], diagonal, x);
  const double upper = zero_guess ? 0.0 : row_sum(A, diagonal + 1, A.row_start[i + 1], x);
  x[i] = (t[i] - upper) / A.values[diagonal];
}

/// Row i of the backward sweep: a split row's entries before the diagonal still hold the values
/// the forward sweep used, so only those after it are read.
inline void relax_backward(const SparseMatrix& A, const unsigned char* split, local_int i,
                           const double* r, double* x, const double* t) {
  if (!split[i]) return relax(A, i, r, x);
  const nnz_int diagonal = A.diagonal[i];
  x[i] = (t[i] - row_sum(A, diagonal + 1, A.row_start[i + 1], x)) / A.values[diagonal];
}

/// Which rows list every owned column the sweep updates before them ahead of their diagonal
/// entry and every other owned column after it (halo columns may be anywhere: they do not
/// change during the two sweeps).
std::vector<unsigned char> split_rows(const SparseMatrix& A, const std::vector<local_int>& order) {
  std::vector<local_int> position(A.rows);
  for (local_int k = 0; k < A.rows; ++k) position[order[k]] = k;
  std::vector<unsigned char> split(A.rows, 1);
  for (local_int i = 0; i < A.rows; ++i) {
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      const local_int j = A.column_index[k];
      if (j >= A.rows || k == A.diagonal[i]) continue;
      const bool before = position[j] < position[i];
      if (before != (k < A.diagonal[i])) split[i] = 0;
    }
  }
  return split;
}

}  // namespace

SweepSchedule make_sweep_schedule(const SparseMatrix& A, const std::vector<local_int>& order) {
  SweepSchedule schedule;
  const local_int rows = A.rows;
  schedule.segment_start.push_back(0);
  for (local_int k = 1; k < rows; ++k) {
    if (order[k] != order[k - 1] + 1) schedule.segment_start.push_back(k);
  }
  if (rows > 0) schedule.segment_start.push_back(rows);
  const auto segments = static_cast<local_int>(schedule.segment_start.size()) - 1;
  std::vector<local_int> segment_of(rows);
  for (local_int s = 0; s < segments; ++s) {
    for (local_int k = schedule.segment_start[s]; k < schedule.segment_start[s + 1]; ++k) {
      segment_of[order[k]] = s;
    }
  }
  auto for_each_owned_neighbour = [&](local_int s, auto visit) {
    for (local_int k = schedule.segment_start[s]; k < schedule.segment_start[s + 1]; ++k) {
      const local_int i = order[k];
      for (nnz_int e = A.row_start[i]; e < A.row_start[i + 1]; ++e) {
        const local_int j = A.column_index[e];
        if (j < rows && j != i) visit(segment_of[j]);
      }
    }
  };
  // A segment joins the current phase unless one of its rows reads a row of the phase's
  // earlier segments.
  schedule.phase_start.push_back(0);
  for (local_int s = 0; s < segments; ++s) {
    const local_int first = schedule.phase_start.back();
    bool coupled = false;
    for_each_owned_neighbour(s, [&](local_int t) { coupled = coupled || (t >= first && t < s); });
    if (coupled) schedule.phase_start.push_back(s);
  }
  schedule.phase_start.push_back(segments);
  // Verified in both directions: an earlier segment's row may read a later one's.
  std::vector<local_int> phase_of(segments);
  for (int p = 0; p < schedule.phases(); ++p) {
    for (local_int s = schedule.phase_start[p]; s < schedule.phase_start[p + 1]; ++s) {
      phase_of[s] = p;
    }
  }
  bool shared = false;
  for (local_int s = 0; s < segments && !shared; ++s) {
    for_each_owned_neighbour(s, [&](local_int t) {
      shared = shared || (t != s && phase_of[t] == phase_of[s]);
    });
  }
  if (shared) {
    schedule.phase_start.resize(segments + 1);
    for (local_int s = 0; s <= segments; ++s) schedule.phase_start[s] = s;
  }
  schedule.split = split_rows(A, order);
  return schedule;
}

DeclaredVcycle::DeclaredVcycle(Problem& problem, std::vector<std::vector<local_int>> orders)
    : problem_(problem) {
  for (size_t l = 0; l < problem.levels.size(); ++l) {
    const SparseMatrix& A = problem.levels[l].A;
    LevelState state;
    state.schedule = make_sweep_schedule(A, orders[l]);
    state.order = std::move(orders[l]);
    state.x = Vector(A.columns);
    state.t = Vector(A.rows);
    if (l > 0) state.rhs = Vector(A.rows);
    levels_.push_back(std::move(state));
  }
}

void DeclaredVcycle::sweeps(int l, const double* r, double* x, bool zero_guess) {
  const SparseMatrix& A = problem_.levels[l].A;
  LevelState& state = levels_[l];
  const local_int* order = state.order.data();
  const SweepSchedule& s = state.schedule;
  const unsigned char* split = s.split.data();
  double* t = state.t.data();
  for (int p = 0; p < s.phases(); ++p) {
    const local_int first = s.phase_start[p], last = s.phase_start[p + 1];
#pragma omp parallel for schedule(static) if (last - first > 1)
    for (local_int g = first; g < last; ++g) {
      for (local_int k = s.segment_start[g]; k < s.segment_start[g + 1]; ++k) {
        relax_forward(A, split, order[k], r, x, t, zero_guess);
      }
    }
  }
  for (int p = s.phases() - 1; p >= 0; --p) {
    const local_int first = s.phase_start[p], last = s.phase_start[p + 1];
#pragma omp parallel for schedule(static) if (last - first > 1)
    for (local_int g = first; g < last; ++g) {
      for (local_int k = s.segment_start[g + 1] - 1; k >= s.segment_start[g]; --k) {
        relax_backward(A, split, order[k], r, x, t);
      }
    }
  }
}

/// As the core's V-cycle (solver/multigrid.cpp) with the reference steps: pre-smoothing from
/// x = 0 (halo zero, no exchange), restriction and prolongation after x's halo exchange, the
/// post-smoothing after another.
void DeclaredVcycle::v_cycle(int l, const double* r) {
  Level& level = problem_.levels[l];
  double* x = levels_[l].x.data();
  levels_[l].x.fill(0.0);
  sweeps(l, r, x, true);
  if (l + 1 == static_cast<int>(levels_.size())) return;
  double* coarse_rhs = levels_[l + 1].rhs.data();
  level.A.exchange.run(x);
  reference::residual_restriction(level, r, x, coarse_rhs);
  v_cycle(l + 1, coarse_rhs);
  reference::prolongation(level, levels_[l + 1].x.data(), x);
  level.A.exchange.run(x);
  sweeps(l, r, x, false);
}

const Vector& DeclaredVcycle::mg(const Vector& r) {
  v_cycle(0, r.data());
  return levels_[0].x;
}

Vector DeclaredVcycle::symgs(int l, const Vector& r, const Vector& x) {
  SparseMatrix& A = problem_.levels[l].A;
  Vector result(A.columns);
  std::copy(x.data(), x.data() + std::min(x.size(), A.columns), result.data());
  A.exchange.run(result.data());
  sweeps(l, r.data(), result.data(), false);
  return result;
}

Vector DeclaredVcycle::symgs_zero_guess(int l, const Vector& r) {
  Vector result(problem_.levels[l].A.columns);
  sweeps(l, r.data(), result.data(), true);
  return result;
}

}  // namespace hpcg
