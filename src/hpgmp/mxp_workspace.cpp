// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's V-cycle and halo exchange on a backend, in either precision.
#include "hpcg/hpgmp/mxp_workspace.hpp"

#include <mpi.h>

#include <type_traits>

#include "hpcg/base/error.hpp"
#include "hpcg/hpgmp/step_audits.hpp"
#include "precision_steps.hpp"

namespace hpcg::hpgmp {

MxpWorkspace::MxpWorkspace(Backend& backend, NonsymProblem& problem)
    : backend_(backend), problem_(problem) {
  for (const Level& level : problem.levels) {
    const Halo& halo = level.A.exchange.halo();
    send_.emplace_back(static_cast<local_int>(halo.send_rows.size()));
    receive_.emplace_back(halo.external_count());
  }
}

template <class T>
BackendVector MxpWorkspace::allocate(int level, local_int length) {
  if constexpr (std::is_same_v<T, float>) {
    return backend_.allocate_float(level, VectorRole::check, length);
  } else {
    return backend_.allocate(level, VectorRole::check, length);
  }
}

template <class T>
void MxpWorkspace::exchange_halo(int level, BackendVector& x) {
  HaloExchange& exchange = problem_.levels[level].A.exchange;
  const Halo& halo = exchange.halo();
  if (halo.send_rows.empty() && halo.external_count() == 0) return;
  // Float values travel as doubles (exact): one exchange serves both precisions.
  exchange.post_receives(receive_[level].data());
  Steps<T>::pack_halo(backend_, level, x, send_[level].data());
  exchange.post_sends(send_[level].data());
  exchange.finish();
  Steps<T>::unpack_halo(backend_, level, receive_[level].data(), x);
}

template <class T>
CoarseVectors& MxpWorkspace::coarse() {
  std::unique_ptr<CoarseVectors>& vectors =
      std::is_same_v<T, float> ? coarse_float_ : coarse_double_;
  if (!vectors) {
    vectors = std::make_unique<CoarseVectors>();
    for (size_t l = 0; l < problem_.levels.size(); ++l) {
      const SparseMatrix& A = problem_.levels[l].A;
      vectors->rhs.push_back(allocate<T>(static_cast<int>(l), A.rows));
      vectors->correction.push_back(allocate<T>(static_cast<int>(l), A.columns));
    }
  }
  return *vectors;
}

template <class T>
void MxpWorkspace::vcycle(const BackendVector& r, BackendVector& x, FlopCount& flops) {
  vcycle_level<T>(0, r, x, flops);
}

template <class T>
void MxpWorkspace::vcycle_level(int l, const BackendVector& r, BackendVector& x,
                                FlopCount& flops) {
  const Level& level = problem_.levels[l];
  const double sweep_flops = 2.0 * static_cast<double>(level.A.global_nonzeros);
  // From x = 0, halo included: the first sweep needs no exchange.
  Steps<T>::fill(backend_, x, 0.0);
  Steps<T>::gs_forward(backend_, l, r, x);
  if (auditor_ != nullptr) auditor_->first_sweep<T>(l, r, x);
  flops.mg += sweep_flops;
  if (l + 1 == static_cast<int>(problem_.levels.size())) return;

  CoarseVectors& c = coarse<T>();
  exchange_halo<T>(l, x);
  Steps<T>::residual_restriction(backend_, l, r, x, c.rhs[l + 1]);
  if (auditor_ != nullptr) auditor_->residual_restriction<T>(l, r, x, c.rhs[l + 1]);
  vcycle_level<T>(l + 1, c.rhs[l + 1], c.correction[l + 1], flops);
  Steps<T>::prolongation(backend_, l, c.correction[l + 1], x);
  exchange_halo<T>(l, x);
  Steps<T>::gs_forward(backend_, l, r, x);
  const double coarse_global = static_cast<double>(problem_.levels[l + 1].A.global_rows);
  flops.mg += 2.0 * sweep_flops + 2.0 * coarse_global;
}

template <class T>
T global_dot(MxpWorkspace& ws, local_int n, const BackendVector& x, const BackendVector& y) {
  T value = static_cast<T>(Steps<T>::dot(ws.backend(), n, x, y));
  if (ws.comm().size() > 1) {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, std::is_same_v<T, float> ? MPI_FLOAT : MPI_DOUBLE,
                  MPI_SUM, ws.comm().get());
  }
  return value;
}

template BackendVector MxpWorkspace::allocate<double>(int, local_int);
template BackendVector MxpWorkspace::allocate<float>(int, local_int);
template void MxpWorkspace::exchange_halo<double>(int, BackendVector&);
template void MxpWorkspace::exchange_halo<float>(int, BackendVector&);
template void MxpWorkspace::vcycle<double>(const BackendVector&, BackendVector&, FlopCount&);
template void MxpWorkspace::vcycle<float>(const BackendVector&, BackendVector&, FlopCount&);
template double global_dot<double>(MxpWorkspace&, local_int, const BackendVector&,
                                   const BackendVector&);
template float global_dot<float>(MxpWorkspace&, local_int, const BackendVector&,
                                 const BackendVector&);

}  // namespace hpcg::hpgmp
