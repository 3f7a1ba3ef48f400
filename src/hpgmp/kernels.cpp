// SPDX-License-Identifier: BSD-3-Clause
// The reference steps of HPG-MxP in float and double: what a backend's single-precision steps
// are checked against, and what runs where a backend has none.
#include "hpcg/hpgmp/kernels.hpp"

#include <mpi.h>

#include <algorithm>

namespace hpcg::hpgmp {
namespace {

template <class T>
MPI_Datatype mpi_type();
template <>
MPI_Datatype mpi_type<double>() {
  return MPI_DOUBLE;
}
template <>
MPI_Datatype mpi_type<float>() {
  return MPI_FLOAT;
}

template <class T>
void exchange(NonsymLevel& level, T* x) {
  if constexpr (std::is_same_v<T, double>) {
    level.A.exchange.run(x);
  } else {
    level.A.exchange.run_typed(x);
  }
}

}  // namespace

template <class T>
MgWorkspace<T>::MgWorkspace(const NonsymProblem& problem) {
  for (size_t l = 0; l + 1 < problem.levels.size(); ++l) {
    const SparseMatrix& coarse = problem.levels[l + 1].A;
    coarse_r.emplace_back(coarse.rows);
    coarse_x.emplace_back(coarse.columns);
    fine_Ax.emplace_back(problem.levels[l].A.rows);
  }
}

template <class T>
void spmv(NonsymLevel& level, T* x, T* y) {
  exchange(level, x);
  const SparseMatrix& A = level.A;
  const T* values = level.values<T>();
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < A.rows; ++i) {
    T sum(0);
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      sum += values[k] * x[A.column_index[k]];
    }
    y[i] = sum;
  }
}

template <class T>
void gs_forward(NonsymLevel& level, const T* r, T* x) {
  exchange(level, x);
  const SparseMatrix& A = level.A;
  const T* values = level.values<T>();
  for (local_int i = 0; i < A.rows; ++i) {  // a true sweep: each row sees the rows before it
    T sum = r[i];
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) {
      sum -= values[k] * x[A.column_index[k]];
    }
    const T diagonal = values[A.diagonal[i]];
    sum += x[i] * diagonal;
    x[i] = sum / diagonal;
  }
}

template <class T>
void mg_vcycle(NonsymProblem& problem, MgWorkspace<T>& work, int l, const T* r, T* x,
               FlopCount& flops) {
  NonsymLevel& level = problem.levels[l];
  std::fill(x, x + level.A.columns, T(0));
  const double sweep_flops = 2.0 * static_cast<double>(level.A.global_nonzeros);
  gs_forward(level, r, x);
  flops.mg += sweep_flops;
  if (l + 1 == static_cast<int>(problem.levels.size())) return;

  T* Ax = work.fine_Ax[l].data();
  T* rc = work.coarse_r[l].data();
  T* xc = work.coarse_x[l].data();
  spmv(level, x, Ax);
  const auto& map = level.coarse_to_fine;
  const local_int coarse_rows = static_cast<local_int>(map.size());
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < coarse_rows; ++i) rc[i] = r[map[i]] - Ax[map[i]];
  mg_vcycle(problem, work, l + 1, rc, xc, flops);
#pragma omp parallel for schedule(static)
  for (local_int i = 0; i < coarse_rows; ++i) x[map[i]] += xc[i];
  gs_forward(level, r, x);
  const double coarse_global = static_cast<double>(problem.levels[l + 1].A.global_rows);
  flops.mg += 2.0 * sweep_flops + 2.0 * coarse_global;
}

template <class Acc, class T>
Acc dot(const Comm& comm, local_int n, const T* x, const T* y) {
  Acc local(0);
#pragma omp parallel for reduction(+ : local) schedule(static)
  for (local_int i = 0; i < n; ++i) local += x[i] * y[i];
  Acc result = local;
  if (comm.size() > 1) {
    MPI_Allreduce(MPI_IN_PLACE, &result, 1, mpi_type<Acc>(), MPI_SUM, comm.get());
  }
  return result;
}

template struct MgWorkspace<double>;
template struct MgWorkspace<float>;
template void spmv<double>(NonsymLevel&, double*, double*);
template void spmv<float>(NonsymLevel&, float*, float*);
template void gs_forward<double>(NonsymLevel&, const double*, double*);
template void gs_forward<float>(NonsymLevel&, const float*, float*);
template void mg_vcycle<double>(NonsymProblem&, MgWorkspace<double>&, int, const double*,
                                double*, FlopCount&);
template void mg_vcycle<float>(NonsymProblem&, MgWorkspace<float>&, int, const float*, float*,
                               FlopCount&);
template double dot<double, double>(const Comm&, local_int, const double*, const double*);
template float dot<float, float>(const Comm&, local_int, const float*, const float*);

}  // namespace hpcg::hpgmp
