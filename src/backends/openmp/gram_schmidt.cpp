// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's Gram-Schmidt steps: all k dots of q against the basis in one pass over
// the basis, and q -= sum_j h[j] basis[j] in one more, where the per-vector steps read q k times
// and write it k times. The dots sum as the per-vector dots do (dot_float's blocks in float,
// dot's blocked sums in double), bit for bit; the update takes each term in WAXPBY's order, where
// the compiler may fuse a term's multiply and add, which WAXPBY's kernel need not do alike.
#include <algorithm>
#include <vector>

#include "float_dot.hpp"
#include "hpcg/backends/blocked_sum.hpp"
#include "hpcg/base/threads.hpp"
#include "openmp_backend.hpp"

namespace hpcg::backends::openmp {
namespace {

/// Bytes of q and of each basis vector a pass takes at a time: q's run stays in the L1 cache
/// while the basis vectors' runs stream past it, each long enough for the prefetcher to follow,
/// where 1 KiB runs switched among up to 31 vectors. Runs only regroup the work: every sum adds
/// the same terms in the same order.
constexpr local_int run_bytes = 16384;

/// Prefetches the cache lines of [p, p + count). A pass calls it for the run it reads next (the
/// next basis vector's, or the first one's next run) while the present run streams: the hardware
/// prefetcher restarts at each switch of vector and falls behind where 15 to 30 of them take
/// turns (setup/BENCHMARKS.md, "Gram-Schmidt's runs prefetched"). A prefetch is a hint
/// that neither faults nor waits, so the lines past a last, shorter run cost nothing.
template <class T>
[[gnu::always_inline]] inline void prefetch_lines(const T* p, local_int count) {
  constexpr local_int per_line = 64 / sizeof(T);
  for (local_int i = 0; i < count; i += per_line) __builtin_prefetch(p + i);
}

/// Where the pass reads after basis[j]'s run at `offset` ends: basis[j + 1] at the same offset,
/// or basis[0] a run further on (nullptr past `end`, the thread's share).
template <class T>
const T* next_run(const T* const* basis, int j, int k, local_int offset, local_int run,
                  local_int end) {
  if (j + 1 < k) return basis[j + 1] + offset;
  return offset + run < end ? basis[0] + offset + run : nullptr;
}

/// The double dots as reference::dot (threaded_blocked_sum): each thread's equal share in
/// blocks of summation_block, then the threads' sums blocked in thread order.
void double_dots(local_int n, int k, const double* const* basis, const double* q, double* h) {
  std::vector<std::vector<double>> partial(k, std::vector<double>(max_threads(), 0.0));
#pragma omp parallel
  {
    const local_int threads = team_threads(), t = thread_id();
    const local_int begin = static_cast<local_int>(static_cast<long long>(n) * t / threads);
    const local_int end = static_cast<local_int>(static_cast<long long>(n) * (t + 1) / threads);
    std::vector<PairwiseSum> sums(k);
    constexpr local_int run = run_bytes / sizeof(double) / summation_block * summation_block;
    for (local_int run_start = begin; run_start < end; run_start += run) {
      const local_int run_end = std::min(end, run_start + run);
      for (int j = 0; j < k; ++j) {
        const double* v = basis[j];
        const double* next = next_run(basis, j, k, run_start, run, end);
        for (local_int start = run_start; start < run_end; start += summation_block) {
          const local_int stop = std::min(run_end, start + summation_block);
          if (next != nullptr) prefetch_lines(next + (start - run_start), stop - start);
          sums[j].add(block_sum(start, stop, [v, q](local_int i) { return v[i] * q[i]; }));
        }
      }
    }
    for (int j = 0; j < k; ++j) partial[j][t] = sums[j].total();
  }
  for (int j = 0; j < k; ++j) {
    const std::vector<double>& p = partial[j];
    h[j] = blocked_sum(0, static_cast<local_int>(p.size()), [&p](local_int i) { return p[i]; });
  }
}

/// The float dots as OpenMPBackend::dot_float: the same blocks, the same threads' shares.
void float_dots(local_int n, int k, const float* const* basis, const float* q, double* h) {
  const local_int blocks = (n + dot_block - 1) / dot_block;
  std::vector<std::vector<double>> partial(k, std::vector<double>(max_threads(), 0.0));
#pragma omp parallel
  {
    std::vector<double> sums(k, 0.0);
    constexpr local_int run = run_bytes / sizeof(float) / dot_block;  // blocks
    const ThreadBlocks share(blocks);
    const local_int share_end = std::min(n, share.last * dot_block);
    for (local_int run_first = share.first; run_first < share.last; run_first += run) {
      const local_int run_last = std::min(share.last, run_first + run);
      for (int j = 0; j < k; ++j) {
        const float* next = next_run(basis, j, k, run_first * dot_block, run * dot_block,
                                     share_end);
        for (local_int b = run_first; b < run_last; ++b) {
          const local_int begin = b * dot_block, end = std::min(n, begin + dot_block);
          if (next != nullptr) prefetch_lines(next + (b - run_first) * dot_block, end - begin);
          sums[j] += block_dot(basis[j], q, begin, end);
        }
      }
    }
    for (int j = 0; j < k; ++j) partial[j][thread_id()] = sums[j];
  }
  for (int j = 0; j < k; ++j) {
    double total = 0.0;
    for (double p : partial[j]) total += p;
    h[j] = total;
  }
}

/// q -= sum_j h[j] basis[j], each entry updated for j = 0, 1, ... in turn.
template <class T>
void subtract(local_int n, int k, const T* const* basis, const double* h, T* q) {
  std::vector<T> beta(k);
  for (int j = 0; j < k; ++j) beta[j] = static_cast<T>(-h[j]);
  constexpr local_int run = run_bytes / sizeof(T);
  const local_int runs = (n + run - 1) / run;
#pragma omp parallel for schedule(static)
  for (local_int b = 0; b < runs; ++b) {
    const local_int begin = b * run, end = std::min(n, begin + run);
    for (int j = 0; j < k; ++j) {
      const T* v = basis[j];
      const T c = beta[j];
      // The next run is prefetched a piece at a time, each piece ahead of the same share of
      // this run's update. (Its own thread's next run may be another thread's: harmless.)
      const T* next = next_run(basis, j, k, begin, run, n);
      constexpr local_int piece = 1024 / sizeof(T);
      for (local_int first = begin; first < end; first += piece) {
        const local_int last = std::min(end, first + piece);
        if (next != nullptr) prefetch_lines(next + (first - begin), last - first);
        for (local_int i = first; i < last; ++i) q[i] = q[i] + c * v[i];
      }
    }
  }
}

}  // namespace

void OpenMPBackend::basis_dots(local_int n, int k, const BackendVector* basis,
                               const BackendVector& q, double* h) {
  if (q.single()) {
    std::vector<const float*> vectors(k);
    for (int j = 0; j < k; ++j) vectors[j] = host_data_float(basis[j]);
    float_dots(n, k, vectors.data(), host_data_float(q), h);
  } else {
    std::vector<const double*> vectors(k);
    for (int j = 0; j < k; ++j) vectors[j] = host_data(basis[j]);
    double_dots(n, k, vectors.data(), host_data(q), h);
    traffic_.add(vector_bytes(n, k + 1, 0));
  }
}

void OpenMPBackend::subtract_projections(local_int n, int k, const BackendVector* basis,
                                         const double* h, BackendVector& q) {
  if (q.single()) {
    std::vector<const float*> vectors(k);
    for (int j = 0; j < k; ++j) vectors[j] = host_data_float(basis[j]);
    subtract(n, k, vectors.data(), h, host_data_float(q));
  } else {
    std::vector<const double*> vectors(k);
    for (int j = 0; j < k; ++j) vectors[j] = host_data(basis[j]);
    subtract(n, k, vectors.data(), h, host_data(q));
    traffic_.add(vector_bytes(n, k + 1, 1));
  }
}

}  // namespace hpcg::backends::openmp
