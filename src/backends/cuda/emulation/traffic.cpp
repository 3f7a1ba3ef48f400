// SPDX-License-Identifier: BSD-3-Clause
#include "traffic.hpp"

#include <algorithm>

namespace hpcg::cuda {
namespace {

constexpr uintptr_t sector_bytes = 32;

/// The bytes of the sectors `bytes` contiguous bytes fill.
uint64_t in_sectors(uint64_t bytes) {
  return (bytes + sector_bytes - 1) / sector_bytes * sector_bytes;
}

}  // namespace

uint64_t CountingExecutor::distinct_sectors(Sectors& sectors) {
  std::vector<uintptr_t>& touched = sectors.touched;
  std::sort(touched.begin(), touched.end());
  const uint64_t count = std::unique(touched.begin(), touched.end()) - touched.begin();
  touched.clear();
  sectors.recent.fill(Sectors::none);
  return count;
}

void CountingExecutor::touch(Sectors& sectors, const void* p, int64_t bytes) {
  const uintptr_t first = reinterpret_cast<uintptr_t>(p) / sector_bytes;
  const uintptr_t last = (reinterpret_cast<uintptr_t>(p) + bytes - 1) / sector_bytes;
  for (uintptr_t sector = first; bytes > 0 && sector <= last; ++sector) {
    uintptr_t& slot = sectors.recent[(sector ^ (sector >> 12)) % sectors.recent.size()];
    if (slot == sector) continue;  // recorded already in this kernel
    slot = sector;
    sectors.touched.push_back(sector);
  }
}

void CountingExecutor::end_kernel() {
  traffic_.read_bytes += distinct_sectors(read_) * sector_bytes;
  traffic_.written_bytes += distinct_sectors(written_) * sector_bytes;
  ++traffic_.kernels;
}

void CountingExecutor::read_block(const SellView& A, int32_t s, bool lower, const double* x) {
  const int32_t slice = s >> A.slice_shift, lane = s & (A.slice_rows - 1);
  const int64_t begin = lower ? A.slice_start[slice] : A.slice_upper[slice];
  const int64_t end = lower ? A.slice_upper[slice] : A.slice_start[slice + 1];
  read(lower ? A.slice_start + slice : A.slice_upper + slice);
  read(lower ? A.slice_upper + slice : A.slice_start + slice + 1);
  for (int64_t e = begin + lane; e < end; e += A.slice_rows) {
    read(A.value + e);
    read(A.column + e);
    read(x + A.column[e]);
  }
}

bool CountingExecutor::read_in_set(const SellView& A, int32_t s, int32_t set) {
  if (set == all_slots) return true;
  read(A.slice_reads_halo + (s >> A.slice_shift));
  return in_set(A, s, set);
}

void CountingExecutor::read_row(const SellView& A, int32_t s, const double* x) {
  read(A.diagonal + s);
  read(x + s);
  read_block(A, s, true, x);
  read_block(A, s, false, x);
}

void CountingExecutor::reduction_tail(int32_t n, int32_t results) {
  const uint64_t block_sums = in_sectors(uint64_t(reduce_blocks(n)) * results * sizeof(double));
  end_kernel();  // the first pass wrote the block sums
  traffic_.written_bytes += block_sums;
  traffic_.read_bytes += block_sums;
  traffic_.written_bytes += in_sectors(uint64_t(results) * sizeof(double));  // the results
  ++traffic_.kernels;
}

void CountingExecutor::device_copy(void* to, const void* from, size_t bytes) {
  read(static_cast<const char*>(from), static_cast<int64_t>(bytes));
  write(static_cast<const char*>(to), static_cast<int64_t>(bytes));
  end_kernel();
  inner_->device_copy(to, from, bytes);
}

void CountingExecutor::fill(double* v, int32_t n, double value) {
  write(v, n);
  end_kernel();
  inner_->fill(v, n, value);
}

void CountingExecutor::spmv(const SellView& A, const double* x, double* y, int32_t set) {
  for (int32_t s = 0; s < A.slots; ++s) {
    if (!read_in_set(A, s, set)) continue;
    read_row(A, s, x);
    write(y + s);
  }
  end_kernel();
  inner_->spmv(A, x, y, set);
}

void CountingExecutor::forward(const SellView& A, int32_t begin, int32_t end, const double* r,
                               double* x, double* t, bool from_zero) {
  for (int32_t s = begin; s < end; ++s) {
    read(r + s);
    read_block(A, s, true, x);
    if (t != nullptr) write(t + s);
    if (!from_zero) read_block(A, s, false, x);
    read(A.diagonal + s);
    write(x + s);
  }
  end_kernel();
  inner_->forward(A, begin, end, r, x, t, from_zero);
}

void CountingExecutor::backward(const SellView& A, int32_t begin, int32_t end, const double* t,
                                double* x) {
  for (int32_t s = begin; s < end; ++s) {
    read(t + s);
    read_block(A, s, false, x);
    read(A.diagonal + s);
    write(x + s);
  }
  end_kernel();
  inner_->backward(A, begin, end, t, x);
}

void CountingExecutor::residual_restriction(const SellView& A, const double* r, const double* x,
                                            double* rc, int32_t set) {
  for (int32_t c = 0; c < A.coarse_slots; ++c) {
    read(A.injected_slot + c);
    const int32_t f = A.injected_slot[c];
    if (f < 0 || !read_in_set(A, f, set)) continue;
    read(r + f);
    read_row(A, f, x);
    write(rc + c);
  }
  end_kernel();
  inner_->residual_restriction(A, r, x, rc, set);
}

void CountingExecutor::prolongation(const SellView& A, const double* xc, double* x) {
  for (int32_t c = 0; c < A.coarse_slots; ++c) {
    read(A.injected_slot + c);
    const int32_t f = A.injected_slot[c];
    if (f < 0) continue;
    read(xc + c);
    read(x + f);
    write(x + f);
  }
  end_kernel();
  inner_->prolongation(A, xc, x);
}

void CountingExecutor::pack(const SellView& A, const double* x, double* send) {
  for (int32_t k = 0; k < A.send_count; ++k) {
    read(A.send_slot + k);
    read(x + A.send_slot[k]);
    write(send + k);
  }
  end_kernel();
  inner_->pack(A, x, send);
}

double CountingExecutor::dot(int32_t n, const double* x, const double* y) {
  read(x, n);
  read(y, n);
  reduction_tail(n);
  return inner_->dot(n, x, y);
}

void CountingExecutor::waxpby(int32_t n, double alpha, const double* x, double beta,
                              const double* y, double* w) {
  read(x, n);
  read(y, n);
  write(w, n);
  end_kernel();
  inner_->waxpby(n, alpha, x, beta, y, w);
}

double CountingExecutor::waxpby_norm(int32_t n, double alpha, const double* x, double beta,
                                     const double* y, double* w) {
  read(x, n);
  read(y, n);
  write(w, n);
  reduction_tail(n);
  return inner_->waxpby_norm(n, alpha, x, beta, y, w);
}

double CountingExecutor::spmv_dot(const SellView& A, const double* x, double* y,
                                  int32_t set) {
  for (int32_t s = 0; s < A.slots; ++s) {
    read(x + s);
    if (read_in_set(A, s, set)) {
      read_row(A, s, x);
      write(y + s);
    } else {
      read(y + s);
    }
  }
  reduction_tail(A.slots);
  return inner_->spmv_dot(A, x, y, set);
}

void CountingExecutor::basis_dots(int32_t n, const BasisChunk& basis, const double* q,
                                  double* h) {
  read(q, n);
  for (int32_t j = 0; j < basis.count; ++j) read(basis.vector[j], n);
  reduction_tail(n, basis.count);
  inner_->basis_dots(n, basis, q, h);
}

void CountingExecutor::subtract_projections(int32_t n, const BasisChunk& basis, double* q) {
  read(q, n);
  for (int32_t j = 0; j < basis.count; ++j) read(basis.vector[j], n);
  write(q, n);
  end_kernel();
  inner_->subtract_projections(n, basis, q);
}

}  // namespace hpcg::cuda
