// SPDX-License-Identifier: BSD-3-Clause
// xgraph's command line: defaults are GAP's, every option lands in its field, and bad input is an
// InputError that names the option.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/graph/xgraph.hpp"

namespace hpcg::graph {
namespace {

std::string error_of(const std::vector<std::string>& args) {
  try {
    parse_xgraph_options(args);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(XgraphOptions, DefaultsAreGaps) {
  const XgraphOptions o = parse_xgraph_options({"--kron=20"});
  EXPECT_EQ(o.source, GraphSource::kronecker);
  EXPECT_EQ(o.scale, 20);
  EXPECT_EQ(o.degree, 16);
  EXPECT_EQ(o.run.seed, default_seed);
  EXPECT_EQ(trial_count(o, KernelId::bfs), 64);
  EXPECT_EQ(trial_count(o, KernelId::pagerank), 16);
  EXPECT_DOUBLE_EQ(o.settings<BfsSettings>().bfs.alpha, 15);
  EXPECT_DOUBLE_EQ(o.settings<BfsSettings>().bfs.beta, 18);
  EXPECT_DOUBLE_EQ(o.settings<PageRankSettings>().pagerank.damping, 0.85);
  EXPECT_DOUBLE_EQ(o.settings<PageRankSettings>().pagerank.tolerance, 1e-4);
  EXPECT_EQ(o.settings<PageRankSettings>().pagerank.max_iterations, 1000);
  EXPECT_FALSE(o.settings<PageRankSettings>().max_iterations_given);
  EXPECT_TRUE(o.runs(KernelId::bfs) && o.runs(KernelId::pagerank));
  EXPECT_FALSE(o.run.verify);
}

TEST(XgraphOptions, EveryOptionIsRead) {
  const XgraphOptions o = parse_xgraph_options(
      {"--urand=12", "--degree=8", "--seed=5", "--partition=balanced", "--kernel=bfs", "--trials=3",
       "--source=7", "--alpha=10", "--beta=20", "--verify", "--parents-out=p.txt", "--json=r.json",
       "--graph-out=g.el"});
  EXPECT_EQ(o.source, GraphSource::uniform);
  EXPECT_EQ(o.degree, 8);
  EXPECT_EQ(o.run.seed, 5u);
  EXPECT_EQ(o.partition, PartitionKind::balanced);
  EXPECT_TRUE(o.runs(KernelId::bfs));
  EXPECT_FALSE(o.runs(KernelId::pagerank));
  EXPECT_EQ(trial_count(o, KernelId::bfs), 3);
  EXPECT_EQ(o.run.source_vertex, 7);
  EXPECT_DOUBLE_EQ(o.settings<BfsSettings>().bfs.alpha, 10);
  EXPECT_DOUBLE_EQ(o.settings<BfsSettings>().bfs.beta, 20);
  EXPECT_TRUE(o.run.verify);
  EXPECT_EQ(o.settings<BfsSettings>().parents_out, "p.txt");
  EXPECT_EQ(o.json, "r.json");
  EXPECT_EQ(o.graph_out, "g.el");
  const XgraphOptions p = parse_xgraph_options(
      {"--file=a.mtx", "--kernel=pr", "--tolerance=1e-6", "--max-iters=50", "--scores-out=s"});
  EXPECT_EQ(p.file, "a.mtx");
  EXPECT_DOUBLE_EQ(p.settings<PageRankSettings>().pagerank.tolerance, 1e-6);
  EXPECT_EQ(p.settings<PageRankSettings>().pagerank.max_iterations, 50);
  EXPECT_TRUE(p.settings<PageRankSettings>().max_iterations_given);
  const XgraphOptions q = parse_xgraph_options({"--file=a.el", "--symmetrize", "--kernel=cc,sssp",
                                                "--delta=40", "--labels-out=l",
                                                "--distances-out=d", "--trials=5"});
  EXPECT_TRUE(q.symmetrize);
  EXPECT_TRUE(q.runs(KernelId::cc) && q.runs(KernelId::sssp));
  EXPECT_FALSE(q.runs(KernelId::bfs) || q.runs(KernelId::pagerank));
  EXPECT_EQ(q.settings<SsspSettings>().sssp.delta, 40);
  EXPECT_EQ(q.settings<CcSettings>().labels_out, "l");
  EXPECT_EQ(q.settings<SsspSettings>().distances_out, "d");
  EXPECT_EQ(trial_count(q, KernelId::cc), 5);
  EXPECT_EQ(trial_count(q, KernelId::sssp), 5);
  const XgraphOptions all = parse_xgraph_options({"--kron=4", "--kernel=all"});
  EXPECT_TRUE(all.runs(KernelId::bfs) && all.runs(KernelId::pagerank) && all.runs(KernelId::cc) && all.runs(KernelId::sssp));
  EXPECT_EQ(trial_count(all, KernelId::cc), 16);
  EXPECT_EQ(trial_count(all, KernelId::sssp), 64);
  EXPECT_TRUE(all.runs(KernelId::bc) && all.runs(KernelId::tc));
  EXPECT_EQ(trial_count(all, KernelId::bc), 16);
  EXPECT_EQ(trial_count(all, KernelId::tc), 3);
  // The table's order, whatever the list's.
  const XgraphOptions listed = parse_xgraph_options({"--kron=4", "--kernel=tc,bfs,cc"});
  EXPECT_EQ(listed.kernels, (std::vector<KernelId>{KernelId::bfs, KernelId::cc, KernelId::tc}));
  EXPECT_FALSE(parse_xgraph_options({"--kron=4", "--kernel=none"}).runs(KernelId::bfs));
  EXPECT_EQ(parse_xgraph_options({"--grid=16"}).grid, 16);
  EXPECT_TRUE(parse_xgraph_options({"--help"}).help);
}

TEST(XgraphOptions, BadInputNamesTheOption) {
  EXPECT_NE(error_of({}).find("no graph"), std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--grid=4"}).find("only one graph"), std::string::npos);
  EXPECT_NE(error_of({"--kron=abc"}).find("option --kron: expected an integer from 1 to 40, got 'abc'"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=41"}).find("option --kron: expected an integer from 1 to 40, got '41'"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--fast"}).find("unknown option"), std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--speed=3"}).find("unknown option '--speed'"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--partition=zoltan"}).find("zoltan"), std::string::npos);
  EXPECT_EQ(parse_xgraph_options({"--kron=10", "--partition=metis"}).partition,
            PartitionKind::metis);
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs,apsp"}).find("unknown kernel 'apsp'"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--symmetrize"}).find("--symmetrize applies to --file"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs", "--labels-out=x"}).find("--labels-out"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=cc", "--distances-out=x"}).find("--distances-out"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=pr,cc", "--source=3"}).find("--source"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--delta=0"}).find("option --delta: expected"),
            std::string::npos);
  EXPECT_NE(error_of({"--grid=8", "--degree=4"}).find("--degree"), std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--trials=0"}).find("option --trials: expected"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs", "--scores-out=x"}).find("--scores-out"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--tolerance=-1"}).find("--tolerance"), std::string::npos);
}

// A kernel's own option given without the kernel is refused, naming the kernel and the fix:
// no option goes silently unused.
TEST(XgraphOptions, KernelOptionsNeedTheirKernel) {
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs", "--tolerance=1e-6"})
                .find("--tolerance needs the PageRank kernel (--kernel=pr, both or all)"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--delta=4"})
                .find("--delta needs the SSSP kernel (--kernel=sssp or all)"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=pr", "--alpha=3"})
                .find("--alpha needs the BFS kernel (--kernel=bfs, both or all)"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=pr,cc", "--source=3"})
                .find("--source needs the BFS, SSSP or BC kernel (--kernel=bfs, sssp, bc or all)"),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--graph500", "--trials=3"}).find("--graph500 runs 64"),
            std::string::npos);
  EXPECT_TRUE(parse_xgraph_options({"--kron=10", "--graph500"}).run.verify);
}

// --repartition: PageRank, BFS or SSSP, each alone (the moves would change a later kernel's
// partition); the threshold and the patience only with the dynamic mode.
TEST(XgraphOptions, RepartitionNeedsOneKernelThatRecords) {
  for (const char* kernel : {"--kernel=pr", "--kernel=bfs", "--kernel=sssp"}) {
    const XgraphOptions o = parse_xgraph_options(
        {"--kron=10", kernel, "--repartition=dynamic", "--repartition-threshold=0.01"});
    EXPECT_EQ(o.run.repartition, RepartitionMode::dynamic) << kernel;
    EXPECT_DOUBLE_EQ(o.run.repartition_threshold, 0.01) << kernel;
  }
  EXPECT_EQ(parse_xgraph_options({"--kron=10"}).run.repartition, RepartitionMode::off);
  const std::string alone = "run it with one of --kernel=bfs, pr, sssp alone";
  EXPECT_NE(error_of({"--kron=10", "--repartition=fixed"}).find(alone), std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=cc", "--repartition=fixed"}).find(alone),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs,sssp", "--repartition=dynamic"}).find(alone),
            std::string::npos);
  EXPECT_NE(error_of({"--kron=10", "--kernel=bfs", "--repartition=fixed",
                      "--repartition-threshold=0.1"})
                .find("--repartition-threshold needs --repartition=dynamic"),
            std::string::npos);
  EXPECT_EQ(parse_xgraph_options({"--kron=10", "--kernel=pr", "--repartition=dynamic"})
                .run.repartition_patience,
            3);
  EXPECT_EQ(parse_xgraph_options({"--kron=10", "--kernel=pr", "--repartition=dynamic",
                                  "--repartition-patience=7"})
                .run.repartition_patience,
            7);
  EXPECT_NE(error_of({"--kron=10", "--kernel=pr", "--repartition=fixed",
                      "--repartition-patience=2"})
                .find("--repartition-patience needs --repartition=dynamic"),
            std::string::npos);
  EXPECT_FALSE(error_of({"--kron=10", "--kernel=pr", "--repartition=dynamic",
                         "--repartition-patience=0"})
                   .empty());
}

// The table's rows are in KernelId's order (kernel_row indexes by id) and name each kernel once.
TEST(XgraphOptions, KernelTableFollowsTheIds) {
  const XgraphOptions o = parse_xgraph_options({"--kron=4", "--kernel=all"});
  ASSERT_EQ(o.kernels.size(), kernel_count);
  for (std::size_t i = 0; i < kernel_count; ++i) {
    EXPECT_EQ(static_cast<std::size_t>(o.kernels[i]), i);
  }
  EXPECT_EQ(o.kernel_settings.size(), kernel_count);
}

}  // namespace
}  // namespace hpcg::graph
