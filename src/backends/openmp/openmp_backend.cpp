// SPDX-License-Identifier: BSD-3-Clause
#include "openmp_backend.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

#include "hpcg/backend/reference_kernels.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/version.hpp"
#include "kernels.hpp"

namespace hpcg::backends::openmp {

std::string OpenMPBackend::version() const { return hpcg::version_string; }

KernelSet OpenMPBackend::optimized_kernels() const {
  KernelSet set;
  set.spmv = set.mg = true;
  return set;
}

namespace {
int thread_count() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}
}  // namespace

void OpenMPBackend::optimize(Problem& problem) {
  problem_ = &problem;
  orderings_.clear();
  orderings_.reserve(problem.levels.size());
  for (const Level& level : problem.levels) {
    BlockColoring coloring = color_blocks(level.A, cpu_block_rows(level.A, thread_count()));
    SweepLayout layout = make_sweep_layout(level.A, coloring);
    orderings_.push_back({std::move(coloring), std::move(layout), Vector(level.A.rows)});
  }
}

double OpenMPBackend::optimization_bytes() const {
  double bytes = 0;
  for (const auto& o : orderings_) {
    const BlockColoring& c = o.coloring;
    bytes += sizeof(local_int) *
                 static_cast<double>(c.block_start.size() + c.blocks.size() + c.color_start.size()) +
             sizeof(int) * static_cast<double>(c.block_color.size()) +
             sizeof(double) * static_cast<double>(o.sweep_rhs.size()) + o.layout.bytes();
  }
  return bytes;
}

std::vector<int> OpenMPBackend::colors_per_level() const {
  std::vector<int> colors;
  for (const auto& o : orderings_) colors.push_back(o.coloring.colors());
  return colors;
}

OpenMPBackend::LevelOrdering& OpenMPBackend::ordering(const Level& level) {
  if (problem_ == nullptr) throw InternalError("openmp backend used before its optimization phase");
  auto index = &level - problem_->levels.data();
  HPCG_REQUIRE(index >= 0 && index < static_cast<long>(orderings_.size()));
  return orderings_[index];
}

void OpenMPBackend::spmv(const Level& level, const Vector& x, Vector& y) {
  openmp::spmv(level.A, x, y);
}

void OpenMPBackend::symgs(const Level& level, const Vector& r, Vector& x) {
  LevelOrdering& o = ordering(level);
  block_symgs(level.A, o.layout, o.coloring, r, x, o.sweep_rhs, false);
}

void OpenMPBackend::diagonal_changed(const Level& level) {
  refresh_inverse_diagonal(level.A, ordering(level).layout);
}

void OpenMPBackend::v_cycle(Problem& problem, size_t l, const Vector& r, Vector& x) {
  MgLevelScope timer(problem.mg_level_times, static_cast<int>(l));
  Level& level = problem.levels[l];
  LevelOrdering& o = orderings_[l];
  // x = 0 on every rank, so its halo is zero too: the first smoothing needs no exchange.
  block_symgs(level.A, o.layout, o.coloring, r, x, o.sweep_rhs, true);
  if (l + 1 == problem.levels.size()) return;
  Level& coarse = problem.levels[l + 1];
  level.A.exchange.run(x.data());
  residual_restriction(level, o.layout, r, x, coarse.mg_rhs);
  v_cycle(problem, l + 1, coarse.mg_rhs, coarse.mg_solution);
  reference::prolongate(level, coarse.mg_solution, x);
  level.A.exchange.run(x.data());
  block_symgs(level.A, o.layout, o.coloring, r, x, o.sweep_rhs, false);
}

bool OpenMPBackend::mg(Problem& problem, const Vector& r, Vector& x) {
  HPCG_REQUIRE(&problem == problem_);
  v_cycle(problem, 0, r, x);
  return true;
}

}  // namespace hpcg::backends::openmp
