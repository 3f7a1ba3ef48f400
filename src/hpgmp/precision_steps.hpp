// SPDX-License-Identifier: BSD-3-Clause
// The backend's steps by precision, so that GMRES and the V-cycle are written once: Steps<double>
// names the double steps, Steps<float> their *_float siblings.
#pragma once

#include "hpcg/backends/backend.hpp"

namespace hpcg::hpgmp {

template <class T>
struct Steps;

template <>
struct Steps<double> {
  static void spmv(Backend& b, int l, const BackendVector& x, BackendVector& y) { b.spmv(l, x, y); }
  static void gs_forward(Backend& b, int l, const BackendVector& r, BackendVector& x) {
    b.gs_forward(l, r, x);
  }
  static void residual_restriction(Backend& b, int l, const BackendVector& r,
                                   const BackendVector& x, BackendVector& rc) {
    b.residual_restriction(l, r, x, rc);
  }
  static void prolongation(Backend& b, int l, const BackendVector& xc, BackendVector& x) {
    b.prolongation(l, xc, x);
  }
  static double dot(Backend& b, local_int n, const BackendVector& x, const BackendVector& y) {
    return b.dot(n, x, y);
  }
  static void waxpby(Backend& b, local_int n, double alpha, const BackendVector& x, double beta,
                     const BackendVector& y, BackendVector& w) {
    b.waxpby(n, alpha, x, beta, y, w);
  }
  static void fill(Backend& b, BackendVector& v, double value) { b.fill(v, value); }
  static void pack_halo(Backend& b, int l, const BackendVector& x, double* send) {
    b.pack_halo(l, x, send);
  }
  static void unpack_halo(Backend& b, int l, const double* receive, BackendVector& x) {
    b.unpack_halo(l, receive, x);
  }
  /// y = alpha x with x double: the refinement's step into the inner precision.
  static void from_double(Backend& b, local_int n, double alpha, const BackendVector& x,
                          BackendVector& y) {
    b.waxpby(n, alpha, x, 0.0, x, y);
  }
  /// x += z with x double: the refinement's step out of it.
  static void add_to_double(Backend& b, local_int n, const BackendVector& z, BackendVector& x) {
    b.waxpby(n, 1.0, x, 1.0, z, x);
  }
};

template <>
struct Steps<float> {
  static void spmv(Backend& b, int l, const BackendVector& x, BackendVector& y) {
    b.spmv_float(l, x, y);
  }
  static void gs_forward(Backend& b, int l, const BackendVector& r, BackendVector& x) {
    b.gs_forward_float(l, r, x);
  }
  static void residual_restriction(Backend& b, int l, const BackendVector& r,
                                   const BackendVector& x, BackendVector& rc) {
    b.residual_restriction_float(l, r, x, rc);
  }
  static void prolongation(Backend& b, int l, const BackendVector& xc, BackendVector& x) {
    b.prolongation_float(l, xc, x);
  }
  static double dot(Backend& b, local_int n, const BackendVector& x, const BackendVector& y) {
    return b.dot_float(n, x, y);
  }
  static void waxpby(Backend& b, local_int n, double alpha, const BackendVector& x, double beta,
                     const BackendVector& y, BackendVector& w) {
    b.waxpby_float(n, alpha, x, beta, y, w);
  }
  static void fill(Backend& b, BackendVector& v, double value) {
    b.fill_float(v, static_cast<float>(value));
  }
  static void pack_halo(Backend& b, int l, const BackendVector& x, double* send) {
    b.pack_halo_float(l, x, send);
  }
  static void unpack_halo(Backend& b, int l, const double* receive, BackendVector& x) {
    b.unpack_halo_float(l, receive, x);
  }
  static void from_double(Backend& b, local_int n, double alpha, const BackendVector& x,
                          BackendVector& y) {
    b.round_to_float(n, alpha, x, y);
  }
  static void add_to_double(Backend& b, local_int n, const BackendVector& z, BackendVector& x) {
    b.add_float(n, z, x);
  }
};

}  // namespace hpcg::hpgmp
