// SPDX-License-Identifier: BSD-3-Clause
// PageRank kernel and verifier. The kernel keeps contributions, not scores, in the halo'd vector
// (one division per vertex instead of one per edge, as gapbs does) and double-buffers them so the
// iteration is Jacobi: its result does not depend on the thread or rank count beyond rounding.
// Each iteration pulls row by row here, or multiplies with the blocked copy (pagerank_blocking).
#include "hpcg/graph/pagerank.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "avx512_intrinsics.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/linalg/vector.hpp"
#include "pagerank_blocking.hpp"

namespace hpcg::graph {
namespace {

using detail::PageRankUpdate;

#if defined(__AVX512F__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
/// Sum of x over one row's columns: sixteen at a time with one gather (about twice as fast as
/// scalar loads on Zen 4 at scale 20), in float lanes as gapbs adds in float (ScoreT). A tail of
/// at most eight takes an 8-lane gather: Zen 4 issues a masked 16-lane gather at full cost
/// (measured: 5% faster at scale 20). `last` is the scalar version's prefetch bound, unused here.
inline float row_sum(const local_int* column, nnz_int begin, nnz_int end,
                     [[maybe_unused]] nnz_int last, const float* x) {
  __m512 sum = _mm512_setzero_ps();
  nnz_int k = begin;
  for (; k + 16 <= end; k += 16) {
    sum = _mm512_add_ps(sum, _mm512_i32gather_ps(_mm512_loadu_si512(column + k), x, 4));
  }
  const nnz_int tail = end - k;  // masked: no scalar loop, no read past the row
  if (tail > 8) {
    const auto mask = static_cast<__mmask16>((1u << tail) - 1);
    const __m512i index = _mm512_maskz_loadu_epi32(mask, column + k);
    sum = _mm512_add_ps(sum, _mm512_mask_i32gather_ps(_mm512_setzero_ps(), mask, index, x, 4));
  } else if (tail > 0) {
    const auto mask = static_cast<__mmask8>((1u << tail) - 1);
    const __m256i index = _mm256_maskz_loadu_epi32(mask, column + k);
    const __m256 part = _mm256_mmask_i32gather_ps(_mm256_setzero_ps(), mask, index, x, 4);
    sum = _mm512_add_ps(sum, _mm512_insertf32x8(_mm512_setzero_ps(), part, 0));
  }
  return _mm512_reduce_add_ps(sum);
}
#else
/// How far ahead (in entries) the gather of x is prefetched: x is L3-resident but scattered and
/// the hardware prefetcher cannot follow indices.
constexpr nnz_int prefetch_distance = 48;
/// Independent partial sums per row: enough loads in flight to cover L3 latency (8 measured
/// about 10% faster than 4 on Zen at scale 20).
constexpr int lanes = 8;

/// Sum of x over one row's columns. `last` is the last valid entry of `column`, so the prefetch
/// never reads past it.
inline float row_sum(const local_int* column, nnz_int begin, nnz_int end, nnz_int last,
                     const float* x) {
  float partial[lanes] = {};
  nnz_int k = begin;
  for (; k + lanes <= end; k += lanes) {
    __builtin_prefetch(&x[column[std::min(k + prefetch_distance, last)]]);
    for (int j = 0; j < lanes; ++j) partial[j] += x[column[k + j]];
  }
  for (; k < end; ++k) partial[0] += x[column[k]];
  float sum = 0;
  for (float p : partial) sum += p;
  return sum;
}
#endif

/// Rows per unit of the pull's L1 change: the change is summed per unit, then over units in
/// order, so it is the same whichever thread took which unit.
constexpr local_int chunk_rows = 1024;

/// One pull iteration over A (rows list their in-neighbours); returns this rank's L1 change.
double pull_multiply(const SparseMatrix& A, const float* x, const PageRankUpdate& update,
                     std::vector<double>& chunk_change) {
  const nnz_int* row_start = A.row_start.data();
  const local_int* column = A.column_index.data();
  const nnz_int last = std::max<nnz_int>(A.nonzeros() - 1, 0);
  const local_int rows = A.rows;
  const local_int chunks = (rows + chunk_rows - 1) / chunk_rows;
  chunk_change.assign(static_cast<size_t>(chunks), 0.0);
#pragma omp parallel for schedule(dynamic, 1)
  for (local_int c = 0; c < chunks; ++c) {
    double change = 0;
    const local_int end = std::min(rows, (c + 1) * chunk_rows);
    for (local_int v = c * chunk_rows; v < end; ++v) {
      change += update.apply(v, row_sum(column, row_start[v], row_start[v + 1], last, x));
    }
    chunk_change[c] = change;
  }
  double change = 0;
  for (double c : chunk_change) change += c;
  return change;
}

/// The automatic method blocks only when the largest rank's contribution array (owned and halo
/// columns, 4 bytes each) is larger than L2 (1 MiB on the Zen 4 development machine): below
/// that the pull's gathers already hit L2 and the copy cannot pay.
constexpr local_int blocked_min_columns = local_int{1} << 18;
/// ... and only when at least this many more iterations are expected. Measured at Kronecker
/// scale 20 on 1 rank (Zen 4): the copy costs 3 pull iterations with one thread and 3.5 to 4
/// with two, a blocked iteration 0.65 to 0.72 of a pull one, so it repays itself after 8 to 12
/// iterations. GAP's runs of that graph take 8 in all and stay on pull.
constexpr int blocked_break_even_iterations = 11;

/// Whether the automatic method should switch to the blocked copy now, `done` iterations in,
/// predicting the rest from the last two L1 changes as a geometric sequence. Uses only global,
/// reproducible values, so every rank decides alike and runs repeat bit for bit.
bool worth_blocking(const PageRankOptions& options, int done, double previous, double current) {
  double left = options.max_iterations - done;
  if (previous > 0 && current > 0 && current < previous && options.tolerance > 0) {
    left = std::min(left, std::log(options.tolerance / current) / std::log(current / previous));
  }
  return left >= blocked_break_even_iterations;
}

}  // namespace

PageRankResult pagerank(Graph& graph, const PageRankOptions& options, const Comm& comm) {
  PageRankResult result;
  double t = wall_time();
  const SparseMatrix& A = graph.in.matrix;
  const local_int rows = A.rows;
  const double n = static_cast<double>(graph.vertex_count);
  PageRankUpdate update;
  update.base = static_cast<float>((1.0 - options.damping) / n);
  update.damping = static_cast<float>(options.damping);
  if (options.start_scores != nullptr) {
    HPCG_REQUIRE(options.start_scores->size() == static_cast<size_t>(rows));
    result.scores = *options.start_scores;
  } else {
    result.scores.assign(static_cast<size_t>(rows), static_cast<float>(1.0 / n));
  }
  auto inverse_degree = detail::uninitialised_array<float>(static_cast<size_t>(rows));
  // Not zeroed: owned entries are written below (x) or by the first iteration (y), halo entries by
  // the exchange before they are read.
  auto x = detail::uninitialised_array<float>(static_cast<size_t>(A.columns));
  auto y = detail::uninitialised_array<float>(static_cast<size_t>(A.columns));
#pragma omp parallel for schedule(static)
  for (local_int v = 0; v < rows; ++v) {
    const global_int degree = graph.out_degree(v);
    inverse_degree[v] = degree > 0 ? 1.0f / static_cast<float>(degree) : 0.0f;
    x[v] = result.scores[v] * inverse_degree[v];
  }
  update.inverse_degree = inverse_degree.get();
  update.scores = result.scores.data();

  std::unique_ptr<detail::BlockedAdjacency> blocked;
  const auto build_blocked = [&](int from_iteration) {
    const double start = wall_time();
    blocked = std::make_unique<detail::BlockedAdjacency>(A, options.block_column_bits,
                                                         options.stripe_row_bits);
    result.seconds_blocking = wall_time() - start;
    result.blocked_from = from_iteration;
  };
  if (options.method == PageRankMethod::blocked) build_blocked(1);
  const bool may_block = options.method == PageRankMethod::automatic &&
                         comm.max(A.columns >= blocked_min_columns ? 1 : 0) == 1;
  result.seconds_setup += wall_time() - t;

  const std::uint64_t bytes_per_exchange = A.exchange.halo().send_rows.size() * sizeof(float);
  std::vector<double> chunk_change;
  double previous_change = 0;
  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    t = wall_time();
    graph.in.matrix.exchange.run_typed(x.get());
    result.bytes_sent += bytes_per_exchange;
    result.seconds_communication += wall_time() - t;

    t = wall_time();
    update.next = y.get();
    const double change = blocked ? blocked->multiply(x.get(), update)
                                  : pull_multiply(A, x.get(), update, chunk_change);
    std::swap(x, y);
    result.seconds_spmv += wall_time() - t;

    t = wall_time();
    result.change = comm.sum(change);
    result.seconds_communication += wall_time() - t;
    result.iterations = iteration + 1;
    if (result.change < options.tolerance) break;
    if (may_block && !blocked && iteration > 0 &&
        worth_blocking(options, iteration + 1, previous_change, result.change)) {
      t = wall_time();
      build_blocked(iteration + 2);
      result.seconds_setup += wall_time() - t;
    }
    previous_change = result.change;
  }
  return result;
}

PageRankCheck verify_pagerank(Graph& graph, const std::vector<float>& scores,
                              const PageRankOptions& options, const Comm& comm) {
  SparseMatrix& A = graph.in.matrix;
  HPCG_REQUIRE(scores.size() == static_cast<size_t>(A.rows));
  Vector contribution(A.columns);
  for (local_int v = 0; v < A.rows; ++v) {
    const global_int degree = graph.out_degree(v);
    contribution[v] =
        degree > 0 ? static_cast<double>(scores[v]) / static_cast<double>(degree) : 0.0;
  }
  A.exchange.run(contribution.data());
  const double base = (1.0 - options.damping) / static_cast<double>(graph.vertex_count);
  double error = 0;
  for (local_int v = 0; v < A.rows; ++v) {
    double incoming = 0;
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k)
      incoming += contribution[A.column_index[k]];
    error += std::fabs(base + options.damping * incoming - static_cast<double>(scores[v]));
  }
  PageRankCheck check;
  check.error = comm.sum(error);
  check.passed = check.error < options.tolerance;  // false for NaN too
  return check;
}

}  // namespace hpcg::graph
