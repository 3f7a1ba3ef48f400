// SPDX-License-Identifier: BSD-3-Clause
// Graph files on 1, 2 and 4 ranks: every format reads to the same graph with the directedness and
// weights its format says, gapbs's own .sg/.wsg files read back and our writer reproduces them byte
// for byte, every graph written in every format reads back equal whatever the partitioning, and
// every malformed or corrupt file is an input error naming the file (and line) on every rank.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "graph_test_support.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

using testing::first_failure;

const std::string data_dir = GRAPH_TEST_DATA_DIR;

/// The message of the error reading `path` throws on every rank, with its exit status checked.
std::string read_error(const std::string& path, const Comm& comm) {
  try {
    read_edge_file(path, comm);
  } catch (const Error& error) {
    EXPECT_EQ(error.status(), ExitStatus::input_error) << error.what();
    return error.what();
  }
  return "no error";
}

std::string file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

struct Arc {
  global_int source = 0, target = 0;
  std::int64_t weight = 0;
  bool operator==(const Arc& o) const {
    return std::tie(source, target, weight) == std::tie(o.source, o.target, o.weight);
  }
  bool operator<(const Arc& o) const {
    return std::tie(source, target, weight) < std::tie(o.source, o.target, o.weight);
  }
};
std::ostream& operator<<(std::ostream& out, const Arc& a) {
  return out << a.source << "->" << a.target << " (" << a.weight << ")";
}

/// Every arc of `g` (both directions of an undirected edge) in original ids, sorted, on every
/// rank; weights 0 unless `with_weights`. Collective.
std::vector<Arc> all_arcs(const Graph& g, bool with_weights, const Comm& comm) {
  std::vector<std::int64_t> mine;
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      mine.push_back(g.partition.relabel.inverse(g.global_id(A.column_index[k])));
      mine.push_back(testing::original_of_row(g, v));
      mine.push_back(with_weights ? g.in.weights[k] : 0);
    }
  }
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(static_cast<size_t>(comm.size())), starts(counts.size() + 1, 0);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm.get());
  for (size_t r = 0; r < counts.size(); ++r) starts[r + 1] = starts[r] + counts[r];
  std::vector<std::int64_t> all(static_cast<size_t>(starts.back()));
  MPI_Allgatherv(mine.data(), count, MPI_INT64_T, all.data(), counts.data(), starts.data(),
                 MPI_INT64_T, comm.get());
  std::vector<Arc> arcs;
  for (size_t i = 0; i < all.size(); i += 3) arcs.push_back(Arc{all[i], all[i + 1], all[i + 2]});
  std::sort(arcs.begin(), arcs.end());
  return arcs;
}

TEST(GraphFile, EveryFormatSaysItsDirectionAndWeights) {
  const Comm comm;
  struct Expected {
    const char* name;
    bool directed, weighted;
  };
  for (const Expected& e : {Expected{"small.el", true, false}, Expected{"small.wel", true, true},
                            Expected{"small.gr", true, true}, Expected{"small.mtx", false, false},
                            Expected{"small.sg", false, false},
                            Expected{"small_directed.sg", true, false},
                            Expected{"small.wsg", false, true},
                            Expected{"small_directed.wsg", true, true}}) {
    const EdgeList list = read_edge_file(data_dir + "/" + e.name, comm);
    EXPECT_EQ(list.directed, e.directed) << e.name;
    EXPECT_EQ(list.weighted, e.weighted) << e.name;
    EXPECT_EQ(list.vertex_count, 7) << e.name;
  }
}

TEST(GraphFile, EveryFormatGivesTheSameGraph) {
  const Comm comm;
  const std::vector<Edge> edges = {{0, 1}, {1, 2}, {2, 0}, {4, 5}, {5, 6}};
  testing::ReferenceGraph reference(7, edges);
  for (const char* name : {"small.el", "small.wel", "small.gr", "small.mtx", "small.sg",
                           "small_directed.sg", "small.wsg", "small_directed.wsg"}) {
    EdgeList list = read_edge_file(data_dir + "/" + name, comm);
    list.directed = false;  // what --symmetrize does
    Graph g = build_graph(std::move(list), PartitionKind::block, 1, comm);
    EXPECT_EQ(g.edge_count, reference.edges()) << name;
    std::string mismatch;
    for (local_int v = 0; v < g.rows(); ++v) {
      const auto want = reference.neighbours[g.first_vertex + v].size();
      if (g.in_degree(v) != static_cast<global_int>(want)) {
        mismatch = std::string(name) + ": degree of " + std::to_string(g.first_vertex + v);
      }
    }
    EXPECT_EQ(first_failure(mismatch, comm), "");
  }
  // The weighted directed files hold the same arcs and weights (duplicates: the lighter one).
  auto weighted_arcs = [&comm](const char* name) {
    return all_arcs(build_graph(read_edge_file(data_dir + "/" + name, comm),
                                PartitionKind::random, 5, comm),
                    true, comm);
  };
  const std::vector<Arc> want = {{0, 1, 5}, {1, 2, 1}, {2, 0, 3}, {4, 5, 2}, {5, 6, 3}};
  EXPECT_EQ(weighted_arcs("small.wel"), want);
  EXPECT_EQ(weighted_arcs("small.gr"), want);
  EXPECT_EQ(weighted_arcs("small_directed.wsg"), want);
}

TEST(GraphFile, SerializedFilesMatchGapbsByteForByte) {
  // small*.sg/.wsg were written by gapbs's converter from small.el / small.wel (see data/README).
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  struct Case {
    const char* source;
    bool directed;
    const char* gapbs_file;
  };
  for (const Case& c :
       {Case{"small.el", false, "small.sg"}, Case{"small.el", true, "small_directed.sg"},
        Case{"small.wel", false, "small.wsg"}, Case{"small.wel", true, "small_directed.wsg"}}) {
    for (PartitionKind kind : testing::all_partitions()) {
      EdgeList list = read_edge_file(data_dir + "/" + c.source, comm);
      list.directed = c.directed;
      const Graph g = build_graph(std::move(list), kind, 7, comm);
      const std::string name(c.gapbs_file), path = scratch.path(name);
      write_graph(g, path, comm);
      EXPECT_TRUE(file_bytes(path) == file_bytes(data_dir + "/" + name))
          << name << ", partition " << to_string(kind);
      comm.barrier();  // every rank has read the file before the next partition rewrites it
    }
  }
}

/// A small Kronecker list with duplicates and self-loops, distinct weights (up to max_weight), and
/// isolated vertices above the Kronecker ids, which only the formats that declare N keep.
EdgeList round_trip_list(bool directed, bool weighted) {
  EdgeList list;
  list.vertex_count = 40;
  list.edges = testing::all_kronecker_edges(5, 4, 11);
  for (size_t i = 0; i < list.edges.size(); ++i) {
    list.edges[i].w = static_cast<weight_t>(1 + (i * 7919) % 100000);
  }
  list.edges.push_back(Edge{3, 31, max_weight});
  list.directed = directed;
  list.weighted = weighted;
  return list;
}

TEST(GraphFile, WrittenGraphsReadBackEqualInEveryFormat) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  const std::vector<std::string> formats = {".el", ".wel", ".gr", ".mtx", ".sg", ".wsg"};
  const auto partitions = testing::all_partitions();
  int round = 0;  // rotates the partitioning, so that each format is written from several
  for (bool directed : {true, false}) {
    for (bool weighted : {true, false}) {
      const EdgeList all = round_trip_list(directed, weighted);
      for (size_t f = 0; f < formats.size(); ++f) {
        const std::string& extension = formats[f];
        if (stores_weights(extension) && !weighted) continue;
        const PartitionKind kind = partitions[(f + round) % partitions.size()];
        const std::string where = extension + (directed ? " directed" : " undirected") +
                                  (weighted ? " weighted" : "") + ", " + to_string(kind);
        const Graph g = build_graph(
            testing::share_of(all.vertex_count, all.edges, comm, directed, weighted), kind, 9,
            comm);
        const std::string path = scratch.path("graph" + extension);
        write_graph(g, path, comm);
        EdgeList back = read_edge_file(path, comm);
        const bool keeps_direction = extension == ".mtx" || extension == ".sg" ||
                                     extension == ".wsg";
        const bool keeps_weights = stores_weights(extension) || (extension == ".mtx" && weighted);
        EXPECT_EQ(back.directed, keeps_direction ? directed : true) << where;
        EXPECT_EQ(back.weighted, keeps_weights) << where;
        const std::vector<Arc> want = all_arcs(g, keeps_weights, comm);
        global_int highest = 0;  // the largest id with an edge: .el/.wel's vertex count - 1
        for (const Arc& a : want) highest = std::max({highest, a.source, a.target});
        const bool declares_n = extension != ".el" && extension != ".wel";
        EXPECT_EQ(back.vertex_count, declares_n ? all.vertex_count : highest + 1) << where;
        back.directed = directed;  // an undirected graph's text file needs --symmetrize
        const Graph again = build_graph(std::move(back), PartitionKind::random, 3, comm);
        EXPECT_EQ(again.directed, directed) << where;
        EXPECT_EQ(again.edge_count, g.edge_count) << where;
        EXPECT_EQ(all_arcs(again, keeps_weights, comm), want) << where;
        comm.barrier();  // every rank has read the file before the next one replaces it
      }
      ++round;
    }
  }
}

TEST(GraphFile, MalformedFilesNameTheFileAndLine) {
  const Comm comm;
  const std::pair<const char*, const char*> cases[] = {
      {"bad_line.el", "bad_line.el:3: vertex id 'x' is not an integer"},
      {"bad_negative.el", "bad_negative.el:2: vertex id -3 is negative"},
      {"bad_fields.el", "bad_fields.el:4: expected 'u v'"},
      {"bad_weight.wel", "bad_weight.wel:2: weight 'abc' is not an integer from 1 to 2147483647"},
      {"bad_zero_weight.wel", "bad_zero_weight.wel:3: weight '0' is not an integer from 1 to"},
      {"bad_large_weight.wel", "bad_large_weight.wel:2: weight '2147483648' is not an integer"},
      {"bad_fields.wel", "bad_fields.wel:2: expected 'u v w'"},
      {"bad_count.gr", "bad_count.gr: the problem line (line 2) declares 5 arcs but the file has"},
      {"bad_range.gr", "bad_range.gr:3: vertex id 8 is out of range 1..7 (DIMACS ids are 1-based"},
      {"no_problem.gr", "no_problem.gr:2: expected the problem line 'p sp N M'"},
      {"bad_arc.gr", "bad_arc.gr:3: expected an arc line 'a u v w', got 'e 2 3 1'"},
      {"bad_weight.gr", "bad_weight.gr:3: weight '-4' is not an integer from 1"},
      {"bad_banner.mtx", "bad_banner.mtx:1: only 'coordinate'"},
      {"bad_symmetry.mtx", "bad_symmetry.mtx:1: unsupported Matrix Market symmetry 'hermitian'"},
      {"bad_range.mtx", "bad_range.mtx:5: vertex id 8 is out of range 1..7"},
      {"bad_count.mtx", "declares 5 entries but the file has 4"},
      {"bad_nonsquare.mtx", "bad_nonsquare.mtx:2: a graph needs a square matrix"},
      {"bad_entry.mtx", "bad_entry.mtx:4: vertex id 'x' is not an integer"},
      {"bad_fields.mtx", "bad_fields.mtx:4: expected 'i j'"},
      {"bad_weight.mtx", "bad_weight.mtx:4: weight 'heavy' is not a finite number"},
      {"bad_weight_integer.mtx", "bad_weight_integer.mtx:4: weight '0' is not an integer from 1"},
      {"bad_size.mtx", "bad_size.mtx:2: expected the size line"},
      {"no_size.mtx", "no_size.mtx:3: Matrix Market header ends before the size line"},
      {"truncated.sg", "truncated.sg: truncated: its header declares 7 vertices and 10 neighbour"},
      {"empty.el", "is empty"},
      {"comments_only.el", "has no edges"},
      {"missing.el", "cannot open graph file"},
      {"small.txt", "unknown format '.txt'"},
  };
  for (const auto& [name, message] : cases) {
    const std::string error = read_error(data_dir + "/" + name, comm);
    EXPECT_NE(error.find(message), std::string::npos) << name << ": " << error;
  }
}

/// `bytes` with the `size` bytes at `offset` replaced by `value`'s.
template <class T>
std::string patched(std::string bytes, size_t offset, T value) {
  std::memcpy(bytes.data() + offset, &value, sizeof value);
  return bytes;
}

TEST(GraphFile, CorruptSerializedFilesAreInputErrors) {
  // gapbs's small.sg: flag at byte 0, M = 10 at 1, N = 7 at 9, offsets 0 2 4 6 6 7 9 10 from
  // byte 17, ten int32 neighbours from byte 81 (vertex 2's are entries 4 and 5).
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  const std::string sg = file_bytes(data_dir + "/small.sg");
  const std::string wsg = file_bytes(data_dir + "/small.wsg");  // entries 8 bytes: id, weight
  ASSERT_EQ(sg.size(), 121u);
  const std::tuple<const char*, std::string, const char*> cases[] = {
      {"short.sg", sg.substr(0, 10), "truncated: 10 bytes, fewer than the 17"},
      {"long.sg", sg + "x", "the file has 122 bytes but its header declares 7 vertices"},
      {"flag.sg", patched<char>(sg, 0, 2), "the first byte (gapbs's directed flag) is 2"},
      {"vertices.sg", patched<std::int64_t>(sg, 9, -1), "beyond gapbs's limits"},
      {"entries.sg", patched<std::int64_t>(sg, 1, std::int64_t{1} << 62),
       "which take more bytes than a file can hold"},
      {"first.sg", patched<std::int64_t>(sg, 17, 1), "out-offset 0 is 1, expected 0"},
      {"falling.sg", patched<std::int64_t>(sg, 17 + 3 * 8, 1),
       "out-offset 3 is 1, below out-offset 2 (4)"},
      {"last.sg", patched<std::int64_t>(sg, 17 + 7 * 8, 9),
       "out-offset 7 is 9, expected the entry count 10"},
      {"id.sg", patched<std::int32_t>(sg, 81 + 4 * 4, 7),
       "neighbour entry 4 (of vertex 2) is 7, outside 0..6"},
      {"renamed.wsg", sg, "(the size fits a .sg file: was it renamed?)"},
      {"weight.wsg", patched<std::int32_t>(wsg, 81 + 4, 0),
       "the weight of entry 0 (arc 0 -> 1) is 0"},
  };
  for (const auto& [name, bytes, message] : cases) {
    const std::string error = read_error(scratch.put(name, bytes), comm);
    EXPECT_NE(error.find(message), std::string::npos) << name << ": " << error;
  }
}

TEST(GraphFile, LineNumbersHoldAcrossRankBoundaries) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  const std::string path = scratch.path("long.el");
  std::string text;
  for (int line = 1; line <= 5000; ++line) text += line == 4321 ? "7 seven\n" : "1 2\n";
  scratch.put("long.el", text + "3 4");  // no final newline
  EXPECT_NE(read_error(path, comm).find("long.el:4321:"), std::string::npos);
  comm.barrier();
  text.clear();
  for (int line = 1; line <= 5000; ++line) {
    text += std::to_string(line) + " " + std::to_string(line + 1) + "\r\n";
  }
  scratch.put("long.el", text + "0 5001");
  EdgeList list = read_edge_file(path, comm);
  EXPECT_EQ(comm.sum(static_cast<global_int>(list.edges.size())), 5001);
  EXPECT_EQ(list.vertex_count, 5002);
}

TEST(GraphFile, ValuesComeInVertexOrder) {
  const Comm comm;
  const testing::SharedScratch scratch(comm);
  EdgeList list;
  list.vertex_count = 1 << 8;
  list.edges = testing::all_kronecker_edges(8, 8, 2);
  Graph g = build_graph(testing::share_of(list.vertex_count, list.edges, comm),
                        PartitionKind::random, 9, comm);
  std::vector<float> scores(static_cast<size_t>(g.rows()));
  for (local_int v = 0; v < g.rows(); ++v) {
    scores[v] = static_cast<float>(testing::original_of_row(g, v));
  }
  write_scores(g, scores, scratch.path("scores.txt"), comm);
  std::string mismatch;
  if (comm.is_root()) {
    std::ifstream file(scratch.path("scores.txt"));
    global_int vertex = -1, expected = 0;
    double score = 0;
    for (; file >> vertex >> score; ++expected) {
      if (vertex != expected || score != static_cast<double>(expected)) {
        mismatch = "line " + std::to_string(expected);
      }
    }
    if (expected != list.vertex_count) mismatch = "wrong line count " + std::to_string(expected);
  }
  EXPECT_EQ(first_failure(mismatch, comm), "");
}

TEST(GraphFile, WritingChecksFormatWeightsAndDirectory) {
  const Comm comm;
  EXPECT_TRUE(stores_weights("g.wel") && stores_weights("g.gr") && stores_weights("G.WSG"));
  EXPECT_FALSE(stores_weights("g.el") || stores_weights("g.mtx") || stores_weights("g.sg") ||
               stores_weights("g.txt"));
  const std::vector<Edge> edges = {{0, 1}};
  Graph g = build_graph(testing::share_of(3, edges, comm), PartitionKind::block, 1, comm);
  auto status_of = [&](const std::string& path) {
    try {
      write_graph(g, path, comm);
    } catch (const Error& error) {
      return error.status();
    }
    return ExitStatus::valid;
  };
  EXPECT_EQ(status_of("/tmp/unweighted.wel"), ExitStatus::input_error);
  EXPECT_EQ(status_of("/tmp/unweighted.wsg"), ExitStatus::input_error);
  EXPECT_EQ(status_of("/tmp/graph.txt"), ExitStatus::input_error);
  EXPECT_EQ(status_of("/nonexistent-dir/out.el"), ExitStatus::resource_error);
  EXPECT_EQ(status_of("/nonexistent-dir/out.sg"), ExitStatus::resource_error);
}

}  // namespace
}  // namespace hpcg::graph
