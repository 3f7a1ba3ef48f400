// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/declared_preconditioner.hpp"

#include <cmath>
#include <sstream>

#include "hpcg/validation/declared_vcycle.hpp"

namespace hpcg {
namespace {

/// Why `order` is not a permutation of `rows` rows, or "".
std::string permutation_fault(const std::vector<local_int>& order, local_int rows) {
  if (static_cast<local_int>(order.size()) != rows) {
    return "has " + std::to_string(order.size()) + " entries for " + std::to_string(rows) +
           " rows";
  }
  std::vector<char> seen(rows, 0);
  for (local_int row : order) {
    if (row < 0 || row >= rows) return "names row " + std::to_string(row) + ", not one of its own";
    if (seen[row]++ != 0) return "names row " + std::to_string(row) + " twice";
  }
  return "";
}

}  // namespace

DeclaredPreconditioner::DeclaredPreconditioner(const Backend& backend, Problem& problem,
                                               const Comm& comm) {
  std::vector<std::vector<local_int>> orders;
  int declared_levels = 0;
  std::string fault;
  for (int l = 0; l < static_cast<int>(problem.levels.size()); ++l) {
    orders.push_back(backend.sweep_order(l));
    if (orders.back().empty()) continue;
    ++declared_levels;
    const std::string why = permutation_fault(orders.back(), problem.levels[l].A.rows);
    if (fault.empty() && !why.empty()) {
      fault = "its declared Gauss-Seidel order on level " + std::to_string(l) + " " + why;
    }
  }
  const int levels = static_cast<int>(problem.levels.size());
  const bool none = comm.max(declared_levels) == 0;
  const bool all = -comm.max(-declared_levels) == levels;
  if (none) return;
  if (!all && fault.empty()) fault = "it declares its Gauss-Seidel order on some levels only";
  if (comm.max(fault.empty() ? 0 : 1) != 0) {
    failure_ = "backend " + backend.name() + ": " +
               (fault.empty() ? std::string("another rank's declared order is not valid") : fault);
    return;
  }
  vcycle_ = std::make_unique<DeclaredVcycle>(problem, std::move(orders));
}

DeclaredPreconditioner::~DeclaredPreconditioner() = default;

Vector DeclaredPreconditioner::symgs(int l, const Vector& r, const Vector& x) {
  return vcycle_->symgs(l, r, x);
}

Vector DeclaredPreconditioner::symgs_zero_guess(int l, const Vector& r) {
  return vcycle_->symgs_zero_guess(l, r);
}

const Vector& DeclaredPreconditioner::mg(const Vector& r) { return vcycle_->mg(r); }

double relative_max_difference(const Comm& comm, local_int n, const Vector& actual,
                               const Vector& expected) {
  double difference = 0.0, scale = 0.0;
  for (local_int i = 0; i < n; ++i) {
    const double d = std::fabs(actual[i] - expected[i]);
    if (!(d <= difference)) difference = std::isnan(d) ? INFINITY : d;
    scale = std::fmax(scale, std::fabs(expected[i]));
  }
  difference = comm.max(difference), scale = comm.max(scale);
  return scale > 0 ? difference / scale : difference;
}

}  // namespace hpcg
