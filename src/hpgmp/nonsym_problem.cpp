// SPDX-License-Identifier: BSD-3-Clause
// HPG-MxP's coefficients on HPCG's pattern: the generator lays out rows and entries (stencil
// order, sz then sy then sx ascending, points outside the global grid skipped) with HPCG's
// values; for the convection variant this file walks the same order to write the nonsymmetric
// values.
#include <cmath>

#include "hpcg/hpgmp/nonsym_problem.hpp"
#include "hpcg/problem/memory_check.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg::hpgmp {
namespace {

/// HPG-MxP's constants: beta scales the off-diagonals by position, gamma is the convection.
constexpr double beta_scale = 1.0;
constexpr double gamma_convection = 10.0;

template <class T>
T beta_of(global_int gx, global_int gy, global_int gz, const Geometry& g) {
  const T one(1), beta(beta_scale);
  auto factor = [&](global_int c, global_int extent) {
    return static_cast<T>(std::sqrt(one + beta * (static_cast<T>(c) / static_cast<T>(extent - 1))));
  };
  return factor(gx, g.gnx) * factor(gy, g.gny) * factor(gz, g.gnz);
}

bool inside(global_int c, global_int extent) { return c >= 0 && c < extent; }

/// Writes every row's values in T through `out(k, value)`, k the entry's offset.
template <class T, class Out>
void fill_values(const Geometry& g, Out out) {
#pragma omp parallel for schedule(static)
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        local_int row = (iz * g.ny + iy) * g.nx + ix;
        nnz_int k = 0;
        global_int gx = g.gix0 + ix, gy = g.giy0 + iy, gz = g.giz0 + iz;
        for (int sz = -1; sz <= 1; ++sz) {
          if (!inside(gz + sz, g.gnz)) continue;
          for (int sy = -1; sy <= 1; ++sy) {
            if (!inside(gy + sy, g.gny)) continue;
            for (int sx = -1; sx <= 1; ++sx) {
              if (!inside(gx + sx, g.gnx)) continue;
              out(row, k++, nonsym_entry<T>(g, gx, gy, gz, sx, sy, sz));
            }
          }
        }
      }
    }
  }
}

void set_values(Level& level, Coefficients coefficients) {
  if (coefficients == Coefficients::reference) return;  // the generator's values: HPCG's
  SparseMatrix& A = level.A;
  fill_values<double>(level.geometry, [&A](local_int row, nnz_int k, double v) {
    A.values[A.row_start[row] + k] = v;
  });
}

}  // namespace

template <class T>
T nonsym_entry(const Geometry& g, global_int gx, global_int gy, global_int gz, int sx, int sy,
               int sz) {
  bool diagonal = sx == 0 && sy == 0 && sz == 0;
  T value = diagonal ? T(26) : T(1);
  value *= beta_of<T>(gx, gy, gz, g) * beta_of<T>(gx + sx, gy + sy, gz + sz, g);
  if (sy == 0 && sz == 0 && sx != 0) {
    const T half_gamma = T(gamma_convection) / (T(1) + T(1));
    value += sx == 1 ? half_gamma : -half_gamma;
  }
  return value;
}

template double nonsym_entry<double>(const Geometry&, global_int, global_int, global_int, int,
                                     int, int);
template float nonsym_entry<float>(const Geometry&, global_int, global_int, global_int, int, int,
                                   int);

NonsymProblem generate_nonsym_problem(const Geometry& fine, const Comm& comm,
                                      Coefficients coefficients) {
  check_memory_fits(fine, comm, 0.0);  // generate_problem leaves it to the caller
  NonsymProblem problem;
  static_cast<Problem&>(problem) = generate_problem(fine, comm);
  problem.comm = comm;
  for (Level& level : problem.levels) set_values(level, coefficients);
  const SparseMatrix& A = problem.fine().A;
  problem.b = Vector(A.rows);
  for (local_int i = 0; i < A.rows; ++i) {
    double sum = 0.0;  // in entry order, as the reference accumulates it
    for (nnz_int k = A.row_start[i]; k < A.row_start[i + 1]; ++k) sum += A.values[k];
    problem.b[i] = sum;
  }
  return problem;
}

}  // namespace hpcg::hpgmp
