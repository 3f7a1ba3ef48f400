// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's single-precision SpMV, restricted residual and dot, and the float copy of
// the split copy's values that its float steps read (kernels.hpp). The core's defaults sum each
// row and each dot in one running float sum, as HPG-MxP's reference does: every addition then
// waits for the one before it, which made the float dot slower than the double one (four
// partial sums, blocked_sum.hpp). Here the sums run in independent partial sums in a fixed
// order, so results repeat bit for bit; they differ from the reference steps in rounding only
// (the checks' float tolerance).
#include <algorithm>
#include <vector>

#include "float_dot.hpp"
#include "hpcg/base/threads.hpp"
#include "openmp_backend.hpp"
#include "kernels.hpp"

namespace hpcg::backends::openmp {

namespace {

std::vector<float> rounded(const std::vector<double>& values) {
  return std::vector<float>(values.begin(), values.end());
}

void round_in_parallel(const FirstTouchArray<double>& from, FirstTouchArray<float>& to) {
  to.allocate(from.size());
  const auto n = static_cast<long>(from.size());
  const double* in = from.data();
  float* out = to.data();
#pragma omp parallel for schedule(static)
  for (long k = 0; k < n; ++k) out[k] = static_cast<float>(in[k]);
}

}  // namespace

FloatSweepCopy make_float_sweep_copy(const SweepLayout& layout) {
  FloatSweepCopy copy;
  round_in_parallel(layout.lower_value, copy.lower);
  round_in_parallel(layout.upper_value, copy.upper);
  copy.lower_apart = rounded(layout.lower_apart.value);
  copy.upper_apart = rounded(layout.upper_apart.value);
  copy.diagonal = rounded(layout.diagonal);
  copy.inverse_diagonal.resize(copy.diagonal.size());
  for (size_t i = 0; i < copy.diagonal.size(); ++i) {
    copy.inverse_diagonal[i] = 1.0f / copy.diagonal[i];
  }
  return copy;
}

SweepValues<float> FloatSweepCopy::values() const {
  return {lower.data(),    upper.data(),    lower_apart.data(), upper_apart.data(),
          diagonal.data(), inverse_diagonal.data()};
}

double FloatSweepCopy::bytes() const {
  return lower.bytes() + upper.bytes() +
         sizeof(float) * static_cast<double>(lower_apart.size() + upper_apart.size() +
                                             diagonal.size() + inverse_diagonal.size());
}

// SpMV overlaps the halo exchange as the double one does, its slices from the sliced rows.
void OpenMPBackend::spmv_float_part(HaloPart part, int l, const BackendVector& x,
                                    BackendVector& y) {
  const HaloSplit& split = ordering(l).halo_split;
  const SlicedRows<float>& sliced = float_sliced_rows(l);
  openmp::spmv(ordering(l).layout, float_sweep_values(l),
               part == HaloPart::before_halo ? split.interior : split.boundary,
               host_data_float(x), host_data_float(y), &sliced);
}

void OpenMPBackend::residual_restriction_float_part(HaloPart part, int l, const BackendVector& r,
                                                    const BackendVector& x, BackendVector& rc) {
  if (part == HaloPart::before_halo) return;
  openmp::residual_restriction(level(l), ordering(l).layout, float_sweep_values(l),
                               host_data_float(r), host_data_float(x), host_data_float(rc));
}

// Blocks of float lanes, the blocks' sums added in double per thread and the threads' sums in
// thread order: repeatable for a thread count, and closer to the exact dot than one float sum.
double OpenMPBackend::dot_float(local_int n, const BackendVector& x, const BackendVector& y) {
  const float* a = host_data_float(x);
  const float* b = host_data_float(y);
  const local_int blocks = (n + dot_block - 1) / dot_block;
  std::vector<double> partial(max_threads(), 0.0);
#pragma omp parallel
  {
    double sum = 0.0;
    const ThreadBlocks share(blocks);
    for (local_int k = share.first; k < share.last; ++k) {
      const local_int begin = k * dot_block;
      sum += block_dot(a, b, begin, std::min(n, begin + dot_block));
    }
    partial[thread_id()] = sum;
  }
  double total = 0.0;
  for (double p : partial) total += p;
  return total;
}

}  // namespace hpcg::backends::openmp
