// SPDX-License-Identifier: BSD-3-Clause
// Where a graph's edges come from: the synthetic generators (GAP/Graph500 Kronecker, uniform
// random, HPCG's 27-point stencil) and edge files read in parallel. Each rank gets a share of the
// edge tuples, in original vertex ids; build_graph (graph.hpp) cleans and distributes them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg::graph {

struct Edge {
  global_int u = 0;
  global_int v = 0;
};

/// This rank's share of an edge list (duplicates and self-loops allowed) and the vertex count.
struct EdgeList {
  global_int vertex_count = 0;
  std::vector<Edge> edges;
};

/// GAP's default seed (kRandSeed in gapbs).
constexpr std::uint64_t default_seed = 27491095;

/// Edges [first, last) of the Kronecker (R-MAT) list with Graph500's initiator A=0.57, B=0.19,
/// C=0.19 on 2^scale vertices, labels permuted by a seeded bijection. Edge e depends only on
/// (seed, e): any split of the index range gives the same list.
void kronecker_edges(int scale, std::uint64_t seed, global_int first, global_int last, Edge* out);
/// Edges [first, last) of the uniform random list: both endpoints uniform in [0, 2^scale).
void uniform_edges(int scale, std::uint64_t seed, global_int first, global_int last, Edge* out);

/// 2^scale * degree tuples (GAP's -g / -u with -k degree), split evenly over the ranks.
EdgeList generate_kronecker(int scale, int degree, std::uint64_t seed, const Comm& comm);
EdgeList generate_uniform(int scale, int degree, std::uint64_t seed, const Comm& comm);
/// HPCG's problem as a graph: n^3 grid points, each joined to its (up to 26) stencil neighbours;
/// vertex id x + n (y + n z). Each undirected edge appears once.
EdgeList generate_grid(global_int n, const Comm& comm);

/// Reads an edge file in parallel (each rank parses a byte range of whole lines): `.el` lines
/// "u v", `.wel` lines "u v w" (0-based ids; the vertex count is the largest id + 1), or Matrix
/// Market `.mtx` coordinate files (1-based ids, square). Weights are checked and then dropped:
/// BFS and PageRank ignore them. Lines starting with '#' or '%' and blank lines are skipped.
/// Throws InputError naming the file and line for malformed lines, ids out of range and files
/// without edges. Collective.
EdgeList read_edge_file(const std::string& path, const Comm& comm);

}  // namespace hpcg::graph
