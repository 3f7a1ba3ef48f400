// SPDX-License-Identifier: BSD-3-Clause
// Process grids the distributed suites run on for a given rank count (the automatic grid plus
// uneven ones and two z-blocks of different depth), and the stencil recomputed from a geometry.
#pragma once

#include <string>
#include <vector>

#include "hpcg/base/types.hpp"
#include "hpcg/problem/geometry.hpp"
#include "hpcg/problem/params.hpp"
#include "test_problem.hpp"

namespace hpcg::testing {

struct GridCase {
  std::string name;
  Params params;
};

// Local grid nx x ny x nz on every rank; in z-block cases the lower block has `zl` layers per
// rank and the upper one `zu`.
inline std::vector<GridCase> grid_cases(int ranks, int nx, int ny, int nz, int zl, int zu) {
  std::vector<GridCase> cases{{"automatic", small_params(nx, ny, nz)}};
  auto add = [&](int npx, int npy, int npz, int pz) {
    Params p = small_params(nx, ny, nz, npx, npy, npz);
    std::string name = std::to_string(npx) + "x" + std::to_string(npy) + "x" + std::to_string(npz);
    if (pz > 0) {
      p.pz = pz;
      p.zl = zl;
      p.zu = zu;
      name += " pz=" + std::to_string(pz);
    }
    cases.push_back({name, p});
  };
  if (ranks == 2) {
    add(1, 2, 1, 0);
    add(1, 1, 2, 0);
    add(1, 1, 2, 1);
  } else if (ranks == 4) {
    add(4, 1, 1, 0);
    add(1, 4, 1, 0);
    add(1, 2, 2, 0);
    add(1, 1, 4, 0);
    add(1, 2, 2, 1);
    add(2, 1, 2, 1);
    add(1, 1, 4, 1);
    add(1, 1, 4, 3);
  } else if (ranks == 8) {
    // 2x2x2 (the automatic grid): every rank has neighbours in all 26 directions.
    add(2, 2, 2, 1);
  }
  return cases;
}

// The whole global grid of `g` as one rank's local grid: the single-rank twin of a distributed
// problem, to be built over MPI_COMM_SELF.
inline Geometry serial_geometry(const Geometry& g) {
  Params p = small_params(static_cast<int>(g.gnx), static_cast<int>(g.gny), static_cast<int>(g.gnz),
                          1, 1, 1);
  return make_geometry(p, 0, 1);
}

// Global id of local row `row` of `g` (rows are x fastest, then y, then z).
inline global_int global_id_of_row(const Geometry& g, local_int row) {
  int ix = row % g.nx;
  int iy = (row / g.nx) % g.ny;
  int iz = row / (g.nx * g.ny);
  return g.global_index(ix, iy, iz);
}

// Global ids of the 27-point neighbours of local row `row` inside the global grid, in HPCG's
// entry order (sz, sy, sx from -1 to 1: ascending global id), recomputed from the geometry alone.
inline std::vector<global_int> stencil_neighbours(const Geometry& g, local_int row) {
  const global_int gx = g.gix0 + row % g.nx;
  const global_int gy = g.giy0 + (row / g.nx) % g.ny;
  const global_int gz = g.giz0 + row / (g.nx * g.ny);
  std::vector<global_int> ids;
  for (int sz = -1; sz <= 1; ++sz) {
    for (int sy = -1; sy <= 1; ++sy) {
      for (int sx = -1; sx <= 1; ++sx) {
        global_int x = gx + sx, y = gy + sy, z = gz + sz;
        if (x < 0 || y < 0 || z < 0 || x >= g.gnx || y >= g.gny || z >= g.gnz) continue;
        ids.push_back((z * g.gny + y) * g.gnx + x);
      }
    }
  }
  return ids;
}

}  // namespace hpcg::testing
