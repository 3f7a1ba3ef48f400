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

/// Edge weights (SSSP): positive integers, as GAP's WeightT.
using weight_t = std::int32_t;
constexpr weight_t max_weight = 2147483647;

/// One tuple u -> v (an undirected edge when the list is symmetrized) of weight w.
struct Edge {
  global_int u = 0;
  global_int v = 0;
  weight_t w = 1;
};

/// This rank's share of an edge list (duplicates and self-loops allowed) and the vertex count.
struct EdgeList {
  global_int vertex_count = 0;
  std::vector<Edge> edges;
  /// The tuples are arcs u -> v (a file read as given); false: undirected, build_graph
  /// symmetrizes them (generated graphs, --symmetrize).
  bool directed = false;
  /// Every tuple carries its own weight (a weighted file); false: the weights are all 1 until
  /// insert_weights draws GAP's.
  bool weighted = false;
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

/// GAP's SSSP weights for an unweighted list: each tuple's weight uniform in 1..255, drawn from
/// a seeded stream by the tuple's position in the whole list (rank order), so the weights do not
/// depend on the rank count. Collective.
void insert_weights(EdgeList& list, std::uint64_t seed, const Comm& comm);

/// Reads a graph file in parallel (no rank reads the whole file), the format from the extension:
/// `.el` "u v" and `.wel` "u v w" lines (0-based ids; the vertex count is the largest id + 1),
/// DIMACS `.gr` ("p sp N M", "a u v w"; 1-based), Matrix Market `.mtx` coordinate files
/// (1-based, square; `symmetric` ones are undirected) and gapbs's serialized `.sg`/`.wsg`
/// (undirected or directed as their header says). Text formats are directed as given; weights
/// are integers from 1 to 2^31 - 1. Throws InputError naming the file and line (or byte) for
/// malformed input, ids out of range and files without edges. Collective.
EdgeList read_edge_file(const std::string& path, const Comm& comm);

}  // namespace hpcg::graph
