// SPDX-License-Identifier: BSD-3-Clause
// The cuda backend's kernels run on the CPU: each loop body is the row function a GPU thread
// runs, and the reductions follow the GPU's blocks and trees, so libhpcg_cuda_emulation.so
// proves the layout, the sweep order and the V-cycle steps end to end where there is no GPU.
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <vector>

#include "executor.hpp"
#include "traffic.hpp"

namespace hpcg::cuda {
namespace {

/// The GPU's two-pass reduction: block sums from `thread(b, t)`, then one block over them.
template <class ThreadSum>
double reduce(int32_t n, ThreadSum thread) {
  const int32_t blocks = reduce_blocks(n);
  std::vector<double> block_sum(blocks);
  for (int32_t b = 0; b < blocks; ++b) {
    double partial[reduce_threads];
    for (int32_t t = 0; t < reduce_threads; ++t) partial[t] = thread(b, t);
    tree_sum(partial);
    block_sum[b] = partial[0];
  }
  double partial[reduce_threads];
  for (int32_t t = 0; t < reduce_threads; ++t) partial[t] = partial_thread(blocks, t, block_sum.data());
  tree_sum(partial);
  return partial[0];
}

class HostExecutor final : public Executor {
 public:
  std::string describe() const override { return "host emulation"; }

  void* allocate(size_t bytes) override {
    void* memory = std::calloc(bytes > 0 ? bytes : 1, 1);
    if (memory == nullptr) throw std::runtime_error("out of host memory");
    return memory;
  }
  void release(void* memory) override { std::free(memory); }
  void to_device(void* device, const void* host, size_t bytes) override {
    if (bytes > 0) std::memcpy(device, host, bytes);
  }
  void to_host(void* host, const void* device, size_t bytes) override {
    if (bytes > 0) std::memcpy(host, device, bytes);
  }
  void device_copy(void* to, const void* from, size_t bytes) override {
    if (bytes > 0) std::memmove(to, from, bytes);
  }
  void fill(double* v, int32_t n, double value) override {
    for (int32_t i = 0; i < n; ++i) v[i] = value;
  }
  void fence() override {}

  void spmv(const SellView& A, const double* x, double* y, int32_t set) override {
    for (int32_t s = 0; s < A.slots; ++s) spmv_row(A, s, x, y, set);
  }
  void forward(const SellView& A, int32_t begin, int32_t end, const double* r, double* x,
               double* t, bool from_zero) override {
    for (int32_t s = begin; s < end; ++s) forward_row(A, s, r, x, t, from_zero);
  }
  void backward(const SellView& A, int32_t begin, int32_t end, const double* t,
                double* x) override {
    for (int32_t s = begin; s < end; ++s) backward_row(A, s, t, x);
  }
  void residual_restriction(const SellView& A, const double* r, const double* x, double* rc,
                            int32_t set) override {
    for (int32_t c = 0; c < A.coarse_slots; ++c) residual_restriction_row(A, c, r, x, rc, set);
  }
  void prolongation(const SellView& A, const double* xc, double* x) override {
    for (int32_t c = 0; c < A.coarse_slots; ++c) prolongation_row(A, c, xc, x);
  }
  void pack(const SellView& A, const double* x, double* send) override {
    for (int32_t k = 0; k < A.send_count; ++k) pack_row(A, k, x, send);
  }

  double dot(int32_t n, const double* x, const double* y) override {
    return reduce(n, [&](int32_t b, int32_t t) { return dot_thread(n, b, t, x, y); });
  }
  void waxpby(int32_t n, double alpha, const double* x, double beta, const double* y,
              double* w) override {
    for (int32_t i = 0; i < n; ++i) waxpby_element(i, alpha, x, beta, y, w);
  }
  double waxpby_norm(int32_t n, double alpha, const double* x, double beta, const double* y,
                     double* w) override {
    return reduce(n, [&](int32_t b, int32_t t) {
      return waxpby_norm_thread(n, b, t, alpha, x, beta, y, w);
    });
  }
  double spmv_dot(const SellView& A, const double* x, double* y, int32_t set) override {
    return reduce(A.slots,
                  [&](int32_t b, int32_t t) { return spmv_dot_thread(A, b, t, x, y, set); });
  }
  /// The GPU's kernels: every thread's shares of all the chunk's sums, a tree per vector and
  /// block, then one block per vector over its block sums.
  void basis_dots(int32_t n, const BasisChunk& basis, const double* q, double* h) override {
    const int32_t blocks = reduce_blocks(n);
    std::vector<double> block_sum(static_cast<size_t>(blocks) * basis.count);
    std::vector<double> partial(static_cast<size_t>(basis.count) * reduce_threads);
    double sums[basis_chunk];
    for (int32_t b = 0; b < blocks; ++b) {
      for (int32_t t = 0; t < reduce_threads; ++t) {
        basis_dots_thread(n, b, t, basis, q, sums);
        for (int32_t j = 0; j < basis.count; ++j) partial[j * reduce_threads + t] = sums[j];
      }
      for (int32_t j = 0; j < basis.count; ++j) {
        tree_sum(partial.data() + j * reduce_threads);
        block_sum[static_cast<size_t>(j) * blocks + b] = partial[j * reduce_threads];
      }
    }
    for (int32_t j = 0; j < basis.count; ++j) {
      double last[reduce_threads];
      for (int32_t t = 0; t < reduce_threads; ++t) {
        last[t] = partial_thread(blocks, t, block_sum.data() + static_cast<size_t>(j) * blocks);
      }
      tree_sum(last);
      h[j] = last[0];
    }
  }
  void subtract_projections(int32_t n, const BasisChunk& basis, double* q) override {
    for (int32_t i = 0; i < n; ++i) subtract_projections_element(i, basis, q);
  }
};

}  // namespace

void probe_executor(int32_t, const Settings&) {}

std::unique_ptr<Executor> make_executor(int32_t, const Settings& settings) {
  if (settings.count_traffic) {
    return std::make_unique<CountingExecutor>(std::make_unique<HostExecutor>());
  }
  return std::make_unique<HostExecutor>();
}

const char* executor_backend_name() { return "cuda-emulation"; }

}  // namespace hpcg::cuda
