// SPDX-License-Identifier: BSD-3-Clause
// Sends each item to the rank that owns it (private to the graph module): graph construction
// routes edges to their rows' owners, the output writers route values to file order.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/error.hpp"
#include "hpcg/base/threads.hpp"
#include "hpcg/base/watchdog.hpp"

namespace hpcg::graph {

/// Returns the items other ranks (and this one) route here, grouped by source rank in rank order,
/// each group in its sender's order. `owner_of(item)` must be a rank of `comm`. Collective.
template <class T, class OwnerOf>
std::vector<T> route_to_owners(std::vector<T> items, OwnerOf owner_of, const Comm& comm) {
  const int ranks = comm.size();
  const auto n = static_cast<long long>(items.size());
  const int threads = max_threads();
  // Per-thread histograms, then per-thread cursors: a stable order, the same for any thread
  // count. Both loops sit in one parallel region, where OpenMP guarantees that a static schedule
  // gives each thread the same iterations twice.
  std::vector<long long> counts(static_cast<size_t>(threads) * ranks, 0);
  std::vector<long long> cursor(counts.size(), 0);
  std::vector<long long> send_counts(ranks, 0), send_offsets(ranks + 1, 0);
  std::vector<T> sorted(items.size());
#pragma omp parallel num_threads(threads)
  {
    const int t = thread_id();
#pragma omp for schedule(static)
    for (long long i = 0; i < n; ++i) ++counts[static_cast<size_t>(t) * ranks + owner_of(items[i])];
#pragma omp single
    for (int r = 0; r < ranks; ++r) {
      for (int u = 0; u < threads; ++u) {
        cursor[static_cast<size_t>(u) * ranks + r] = send_offsets[r] + send_counts[r];
        send_counts[r] += counts[static_cast<size_t>(u) * ranks + r];
      }
      send_offsets[r + 1] = send_offsets[r] + send_counts[r];
    }
#pragma omp for schedule(static)
    for (long long i = 0; i < n; ++i) {
      sorted[cursor[static_cast<size_t>(t) * ranks + owner_of(items[i])]++] = items[i];
    }
  }
  std::vector<T>().swap(items);

  std::vector<long long> receive_counts(ranks, 0);
  {
    WatchedWait wait("MPI_Alltoall", comm.get());
    MPI_Alltoall(send_counts.data(), 1, MPI_LONG_LONG, receive_counts.data(), 1, MPI_LONG_LONG,
                 comm.get());
  }
  std::vector<long long> receive_offsets(ranks + 1, 0);
  for (int r = 0; r < ranks; ++r) receive_offsets[r + 1] = receive_offsets[r] + receive_counts[r];
  std::vector<T> received(static_cast<size_t>(receive_offsets[ranks]));

  MPI_Datatype item_type;
  MPI_Type_contiguous(static_cast<int>(sizeof(T)), MPI_BYTE, &item_type);
  MPI_Type_commit(&item_type);
  // Point-to-point messages of at most INT_MAX items each: no int displacement limit.
  constexpr long long max_message = INT_MAX / 2;
  std::vector<MPI_Request> requests;
  std::vector<int> peers;  // of each request, for the watchdog
  for (int r = 0; r < ranks; ++r) {
    for (long long done = 0; done < receive_counts[r]; done += max_message) {
      requests.emplace_back();
      peers.push_back(r);
      MPI_Irecv(received.data() + receive_offsets[r] + done,
                static_cast<int>(std::min(max_message, receive_counts[r] - done)), item_type, r, 0,
                comm.get(), &requests.back());
    }
  }
  const auto receives = static_cast<int>(requests.size());
  for (int r = 0; r < ranks; ++r) {
    for (long long done = 0; done < send_counts[r]; done += max_message) {
      requests.emplace_back();
      peers.push_back(r);
      MPI_Isend(sorted.data() + send_offsets[r] + done,
                static_cast<int>(std::min(max_message, send_counts[r] - done)), item_type, r, 0,
                comm.get(), &requests.back());
    }
  }
  const int status = watched_waitall("routing items (MPI_Waitall)", comm.get(),
                                     static_cast<int>(requests.size()), requests.data(),
                                     peers.data(), receives);
  MPI_Type_free(&item_type);
  if (status != MPI_SUCCESS) throw InternalError("routing items to their owners failed");
  return received;
}

}  // namespace hpcg::graph
