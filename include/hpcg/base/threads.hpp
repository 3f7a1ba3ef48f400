// SPDX-License-Identifier: BSD-3-Clause
// OpenMP's thread count and id, or 1 and 0 in a build without OpenMP: the one place that knows.
#pragma once

#ifdef _OPENMP
#include <omp.h>
#endif

namespace hpcg {

/// Threads a parallel region started here would have.
inline int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/// Threads of the innermost parallel region (1 outside one).
inline int team_threads() {
#ifdef _OPENMP
  return omp_get_num_threads();
#else
  return 1;
#endif
}

/// This thread's number in the innermost parallel region (0 outside one).
inline int thread_id() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

}  // namespace hpcg
