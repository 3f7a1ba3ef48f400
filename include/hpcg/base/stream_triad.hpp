// SPDX-License-Identifier: BSD-3-Clause
// The STREAM triad a = b + s c on every rank and thread at once: the memory bandwidth the
// roofline holds a rating against. One implementation, for bin/xstream-triad and for xhpcg's
// measurement around its timed sets.
#pragma once

#include "hpcg/base/comm.hpp"

namespace hpcg {

struct TriadMeasurement {
  bool measured = false;      ///< false when some rank could not allocate its arrays
  double gbs = 0;             ///< all ranks together, 24 bytes per element (STREAM's convention)
  double best_seconds = 0;    ///< the fastest repetition, between barriers
  int repetitions = 0;
  long elements_per_rank = 0;  ///< of each of the three arrays
  double checksum = 0;        ///< rank 0's sample of a, so the stores cannot be dropped
};

/// How long to measure: at least `min_repetitions`, and more until `min_seconds` have passed.
struct TriadLength {
  int min_repetitions = 10;
  double min_seconds = 0;
};

/// Elements per array and rank so that the arrays of all ranks on a node exceed four times the
/// node's last-level caches (STREAM's rule), and at least 16 MiB per array and rank.
/// Collective over `comm`.
long triad_elements_per_rank(const Comm& comm);

/// Runs the triad on `comm`'s ranks with their OpenMP threads, arrays placed by first touch of
/// the threads that use them; the best repetition gives the bandwidth. Collective; every rank
/// gets the same result. Allocation failure on any rank gives measured = false, not an error.
TriadMeasurement measure_stream_triad(const Comm& comm, long elements_per_rank,
                                      const TriadLength& length);

}  // namespace hpcg
