// SPDX-License-Identifier: BSD-3-Clause
// HPCG's problem: the 27-point stencil on the global grid, rows in lexicographic order (x fastest),
// entries of a row in ascending global column order, regenerated (not Galerkin) on coarse grids.
#include <algorithm>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {
namespace {

constexpr double diagonal_value = 26.0;
constexpr double off_diagonal_value = -1.0;

bool inside(global_int coordinate, global_int extent) {
  return coordinate >= 0 && coordinate < extent;
}

/// Number of stencil points of local row (ix, iy, iz) that fall inside the global grid.
int stencil_count(const Geometry& g, int ix, int iy, int iz) {
  auto span = [](global_int c, global_int extent) { return 1 + (c > 0) + (c + 1 < extent); };
  return span(g.gix0 + ix, g.gnx) * span(g.giy0 + iy, g.gny) * span(g.giz0 + iz, g.gnz);
}

/// Fills one row; columns this rank does not own are recorded in `external` as
/// (position, global id) for setup_halo.
void fill_row(const Geometry& g, int ix, int iy, int iz, SparseMatrix& A,
              std::vector<std::pair<nnz_int, global_int>>& external) {
  local_int row = (iz * g.ny + iy) * g.nx + ix;
  nnz_int k = A.row_start[row];
  for (int sz = -1; sz <= 1; ++sz) {
    global_int gz = g.giz0 + iz + sz;
    if (!inside(gz, g.gnz)) continue;
    for (int sy = -1; sy <= 1; ++sy) {
      global_int gy = g.giy0 + iy + sy;
      if (!inside(gy, g.gny)) continue;
      for (int sx = -1; sx <= 1; ++sx) {
        global_int gx = g.gix0 + ix + sx;
        if (!inside(gx, g.gnx)) continue;
        bool own = ix + sx >= 0 && ix + sx < g.nx && iy + sy >= 0 && iy + sy < g.ny &&
                   iz + sz >= 0 && iz + sz < g.nz;
        if (own) {
          A.column_index[k] = ((iz + sz) * g.ny + (iy + sy)) * g.nx + (ix + sx);
        } else {
          external.emplace_back(k, (gz * g.gny + gy) * g.gnx + gx);
        }
        bool is_diagonal = sx == 0 && sy == 0 && sz == 0;
        A.values[k] = is_diagonal ? diagonal_value : off_diagonal_value;
        if (is_diagonal) A.diagonal[row] = k;
        ++k;
      }
    }
  }
}

}  // namespace

SparseMatrix generate_stencil_matrix(const Geometry& g, const Comm& comm) {
  SparseMatrix A;
  A.rows = g.local_rows();
  A.row_start.assign(static_cast<size_t>(A.rows) + 1, 0);
  for (int iz = 0; iz < g.nz; ++iz) {
    for (int iy = 0; iy < g.ny; ++iy) {
      for (int ix = 0; ix < g.nx; ++ix) {
        local_int row = (iz * g.ny + iy) * g.nx + ix;
        A.row_start[row + 1] = A.row_start[row] + stencil_count(g, ix, iy, iz);
      }
    }
  }
  A.column_index.resize(A.nonzeros());
  A.values.resize(A.nonzeros());
  A.diagonal.resize(A.rows);

  std::vector<std::pair<nnz_int, global_int>> external;
#pragma omp parallel
  {
    std::vector<std::pair<nnz_int, global_int>> mine;
#pragma omp for schedule(static) nowait
    for (int iz = 0; iz < g.nz; ++iz) {
      for (int iy = 0; iy < g.ny; ++iy) {
        for (int ix = 0; ix < g.nx; ++ix) fill_row(g, ix, iy, iz, A, mine);
      }
    }
#pragma omp critical
    external.insert(external.end(), mine.begin(), mine.end());
  }
  std::sort(external.begin(), external.end());  // deterministic whatever the thread count
  std::vector<global_int> external_ids(external.size());
  for (size_t k = 0; k < external.size(); ++k) {
    A.column_index[external[k].first] = -static_cast<local_int>(k + 1);
    external_ids[k] = external[k].second;
  }

  RowOwnership ownership{[&g](global_int gid) { return g.owner_of(gid); },
                         [&g](global_int gid) { return g.local_index(gid); }};
  Halo halo = setup_halo(A.column_index, external_ids, A.rows, ownership, comm);
  A.columns = A.rows + halo.external_count();
  A.exchange = HaloExchange(std::move(halo), A.rows, comm);
  A.global_rows = g.global_rows();
  A.global_nonzeros = comm.sum(static_cast<global_int>(A.nonzeros()));
  return A;
}

Problem generate_problem(const Geometry& fine, const Comm& comm) {
  Problem problem;
  problem.levels.resize(mg_levels);
  for (int l = 0; l < mg_levels; ++l) {
    Level& level = problem.levels[l];
    level.geometry = l == 0 ? fine : problem.levels[l - 1].geometry.coarsened();
    level.A = generate_stencil_matrix(level.geometry, comm);
  }
  for (int l = 0; l + 1 < mg_levels; ++l) {
    const Geometry& f = problem.levels[l].geometry;
    const Geometry& c = problem.levels[l + 1].geometry;
    auto& map = problem.levels[l].coarse_to_fine;
    map.resize(c.local_rows());
    for (int iz = 0; iz < c.nz; ++iz) {
      for (int iy = 0; iy < c.ny; ++iy) {
        for (int ix = 0; ix < c.nx; ++ix) {
          map[(iz * c.ny + iy) * c.nx + ix] = ((2 * iz) * f.ny + 2 * iy) * f.nx + 2 * ix;
        }
      }
    }
  }
  const SparseMatrix& A = problem.fine().A;
  problem.b = Vector(A.rows);
  problem.xexact = Vector(A.columns);
  problem.xexact.fill(1.0);
  for (local_int i = 0; i < A.rows; ++i) {
    // b = A * ones: the row sum, 26 - (entries - 1); zero inside, positive on the boundary.
    problem.b[i] = diagonal_value + off_diagonal_value * (A.row_start[i + 1] - A.row_start[i] - 1);
  }
  return problem;
}

}  // namespace hpcg
