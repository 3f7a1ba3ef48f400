// SPDX-License-Identifier: BSD-3-Clause
// A backend's own SymGS and SpMV without its fused V-cycle steps, for tests that the fused steps
// change nothing: the pre-smoothing is a full SymGS from a zeroed x, the restricted residual a
// full SpMV of the backend followed by injection on the host.
#pragma once

#include "hpcg/backends/backend.hpp"
#include "hpcg/linalg/vector.hpp"

namespace hpcg::testing {

template <class Base>
class Unfused : public Base {
 public:
  using Base::Base;
  void symgs_zero_guess(int l, const BackendVector& r, BackendVector& x) override {
    Backend::symgs_zero_guess(l, r, x);  // zero x, then this backend's symgs()
  }
  void residual_restriction_part(HaloPart part, int l, const BackendVector& r,
                                 const BackendVector& x, BackendVector& rc) override {
    if (part == HaloPart::before_halo) return;
    const Level& fine = this->level(l);
    BackendVector ax = this->allocate(l, VectorRole::check, fine.A.rows);
    this->spmv(l, x, ax);
    Vector rv(fine.A.rows), axv(fine.A.rows);
    Vector rcv(static_cast<local_int>(fine.coarse_to_fine.size()));
    this->download(r, 0, fine.A.rows, rv.data());
    this->download(ax, 0, fine.A.rows, axv.data());
    for (local_int i = 0; i < rcv.size(); ++i) {
      rcv[i] = rv[fine.coarse_to_fine[i]] - axv[fine.coarse_to_fine[i]];
    }
    this->upload(rcv.data(), 0, rcv.size(), rc);
  }
};

}  // namespace hpcg::testing
