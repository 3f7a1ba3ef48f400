// SPDX-License-Identifier: BSD-3-Clause
// Builds receive lists from the columns a rank references and asks each owner explicitly for
// them, so that, unlike HPCG 3.1's SetupHalo, nothing relies on the pattern being symmetric.
#include <algorithm>
#include <map>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/linalg/halo.hpp"

namespace hpcg {

local_int Halo::external_count() const {
  local_int total = 0;
  for (local_int c : receive_counts) total += c;
  return total;
}

namespace {

constexpr int request_tag = 98;

/// Asks every owner for the ids this rank receives; returns, per requesting rank, the ids it asked
/// this rank for (ascending, as sent).
std::map<int, std::vector<global_int>> exchange_requests(
    const std::map<int, std::vector<global_int>>& wanted, const Comm& comm) {
  std::vector<int> send_counts(comm.size(), 0), receive_counts(comm.size(), 0);
  for (const auto& [rank, ids] : wanted) send_counts[rank] = static_cast<int>(ids.size());
  {
    WatchedWait wait("MPI_Alltoall (halo set-up)", comm.get());
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, comm.get());
  }

  std::map<int, std::vector<global_int>> requested;
  std::vector<MPI_Request> requests;
  std::vector<int> peers;  // of each request, for the watchdog
  for (int rank = 0; rank < comm.size(); ++rank) {
    if (receive_counts[rank] == 0) continue;
    auto& ids = requested[rank];
    ids.resize(receive_counts[rank]);
    requests.emplace_back();
    peers.push_back(rank);
    MPI_Irecv(ids.data(), receive_counts[rank], MPI_INT64_T, rank, request_tag, comm.get(),
              &requests.back());
  }
  const auto receives = static_cast<int>(requests.size());
  for (const auto& [rank, ids] : wanted) {
    requests.emplace_back();
    peers.push_back(rank);
    MPI_Isend(ids.data(), static_cast<int>(ids.size()), MPI_INT64_T, rank, request_tag,
              comm.get(), &requests.back());
  }
  watched_waitall("halo set-up (MPI_Waitall)", comm.get(), static_cast<int>(requests.size()),
                  requests.data(), peers.data(), receives);
  return requested;
}

}  // namespace

Halo setup_halo(std::vector<local_int>& columns, const std::vector<global_int>& external_ids,
                local_int rows, const RowOwnership& ownership, const Comm& comm) {
  // Distinct external ids per owner, ascending.
  std::vector<int> owner(external_ids.size());
  std::map<int, std::vector<global_int>> wanted;
  bool owners_valid = true;
  for (size_t k = 0; k < external_ids.size(); ++k) {
    owner[k] = ownership.owner_of(external_ids[k]);
    if (owner[k] < 0 || owner[k] >= comm.size() || owner[k] == comm.rank()) {
      owners_valid = false;
      break;
    }
    wanted[owner[k]].push_back(external_ids[k]);
  }
  // Checked on every rank before the exchange below, so that a bad id on one rank cannot leave
  // the others waiting in it.
  if (comm.max(owners_valid ? 0 : 1) != 0) {
    throw InternalError("halo setup: a column's owner is not another rank of the communicator");
  }
  Halo halo;
  std::map<int, local_int> first_local;  // local id of each owner's first external column
  long long next = rows;
  for (auto& [rank, ids] : wanted) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    halo.receive_ranks.push_back(rank);
    halo.receive_counts.push_back(static_cast<local_int>(ids.size()));
    first_local[rank] = static_cast<local_int>(next);
    next += static_cast<long long>(ids.size());
  }
  if (next > max_local_int) {
    throw ResourceError("rank " + std::to_string(comm.rank()) + " needs " + std::to_string(next) +
                        " local columns, more than 32-bit local ids allow");
  }
  std::vector<local_int> resolved(external_ids.size());
  for (size_t k = 0; k < external_ids.size(); ++k) {
    const auto& ids = wanted[owner[k]];
    auto position = std::lower_bound(ids.begin(), ids.end(), external_ids[k]) - ids.begin();
    resolved[k] = first_local[owner[k]] + static_cast<local_int>(position);
  }
  for (local_int& column : columns) {
    if (column < 0) column = resolved[static_cast<size_t>(-(column + 1))];
  }

  bool requests_valid = true;
  for (const auto& [rank, ids] : exchange_requests(wanted, comm)) {
    halo.send_ranks.push_back(rank);
    halo.send_counts.push_back(static_cast<local_int>(ids.size()));
    for (global_int id : ids) {
      requests_valid = requests_valid && ownership.owner_of(id) == comm.rank();
      halo.send_rows.push_back(requests_valid ? ownership.local_index(id) : 0);
    }
  }
  if (comm.max(requests_valid ? 0 : 1) != 0) {
    throw InternalError("halo setup: a rank was asked for a row it does not own");
  }
  return halo;
}

}  // namespace hpcg
