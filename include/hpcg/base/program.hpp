// SPDX-License-Identifier: BSD-3-Clause
// What xhpcg and xgraph share around their program flow: one exit status on every rank, one
// message per failure, and files that are whole or absent.
#pragma once

#include <functional>
#include <string>

#include "hpcg/base/comm.hpp"

namespace hpcg {

/// Runs `flow` on every rank of `comm` and returns its exit status. First, a launch MPI does not
/// see (find_launch_mismatch) is refused: status 2 with one message, before anything is
/// written. While `flow` runs, an exit() on any rank ends the job (arm_early_exit). An error
/// the ranks agreed on (CollectiveError) is printed once, by rank 0, as "<program>: error: ..."
/// and its status returned on every rank; any other exception is known to its rank only (the
/// others may wait in a collective), so that rank prints it with its number and ends the job
/// (abort_job).
int run_program(const std::string& program, const Comm& comm, const std::function<int()>& flow);

/// Writes `content` to `path` so that a reader, a killed job or a full disk sees the whole new
/// file or the old one, never part of one: a regular file (or none) through a uniquely named
/// temporary file beside it, fsync and a rename (a symbolic link is followed, not replaced); a
/// character device or FIFO in place, never replaced; anything else refused. Throws
/// ResourceError naming the path.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace hpcg
