// SPDX-License-Identifier: BSD-3-Clause
// Row assembly and local numbering of a graph's rows. Rows are sorted and deduplicated by global
// id (GAP's "squish"), then renumbered so that each row lists owned columns first: the top-down
// BFS step pushes only along those, and ghosts are reached through the halo transpose.
#include "local_csr.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/linalg/halo.hpp"

namespace hpcg::graph {
namespace {

/// Sorts and deduplicates every row in place (a duplicate keeps its smallest weight), then closes
/// the gaps. `weights` is empty or holds one weight per column.
void squish(std::vector<nnz_int>& row_start, std::vector<global_int>& columns,
            std::vector<weight_t>& weights, local_int rows) {
  std::vector<nnz_int> kept(static_cast<size_t>(rows) + 1, 0);
  const bool weighted = !weights.empty();
#pragma omp parallel
  {
    std::vector<std::pair<global_int, weight_t>> row;
#pragma omp for schedule(dynamic, 256)
    for (local_int r = 0; r < rows; ++r) {
      auto begin = columns.begin() + row_start[r], end = columns.begin() + row_start[r + 1];
      if (!weighted) {
        std::sort(begin, end);
        kept[r + 1] = std::unique(begin, end) - begin;
        continue;
      }
      row.clear();
      for (nnz_int k = row_start[r]; k < row_start[r + 1]; ++k)
        row.emplace_back(columns[k], weights[k]);
      std::sort(row.begin(), row.end());  // by column, then weight: the first of a run is lightest
      nnz_int out = row_start[r];
      for (size_t i = 0; i < row.size(); ++i) {
        if (i > 0 && row[i].first == row[i - 1].first) continue;
        columns[out] = row[i].first;
        weights[out++] = row[i].second;
      }
      kept[r + 1] = out - row_start[r];
    }
  }
  for (local_int r = 0; r < rows; ++r) kept[r + 1] += kept[r];
  for (local_int r = 0; r < rows; ++r) {  // kept[r] <= row_start[r]: copying forward is safe
    const nnz_int count = kept[r + 1] - kept[r];
    std::copy(columns.begin() + row_start[r], columns.begin() + row_start[r] + count,
              columns.begin() + kept[r]);
    if (weighted) {
      std::copy(weights.begin() + row_start[r], weights.begin() + row_start[r] + count,
                weights.begin() + kept[r]);
    }
  }
  columns.resize(static_cast<size_t>(kept[rows]));
  columns.shrink_to_fit();
  if (weighted) {
    weights.resize(columns.size());
    weights.shrink_to_fit();
  }
  row_start = std::move(kept);
}

/// Ids of the columns this rank does not own, ascending and distinct.
std::vector<global_int> collect_ghosts(const LocalCsr& csr) {
  const global_int end = csr.first + csr.rows;
  std::vector<global_int> ghosts;
  for (global_int v : csr.columns) {
    if (v < csr.first || v >= end) ghosts.push_back(v);
  }
  std::sort(ghosts.begin(), ghosts.end());
  ghosts.erase(std::unique(ghosts.begin(), ghosts.end()), ghosts.end());
  ghosts.shrink_to_fit();
  return ghosts;
}

/// Orders each row: owned columns first (top-down steps push along those only), then ghosts, each
/// part by descending degree of the neighbour in this direction (hubs join a BFS frontier early,
/// so a bottom-up step that meets them first stops sooner) or by id. Weights move with their
/// columns. Collective (ghost degrees come through the halo).
void order_rows(Adjacency& adjacency, NeighbourOrder order) {
  SparseMatrix& A = adjacency.matrix;
  const bool by_degree = order == NeighbourOrder::degree;
  std::vector<std::int64_t> degree(static_cast<size_t>(A.columns), 0);
  for (local_int r = 0; r < A.rows; ++r) degree[r] = adjacency.degree(r);
  A.exchange.run_typed(degree.data());
  const local_int rows = A.rows;
  auto before = [&degree, rows, by_degree](local_int a, local_int b) {
    if ((a >= rows) != (b >= rows)) return a < rows;
    if (by_degree && degree[a] != degree[b]) return degree[a] > degree[b];
    return a < b;
  };
  const bool weighted = !adjacency.weights.empty();
  adjacency.owned_degree.resize(static_cast<size_t>(rows));
#pragma omp parallel
  {
    std::vector<std::pair<local_int, weight_t>> row;
#pragma omp for schedule(dynamic, 1024)
    for (local_int r = 0; r < rows; ++r) {
      auto begin = A.column_index.begin() + A.row_start[r];
      auto stop = A.column_index.begin() + A.row_start[r + 1];
      if (weighted) {
        row.clear();
        for (nnz_int k = A.row_start[r]; k < A.row_start[r + 1]; ++k)
          row.emplace_back(A.column_index[k], adjacency.weights[k]);
        std::sort(row.begin(), row.end(),
                  [&before](const auto& a, const auto& b) { return before(a.first, b.first); });
        for (size_t i = 0; i < row.size(); ++i) {
          A.column_index[A.row_start[r] + static_cast<nnz_int>(i)] = row[i].first;
          adjacency.weights[A.row_start[r] + static_cast<nnz_int>(i)] = row[i].second;
        }
      } else {
        std::sort(begin, stop, before);
      }
      adjacency.owned_degree[r] = static_cast<local_int>(
          std::partition_point(begin, stop, [rows](local_int c) { return c < rows; }) - begin);
    }
  }
}

/// The halo transpose: for ghost k, the owned rows whose row lists it.
void build_ghost_transpose(Graph& g) {
  const SparseMatrix& A = g.in.matrix;
  const bool weighted = !g.in.weights.empty();
  g.ghost_row_start.assign(static_cast<size_t>(g.ghosts()) + 1, 0);
  for (nnz_int k = 0; k < A.nonzeros(); ++k) {
    if (A.column_index[k] >= A.rows) ++g.ghost_row_start[A.column_index[k] - A.rows + 1];
  }
  for (local_int k = 0; k < g.ghosts(); ++k) g.ghost_row_start[k + 1] += g.ghost_row_start[k];
  g.ghost_rows.resize(static_cast<size_t>(g.ghost_row_start.back()));
  g.ghost_weights.resize(weighted ? g.ghost_rows.size() : 0);
  std::vector<nnz_int> cursor(g.ghost_row_start.begin(), g.ghost_row_start.end() - 1);
  for (local_int r = 0; r < A.rows; ++r) {
    for (nnz_int k = A.row_start[r] + g.in.owned_degree[r]; k < A.row_start[r + 1]; ++k) {
      const nnz_int at = cursor[A.column_index[k] - A.rows]++;
      g.ghost_rows[at] = r;
      if (weighted) g.ghost_weights[at] = g.in.weights[k];
    }
  }
}

/// Bit positions of each owned row in the packed send segments of the halo exchange.
void build_send_bits(Graph& g) {
  const Halo& halo = g.in.matrix.exchange.halo();
  const auto& word_offsets = g.in.matrix.exchange.send_word_offsets();
  g.send_bit_start.assign(static_cast<size_t>(g.rows()) + 1, 0);
  for (local_int row : halo.send_rows) ++g.send_bit_start[row + 1];
  for (local_int r = 0; r < g.rows(); ++r) g.send_bit_start[r + 1] += g.send_bit_start[r];
  g.send_bits.resize(halo.send_rows.size());
  std::vector<nnz_int> cursor(g.send_bit_start.begin(), g.send_bit_start.end() - 1);
  size_t k = 0;
  for (size_t i = 0; i < halo.send_ranks.size(); ++i) {
    for (local_int j = 0; j < halo.send_counts[i]; ++j, ++k) {
      g.send_bits[cursor[halo.send_rows[k]]++] =
          64 * word_offsets[i] + static_cast<std::uint64_t>(j);
    }
  }
}

/// setup_halo numbers ghosts by owner rank, then id; with contiguous blocks that is id order,
/// which local column rows + k = ghost_ids[k] relies on.
void check_layout(const Partition& partition, const Adjacency& adjacency) {
  const Halo& halo = adjacency.matrix.exchange.halo();
  HPCG_REQUIRE(halo.external_count() == adjacency.ghosts());
  size_t first = 0;
  for (size_t i = 0; i < halo.receive_ranks.size(); ++i) {
    const size_t last = first + static_cast<size_t>(halo.receive_counts[i]) - 1;
    HPCG_REQUIRE(partition.owner_of(adjacency.ghost_ids[first]) == halo.receive_ranks[i]);
    HPCG_REQUIRE(partition.owner_of(adjacency.ghost_ids[last]) == halo.receive_ranks[i]);
    first = last + 1;
  }
}

}  // namespace

LocalCsr LocalCsr::from_edges(std::vector<Edge> edges, global_int first, global_int rows,
                              bool weighted) {
  LocalCsr csr;
  csr.first = first;
  csr.rows = static_cast<local_int>(rows);
  csr.row_start.assign(static_cast<size_t>(rows) + 1, 0);
  const auto n = static_cast<long long>(edges.size());
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
#pragma omp atomic
    ++csr.row_start[edges[i].u - first + 1];
  }
  for (local_int r = 0; r < csr.rows; ++r) csr.row_start[r + 1] += csr.row_start[r];
  std::vector<nnz_int> cursor(csr.row_start.begin(), csr.row_start.end() - 1);
  csr.columns.resize(edges.size());
  csr.weights.resize(weighted ? edges.size() : 0);
#pragma omp parallel for schedule(static)
  for (long long i = 0; i < n; ++i) {
    nnz_int position;
#pragma omp atomic capture
    position = cursor[edges[i].u - first]++;
    csr.columns[position] = edges[i].v;
    if (weighted) csr.weights[position] = edges[i].w;
  }
  std::vector<Edge>().swap(edges);
  squish(csr.row_start, csr.columns, csr.weights, csr.rows);
  return csr;
}

std::vector<global_int> LocalCsr::degrees() const {
  std::vector<global_int> result(static_cast<size_t>(rows));
  for (local_int r = 0; r < rows; ++r) result[r] = row_start[r + 1] - row_start[r];
  return result;
}

std::vector<Edge> LocalCsr::to_edges() const {
  std::vector<Edge> edges(columns.size());
#pragma omp parallel for schedule(dynamic, 1024)
  for (local_int r = 0; r < rows; ++r) {
    for (nnz_int k = row_start[r]; k < row_start[r + 1]; ++k)
      edges[k] = Edge{first + r, columns[k], weights.empty() ? weight_t{1} : weights[k]};
  }
  return edges;
}

void attach_adjacency(const Graph& g, Adjacency& adjacency, LocalCsr csr, const Comm& comm,
                      NeighbourOrder order) {
  adjacency.ghost_ids = collect_ghosts(csr);
  const long long columns =
      static_cast<long long>(csr.rows) + static_cast<long long>(adjacency.ghost_ids.size());
  run_collectively(comm, [&] {  // agreed before setup_halo's collectives
    if (columns >= max_local_int) {
      throw ResourceError("a rank would need " + std::to_string(columns) + " local columns " +
                          "(vertices and halo), more than 32-bit local ids allow; use more ranks");
    }
  });
  SparseMatrix& A = adjacency.matrix;
  A.rows = csr.rows;
  A.global_rows = g.vertex_count;
  A.row_start = std::move(csr.row_start);
  adjacency.weights = std::move(csr.weights);
  A.column_index.resize(csr.columns.size());
  const global_int end = csr.first + csr.rows;
  const auto& ghosts = adjacency.ghost_ids;
  // Provisional columns for setup_halo: owned local ids, or -(k+1) for ghost_ids[k].
#pragma omp parallel for schedule(dynamic, 1024)
  for (local_int r = 0; r < A.rows; ++r) {
    for (nnz_int k = A.row_start[r]; k < A.row_start[r + 1]; ++k) {
      const global_int v = csr.columns[k];
      A.column_index[k] =
          v >= csr.first && v < end
              ? static_cast<local_int>(v - csr.first)
              : -static_cast<local_int>(std::lower_bound(ghosts.begin(), ghosts.end(), v) -
                                        ghosts.begin() + 1);
    }
  }
  std::vector<global_int>().swap(csr.columns);

  const Partition& partition = g.partition;
  const global_int first = csr.first;
  RowOwnership ownership{[&partition](global_int id) { return partition.owner_of(id); },
                         [first](global_int id) { return static_cast<local_int>(id - first); }};
  Halo halo = setup_halo(A.column_index, ghosts, A.rows, ownership, comm);
  A.columns = A.rows + halo.external_count();
  A.exchange = HaloExchange(std::move(halo), A.rows, comm);
  A.global_nonzeros = comm.sum(static_cast<global_int>(A.nonzeros()));
  check_layout(partition, adjacency);
  order_rows(adjacency, order);
}

void build_push_indexes(Graph& g) {
  build_ghost_transpose(g);
  build_send_bits(g);
  g.isolated_rows.assign((static_cast<size_t>(g.rows()) + 63) / 64, 0);
  for (local_int r = 0; r < g.rows(); ++r) {
    if (g.in_degree(r) == 0) g.isolated_rows[r >> 6] |= std::uint64_t{1} << (r & 63);
  }
}

}  // namespace hpcg::graph
