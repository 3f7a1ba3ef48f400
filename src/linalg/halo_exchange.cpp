// SPDX-License-Identifier: BSD-3-Clause
// Non-blocking halo exchange: receive straight into the vector's halo part (no unpack, since the
// layout matches the sender's ascending-id order), pack and send the boundary rows.
#include <utility>

#include "hpcg/base/error.hpp"
#include "hpcg/linalg/halo.hpp"

namespace hpcg {

namespace {
constexpr int halo_tag = 99;  // HPCG 3.1's tag
}

HaloExchange::HaloExchange(Halo halo, local_int rows, const Comm& comm)
    : halo_(std::move(halo)), rows_(rows), comm_(comm.get()), send_buffer_(halo_.send_rows.size()) {
  requests_.reserve(halo_.receive_ranks.size() + halo_.send_ranks.size());
}

void HaloExchange::begin(double* x) {
  HPCG_REQUIRE(requests_.empty());
  double* receive = x + rows_;
  for (size_t i = 0; i < halo_.receive_ranks.size(); ++i) {
    requests_.emplace_back();
    MPI_Irecv(receive, halo_.receive_counts[i], MPI_DOUBLE, halo_.receive_ranks[i], halo_tag,
              comm_, &requests_.back());
    receive += halo_.receive_counts[i];
  }
  const local_int* rows = halo_.send_rows.data();
  double* buffer = send_buffer_.data();
  auto count = static_cast<local_int>(halo_.send_rows.size());
  for (local_int k = 0; k < count; ++k) buffer[k] = x[rows[k]];
  for (size_t i = 0; i < halo_.send_ranks.size(); ++i) {
    requests_.emplace_back();
    MPI_Isend(buffer, halo_.send_counts[i], MPI_DOUBLE, halo_.send_ranks[i], halo_tag, comm_,
              &requests_.back());
    buffer += halo_.send_counts[i];
  }
}

void HaloExchange::finish() {
  int status = MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(),
                           MPI_STATUSES_IGNORE);
  requests_.clear();
  if (status != MPI_SUCCESS) throw InternalError("halo exchange failed in MPI_Waitall");
}

}  // namespace hpcg
