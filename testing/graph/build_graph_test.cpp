// SPDX-License-Identifier: BSD-3-Clause
// Graph construction on 1, 2 and 4 ranks: whatever the rank count and partitioning, every owned
// row lists exactly the reference neighbours, halo columns stand for the right vertices, and the
// typed and bit-packed halo exchanges deliver owners' values. Also ranks that own no vertex.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "graph_test_support.hpp"
#include "hpcg/graph/graph.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;
using testing::ReferenceGraph;

/// First row whose neighbours (as original ids) differ from the reference, or "".
std::string compare_rows(const Graph& g, const ReferenceGraph& reference) {
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    const global_int id = testing::original_of_row(g, v);
    std::vector<global_int> got;
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      got.push_back(g.partition.relabel.inverse(g.global_id(A.column_index[k])));
    }
    std::sort(got.begin(), got.end());
    if (got != reference.neighbours[id])
      return "vertex " + std::to_string(id) + ": wrong neighbours";
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const bool owned = A.column_index[k] < g.rows();
      if (owned != (k < A.row_start[v] + g.in.owned_degree[v]))
        return "owned columns are not first";
    }
  }
  return "";
}

/// Halo columns receive their owner's value through begin_typed and through the bit exchange.
std::string check_exchanges(Graph& g) {
  HaloExchange& exchange = g.in.matrix.exchange;
  std::vector<std::int64_t> ids(static_cast<size_t>(g.in.matrix.columns), -1);
  for (local_int v = 0; v < g.rows(); ++v) ids[v] = g.first_vertex + v;
  exchange.run_typed(ids.data());
  for (local_int k = 0; k < g.ghosts(); ++k) {
    if (ids[g.rows() + k] != g.in.ghost_ids[k]) return "typed exchange: ghost " + std::to_string(k);
  }
  // Bits: owned vertex with an id divisible by 3 set; the owned bits must survive the unpack.
  std::vector<std::uint64_t> bits((static_cast<size_t>(g.in.matrix.columns) + 63) / 64 + 1, ~0ull);
  for (local_int c = 0; c < g.in.matrix.columns; ++c) {
    const bool set = c < g.rows() && (g.global_id(c) % 3 == 0);
    if (!set) bits[c >> 6] &= ~(std::uint64_t{1} << (c & 63));
  }
  std::vector<std::uint64_t> send(exchange.send_word_offsets().back() + 1, 0);
  std::vector<std::uint64_t> receive(exchange.receive_word_offsets().back() + 1, ~0ull);
  exchange.pack_bits(bits.data(), send.data());
  exchange.begin_bits(send.data(), receive.data());
  exchange.finish();
  exchange.unpack_bits(receive.data(), bits.data());
  for (local_int c = 0; c < g.in.matrix.columns; ++c) {
    const bool want = g.global_id(c) % 3 == 0, got = (bits[c >> 6] >> (c & 63)) & 1u;
    if (want != got) return "bit exchange: column " + std::to_string(c);
  }
  return "";
}

void check_graph(const EdgeList& list, PartitionKind kind, const Comm& comm) {
  ReferenceGraph reference(list.vertex_count, list.edges);
  Graph g = build_graph(testing::share_of(list.vertex_count, list.edges, comm), kind, 7, comm);
  EXPECT_EQ(g.vertex_count, list.vertex_count);
  EXPECT_EQ(g.edge_count, reference.edges());
  EXPECT_EQ(first_failure(compare_rows(g, reference), comm), "") << to_string(kind);
  EXPECT_EQ(first_failure(check_exchanges(g), comm), "") << to_string(kind);
  EXPECT_EQ(comm.sum(static_cast<global_int>(g.rows())), list.vertex_count);
}

TEST(GraphBuild, KroneckerMatchesReferenceForEveryPartitioning) {
  const Comm comm;
  EdgeList list;
  list.vertex_count = 1 << 9;
  list.edges = testing::all_kronecker_edges(9, 8, 3);
  for (PartitionKind kind : testing::all_partitions()) check_graph(list, kind, comm);
}

/// Within each row's owned part and each row's ghost part, neighbours come by descending degree
/// (ties by ascending column) or by ascending column, as `order` says.
std::string check_neighbour_order(const Graph& g, const ReferenceGraph& reference,
                                  NeighbourOrder order) {
  const SparseMatrix& A = g.in.matrix;
  auto degree = [&](local_int column) {
    const global_int id = g.partition.relabel.inverse(g.global_id(column));
    return reference.neighbours[id].size();
  };
  for (local_int v = 0; v < g.rows(); ++v) {
    for (nnz_int k = A.row_start[v] + 1; k < A.row_start[v + 1]; ++k) {
      const local_int a = A.column_index[k - 1], b = A.column_index[k];
      if ((a < g.rows()) != (b < g.rows())) continue;  // the owned part ends here
      const bool in_order = order == NeighbourOrder::id || degree(a) == degree(b)
                                ? a < b
                                : degree(a) > degree(b);
      if (!in_order) return "row " + std::to_string(v) + ": neighbours out of order";
    }
  }
  return "";
}

TEST(GraphBuild, RowsListNeighboursByDegreeOrById) {
  const Comm comm;
  EdgeList list;
  list.vertex_count = 1 << 9;
  list.edges = testing::all_kronecker_edges(9, 8, 3);
  const ReferenceGraph reference(list.vertex_count, list.edges);
  for (NeighbourOrder order : {NeighbourOrder::degree, NeighbourOrder::id}) {
    Graph g = build_graph(testing::share_of(list.vertex_count, list.edges, comm),
                          PartitionKind::random, 7, comm, order);
    EXPECT_EQ(first_failure(compare_rows(g, reference), comm), "");
    EXPECT_EQ(first_failure(check_neighbour_order(g, reference, order), comm), "")
        << (order == NeighbourOrder::id ? "by id" : "by degree");
  }
}

TEST(GraphBuild, UniformAndGridMatchReference) {
  const Comm comm;
  EdgeList uniform;
  uniform.vertex_count = 1 << 8;
  uniform.edges.resize(static_cast<size_t>(uniform.vertex_count) * 4);
  uniform_edges(8, 11, 0, static_cast<global_int>(uniform.edges.size()), uniform.edges.data());
  check_graph(uniform, PartitionKind::block, comm);
  check_graph(uniform, PartitionKind::random, comm);

  // The grid generator splits vertices over the ranks; gather the tuples of a 1-rank run.
  const Comm self(MPI_COMM_SELF);
  const EdgeList grid = generate_grid(5, self);
  check_graph(grid, PartitionKind::balanced, comm);
}

TEST(GraphBuild, RanksWithoutVerticesTakePart) {
  const Comm comm;
  EdgeList list;
  list.vertex_count = 3;  // fewer vertices than ranks on 4 ranks
  list.edges = {{0, 1}, {1, 2}, {2, 2}, {1, 0}};
  check_graph(list, PartitionKind::block, comm);
  check_graph(list, PartitionKind::balanced, comm);
}

TEST(GraphBuild, BalancedCutEvensOutSkewedEdges) {
  const Comm comm;
  if (comm.size() == 1) GTEST_SKIP() << "one rank: nothing to balance";
  EdgeList list;
  list.vertex_count = 4000;
  for (global_int u = 0; u < 40; ++u) {  // dense low ids: block puts them all on rank 0
    for (global_int v = u + 1; v < 400; ++v) list.edges.push_back({u, v});
  }
  for (global_int u = 400; u + 1 < 4000; ++u) list.edges.push_back({u, u + 1});
  Graph block =
      build_graph(testing::share_of(4000, list.edges, comm), PartitionKind::block, 1, comm);
  Graph balanced =
      build_graph(testing::share_of(4000, list.edges, comm), PartitionKind::balanced, 1, comm);
  const PartitionStats block_stats = partition_stats(block, comm);
  const PartitionStats balanced_stats = partition_stats(balanced, comm);
  EXPECT_LT(balanced_stats.edge_imbalance, block_stats.edge_imbalance);
  EXPECT_GT(balanced_stats.vertex_imbalance, 1.0);  // it trades vertex balance for edge balance
  // What Gemini's cut balances: alpha * vertices + edges, alpha = 8 (ranks - 1).
  const double alpha = 8.0 * (comm.size() - 1);
  const double weight =
      alpha * balanced.rows() + static_cast<double>(balanced.in.matrix.nonzeros());
  const double total = comm.sum(weight);
  EXPECT_LT(comm.max(weight) / (total / comm.size()), 1.05);
}

TEST(GraphBuild, GeneratorsDoNotDependOnRankCount) {
  const Comm comm;
  // Each rank generates its share; the union must be the serial list (checked via the graph).
  EdgeList mine = generate_kronecker(8, 4, 5, comm);
  EdgeList all;
  all.vertex_count = 1 << 8;
  all.edges = testing::all_kronecker_edges(8, 4, 5);
  ReferenceGraph reference(all.vertex_count, all.edges);
  Graph g = build_graph(std::move(mine), PartitionKind::block, 5, comm);
  EXPECT_EQ(g.edge_count, reference.edges());
  EXPECT_EQ(first_failure(compare_rows(g, reference), comm), "");
}

}  // namespace
}  // namespace hpcg::graph
