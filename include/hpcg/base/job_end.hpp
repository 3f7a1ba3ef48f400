// SPDX-License-Identifier: BSD-3-Clause
// How a rank's end is kept honest. A rank that leaves through exit() before the program's own end
// (a vendor library or plugin calling exit on an error) would otherwise end with status 0 while
// the other ranks wait for it; here it ends the whole job with a message naming it. And
// MPI_Finalize, which can hang after the results are written, is bounded.
#pragma once

#include <string>

#include "hpcg/base/error.hpp"

namespace hpcg {

/// From now until disarm_early_exit(), an exit() on this rank prints
/// "<program>: rank R: exit() was called ... before the end of the run" and ends the job through
/// MPI_Abort with status 4 (internal error), or with what set_early_exit_context gave.
void arm_early_exit(const std::string& program, int rank);

/// What an early exit means from here on: `status` and where the run was ("while running
/// backend 'X'"), so that an exit inside a backend ends the job with status 5 as a crash does.
void set_early_exit_context(ExitStatus status, const std::string& where);

/// The program reached its own end (or ends the job itself, as abort_job does): exit() is
/// normal again.
void disarm_early_exit();

/// Seconds MPI_Finalize may take before finalize_mpi gives up on it.
constexpr int finalize_limit_seconds = 10;

/// Waits for every rank, then MPI_Finalize; returns `status`. If MPI_Finalize has not returned
/// after finalize_limit_seconds (every rank has written what it had to write: the results are
/// complete), this rank prints "<program>: rank R: MPI_Finalize did not return ..." and exits
/// with `status`, or 7 (ExitStatus::finalize_hung) in place of 0: the results stand, but the job
/// did not end cleanly, and a job that went wrong never ends with 0. (A launcher that sees a
/// rank leave its shutdown may report a status of its own instead; MPICH's mpiexec says 255.)
int finalize_mpi(const std::string& program, int status);

}  // namespace hpcg
