// SPDX-License-Identifier: BSD-3-Clause
// A local sum over the threads in the contract's order (blocked_sum.hpp): each thread's
// contiguous share of the rows blocked and pairwise, the threads' partial sums pairwise in thread
// order. An OpenMP reduction clause would combine them in arrival order, which changes the last
// bits from run to run.
#pragma once

#include <vector>

#include "hpcg/backends/blocked_sum.hpp"
#include "hpcg/base/threads.hpp"

namespace hpcg {

/// The sum of term(i) for i < n; term is called once per i, by the thread that owns row i.
template <class Term>
double threaded_blocked_sum(local_int n, const Term& term) {
  std::vector<double> partial(max_threads(), 0.0);
#pragma omp parallel
  {
    const local_int threads = team_threads(), t = thread_id();
    const local_int begin = static_cast<local_int>(static_cast<long long>(n) * t / threads);
    const local_int end = static_cast<local_int>(static_cast<long long>(n) * (t + 1) / threads);
    partial[t] = blocked_sum(begin, end, term);
  }
  return blocked_sum(0, static_cast<local_int>(partial.size()),
                     [&partial](local_int i) { return partial[i]; });
}

}  // namespace hpcg
