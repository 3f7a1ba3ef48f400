// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's HPG-MxP forward Gauss-Seidel sweep, in double and in float, in the
// block-colour order the backend declares for its SymGS, on the split copy (kernels.hpp): each
// row subtracts U's entries, then L's with the nearest lower neighbour last, the value the sweep
// wrote last, so that a row waits on its predecessor for one multiply-add, not for its whole sum
// with the diagonal inside it and taken back out, as the reference writes it (measured in
// setup/BENCHMARKS.md), and multiplies by the inverse diagonal instead of dividing. From x = 0
// (the V-cycle's pre-smoothing, seen by reading x) it reads L alone. The sweep is the
// reference's in the declared order up to that rounding (the checks' tolerances).
#include "kernels.hpp"
#include "openmp_backend.hpp"

namespace hpcg::backends::openmp {

void OpenMPBackend::gs_forward_part(HaloPart part, int l, const BackendVector& r,
                                    BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  forget_upper_sums();
  const LevelOrdering& o = ordering(l);
  block_gs_forward(o.layout, values_of(o.layout), o.coloring, level(l).A.columns, host_data(r),
                   host_data(x));
}

void OpenMPBackend::gs_forward_float_part(HaloPart part, int l, const BackendVector& r,
                                          BackendVector& x) {
  if (part == HaloPart::before_halo) return;
  forget_upper_sums();
  const LevelOrdering& o = ordering(l);
  block_gs_forward(o.layout, float_sweep_values(l), o.coloring, level(l).A.columns,
                   host_data_float(r), host_data_float(x));
}

SweepValues<float> OpenMPBackend::float_sweep_values(int l) {
  LevelOrdering& o = ordering(l);
  if (!o.float_copy) o.float_copy = make_float_sweep_copy(o.layout);
  return o.float_copy->values();
}

const SlicedRows<float>& OpenMPBackend::float_sliced_rows(int l) {
  LevelOrdering& o = ordering(l);
  if (!o.float_sliced) o.float_sliced = make_sliced_rows<float>(level(l).A);
  return *o.float_sliced;
}

}  // namespace hpcg::backends::openmp
