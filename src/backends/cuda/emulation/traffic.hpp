// SPDX-License-Identifier: BSD-3-Clause
// The bytes the cuda backend's kernels move, counted on the host emulation: an Executor that
// records every 32-byte memory sector each kernel reads and writes in the device layout, then
// runs the kernel on the executor it wraps. A GPU moves memory in such sectors; a sector a
// kernel touches twice counts once (it stays in cache within a kernel, not between kernels).
// Separate from the executors so that neither the GPU nor the timed emulation pays for it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "executor.hpp"

namespace hpcg::cuda {

class CountingExecutor final : public Executor {
 public:
  explicit CountingExecutor(std::unique_ptr<Executor> inner) : inner_(std::move(inner)) {}
  /// Since construction or the last reset().
  const Traffic* traffic() const override { return &traffic_; }
  void reset() { traffic_ = {}; }

  std::string describe() const override { return inner_->describe() + ", bytes counted"; }
  void* allocate(size_t bytes) override { return inner_->allocate(bytes); }
  void release(void* memory) override { inner_->release(memory); }
  void to_device(void* device, const void* host, size_t bytes) override {
    inner_->to_device(device, host, bytes);
  }
  void to_host(void* host, const void* device, size_t bytes) override {
    inner_->to_host(host, device, bytes);
  }
  void device_copy(void* to, const void* from, size_t bytes) override;
  void fill(double* v, int32_t n, double value) override;
  void fence() override { inner_->fence(); }

  void spmv(const SellView& A, const double* x, double* y, int32_t set) override;
  void forward(const SellView& A, int32_t begin, int32_t end, const double* r, double* x,
               double* t, bool from_zero) override;
  void backward(const SellView& A, int32_t begin, int32_t end, const double* t,
                double* x) override;
  void residual_restriction(const SellView& A, const double* r, const double* x, double* rc,
                            int32_t set) override;
  void prolongation(const SellView& A, const double* xc, double* x) override;
  void pack(const SellView& A, const double* x, double* send) override;
  double dot(int32_t n, const double* x, const double* y) override;
  void waxpby(int32_t n, double alpha, const double* x, double beta, const double* y,
              double* w) override;
  double waxpby_norm(int32_t n, double alpha, const double* x, double beta, const double* y,
                     double* w) override;
  double spmv_dot(const SellView& A, const double* x, double* y, int32_t set) override;
  void basis_dots(int32_t n, const BasisChunk& basis, const double* q, double* h) override;
  void subtract_projections(int32_t n, const BasisChunk& basis, double* q) override;

 private:
  template <class T>
  void read(const T* p, int64_t count = 1) {
    touch(read_, p, count * static_cast<int64_t>(sizeof(T)));
  }
  template <class T>
  void write(const T* p, int64_t count = 1) {
    touch(written_, p, count * static_cast<int64_t>(sizeof(T)));
  }
  /// The sectors one kernel touched, each at least once. A small direct-mapped filter drops a
  /// sector it recorded moments ago (neighbouring rows read the same sectors of x), so the sort
  /// that counts them at the kernel's end sees mostly distinct ones.
  struct Sectors {
    static constexpr uintptr_t none = UINTPTR_MAX;
    std::vector<uintptr_t> touched;
    std::array<uintptr_t, 4096> recent;
    Sectors() { recent.fill(none); }
  };
  static void touch(Sectors& sectors, const void* p, int64_t bytes);
  /// Counts the distinct sectors and empties the record for the next kernel.
  static uint64_t distinct_sectors(Sectors& sectors);
  /// Adds the distinct sectors recorded since the last call as one kernel.
  void end_kernel();
  /// The reads of subtract_lower (lower) or subtract_upper: the block's bounds, the row's
  /// entries in it and the x values they multiply.
  void read_block(const SellView& A, int32_t s, bool lower, const double* x);
  /// The reads of in_set: the slot's slice flag unless the set is all slots.
  bool read_in_set(const SellView& A, int32_t s, int32_t set);
  /// The reads of row_residual: the diagonal, x[s], L and U.
  void read_row(const SellView& A, int32_t s, const double* x);
  /// The reduction's second pass: block sums written, read back, `results` sums written.
  void reduction_tail(int32_t n, int32_t results = 1);

  std::unique_ptr<Executor> inner_;
  Traffic traffic_;
  Sectors read_, written_;
};

}  // namespace hpcg::cuda
