// SPDX-License-Identifier: BSD-3-Clause
#include "openmp_backend.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/version.hpp"
#include "interleaved_kernels.hpp"
#include "kernels.hpp"

namespace hpcg::backends::openmp {
namespace {

/// The colouring for `lanes` blocks of each colour per thread: 2 * lanes blocks per thread, as
/// the scalar sweep has 2, never shorter than cpu_block_rows' floor. Empty when some colour has
/// fewer than threads * lanes blocks (a small level): fewer lanes suit it better.
BlockColoring interleaved_coloring(const SparseMatrix& A, int threads, int lanes) {
  BlockColoring coloring = color_blocks(A, cpu_block_rows(A, threads * lanes));
  for (int c = 0; c < coloring.colors(); ++c) {
    if (coloring.color_start[c + 1] - coloring.color_start[c] < threads * lanes) return {};
  }
  return coloring;
}

}  // namespace

int OpenMPBackend::default_lanes() {
  const char* text = std::getenv("HPCG_OPENMP_LANES");
  if (text == nullptr || *text == '\0') return 1;
  const std::string value = text;
  if (value == "native") return native_lanes;
  if (value == "1" || value == "2" || value == "4" || value == "8") return std::stoi(value);
  throw InputError("HPCG_OPENMP_LANES=" + value + ": use 1, 2, 4, 8 or native");
}

OpenMPBackend::OpenMPBackend(int lanes) : lanes_(lanes) {
  if (lanes != 1 && lanes != 2 && lanes != 4 && lanes != 8) {
    throw InputError("openmp: SIMD lanes must be 1, 2, 4 or 8, not " + std::to_string(lanes));
  }
}

std::string OpenMPBackend::version() const { return hpcg::version_string; }

KernelSet OpenMPBackend::optimized_kernels() const {
  KernelSet set;
  set.spmv = set.mg = true;
  return set;
}

void OpenMPBackend::prepare(const Problem& problem) {
  orderings_.clear();
  orderings_.reserve(problem.levels.size());
  const int threads = max_threads();
  for (const Level& level : problem.levels) {
    LevelOrdering o;
    for (int lanes = lanes_; lanes > 1 && o.coloring.blocks.empty(); lanes /= 2) {
      o.coloring = interleaved_coloring(level.A, threads, lanes);
      if (o.coloring.blocks.empty()) continue;
      const SweepLayout split = make_sweep_layout(level.A, o.coloring);
      o.interleaved = make_interleaved_layout(level.A, o.coloring, split, lanes);
      o.sweep_rhs = Vector(o.interleaved.positions() * lanes);
    }
    if (o.coloring.blocks.empty()) {
      o.coloring = color_blocks(level.A, cpu_block_rows(level.A, threads));
      o.layout = make_sweep_layout(level.A, o.coloring);
      o.sweep_rhs = Vector(level.A.rows);
    }
    orderings_.push_back(std::move(o));
  }
}

double OpenMPBackend::optimization_bytes() const {
  double bytes = 0;
  for (const auto& o : orderings_) {
    const BlockColoring& c = o.coloring;
    bytes += sizeof(local_int) *
                 static_cast<double>(c.block_start.size() + c.blocks.size() + c.color_start.size()) +
             sizeof(int) * static_cast<double>(c.block_color.size()) +
             sizeof(double) * static_cast<double>(o.sweep_rhs.size()) + o.layout.bytes() +
             (o.interleaved.lanes > 1 ? o.interleaved.bytes() : 0.0);
  }
  return bytes;
}

std::vector<local_int> OpenMPBackend::sweep_order(int l) const {
  return hpcg::sweep_order(orderings_.at(l).coloring);
}

std::vector<int> OpenMPBackend::colors_per_level() const {
  std::vector<int> colors;
  for (const auto& o : orderings_) colors.push_back(o.coloring.colors());
  return colors;
}

std::vector<int> OpenMPBackend::lanes_per_level() const {
  std::vector<int> lanes;
  for (const auto& o : orderings_) lanes.push_back(o.interleaved.lanes);
  return lanes;
}

OpenMPBackend::LevelOrdering& OpenMPBackend::ordering(int l) {
  (void)level(l);  // throws before the optimisation phase or for a bad index
  return orderings_.at(l);
}

void OpenMPBackend::spmv(int l, const BackendVector& x, BackendVector& y) {
  openmp::spmv(level(l).A, host_data(x), host_data(y));
}

void OpenMPBackend::sweep(int l, const BackendVector& r, BackendVector& x, bool zero_guess) {
  LevelOrdering& o = ordering(l);
  if (o.interleaved.lanes > 1) {
    interleaved_symgs(level(l).A, o.interleaved, host_data(r), host_data(x), o.sweep_rhs.data(),
                      zero_guess);
  } else {
    block_symgs(level(l).A, o.layout, o.coloring, host_data(r), host_data(x), o.sweep_rhs.data(),
                zero_guess);
  }
}

void OpenMPBackend::symgs(int l, const BackendVector& r, BackendVector& x) {
  sweep(l, r, x, false);
}

void OpenMPBackend::symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) {
  sweep(l, r, x, true);
}

void OpenMPBackend::residual_restriction(int l, const BackendVector& r, const BackendVector& x,
                                         BackendVector& rc) {
  const LevelOrdering& o = ordering(l);
  if (o.interleaved.lanes > 1) {
    openmp::residual_restriction(level(l), host_data(r), host_data(x), host_data(rc));
  } else {
    openmp::residual_restriction(level(l), o.layout, host_data(r), host_data(x), host_data(rc));
  }
}

void OpenMPBackend::diagonal_changed(int l) {
  LevelOrdering& o = ordering(l);
  if (o.interleaved.lanes > 1) {
    refresh_inverse_diagonal(level(l).A, o.interleaved);
  } else {
    refresh_inverse_diagonal(level(l).A, o.layout);
  }
}

}  // namespace hpcg::backends::openmp
