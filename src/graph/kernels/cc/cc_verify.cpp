// SPDX-License-Identifier: BSD-3-Clause
// Untimed work on CC labels, sharing no code with the kernel: GAP's check, distributed (every edge
// joins equal labels; reference components by plain min-id label propagation; the kernel's and
// the reference's labels correspond one to one, checked at each label's owner), and canonical
// labels (smallest original id per component) for output that must not depend on the ranks.
#include <mpi.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/graph/cc.hpp"
#include "route.hpp"
#include "verifier_support.hpp"

namespace hpcg::graph {
namespace {

global_int global_max(global_int value, const Comm& comm) {
  long long mine = value, largest = 0;
  WatchedWait wait("MPI_Allreduce (max)", comm.get());
  MPI_Allreduce(&mine, &largest, 1, MPI_LONG_LONG, MPI_MAX, comm.get());
  return largest;
}

std::string original_name(const Graph& g, global_int internal) {
  return std::to_string(g.partition.relabel.inverse(internal));
}

std::string check_range(const Graph& g, const std::vector<global_int>& label) {
  if (label.size() != static_cast<size_t>(g.rows())) return "label array has the wrong length";
  for (local_int v = 0; v < g.rows(); ++v) {
    if (label[v] < 0 || label[v] >= g.vertex_count) {
      return "vertex " + original_name(g, g.first_vertex + v) + " has label " +
             std::to_string(label[v]) + ", not a vertex id";
    }
  }
  return "";
}

/// Check 1: every edge u -> v (each is an in-edge of its head, on the head's owner) joins two
/// vertices of one label.
std::string check_edges(Graph& g, const std::vector<global_int>& label) {
  std::vector<global_int> column_label(static_cast<size_t>(g.in.matrix.columns));
  std::copy(label.begin(), label.end(), column_label.begin());
  g.in.matrix.exchange.run_typed(column_label.data());
  const SparseMatrix& A = g.in.matrix;
  for (local_int v = 0; v < g.rows(); ++v) {
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const local_int c = A.column_index[k];
      if (column_label[c] != label[v]) {
        return "edge " + original_name(g, g.global_id(c)) + "-" +
               original_name(g, g.first_vertex + v) + " joins labels " +
               std::to_string(column_label[c]) + " and " + std::to_string(label[v]);
      }
    }
  }
  return "";
}

/// One in-place sweep of min-id propagation along `adjacency`: each owned row takes the smallest
/// label of itself and its neighbours (owned ones from `owned`, ghosts from `ghosts`, which hold
/// this adjacency's halo). Returns how many labels fell. In place, so a sweep carries a label
/// along many owned edges; the relaxed atomics make the concurrent reads well defined.
global_int sweep(const Adjacency& adjacency, global_int* owned, const global_int* ghosts) {
  const local_int rows = adjacency.rows();
  const SparseMatrix& A = adjacency.matrix;
  global_int fell = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : fell)
  for (local_int v = 0; v < rows; ++v) {
    const global_int current = __atomic_load_n(&owned[v], __ATOMIC_RELAXED);
    global_int smallest = current;
    for (nnz_int k = A.row_start[v]; k < A.row_start[v + 1]; ++k) {
      const local_int c = A.column_index[k];
      smallest =
          std::min(smallest, c < rows ? __atomic_load_n(&owned[c], __ATOMIC_RELAXED) : ghosts[c]);
    }
    if (smallest < current) {
      __atomic_store_n(&owned[v], smallest, __ATOMIC_RELAXED);
      ++fell;
    }
  }
  return fell;
}

/// Reference components: every vertex starts with its internal id and takes the smallest id among
/// its neighbours in both directions, sweeping locally until nothing falls and exchanging halos
/// between (Jacobi across ranks), until no label falls anywhere. Returns the owned labels: each
/// the smallest internal id of its component.
std::vector<global_int> reference_labels(Graph& g, const Comm& comm) {
  const local_int rows = g.rows();
  std::vector<global_int> in_label(static_cast<size_t>(g.in.matrix.columns));
  std::vector<global_int> out_label(g.directed ? g.out_edges.matrix.columns : 0);
  for (local_int v = 0; v < rows; ++v) in_label[v] = g.first_vertex + v;
  while (true) {
    g.in.matrix.exchange.run_typed(in_label.data());
    if (g.directed) {
      std::copy_n(in_label.begin(), rows, out_label.begin());
      g.out_edges.matrix.exchange.run_typed(out_label.data());
    }
    global_int fell = 0, fell_in_sweep = 0;
    do {
      fell_in_sweep = sweep(g.in, in_label.data(), in_label.data());
      if (g.directed) fell_in_sweep += sweep(g.out_edges, in_label.data(), out_label.data());
      fell += fell_in_sweep;
    } while (fell_in_sweep > 0);
    if (comm.sum(fell) == 0) break;
  }
  in_label.resize(static_cast<size_t>(rows));
  return in_label;
}

/// `count` vertices of this rank, `vertex` one of them, carry label `key` in the labelling
/// `keyed_by` names and `other` in the other one.
struct LabelPair {
  global_int keyed_by = 0, key = 0, other = 0, vertex = 0, count = 0;
};
constexpr global_int keyed_by_kernel = 0, keyed_by_reference = 1;

/// Each owned row's pairs (kernel label, reference label) and the reverse, one per distinct pair
/// and keying, sent to the key's owner (a single route for both) and sorted there by keying, key,
/// other, vertex. Returns the kernel-keyed and the reference-keyed pairs. Collective.
std::pair<std::vector<LabelPair>, std::vector<LabelPair>> pairs_at_key_owner(
    const Graph& g, const std::vector<global_int>& kernel, const std::vector<global_int>& reference,
    const Comm& comm) {
  const local_int rows = g.rows();
  std::vector<LabelPair> pairs(2 * static_cast<size_t>(rows));
  for (local_int v = 0; v < rows; ++v) {
    const global_int vertex = g.first_vertex + v;
    pairs[2 * v] = {keyed_by_kernel, kernel[v], reference[v], vertex, 1};
    pairs[2 * v + 1] = {keyed_by_reference, reference[v], kernel[v], vertex, 1};
  }
  auto order = [](const LabelPair& a, const LabelPair& b) {
    return std::tie(a.keyed_by, a.key, a.other, a.vertex) <
           std::tie(b.keyed_by, b.key, b.other, b.vertex);
  };
  std::sort(pairs.begin(), pairs.end(), order);
  auto same_pair = [](const LabelPair& a, const LabelPair& b) {
    return a.keyed_by == b.keyed_by && a.key == b.key && a.other == b.other;
  };
  std::vector<LabelPair> distinct;
  for (const LabelPair& p : pairs) {
    if (!distinct.empty() && same_pair(distinct.back(), p)) {
      ++distinct.back().count;
    } else {
      distinct.push_back(p);
    }
  }
  std::vector<LabelPair>().swap(pairs);
  auto received = route_to_owners(
      std::move(distinct), [&g](const LabelPair& p) { return g.partition.owner_of(p.key); }, comm);
  std::sort(received.begin(), received.end(), order);
  const auto middle =
      std::partition_point(received.begin(), received.end(),
                           [](const LabelPair& p) { return p.keyed_by == keyed_by_kernel; });
  return {std::vector<LabelPair>(received.begin(), middle),
          std::vector<LabelPair>(middle, received.end())};
}

/// The first key (of sorted pairs) that pairs with two others, as "vertices X and Y".
std::string first_key_with_two_others(const Graph& g, const std::vector<LabelPair>& pairs,
                                      global_int& key) {
  for (size_t i = 1; i < pairs.size(); ++i) {
    if (pairs[i].key == pairs[i - 1].key && pairs[i].other != pairs[i - 1].other) {
      key = pairs[i].key;
      return "vertices " + original_name(g, pairs[i - 1].vertex) + " and " +
             original_name(g, pairs[i].vertex);
    }
  }
  return "";
}

/// Vertices in the largest group of pairs sharing a key.
global_int largest_group(const std::vector<LabelPair>& pairs) {
  global_int largest = 0, group = 0;
  for (size_t i = 0; i < pairs.size(); ++i) {
    group = (i > 0 && pairs[i].key == pairs[i - 1].key ? group : 0) + pairs[i].count;
    largest = std::max(largest, group);
  }
  return largest;
}

}  // namespace

CcCheck verify_cc(Graph& graph, const std::vector<global_int>& label, const Comm& comm) {
  CcCheck check;
  check.failure = agree_on_failure(check_range(graph, label), comm);
  if (!check.failure.empty()) {
    check.passed = false;
    return check;
  }
  std::string failure = check_edges(graph, label);
  const std::vector<global_int> reference = reference_labels(graph, comm);
  global_int roots = 0;
  for (local_int v = 0; v < graph.rows(); ++v) roots += reference[v] == graph.first_vertex + v;
  check.components = comm.sum(roots);

  const auto [by_kernel, by_reference] = pairs_at_key_owner(graph, label, reference, comm);
  // Kernel-equal => reference-equal: each kernel label, at its owner, pairs with one reference
  // label.
  global_int key = 0;
  std::string pair = first_key_with_two_others(graph, by_kernel, key);
  if (failure.empty() && !pair.empty()) {
    failure = pair + " share label " + std::to_string(key) + " but are not connected";
  }
  // Reference-equal => kernel-equal (check 1 implies it; checked all the same), and the sizes.
  pair = first_key_with_two_others(graph, by_reference, key);
  if (failure.empty() && !pair.empty()) {
    failure = pair + " are connected but have different labels";
  }
  check.largest = global_max(largest_group(by_reference), comm);
  check.failure = agree_on_failure(failure, comm);
  check.passed = check.failure.empty();
  return check;
}

std::vector<global_int> canonical_labels(Graph& graph, const std::vector<global_int>& label,
                                         const Comm& comm) {
  const int bad = comm.max(check_range(graph, label).empty() ? 0 : 1);
  if (bad != 0) throw InternalError("canonical_labels: labels out of range on some rank");
  // (label, smallest original id among this rank's vertices of it, asking rank), per label.
  struct Query {
    global_int label = 0, smallest = 0, rank = 0;  // all 64-bit: no padding travels
  };
  const local_int rows = graph.rows();
  std::vector<Query> queries(static_cast<size_t>(rows));
  for (local_int v = 0; v < rows; ++v) {
    queries[v] = {label[v], graph.partition.relabel.inverse(graph.first_vertex + v), comm.rank()};
  }
  auto by_label = [](const Query& a, const Query& b) {
    return std::tie(a.label, a.smallest) < std::tie(b.label, b.smallest);
  };
  std::sort(queries.begin(), queries.end(), by_label);
  queries.erase(std::unique(queries.begin(), queries.end(),
                            [](const Query& a, const Query& b) { return a.label == b.label; }),
                queries.end());

  // At each label's owner: the smallest over all ranks, answered to every asking rank.
  auto answers = route_to_owners(
      std::move(queries), [&graph](const Query& q) { return graph.partition.owner_of(q.label); },
      comm);
  std::sort(answers.begin(), answers.end(), by_label);
  for (size_t i = 1; i < answers.size(); ++i) {
    if (answers[i].label == answers[i - 1].label) answers[i].smallest = answers[i - 1].smallest;
  }
  answers = route_to_owners(
      std::move(answers), [](const Query& q) { return static_cast<int>(q.rank); }, comm);
  std::sort(answers.begin(), answers.end(), by_label);

  std::vector<global_int> canonical(static_cast<size_t>(rows));
  for (local_int v = 0; v < rows; ++v) {
    const Query probe{label[v], 0, 0};
    const auto it =
        std::lower_bound(answers.begin(), answers.end(), probe,
                         [](const Query& a, const Query& b) { return a.label < b.label; });
    canonical[v] = it->smallest;
  }
  return canonical;
}

}  // namespace hpcg::graph
