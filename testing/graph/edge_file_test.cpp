// SPDX-License-Identifier: BSD-3-Clause
// Edge files read in parallel on 1, 2 and 4 ranks: the three formats give the same graph, every
// malformed file is an input error naming the file and the right line whatever the rank count,
// and the writers' files read back to the same graph, in original-id order.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "graph_test_support.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/graph/graph_output.hpp"

namespace hpcg::graph {
namespace {

const std::string data_dir = GRAPH_TEST_DATA_DIR;

/// The message of the error reading `name` throws on every rank, with its exit status checked.
std::string read_error(const std::string& path, const Comm& comm) {
  try {
    read_edge_file(path, comm);
  } catch (const Error& error) {
    EXPECT_EQ(error.status(), ExitStatus::input_error) << error.what();
    return error.what();
  }
  return "no error";
}

/// A directory rank 0 creates and every rank knows. Collective.
std::string shared_temp_dir(const Comm& comm) {
  std::string dir;
  if (comm.is_root()) {
    char pattern[] = "/tmp/xgraph_test_XXXXXX";
    dir = ::mkdtemp(pattern) != nullptr ? pattern : "/tmp";
  }
  return comm.broadcast(dir);
}

TEST(GraphFile, ThreeFormatsGiveTheSameGraph) {
  const Comm comm;
  const std::vector<Edge> edges = {{0, 1}, {1, 2}, {2, 0}, {4, 5}, {5, 6}};
  testing::ReferenceGraph reference(7, edges);
  for (const char* name : {"small.el", "small.wel", "small.mtx"}) {
    EdgeList list = read_edge_file(data_dir + "/" + name, comm);
    EXPECT_EQ(list.vertex_count, 7) << name;
    EXPECT_EQ(comm.sum(static_cast<global_int>(list.edges.size())), 7) << name;
    Graph g = build_graph(std::move(list), PartitionKind::block, 1, comm);
    EXPECT_EQ(g.edge_count, reference.edges()) << name;
    std::string mismatch;
    for (local_int v = 0; v < g.rows(); ++v) {
      if (g.degree(v) != static_cast<global_int>(reference.neighbours[g.first_vertex + v].size())) {
        mismatch = std::string(name) + ": degree of " + std::to_string(g.first_vertex + v);
      }
    }
    EXPECT_EQ(testing::first_failure(mismatch, comm), "");
  }
}

TEST(GraphFile, MalformedFilesNameTheFileAndLine) {
  const Comm comm;
  const std::pair<const char*, const char*> cases[] = {
      {"bad_line.el", "bad_line.el:3: vertex id 'x' is not an integer"},
      {"bad_negative.el", "bad_negative.el:2: vertex id -3 is negative"},
      {"bad_fields.el", "bad_fields.el:4: expected 'u v'"},
      {"bad_weight.wel", "bad_weight.wel:2: weight 'abc' is not a finite number"},
      {"bad_banner.mtx", "bad_banner.mtx:1: only 'coordinate'"},
      {"bad_range.mtx", "bad_range.mtx:5: vertex id 8 is out of range 1..7"},
      {"bad_count.mtx", "declares 5 entries but the file has 4"},
      {"bad_nonsquare.mtx", "bad_nonsquare.mtx:2: a graph needs a square matrix"},
      {"bad_fields.wel", "bad_fields.wel:2: expected 'u v w'"},
      {"bad_entry.mtx", "bad_entry.mtx:4: vertex id 'x' is not an integer"},
      {"bad_fields.mtx", "bad_fields.mtx:4: expected 'i j'"},
      {"bad_weight.mtx", "bad_weight.mtx:4: weight 'heavy' is not a finite number"},
      {"bad_size.mtx", "bad_size.mtx:2: expected the size line"},
      {"no_size.mtx", "no_size.mtx:3: Matrix Market header ends before the size line"},
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

TEST(GraphFile, LineNumbersHoldAcrossRankBoundaries) {
  const Comm comm;
  const std::string dir = shared_temp_dir(comm);
  const std::string path = dir + "/long.el";
  if (comm.is_root()) {
    std::ofstream file(path);
    for (int line = 1; line <= 5000; ++line) file << (line == 4321 ? "7 seven" : "1 2") << "\n";
    file << "3 4";  // no final newline
  }
  comm.barrier();
  EXPECT_NE(read_error(path, comm).find("long.el:4321:"), std::string::npos);
  if (comm.is_root()) {
    std::ofstream file(path);
    for (int line = 1; line <= 5000; ++line) file << line << " " << line + 1 << "\r\n";
    file << "0 5001";
  }
  comm.barrier();
  EdgeList list = read_edge_file(path, comm);
  EXPECT_EQ(comm.sum(static_cast<global_int>(list.edges.size())), 5001);
  EXPECT_EQ(list.vertex_count, 5002);
  comm.barrier();
  if (comm.is_root()) std::remove(path.c_str());
}

TEST(GraphFile, WrittenGraphReadsBackAndValuesComeInVertexOrder) {
  const Comm comm;
  const std::string dir = shared_temp_dir(comm);
  EdgeList list;
  list.vertex_count = 1 << 8;
  list.edges = testing::all_kronecker_edges(8, 8, 2);
  const auto all = list.edges;
  Graph g =
      build_graph(testing::share_of(list.vertex_count, all, comm), PartitionKind::random, 9, comm);
  write_edge_list(g, dir + "/out.el", comm);
  EdgeList again = read_edge_file(dir + "/out.el", comm);
  testing::ReferenceGraph reference(list.vertex_count, all);
  EXPECT_EQ(comm.sum(static_cast<global_int>(again.edges.size())), reference.edges());
  Graph back = build_graph(std::move(again), PartitionKind::block, 1, comm);
  EXPECT_EQ(back.edge_count, g.edge_count);

  std::vector<float> scores(static_cast<size_t>(g.rows()));
  for (local_int v = 0; v < g.rows(); ++v)
    scores[v] = static_cast<float>(testing::original_of_row(g, v));
  write_scores(g, scores, dir + "/scores.txt", comm);
  std::string mismatch;
  if (comm.is_root()) {
    std::ifstream file(dir + "/scores.txt");
    global_int vertex = -1, expected = 0;
    double score = 0;
    for (; file >> vertex >> score; ++expected) {
      if (vertex != expected || score != static_cast<double>(expected))
        mismatch = "line " + std::to_string(expected);
    }
    if (expected != list.vertex_count) mismatch = "wrong line count " + std::to_string(expected);
    std::remove((dir + "/scores.txt").c_str());
    std::remove((dir + "/out.el").c_str());
    ::rmdir(dir.c_str());
  }
  EXPECT_EQ(testing::first_failure(mismatch, comm), "");
}

TEST(GraphFile, UnwritableOutputIsAResourceErrorEverywhere) {
  const Comm comm;
  EdgeList list;
  list.vertex_count = 3;
  list.edges = {{0, 1}};
  Graph g = build_graph(testing::share_of(3, list.edges, comm), PartitionKind::block, 1, comm);
  try {
    write_edge_list(g, "/nonexistent-dir/out.el", comm);
    ADD_FAILURE() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.status(), ExitStatus::resource_error);
  }
}

}  // namespace
}  // namespace hpcg::graph
