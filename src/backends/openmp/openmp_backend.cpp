// SPDX-License-Identifier: BSD-3-Clause
#include "openmp_backend.hpp"

#include <string>

#include "hpcg/backends/reference_kernels.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/version.hpp"
#include "kernels.hpp"

namespace hpcg::backends::openmp {

std::string OpenMPBackend::version() const { return hpcg::version_string; }

KernelSet OpenMPBackend::optimized_kernels() const {
  KernelSet set;
  set.spmv = set.mg = true;
  return set;
}

// Whole slices in every run: a run that started inside a slice would take it row by row.
static_assert(longest_run_rows % slice_rows == 0);

void OpenMPBackend::prepare(const Problem& problem) {
  orderings_.clear();
  orderings_.reserve(problem.levels.size());
  const int threads = max_threads();
  for (const Level& level : problem.levels) {
    LevelOrdering o;
    o.coloring = color_blocks(level.A, cpu_block_rows(level.geometry, threads));
    o.layout = make_sweep_layout(level.A, o.coloring, SweepForm::fixed_width);
    o.sweep_rhs = Vector(level.A.rows);
    o.halo_split = split_by_halo(level.A, longest_run_rows, slice_rows);
    o.sliced = make_sliced_rows<double>(level.A);
    o.prolonged_upper = make_prolonged_upper(level, o.layout);
    o.bytes = count_level_bytes(level, o.layout, o.coloring, o.prolonged_upper, o.sliced);
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
             o.prolonged_upper.bytes() + o.sliced.bytes() +
             (o.float_copy ? o.float_copy->bytes() : 0.0) +
             (o.float_sliced ? o.float_sliced->bytes() : 0.0);
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

OpenMPBackend::LevelOrdering& OpenMPBackend::ordering(int l) {
  (void)level(l);  // throws before the optimisation phase or for a bad index
  return orderings_.at(l);
}

// SpMV overlaps the halo exchange: its interior rows run while the exchange is in flight, the
// rows that read halo columns after it. Gauss-Seidel waits for the halo: relaxing interior rows
// first would change the declared order.

void OpenMPBackend::spmv_part(HaloPart part, int l, const BackendVector& x, BackendVector& y) {
  const HaloSplit& split = ordering(l).halo_split;
  const bool before = part == HaloPart::before_halo;
  forget_upper_sums();
  openmp::spmv(ordering(l).layout, values_of(ordering(l).layout),
               before ? split.interior : split.boundary, host_data(x), host_data(y),
               &ordering(l).sliced);
  if (!before) traffic_.add(ordering(l).bytes.spmv);
}

// Fused with its dot: y is not read back, so the bytes are SpMV's.
double OpenMPBackend::spmv_dot_part(HaloPart part, int l, const BackendVector& x,
                                    BackendVector& y) {
  const HaloSplit& split = ordering(l).halo_split;
  forget_upper_sums();
  if (part == HaloPart::before_halo) {
    interior_dot_ = openmp::spmv_dot(ordering(l).layout, ordering(l).sliced, split.interior,
                                     host_data(x), host_data(y));
    return 0.0;
  }
  const double local =
      interior_dot_ +
      openmp::spmv_dot(ordering(l).layout, ordering(l).sliced, split.boundary, host_data(x),
                       host_data(y));
  traffic_.add(ordering(l).bytes.spmv);
  return local;
}

void OpenMPBackend::sweep(int l, const BackendVector& r, BackendVector& x, bool zero_guess) {
  LevelOrdering& o = ordering(l);
  block_symgs(level(l).A, o.layout, o.coloring, host_data(r), host_data(x), o.sweep_rhs.data(),
              zero_guess);
  traffic_.add(zero_guess ? o.bytes.symgs_zero_guess : o.bytes.symgs);
}

// The V-cycle's post-smoothing (x after the pre-smoothing and prolongation, its halo exchanged)
// reads U x from sweep_rhs, where the pre-smoothing left it; any other symgs reads U.
void OpenMPBackend::symgs_part(HaloPart part, int l, const BackendVector& r, BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  LevelOrdering& o = ordering(l);
  const double* correction = o.upper_of == host_data(x) ? o.prolonged_by : nullptr;
  o.upper_of = o.prolonged_by = nullptr;
  if (correction == nullptr) return sweep(l, r, x, false);
  block_symgs_after_prolongation(o.layout, o.coloring, o.prolonged_upper, correction,
                                 host_data(r), host_data(x), o.sweep_rhs.data());
  traffic_.add(o.bytes.symgs_after_prolongation);
}

void OpenMPBackend::symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) {
  sweep(l, r, x, true);
  LevelOrdering& o = ordering(l);
  o.upper_of = host_data(x);
  o.prolonged_by = nullptr;
}

// Right after the pre-smoothing (x written since only in its halo) U x comes from sweep_rhs.
void OpenMPBackend::residual_restriction_part(HaloPart part, int l, const BackendVector& r,
                                              const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  LevelOrdering& o = ordering(l);
  const bool kept = o.upper_of == host_data(x) && o.prolonged_by == nullptr;
  const PreSmoothedUpper upper{o.prolonged_upper, o.sweep_rhs.data()};
  openmp::residual_restriction(level(l), o.layout, values_of(o.layout), host_data(r),
                               host_data(x), host_data(rc), kept ? &upper : nullptr);
  traffic_.add(kept ? o.bytes.residual_restriction_after_pre_smoothing
                    : o.bytes.residual_restriction);
}

void OpenMPBackend::diagonal_changed(int l) {
  LevelOrdering& o = ordering(l);
  refresh_inverse_diagonal(level(l).A, o.layout);
  refresh_sliced_diagonal(level(l).A, o.sliced);
  o.float_copy.reset();  // made again from the new values when a float step asks
  o.float_sliced.reset();
}

void OpenMPBackend::forget_upper_sums() {
  for (LevelOrdering& o : orderings_) o.upper_of = o.prolonged_by = nullptr;
}

BackendVector OpenMPBackend::allocate(int l, VectorRole role, local_int length) {
  forget_upper_sums();  // a vector freed since may have had the new one's address
  return Backend::allocate(l, role, length);
}

// Only a write to a kept x's owned rows forgets its U x: unpacking a halo uploads past them.
void OpenMPBackend::upload(const double* host, local_int begin, local_int count,
                           BackendVector& v) {
  for (size_t l = 0; l < orderings_.size(); ++l) {
    LevelOrdering& o = orderings_[l];
    if (o.upper_of == host_data(v) && begin < level(static_cast<int>(l)).A.rows) {
      o.upper_of = o.prolonged_by = nullptr;
    }
  }
  Backend::upload(host, begin, count, v);
}

void OpenMPBackend::fill(BackendVector& v, double value) {
  forget_upper_sums();
  Backend::fill(v, value);
  traffic_.add(vector_bytes(v.size(), 0, 1));
}

void OpenMPBackend::copy(const BackendVector& from, local_int count, BackendVector& to) {
  forget_upper_sums();
  Backend::copy(from, count, to);
  traffic_.add(vector_bytes(count, 1, 1));
}

void OpenMPBackend::pack_halo(int l, const BackendVector& x, double* send) {
  Backend::pack_halo(l, x, send);
  traffic_.add(ordering(l).bytes.pack);
}

void OpenMPBackend::unpack_halo(int l, const double* receive, BackendVector& x) {
  Backend::unpack_halo(l, receive, x);
  traffic_.add(ordering(l).bytes.unpack);
}

void OpenMPBackend::prolongation(int l, const BackendVector& xc, BackendVector& x) {
  // The reference's kernel on the host arrays: Backend::prolongation writes x back through
  // upload(), which would forget U x.
  reference::prolongation(level(l), host_data(xc), host_data(x));
  traffic_.add(ordering(l).bytes.prolongation);
  LevelOrdering& o = ordering(l);
  const bool after_pre_smoothing = o.upper_of == host_data(x) && o.prolonged_by == nullptr;
  o.prolonged_by = after_pre_smoothing ? host_data(xc) : nullptr;
  if (!after_pre_smoothing) o.upper_of = nullptr;
}

double OpenMPBackend::dot(local_int n, const BackendVector& x, const BackendVector& y) {
  traffic_.add(vector_bytes(n, x.handle() == y.handle() ? 1 : 2, 0));
  return Backend::dot(n, x, y);
}

void OpenMPBackend::waxpby(local_int n, double alpha, const BackendVector& x, double beta,
                           const BackendVector& y, BackendVector& w) {
  forget_upper_sums();
  Backend::waxpby(n, alpha, x, beta, y, w);
  traffic_.add(vector_bytes(n, x.handle() == y.handle() ? 1 : 2, 1));
}

// Fused with its norm: w is not read back.
double OpenMPBackend::waxpby_norm(local_int n, double alpha, const BackendVector& x, double beta,
                                  const BackendVector& y, BackendVector& w) {
  forget_upper_sums();
  const double local =
      openmp::waxpby_norm(n, alpha, host_data(x), beta, host_data(y), host_data(w));
  traffic_.add(vector_bytes(n, x.handle() == y.handle() ? 1 : 2, 1));
  return local;
}

}  // namespace hpcg::backends::openmp
