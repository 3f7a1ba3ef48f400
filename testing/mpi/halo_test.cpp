// SPDX-License-Identifier: BSD-3-Clause
// Halo set-up and exchange across ranks: the lists two ranks hold about each other agree, every
// halo entry receives the value of the global row it stands for (on uneven process grids, two
// z-blocks and every multigrid level), and setup_halo copes with an unsymmetric pattern.
#include "hpcg/linalg/halo.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "grid_cases.hpp"
#include "hpcg/problem/problem.hpp"
#include "rank_checks.hpp"

namespace hpcg {
namespace {

using testing::RankChecks;

// Global id of every local column of A (owned rows, then halo), recomputed from the geometry's
// stencil; records a failure when A's pattern or its column numbering contradicts it.
std::vector<global_int> column_global_ids(const Geometry& g, const SparseMatrix& A,
                                          RankChecks& checks) {
  std::vector<global_int> ids(static_cast<size_t>(A.columns), -1);
  for (local_int i = 0; i < A.rows; ++i) ids[i] = testing::global_id_of_row(g, i);
  for (local_int i = 0; i < A.rows; ++i) {
    std::vector<global_int> want = testing::stencil_neighbours(g, i);
    nnz_int length = A.row_start[i + 1] - A.row_start[i];
    if (length != static_cast<nnz_int>(want.size())) {
      checks.fail("row " + std::to_string(i) + " has " + std::to_string(length) + " entries");
      continue;
    }
    for (size_t j = 0; j < want.size(); ++j) {
      local_int column = A.column_index[A.row_start[i] + static_cast<nnz_int>(j)];
      if (!checks.check(column >= 0 && column < A.columns, "column out of range")) continue;
      global_int& id = ids[column];
      if (id == -1) id = want[j];  // first use of a halo column names its global row
      if (id != want[j]) {
        checks.fail("row " + std::to_string(i) + " entry " + std::to_string(j) + ": local column " +
                    std::to_string(column) + " is gid " + std::to_string(id) + ", stencil wants " +
                    std::to_string(want[j]));
      }
    }
  }
  for (local_int c = A.rows; c < A.columns; ++c) {
    if (ids[c] == -1) checks.fail("halo column " + std::to_string(c) + " is never used");
  }
  return ids;
}

// Receive side of the layout: neighbours in ascending rank order, blocks contiguous after the
// owned rows, each holding only that neighbour's rows in ascending global id.
void check_receive_layout(const Geometry& g, const SparseMatrix& A,
                          const std::vector<global_int>& ids, RankChecks& checks) {
  const Halo& halo = A.exchange.halo();
  checks.check(halo.receive_ranks.size() == halo.receive_counts.size(), "receive list sizes");
  checks.check(std::is_sorted(halo.receive_ranks.begin(), halo.receive_ranks.end()) &&
                   std::adjacent_find(halo.receive_ranks.begin(), halo.receive_ranks.end()) ==
                       halo.receive_ranks.end(),
               "receive ranks not strictly ascending");
  checks.check(A.rows + halo.external_count() == A.columns, "columns != rows + halo");
  local_int column = A.rows;
  for (size_t n = 0; n < halo.receive_ranks.size() && n < halo.receive_counts.size(); ++n) {
    int from = halo.receive_ranks[n];
    checks.check(from >= 0 && from < g.ranks && from != g.rank && halo.receive_counts[n] > 0,
                 "bad receive neighbour");
    for (local_int k = 0; k < halo.receive_counts[n] && column < A.columns; ++k, ++column) {
      if (g.owner_of(ids[column]) != from) {
        checks.fail("halo column " + std::to_string(column) + " (gid " +
                    std::to_string(ids[column]) + ") is not owned by rank " + std::to_string(from));
      }
      if (k > 0) checks.check(ids[column - 1] < ids[column], "halo block not ascending in gid");
    }
  }
}

// Collective: what each rank sends to r (global ids of its send_rows, in order) must be what r
// stores in its halo block from that rank, in order.
void check_lists_agree(const Geometry& g, const SparseMatrix& A, const std::vector<global_int>& ids,
                       RankChecks& checks) {
  const Halo& halo = A.exchange.halo();
  const int size = g.ranks;
  std::vector<int> send_counts(size, 0), receive_counts(size, 0);
  std::vector<std::vector<global_int>> outgoing(size);
  size_t position = 0;
  bool sane = halo.send_ranks.size() == halo.send_counts.size();
  for (size_t n = 0; sane && n < halo.send_ranks.size(); ++n) {
    int to = halo.send_ranks[n];
    sane = to >= 0 && to < size && to != g.rank && halo.send_counts[n] > 0 &&
           position + halo.send_counts[n] <= halo.send_rows.size();
    for (local_int k = 0; sane && k < halo.send_counts[n]; ++k, ++position) {
      local_int row = halo.send_rows[position];
      sane = row >= 0 && row < A.rows;
      if (sane) outgoing[to].push_back(testing::global_id_of_row(g, row));
    }
  }
  sane = sane && position == halo.send_rows.size();
  checks.check(sane, "send lists malformed");
  checks.check(std::is_sorted(halo.send_ranks.begin(), halo.send_ranks.end()),
               "send ranks not ascending");
  if (!sane) outgoing.assign(size, {});  // still take part in the collectives below
  std::vector<global_int> flat;
  std::vector<int> send_offsets(size, 0), receive_offsets(size, 0);
  for (int r = 0; r < size; ++r) {
    send_offsets[r] = static_cast<int>(flat.size());
    send_counts[r] = static_cast<int>(outgoing[r].size());
    flat.insert(flat.end(), outgoing[r].begin(), outgoing[r].end());
  }
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int total = 0;
  for (int r = 0; r < size; ++r) {
    receive_offsets[r] = total;
    total += receive_counts[r];
  }
  std::vector<global_int> incoming(static_cast<size_t>(total));
  MPI_Alltoallv(flat.data(), send_counts.data(), send_offsets.data(), MPI_INT64_T, incoming.data(),
                receive_counts.data(), receive_offsets.data(), MPI_INT64_T, MPI_COMM_WORLD);

  // My halo blocks, by sending rank.
  std::vector<std::vector<global_int>> expected(size);
  local_int column = A.rows;
  for (size_t n = 0; n < halo.receive_ranks.size() && n < halo.receive_counts.size(); ++n) {
    int from = halo.receive_ranks[n];
    if (from < 0 || from >= size) continue;  // reported by check_receive_layout
    for (local_int k = 0; k < halo.receive_counts[n] && column < A.columns; ++k, ++column) {
      expected[from].push_back(ids[column]);
    }
  }
  for (int r = 0; r < size; ++r) {
    std::vector<global_int> sent(incoming.begin() + receive_offsets[r],
                                 incoming.begin() + receive_offsets[r] + receive_counts[r]);
    checks.check(sent == expected[r], "rank " + std::to_string(r) + " sends " +
                                          std::to_string(sent.size()) + " ids, this rank expects " +
                                          std::to_string(expected[r].size()) + " (or other ids)");
  }
}

// Collective: fills owned rows with `value(gid)` and the halo with -1, exchanges, and checks that
// every entry of every row then reads value(gid of the stencil neighbour it stands for).
template <typename Value>
void check_exchange(const Geometry& g, SparseMatrix& A, Value value, bool split,
                    RankChecks& checks) {
  Vector x(A.columns);
  x.fill(-1.0);
  for (local_int i = 0; i < A.rows; ++i) x[i] = value(testing::global_id_of_row(g, i));
  if (split) {
    A.exchange.begin(x.data());
    A.exchange.finish();
  } else {
    A.exchange.run(x.data());
  }
  for (local_int i = 0; i < A.rows; ++i) {
    std::vector<global_int> want = testing::stencil_neighbours(g, i);
    if (A.row_start[i + 1] - A.row_start[i] != static_cast<nnz_int>(want.size())) continue;
    for (size_t j = 0; j < want.size(); ++j) {
      local_int column = A.column_index[A.row_start[i] + static_cast<nnz_int>(j)];
      if (column < 0 || column >= A.columns) continue;  // reported by column_global_ids
      if (x[column] != value(want[j])) {
        checks.fail("row " + std::to_string(i) + " column " + std::to_string(column) + " holds " +
                    testing::num(x[column]) + ", want value of gid " + std::to_string(want[j]));
      }
    }
  }
}

void check_matrix_halo(const Geometry& g, SparseMatrix& A, RankChecks& checks) {
  std::vector<global_int> ids = column_global_ids(g, A, checks);
  check_receive_layout(g, A, ids, checks);
  check_lists_agree(g, A, ids, checks);
  // Symmetric stencil: whoever I need values from also needs values from me.
  checks.check(A.exchange.halo().send_ranks == A.exchange.halo().receive_ranks,
               "send and receive neighbours differ");
  // Two exchanges on the same object: requests must be reusable; the split form must work too.
  check_exchange(
      g, A, [](global_int gid) { return static_cast<double>(gid); }, false, checks);
  check_exchange(
      g, A, [](global_int gid) { return -0.5 * static_cast<double>(gid) - 3.0; }, true, checks);
}

TEST(StencilHalo, ListsAndValuesAgreeOnEveryProcessGrid) {
  Comm comm;
  // Odd, unequal local sizes catch x/y/z mix-ups that a cube would hide.
  for (const auto& grid : testing::grid_cases(comm.size(), 6, 5, 4, 3, 5)) {
    SCOPED_TRACE(grid.name);
    Geometry g = make_geometry(grid.params, comm.rank(), comm.size());
    SparseMatrix A = generate_stencil_matrix(g, comm);
    RankChecks checks;
    check_matrix_halo(g, A, checks);
    HPCG_EXPECT_ALL_RANKS(checks);
  }
}

TEST(StencilHalo, EveryMultigridLevelOf16CubedProblem) {
  Comm comm;
  auto cases = testing::grid_cases(comm.size(), 16, 16, 16, 8, 16);
  for (const auto& grid : cases) {
    SCOPED_TRACE(grid.name);
    Geometry g = make_geometry(grid.params, comm.rank(), comm.size());
    Problem problem = generate_problem(g, comm);
    for (size_t l = 0; l < problem.levels.size(); ++l) {
      SCOPED_TRACE("level " + std::to_string(l));
      RankChecks checks;
      check_matrix_halo(problem.levels[l].geometry, problem.levels[l].A, checks);
      HPCG_EXPECT_ALL_RANKS(checks);
    }
  }
}

TEST(StencilHalo, NeighbourCountsMatchProcessGrid) {
  // With the automatic grid every rank needs exactly the ranks adjacent in the process grid
  // (faces, edges and corners that exist), which also guards against an empty halo passing.
  Comm comm;
  Geometry g = testing::small_geometry(comm, 6, 5, 4);
  SparseMatrix A = generate_stencil_matrix(g, comm);
  std::vector<int> want;
  for (int pz = g.ipz - 1; pz <= g.ipz + 1; ++pz) {
    for (int py = g.ipy - 1; py <= g.ipy + 1; ++py) {
      for (int px = g.ipx - 1; px <= g.ipx + 1; ++px) {
        bool inside = px >= 0 && py >= 0 && pz >= 0 && px < g.npx && py < g.npy && pz < g.npz;
        int rank = (pz * g.npy + py) * g.npx + px;
        if (inside && rank != g.rank) want.push_back(rank);
      }
    }
  }
  RankChecks checks;
  checks.check(A.exchange.halo().receive_ranks == want,
               "receive ranks are not the grid neighbours");
  checks.check(A.exchange.halo().send_ranks == want, "send ranks are not the grid neighbours");
  HPCG_EXPECT_ALL_RANKS(checks);
}

// ---- setup_halo on an unsymmetric pattern ---------------------------------------------------

// A directed ring over the ranks that own rows: every row i of a member references its own row
// i and row (n_next - 1 - i % n_next) of the next member, never anything of the previous one.
struct Ring {
  std::vector<local_int> rows;     // rows of every rank
  std::vector<global_int> offset;  // first global id of every rank
  int next(int rank) const { return step(rank, +1); }
  int previous(int rank) const { return step(rank, -1); }
  int owner(global_int gid) const {
    return static_cast<int>(std::upper_bound(offset.begin(), offset.end(), gid) - offset.begin()) -
           1;
  }
  // Local rows of `rank` that the rows of rank `by` (its predecessor) reference, ascending.
  std::vector<local_int> referenced(int rank, int by) const {
    std::set<local_int> set;
    for (local_int i = 0; i < rows[by]; ++i) set.insert(rows[rank] - 1 - i % rows[rank]);
    return {set.begin(), set.end()};
  }

 private:
  int step(int rank, int direction) const {
    int size = static_cast<int>(rows.size());
    for (int k = 1; k <= size; ++k) {
      int r = ((rank + direction * k) % size + size) % size;
      if (rows[r] > 0) return r;
    }
    return rank;
  }
};

Ring make_ring(int size, int empty_rank) {
  Ring ring;
  ring.offset.push_back(0);
  for (int r = 0; r < size; ++r) {
    ring.rows.push_back(r == empty_rank ? 0 : 2 + r);
    ring.offset.push_back(ring.offset.back() + ring.rows.back());
  }
  ring.offset.pop_back();
  return ring;
}

void check_directed_ring(const Ring& ring, const Comm& comm, RankChecks& checks) {
  const int me = comm.rank();
  const local_int rows = ring.rows[me];
  const int next = ring.next(me), previous = ring.previous(me);
  std::vector<local_int> columns;
  std::vector<global_int> external_ids;
  std::vector<global_int> wanted_gid;  // per row: gid of the referenced row of `next`
  for (local_int i = 0; i < rows; ++i) {
    columns.push_back(i);
    local_int target = ring.rows[next] - 1 - i % ring.rows[next];
    wanted_gid.push_back(ring.offset[next] + target);
    if (next == me) {
      columns.push_back(target);  // a one-member ring references itself: no halo at all
    } else {
      columns.push_back(-static_cast<local_int>(external_ids.size()) - 1);
      external_ids.push_back(wanted_gid.back());  // duplicates on purpose: setup must merge them
    }
  }
  RowOwnership ownership{[&ring](global_int gid) { return ring.owner(gid); },
                         [&ring, &checks, me](global_int gid) {
                           checks.check(ring.owner(gid) == me, "local_index of a foreign id");
                           return static_cast<local_int>(gid - ring.offset[me]);
                         }};
  Halo halo = setup_halo(columns, external_ids, rows, ownership, comm);

  bool linked = next != me && rows > 0;
  std::vector<int> want_receive = linked ? std::vector<int>{next} : std::vector<int>{};
  std::vector<int> want_send =
      previous != me && rows > 0 ? std::vector<int>{previous} : std::vector<int>{};
  std::vector<local_int> want_rows =
      want_send.empty() ? std::vector<local_int>{} : ring.referenced(me, previous);
  checks.check(halo.receive_ranks == want_receive, "receives from the wrong ranks");
  checks.check(halo.send_ranks == want_send, "sends to ranks other than the previous one");
  checks.check(halo.send_rows == want_rows, "send rows differ from those the previous rank uses");
  checks.check(halo.send_counts == std::vector<local_int>(want_send.size(),
                                                          static_cast<local_int>(want_rows.size())),
               "send counts");
  local_int receive_total = linked ? static_cast<local_int>(ring.referenced(next, me).size()) : 0;
  checks.check(halo.external_count() == receive_total, "external count");

  // The exchange then delivers exactly the referenced rows.
  local_int total_columns = rows + halo.external_count();
  HaloExchange exchange(halo, rows, comm);
  Vector x(std::max<local_int>(total_columns, 1));
  x.fill(-1.0);
  for (local_int i = 0; i < rows; ++i) x[i] = static_cast<double>(ring.offset[me] + i);
  exchange.run(x.data());
  for (local_int i = 0; i < rows; ++i) {
    local_int own = columns[2 * i], other = columns[2 * i + 1];
    checks.check(own == i, "owned column renumbered");
    if (!checks.check(other >= 0 && other < total_columns, "external column out of range"))
      continue;
    checks.check(x[other] == static_cast<double>(wanted_gid[i]),
                 "row " + std::to_string(i) + " reads " + testing::num(x[other]) + ", want " +
                     std::to_string(wanted_gid[i]));
  }
}

TEST(SetupHalo, DirectedRingSendsOnlyToPreviousRank) {
  Comm comm;
  Ring ring = make_ring(comm.size(), -1);
  RankChecks checks;
  check_directed_ring(ring, comm, checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

TEST(SetupHalo, DirectedRingWithARankOwningNoRows) {
  Comm comm;
  // With 4 ranks rank 2 owns nothing, so the ring is 0 -> 1 -> 3 -> 0 and rank 2 must still take
  // part in setup and exchange with empty lists.
  Ring ring = make_ring(comm.size(), comm.size() >= 2 ? comm.size() - 2 : 0);
  RankChecks checks;
  check_directed_ring(ring, comm, checks);
  HPCG_EXPECT_ALL_RANKS(checks);
}

}  // namespace
}  // namespace hpcg
