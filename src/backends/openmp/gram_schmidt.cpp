// SPDX-License-Identifier: BSD-3-Clause
// The openmp backend's Gram-Schmidt steps: all k dots of q against the basis in one pass over
// the basis, q -= sum_j h[j] basis[j] in one more, and the two fused (the update, then the dots
// of the updated q) in one, where the per-vector steps read q k times and write it k times. The
// dots sum as the per-vector dots do (dot_float's blocks in float, dot's blocked sums in double),
// bit for bit; the update takes each term in WAXPBY's order, where the compiler may fuse a
// term's multiply and add, which WAXPBY's kernel need not do alike.
#include <algorithm>
#include <type_traits>
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
/// the same terms in the same order. The fused pass reads each of the k runs twice, the second
/// time from the L2 cache, which holds 30 of them.
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

/// A thread's rows, [begin, end).
struct Rows {
  local_int begin, end;
};

/// The double dots' sums as reference::dot's (threaded_blocked_sum): each thread's equal share
/// in blocks of summation_block, then the threads' sums blocked in thread order.
class DoubleSums {
 public:
  using Value = double;
  static constexpr local_int block = summation_block;
  static Rows share(local_int n) {
    const long long threads = team_threads(), t = thread_id();
    return {static_cast<local_int>(n * t / threads), static_cast<local_int>(n * (t + 1) / threads)};
  }
  explicit DoubleSums(int k) : sums_(k) {}
  void add(int j, const double* v, const double* q, local_int start, local_int stop) {
    sums_[j].add(block_sum(start, stop, [v, q](local_int i) { return v[i] * q[i]; }));
  }
  double total(int j) const { return sums_[j].total(); }
  static double combine(const std::vector<double>& threads) {
    return blocked_sum(0, static_cast<local_int>(threads.size()),
                       [&threads](local_int i) { return threads[i]; });
  }

 private:
  std::vector<PairwiseSum> sums_;
};

/// The float dots' sums as OpenMPBackend::dot_float's: the same blocks, the same threads' shares,
/// the threads' sums added in thread order.
class FloatSums {
 public:
  using Value = float;
  static constexpr local_int block = dot_block;
  static Rows share(local_int n) {
    const ThreadBlocks blocks((n + dot_block - 1) / dot_block);
    return {std::min(n, blocks.first * dot_block), std::min(n, blocks.last * dot_block)};
  }
  explicit FloatSums(int k) : sums_(k, 0.0) {}
  void add(int j, const float* v, const float* q, local_int start, local_int stop) {
    sums_[j] += block_dot(v, q, start, stop);
  }
  double total(int j) const { return sums_[j]; }
  static double combine(const std::vector<double>& threads) {
    double total = 0.0;
    for (double p : threads) total += p;
    return total;
  }

 private:
  std::vector<double> sums_;
};

/// Adds v.q over [begin, end) to dot j, block by block, prefetching as much of `next`'s run
/// alongside each block.
template <class Sums, class T>
void add_run(Sums& sums, int j, const T* v, const T* q, local_int begin, local_int end,
             const T* next) {
  for (local_int start = begin; start < end; start += Sums::block) {
    const local_int stop = std::min(end, start + Sums::block);
    if (next != nullptr) prefetch_lines(next + (start - begin), stop - start);
    sums.add(j, v, q, start, stop);
  }
}

/// q += c v over [begin, end), prefetching `next`'s run a piece at a time, each piece ahead of
/// the same share of this run's update.
template <class T>
void update_run(T* q, const T* v, T c, local_int begin, local_int end, const T* next) {
  constexpr local_int piece = 1024 / sizeof(T);
  for (local_int first = begin; first < end; first += piece) {
    const local_int last = std::min(end, first + piece);
    if (next != nullptr) prefetch_lines(next + (first - begin), last - first);
    for (local_int i = first; i < last; ++i) q[i] = q[i] + c * v[i];
  }
}

/// -h[j] in q's precision: the update's coefficients, as WAXPBY rounds its beta.
template <class T>
std::vector<T> negated(int k, const double* h) {
  std::vector<T> beta(k);
  for (int j = 0; j < k; ++j) beta[j] = static_cast<T>(-h[j]);
  return beta;
}

/// dots[j] = basis[j].q for j < k. With `h`, q -= sum_j h[j] basis[j] first, run by run: each
/// run's update, then its dots from the basis's runs just read.
template <class Sums, class T = typename Sums::Value>
void dots_pass(local_int n, int k, const T* const* basis, const double* h, T* q, double* dots) {
  const std::vector<T> beta = h != nullptr ? negated<T>(k, h) : std::vector<T>();
  std::vector<std::vector<double>> partial(k, std::vector<double>(max_threads(), 0.0));
#pragma omp parallel
  {
    const Rows rows = Sums::share(n);
    Sums sums(k);
    constexpr local_int run = run_bytes / sizeof(T) / Sums::block * Sums::block;
    for (local_int run_start = rows.begin; run_start < rows.end; run_start += run) {
      const local_int run_end = std::min(rows.end, run_start + run);
      for (int j = 0; j < k && h != nullptr; ++j) {
        update_run(q, basis[j], beta[j], run_start, run_end,
                   j + 1 < k ? basis[j + 1] + run_start : nullptr);
      }
      for (int j = 0; j < k; ++j) {
        // After an update the runs are in cache; only basis[0]'s next one is fetched.
        const T* next = next_run(basis, j, k, run_start, run, rows.end);
        if (h != nullptr && j + 1 < k) next = nullptr;
        add_run(sums, j, basis[j], q, run_start, run_end, next);
      }
    }
    for (int j = 0; j < k; ++j) partial[j][thread_id()] = sums.total(j);
  }
  for (int j = 0; j < k; ++j) dots[j] = Sums::combine(partial[j]);
}

/// q -= sum_j h[j] basis[j], each entry updated for j = 0, 1, ... in turn.
template <class T>
void subtract(local_int n, int k, const T* const* basis, const double* h, T* q) {
  const std::vector<T> beta = negated<T>(k, h);
  constexpr local_int run = run_bytes / sizeof(T);
  const local_int runs = (n + run - 1) / run;
#pragma omp parallel for schedule(static)
  for (local_int b = 0; b < runs; ++b) {
    const local_int begin = b * run, end = std::min(n, begin + run);
    // (Its own thread's next run may be another thread's: harmless.)
    for (int j = 0; j < k; ++j) {
      update_run(q, basis[j], beta[j], begin, end, next_run(basis, j, k, begin, run, n));
    }
  }
}

}  // namespace

template <class T>
std::vector<const T*> OpenMPBackend::host_addresses(int k, const BackendVector* basis) {
  std::vector<const T*> vectors(k);
  for (int j = 0; j < k; ++j) {
    if constexpr (std::is_same_v<T, float>) {
      vectors[j] = host_data_float(basis[j]);
    } else {
      vectors[j] = host_data(basis[j]);
    }
  }
  return vectors;
}

void OpenMPBackend::basis_dots(local_int n, int k, const BackendVector* basis,
                               const BackendVector& q, double* h) {
  if (q.single()) {
    dots_pass<FloatSums>(n, k, host_addresses<float>(k, basis).data(), nullptr,
                         host_data_float(q), h);
  } else {
    dots_pass<DoubleSums>(n, k, host_addresses<double>(k, basis).data(), nullptr, host_data(q),
                          h);
    traffic_.add(vector_bytes(n, k + 1, 0));
  }
}

void OpenMPBackend::subtract_projections(local_int n, int k, const BackendVector* basis,
                                         const double* h, BackendVector& q) {
  if (q.single()) {
    subtract(n, k, host_addresses<float>(k, basis).data(), h, host_data_float(q));
  } else {
    subtract(n, k, host_addresses<double>(k, basis).data(), h, host_data(q));
    traffic_.add(vector_bytes(n, k + 1, 1));
  }
}

void OpenMPBackend::subtract_projections_dots(local_int n, int k, const BackendVector* basis,
                                              const double* h, BackendVector& q,
                                              double* dots) {
  if (q.single()) {
    dots_pass<FloatSums>(n, k, host_addresses<float>(k, basis).data(), h, host_data_float(q),
                         dots);
  } else {
    dots_pass<DoubleSums>(n, k, host_addresses<double>(k, basis).data(), h, host_data(q), dots);
    traffic_.add(vector_bytes(n, k + 1, 1));
  }
}

}  // namespace hpcg::backends::openmp
