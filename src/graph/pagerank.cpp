// SPDX-License-Identifier: BSD-3-Clause
// PageRank kernel and verifier. The kernel keeps contributions, not scores, in the halo'd vector
// (one division per vertex instead of one per edge, as gapbs does) and double-buffers them so the
// iteration is Jacobi: its result does not depend on the thread or rank count beyond rounding.
#include "hpcg/graph/pagerank.hpp"

#if defined(__AVX512F__) && defined(__AVX512DQ__)
// GCC 12's AVX-512 headers start many intrinsics from a self-initialised "undefined" register and
// then warn about it (GCC bug 105593, fixed in 13); the warning points into the header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/timer.hpp"
#include "hpcg/linalg/vector.hpp"

namespace hpcg::graph {
namespace {

#if defined(__AVX512F__) && defined(__AVX512DQ__)
/// Sum of x over one row's columns: sixteen at a time with one gather (about twice as fast as
/// scalar loads on Zen 4 at scale 20), in sixteen float lanes as gapbs adds in float (ScoreT), the
/// lanes then added in double. `last` is the scalar version's prefetch bound, unused here.
inline double row_sum(const local_int* column, nnz_int begin, nnz_int end,
                      [[maybe_unused]] nnz_int last, const float* x) {
  __m512 sum = _mm512_setzero_ps();
  nnz_int k = begin;
  for (; k + 16 <= end; k += 16) {
    sum = _mm512_add_ps(sum, _mm512_i32gather_ps(_mm512_loadu_si512(column + k), x, 4));
  }
  if (k < end) {  // the tail under a mask: no scalar loop, no read past the row
    const auto mask = static_cast<__mmask16>((1u << (end - k)) - 1);
    const __m512i index = _mm512_maskz_loadu_epi32(mask, column + k);
    sum = _mm512_add_ps(sum, _mm512_mask_i32gather_ps(_mm512_setzero_ps(), mask, index, x, 4));
  }
  const __m512d low = _mm512_cvtps_pd(_mm512_castps512_ps256(sum));
  const __m512d high = _mm512_cvtps_pd(_mm512_extractf32x8_ps(sum, 1));
  return _mm512_reduce_add_pd(_mm512_add_pd(low, high));
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
inline double row_sum(const local_int* column, nnz_int begin, nnz_int end, nnz_int last,
                      const float* x) {
  double partial[lanes] = {};
  nnz_int k = begin;
  for (; k + lanes <= end; k += lanes) {
    __builtin_prefetch(&x[column[std::min(k + prefetch_distance, last)]]);
    for (int j = 0; j < lanes; ++j) partial[j] += x[column[k + j]];
  }
  for (; k < end; ++k) partial[0] += x[column[k]];
  double sum = 0;
  for (double p : partial) sum += p;
  return sum;
}
#endif

}  // namespace

PageRankResult pagerank(Graph& graph, const PageRankOptions& options, const Comm& comm) {
  PageRankResult result;
  double t = wall_time();
  const SparseMatrix& A = graph.adjacency;
  const local_int rows = A.rows;
  const double n = static_cast<double>(graph.vertex_count);
  const auto base = static_cast<float>((1.0 - options.damping) / n);
  const auto damping = static_cast<float>(options.damping);
  result.scores.assign(static_cast<size_t>(rows), static_cast<float>(1.0 / n));
  std::vector<float> inverse_degree(static_cast<size_t>(rows));
  // Not zeroed: owned entries are written below (x) or by the first iteration (y), halo entries by
  // the exchange before they are read.
  std::unique_ptr<float[]> x(new float[static_cast<size_t>(A.columns)]);
  std::unique_ptr<float[]> y(new float[static_cast<size_t>(A.columns)]);
#pragma omp parallel for schedule(static)
  for (local_int v = 0; v < rows; ++v) {
    const global_int degree = graph.degree(v);
    inverse_degree[v] = degree > 0 ? 1.0f / static_cast<float>(degree) : 0.0f;
    x[v] = result.scores[v] * inverse_degree[v];
  }
  result.seconds_setup += wall_time() - t;

  const nnz_int* row_start = A.row_start.data();
  const local_int* column = A.column_index.data();
  float* scores = result.scores.data();
  const std::uint64_t bytes_per_exchange = A.exchange.halo().send_rows.size() * sizeof(float);
  constexpr local_int chunk_rows = 1024;
  std::vector<double> chunk_change;
  for (int iteration = 0; iteration < options.max_iterations; ++iteration) {
    t = wall_time();
    graph.adjacency.exchange.run_typed(x.get());
    result.bytes_sent += bytes_per_exchange;
    result.seconds_communication += wall_time() - t;

    t = wall_time();
    const float* in = x.get();
    float* out = y.get();
    const nnz_int last = std::max<nnz_int>(A.nonzeros() - 1, 0);
    // The L1 change is summed per fixed chunk of rows, then over the chunks in order: the same
    // sum whichever thread took which chunk, so the iteration count repeats run after run.
    const local_int chunks = (rows + chunk_rows - 1) / chunk_rows;
    chunk_change.assign(static_cast<size_t>(chunks), 0.0);
#pragma omp parallel for schedule(dynamic, 1)
    for (local_int c = 0; c < chunks; ++c) {
      double change = 0;
      const local_int end = std::min(rows, (c + 1) * chunk_rows);
      for (local_int v = c * chunk_rows; v < end; ++v) {
        const double sum = row_sum(column, row_start[v], row_start[v + 1], last, in);
        const float score = base + damping * static_cast<float>(sum);
        change += std::fabs(static_cast<double>(score) - static_cast<double>(scores[v]));
        scores[v] = score;
        out[v] = score * inverse_degree[v];
      }
      chunk_change[c] = change;
    }
    double change = 0;
    for (double c : chunk_change) change += c;
    std::swap(x, y);
    result.seconds_spmv += wall_time() - t;

    t = wall_time();
    result.change = comm.sum(change);
    result.seconds_communication += wall_time() - t;
    result.iterations = iteration + 1;
    if (result.change < options.tolerance) break;
  }
  return result;
}

PageRankCheck verify_pagerank(Graph& graph, const std::vector<float>& scores,
                              const PageRankOptions& options, const Comm& comm) {
  SparseMatrix& A = graph.adjacency;
  HPCG_REQUIRE(scores.size() == static_cast<size_t>(A.rows));
  Vector contribution(A.columns);
  for (local_int v = 0; v < A.rows; ++v) {
    const global_int degree = graph.degree(v);
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
