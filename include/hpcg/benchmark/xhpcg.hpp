// SPDX-License-Identifier: BSD-3-Clause
// The xhpcg program between MPI_Init and MPI_Finalize: arguments, hpcg.dat, the benchmark, the
// report, and one agreed exit status on every rank.
#pragma once

#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"

namespace hpcg {

/// Runs xhpcg with argv[1..] on `comm`; returns the exit status (see ExitStatus). Only rank 0
/// prints. A failure that the ranks cannot agree on aborts the job.
int run_xhpcg(const Comm& comm, const std::vector<std::string>& args);

}  // namespace hpcg
