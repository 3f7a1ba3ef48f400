// SPDX-License-Identifier: BSD-3-Clause
// Which entries of a distributed vector each rank sends and receives, how those lists are built
// from any sparsity pattern (HPCG's stencil or a graph), and the non-blocking exchange itself.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "hpcg/base/comm.hpp"
#include "hpcg/base/types.hpp"

namespace hpcg {

/// Communication pattern of one distributed matrix. External (halo) columns are stored after the
/// owned rows, grouped by owner rank in ascending order, ascending global id within a group.
struct Halo {
  std::vector<int> receive_ranks;
  std::vector<local_int> receive_counts;
  std::vector<int> send_ranks;
  std::vector<local_int> send_counts;
  std::vector<local_int> send_rows;  ///< local rows to send, grouped as send_ranks

  local_int external_count() const;
};

/// How global ids map to ranks and local ids (a process grid, a graph partition, ...).
struct RowOwnership {
  std::function<int(global_int)> owner_of;
  std::function<local_int(global_int)> local_index;  ///< only called for ids this rank owns
};

/// Resolves provisional columns and builds the halo. On entry `columns` holds owned local ids
/// (>= 0) and, for columns owned elsewhere, -(k+1) where k indexes `external_ids`; on return every
/// column is a local id, externals numbered from `rows`. Collective; works for unsymmetric
/// patterns and ranks with no rows.
Halo setup_halo(std::vector<local_int>& columns, const std::vector<global_int>& external_ids,
                local_int rows, const RowOwnership& ownership, const Comm& comm);

/// One exchange at a time of a vector's halo values: `begin` posts receives straight into the
/// vector's halo part and sends, `finish` waits, so a caller may compute on interior rows between.
class HaloExchange {
 public:
  HaloExchange() = default;
  HaloExchange(Halo halo, local_int rows, const Comm& comm);

  const Halo& halo() const { return halo_; }

  /// `x` must hold rows + halo.external_count() entries.
  void begin(double* x);
  /// The exchange on buffers of someone else's (a backend's, which packs and unpacks): posts
  /// receives of the external_count() halo values into `receive`, grouped as receive_ranks.
  void post_receives(double* receive);
  /// Posts sends of `send` (send_rows.size() values, grouped as send_ranks), which must stay
  /// unchanged until finish(). Call after post_receives().
  void post_sends(const double* send);
  void finish();
  void run(double* x) {
    begin(x);
    finish();
  }

  /// The same exchange for vectors of another element type (float, std::int32_t, std::int64_t,
  /// std::uint64_t; graph scores and BFS levels): `x` holds rows + halo.external_count() entries.
  /// Completed by finish(), like begin().
  template <class T>
  void begin_typed(T* x);
  template <class T>
  void run_typed(T* x) {
    begin_typed(x);
    finish();
  }

  /// Bit-packed exchange (BFS frontier bitmaps): one bit per send row and per halo column. Each
  /// neighbour's segment starts on a 64-bit word; send_word_offsets()/receive_word_offsets() hold
  /// rank_count + 1 segment starts, in the order of halo().send_ranks / receive_ranks.
  const std::vector<std::size_t>& send_word_offsets() const { return send_word_offsets_; }
  const std::vector<std::size_t>& receive_word_offsets() const { return receive_word_offsets_; }
  /// Packs bit send_rows[k] of `row_bits` (bit i of a vector is word i/64, bit i%64) into the
  /// send segments; `packed` holds send_word_offsets().back() words.
  void pack_bits(const std::uint64_t* row_bits, std::uint64_t* packed) const;
  /// Posts the exchange of packed segments; `packed_receive` holds receive_word_offsets().back()
  /// words, `packed_send` must stay unchanged until finish(). Returns the bytes this rank sends.
  std::size_t begin_bits(const std::uint64_t* packed_send, std::uint64_t* packed_receive);
  /// Copies received segments to bits rows .. rows + external_count() - 1 of `column_bits`.
  void unpack_bits(const std::uint64_t* packed_receive, std::uint64_t* column_bits) const;

 private:
  Halo halo_;
  local_int rows_ = 0;
  MPI_Comm comm_ = MPI_COMM_NULL;
  std::vector<double> send_buffer_;
  std::vector<MPI_Request> requests_;
  std::vector<int> request_peers_;  ///< receive_ranks then send_ranks, as requests_ are posted
  std::vector<unsigned char> typed_buffer_;  ///< send buffer of begin_typed, any element type
  std::vector<std::size_t> send_word_offsets_;
  std::vector<std::size_t> receive_word_offsets_;
};

}  // namespace hpcg
