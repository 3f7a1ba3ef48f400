// SPDX-License-Identifier: BSD-3-Clause
// Non-blocking halo exchange: receive straight into the vector's halo part (no unpack, since the
// layout matches the sender's ascending-id order), pack and send the boundary rows. The typed and
// bit-packed variants serve the graph kernels (float scores, integer levels, frontier bitmaps).
#include <algorithm>
#include <cstdint>
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/base/watchdog.hpp"
#include "hpcg/linalg/halo.hpp"

namespace hpcg {

namespace {
constexpr int halo_tag = 99;  // HPCG 3.1's tag

constexpr std::size_t words_for(local_int bits) {
  return (static_cast<std::size_t>(bits) + 63) / 64;
}

/// Segment starts (in 64-bit words) of neighbours whose entry counts are `counts`.
std::vector<std::size_t> word_offsets(const std::vector<local_int>& counts) {
  std::vector<std::size_t> offsets(counts.size() + 1, 0);
  for (size_t i = 0; i < counts.size(); ++i) offsets[i + 1] = offsets[i] + words_for(counts[i]);
  return offsets;
}

template <class T>
MPI_Datatype datatype_of();
template <>
MPI_Datatype datatype_of<float>() { return MPI_FLOAT; }
template <>
MPI_Datatype datatype_of<double>() { return MPI_DOUBLE; }
template <>
MPI_Datatype datatype_of<std::int32_t>() { return MPI_INT32_T; }
template <>
MPI_Datatype datatype_of<std::int64_t>() { return MPI_INT64_T; }
template <>
MPI_Datatype datatype_of<std::uint64_t>() { return MPI_UINT64_T; }

}  // namespace

HaloExchange::HaloExchange(Halo halo, local_int rows, const Comm& comm)
    : halo_(std::move(halo)), rows_(rows), comm_(comm.get()), send_buffer_(halo_.send_rows.size()) {
  requests_.reserve(halo_.receive_ranks.size() + halo_.send_ranks.size());
  send_word_offsets_ = word_offsets(halo_.send_counts);
  receive_word_offsets_ = word_offsets(halo_.receive_counts);
  request_peers_ = halo_.receive_ranks;
  request_peers_.insert(request_peers_.end(), halo_.send_ranks.begin(), halo_.send_ranks.end());
}

void HaloExchange::begin(double* x) {
  post_receives(x + rows_);
  const local_int* rows = halo_.send_rows.data();
  double* buffer = send_buffer_.data();
  auto count = static_cast<local_int>(halo_.send_rows.size());
  for (local_int k = 0; k < count; ++k) buffer[k] = x[rows[k]];
  post_sends(buffer);
}

void HaloExchange::post_receives(double* receive) {
  HPCG_REQUIRE(requests_.empty());
  for (size_t i = 0; i < halo_.receive_ranks.size(); ++i) {
    requests_.emplace_back();
    MPI_Irecv(receive, halo_.receive_counts[i], MPI_DOUBLE, halo_.receive_ranks[i], halo_tag,
              comm_, &requests_.back());
    receive += halo_.receive_counts[i];
  }
}

void HaloExchange::post_sends(const double* send) {
  for (size_t i = 0; i < halo_.send_ranks.size(); ++i) {
    requests_.emplace_back();
    // MPI takes a non-const buffer in older bindings; nothing is written through it.
    MPI_Isend(const_cast<double*>(send), halo_.send_counts[i], MPI_DOUBLE, halo_.send_ranks[i],
              halo_tag, comm_, &requests_.back());
    send += halo_.send_counts[i];
  }
}

template <class T>
void HaloExchange::begin_typed(T* x) {
  HPCG_REQUIRE(requests_.empty());
  const MPI_Datatype type = datatype_of<T>();
  T* receive = x + rows_;
  for (size_t i = 0; i < halo_.receive_ranks.size(); ++i) {
    requests_.emplace_back();
    MPI_Irecv(receive, halo_.receive_counts[i], type, halo_.receive_ranks[i], halo_tag, comm_,
              &requests_.back());
    receive += halo_.receive_counts[i];
  }
  const auto count = static_cast<local_int>(halo_.send_rows.size());
  typed_buffer_.resize(static_cast<size_t>(count) * sizeof(T));
  T* buffer = reinterpret_cast<T*>(typed_buffer_.data());  // vector storage suits any scalar
  const local_int* rows = halo_.send_rows.data();
#pragma omp parallel for schedule(static) if (count > 65536)
  for (local_int k = 0; k < count; ++k) buffer[k] = x[rows[k]];
  for (size_t i = 0; i < halo_.send_ranks.size(); ++i) {
    requests_.emplace_back();
    MPI_Isend(buffer, halo_.send_counts[i], type, halo_.send_ranks[i], halo_tag, comm_,
              &requests_.back());
    buffer += halo_.send_counts[i];
  }
}

template void HaloExchange::begin_typed<float>(float*);
template void HaloExchange::begin_typed<double>(double*);
template void HaloExchange::begin_typed<std::int32_t>(std::int32_t*);
template void HaloExchange::begin_typed<std::int64_t>(std::int64_t*);
template void HaloExchange::begin_typed<std::uint64_t>(std::uint64_t*);

void HaloExchange::pack_bits(const std::uint64_t* row_bits, std::uint64_t* packed) const {
  size_t first = 0;  // first send_rows entry of the current neighbour
  for (size_t i = 0; i < halo_.send_ranks.size(); ++i) {
    const local_int* rows = halo_.send_rows.data() + first;
    const local_int count = halo_.send_counts[i];
    std::uint64_t* segment = packed + send_word_offsets_[i];
    const auto words = static_cast<std::int64_t>(words_for(count));
#pragma omp parallel for schedule(static) if (words > 1024)
    for (std::int64_t w = 0; w < words; ++w) {
      std::uint64_t word = 0;
      const local_int end = std::min<local_int>(count, static_cast<local_int>(64 * w + 64));
      for (auto k = static_cast<local_int>(64 * w); k < end; ++k) {
        const local_int row = rows[k];
        word |= ((row_bits[row >> 6] >> (row & 63)) & 1u) << (k & 63);
      }
      segment[w] = word;
    }
    first += static_cast<size_t>(count);
  }
}

std::size_t HaloExchange::begin_bits(const std::uint64_t* packed_send,
                                     std::uint64_t* packed_receive) {
  HPCG_REQUIRE(requests_.empty());
  for (size_t i = 0; i < halo_.receive_ranks.size(); ++i) {
    requests_.emplace_back();
    const auto words = static_cast<int>(receive_word_offsets_[i + 1] - receive_word_offsets_[i]);
    MPI_Irecv(packed_receive + receive_word_offsets_[i], words, MPI_UINT64_T,
              halo_.receive_ranks[i], halo_tag, comm_, &requests_.back());
  }
  std::size_t bytes = 0;
  for (size_t i = 0; i < halo_.send_ranks.size(); ++i) {
    requests_.emplace_back();
    const auto words = static_cast<int>(send_word_offsets_[i + 1] - send_word_offsets_[i]);
    // MPI takes a non-const buffer in older bindings; nothing is written through it.
    MPI_Isend(const_cast<std::uint64_t*>(packed_send + send_word_offsets_[i]), words,
              MPI_UINT64_T, halo_.send_ranks[i], halo_tag, comm_, &requests_.back());
    bytes += static_cast<std::size_t>(words) * sizeof(std::uint64_t);
  }
  return bytes;
}

void HaloExchange::unpack_bits(const std::uint64_t* packed_receive,
                               std::uint64_t* column_bits) const {
  auto position = static_cast<std::uint64_t>(rows_);  // first bit of the current neighbour
  for (size_t i = 0; i < halo_.receive_ranks.size(); ++i) {
    const local_int count = halo_.receive_counts[i];
    const std::uint64_t* segment = packed_receive + receive_word_offsets_[i];
    // Clear the destination range, then OR the shifted words in (segments need not be aligned).
    const std::uint64_t end = position + static_cast<std::uint64_t>(count);
    for (std::uint64_t bit = position; bit < end;) {
      const std::uint64_t take = std::min<std::uint64_t>(64 - (bit & 63), end - bit);
      const std::uint64_t mask = take == 64 ? ~0ull : ((1ull << take) - 1) << (bit & 63);
      column_bits[bit >> 6] &= ~mask;
      bit += take;
    }
    const size_t words = words_for(count);
    for (size_t w = 0; w < words; ++w) {
      std::uint64_t value = segment[w];
      const std::uint64_t valid =
          std::min<std::uint64_t>(64, static_cast<std::uint64_t>(count) - 64 * w);
      if (valid < 64) value &= (1ull << valid) - 1;
      if (value == 0) continue;
      const std::uint64_t bit = position + 64 * w;
      const unsigned shift = bit & 63;
      column_bits[bit >> 6] |= value << shift;
      if (shift != 0 && (value >> (64 - shift)) != 0) {
        column_bits[(bit >> 6) + 1] |= value >> (64 - shift);
      }
    }
    position = end;
  }
}

void HaloExchange::finish() {
  HPCG_REQUIRE(requests_.empty() || requests_.size() == request_peers_.size());
  int status = watched_waitall("halo exchange (MPI_Waitall)", comm_,
                               static_cast<int>(requests_.size()), requests_.data(),
                               request_peers_.data(), static_cast<int>(halo_.receive_ranks.size()));
  requests_.clear();
  if (status != MPI_SUCCESS) throw InternalError("halo exchange failed in MPI_Waitall");
}

}  // namespace hpcg
