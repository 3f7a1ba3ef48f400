// SPDX-License-Identifier: BSD-3-Clause
// HPCG 3.1's factorisation of the rank count into a 3D process grid (ComputeOptimalShapeXYZ).
#pragma once

#include <array>

namespace hpcg {

/// Returns {npx, npy, npz} with npx*npy*npz == ranks, chosen exactly as HPCG 3.1 does.
std::array<int, 3> compute_process_grid(int ranks);

}  // namespace hpcg
