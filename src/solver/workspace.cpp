// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/solver/workspace.hpp"

#include "hpcg/base/error.hpp"

namespace hpcg {

Workspace::Workspace(Backend& backend, Problem& problem, const Comm& comm,
                     bool mpi_reads_backend_memory)
    : backend_(backend), problem_(problem), comm_(comm),
      separate_(backend.memory() == MemoryKind::separate) {
  const int levels = static_cast<int>(problem.levels.size());
  cg.b = backend.allocate(0, VectorRole::cg_b, rows(0));
  cg.x = backend.allocate(0, VectorRole::cg_x, columns(0));
  cg.r = backend.allocate(0, VectorRole::cg_r, rows(0));
  cg.z = backend.allocate(0, VectorRole::cg_z, columns(0));
  cg.p = backend.allocate(0, VectorRole::cg_p, columns(0));
  cg.Ap = backend.allocate(0, VectorRole::cg_Ap, rows(0));
  mg.resize(levels);
  for (int l = 1; l < levels; ++l) {
    mg[l].rhs = backend.allocate(l, VectorRole::mg_rhs, rows(l));
    mg[l].solution = backend.allocate(l, VectorRole::mg_correction, columns(l));
  }
  for (int l = 0; l < levels; ++l) {
    const Halo& halo = problem.levels[l].A.exchange.halo();
    send_staging_.emplace_back(static_cast<local_int>(halo.send_rows.size()));
    receive_staging_.emplace_back(halo.external_count());
  }
  if (mpi_reads_backend_memory) {
    for (int l = 0; l < levels; ++l) {
      device_halo_.push_back(backend.halo_buffers(l));
      const HaloBuffers& buffers = device_halo_.back();
      if (buffers.send == nullptr || buffers.receive == nullptr) {
        device_halo_.clear();  // all levels or none: one rule for the whole run
        break;
      }
    }
  }
  upload(problem.b.data(), 0, rows(0), cg.b);
}

void Workspace::count(local_int values) {
  if (separate_) counts_.bytes += sizeof(double) * static_cast<double>(values);
}

void Workspace::exchange_halo(int level, BackendVector& x) {
  begin_halo(level, x);
  finish_halo(level, x);
}

namespace {

bool exchanges_nothing(const Halo& halo) {
  return halo.send_rows.empty() && halo.external_count() == 0;
}

}  // namespace

double* Workspace::send_buffer(int level) {
  return device_halo_.empty() ? send_staging_[level].data() : device_halo_[level].send;
}

double* Workspace::receive_buffer(int level) {
  return device_halo_.empty() ? receive_staging_[level].data() : device_halo_[level].receive;
}

void Workspace::begin_halo(int level, const BackendVector& x) {
  HaloExchange& exchange = problem_.levels[level].A.exchange;
  if (exchanges_nothing(exchange.halo())) return;
  exchange.post_receives(receive_buffer(level));
  backend_.pack_halo(level, x, send_buffer(level));
  exchange.post_sends(send_buffer(level));
}

void Workspace::finish_halo(int level, BackendVector& x) {
  HaloExchange& exchange = problem_.levels[level].A.exchange;
  const Halo& halo = exchange.halo();
  if (exchanges_nothing(halo)) return;
  exchange.finish();
  backend_.unpack_halo(level, receive_buffer(level), x);
  const auto values = static_cast<local_int>(halo.send_rows.size()) + halo.external_count();
  counts_.halo_bytes += sizeof(double) * static_cast<double>(values);
  if (device_halo_.empty()) count(values);
}

BackendVector Workspace::upload(int level, VectorRole role, const Vector& host) {
  BackendVector v = backend_.allocate(level, role, host.size());
  upload(host.data(), 0, host.size(), v);
  return v;
}

void Workspace::upload(const double* host, local_int begin, local_int count_values,
                       BackendVector& v) {
  backend_.upload(host, begin, count_values, v);
  count(count_values);
}

Vector Workspace::download(const BackendVector& v, local_int count_values) {
  HPCG_REQUIRE(count_values <= v.size());
  Vector host(count_values);
  backend_.download(v, 0, count_values, host.data());
  count(count_values);
  return host;
}

TransferCounts Workspace::transfers() const {
  TransferCounts total = counts_;
  total.bytes += backend_.staged_bytes();
  return total;
}

}  // namespace hpcg
