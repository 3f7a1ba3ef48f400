// SPDX-License-Identifier: BSD-3-Clause
// The report sections xhpcg's and xhpgmp's reports share, written once with HPCG 3.1's keys (HPG-MxP
// kept them): the machine, the global problem, the process grid and the local domain.
#pragma once

#include "hpcg/problem/geometry.hpp"
#include "hpcg/report/report.hpp"

namespace hpcg {

/// Appends Machine Summary, Global Problem Dimensions, Processor Dimensions and Local Domain
/// Dimensions (one Lower ipz / Upper ipz / nz group per z-block) to `entries`.
void add_machine_and_dimensions(ReportEntries& entries, const Geometry& geometry, int ranks,
                                int threads);

}  // namespace hpcg
