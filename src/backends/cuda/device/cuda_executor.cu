// SPDX-License-Identifier: BSD-3-Clause
// The GPU executor: one CUDA thread per row (or element) running row_kernels.hpp's functions,
// reductions in two passes with row_kernels.hpp's fixed blocks and trees. Everything runs on
// the default stream, in order; results the core needs (dot products, halo values) are copied
// back synchronously.
#include <cuda_runtime.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "executor.hpp"

namespace hpcg::cuda {
namespace {

constexpr int threads_per_block = 256;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string("CUDA error in ") + what + ": " +
                             cudaGetErrorString(status));
  }
}

int blocks_for(int32_t n) { return (n + threads_per_block - 1) / threads_per_block; }

__global__ void spmv_kernel(SellView A, const double* x, double* y, int32_t set) {
  const int32_t s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < A.slots) spmv_row(A, s, x, y, set);
}

__global__ void forward_kernel(SellView A, int32_t begin, int32_t end, const double* r, double* x,
                               double* t, bool from_zero) {
  const int32_t s = begin + blockIdx.x * blockDim.x + threadIdx.x;
  if (s < end) forward_row(A, s, r, x, t, from_zero);
}

__global__ void backward_kernel(SellView A, int32_t begin, int32_t end, const double* t,
                                double* x) {
  const int32_t s = begin + blockIdx.x * blockDim.x + threadIdx.x;
  if (s < end) backward_row(A, s, t, x);
}

__global__ void restriction_kernel(SellView A, const double* r, const double* x, double* rc,
                                   int32_t set) {
  const int32_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < A.coarse_slots) residual_restriction_row(A, c, r, x, rc, set);
}

__global__ void prolongation_kernel(SellView A, const double* xc, double* x) {
  const int32_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < A.coarse_slots) prolongation_row(A, c, xc, x);
}

__global__ void pack_kernel(SellView A, const double* x, double* send) {
  const int32_t k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < A.send_count) pack_row(A, k, x, send);
}

__global__ void fill_kernel(double* v, int32_t n, double value) {
  const int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = value;
}

__global__ void waxpby_kernel(int32_t n, double alpha, const double* x, double beta,
                              const double* y, double* w) {
  const int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) waxpby_element(i, alpha, x, beta, y, w);
}

/// The tree of row_kernels.hpp's tree_sum, one level per step, all threads of the block.
__device__ void block_tree(double* partial) {
  for (int32_t half = reduce_threads / 2; half > 0; half /= 2) {
    __syncthreads();
    if (static_cast<int32_t>(threadIdx.x) < half) partial[threadIdx.x] += partial[threadIdx.x + half];
  }
}

struct DotSum {
  int32_t n;
  const double* x;
  const double* y;
  __device__ double operator()(int32_t b, int32_t t) const { return dot_thread(n, b, t, x, y); }
};

struct WaxpbyNormSum {
  int32_t n;
  double alpha;
  const double* x;
  double beta;
  const double* y;
  double* w;
  __device__ double operator()(int32_t b, int32_t t) const {
    return waxpby_norm_thread(n, b, t, alpha, x, beta, y, w);
  }
};

struct SpmvDotSum {
  SellView A;
  const double* x;
  double* y;
  int32_t set;
  __device__ double operator()(int32_t b, int32_t t) const {
    return spmv_dot_thread(A, b, t, x, y, set);
  }
};

template <class ThreadSum>
__global__ void block_sums_kernel(ThreadSum thread, double* block_sum) {
  __shared__ double partial[reduce_threads];
  partial[threadIdx.x] = thread(blockIdx.x, threadIdx.x);
  block_tree(partial);
  if (threadIdx.x == 0) block_sum[blockIdx.x] = partial[0];
}

__global__ void final_sum_kernel(int32_t blocks, const double* block_sum, double* result) {
  __shared__ double partial[reduce_threads];
  partial[threadIdx.x] = partial_thread(blocks, threadIdx.x, block_sum);
  block_tree(partial);
  if (threadIdx.x == 0) *result = partial[0];
}

/// Gram-Schmidt's dots, first pass: every thread's shares of all the chunk's sums (q read once),
/// then the block's tree per vector, as block_sums_kernel's for one dot. Vector j's block sums
/// go to block_sum[j * blocks, (j + 1) * blocks).
__global__ void basis_dots_kernel(int32_t n, BasisChunk basis, const double* q,
                                  double* block_sum) {
  __shared__ double partial[reduce_threads];
  double sums[basis_chunk];
  basis_dots_thread(n, blockIdx.x, threadIdx.x, basis, q, sums);
  for (int32_t j = 0; j < basis.count; ++j) {
    partial[threadIdx.x] = sums[j];
    block_tree(partial);
    if (threadIdx.x == 0) block_sum[j * gridDim.x + blockIdx.x] = partial[0];
    __syncthreads();  // partial is written again for the next vector
  }
}

/// The second pass, one block per vector, as final_sum_kernel's.
__global__ void basis_totals_kernel(int32_t blocks, const double* block_sum, double* result) {
  __shared__ double partial[reduce_threads];
  partial[threadIdx.x] = partial_thread(blocks, threadIdx.x, block_sum + blockIdx.x * blocks);
  block_tree(partial);
  if (threadIdx.x == 0) result[blockIdx.x] = partial[0];
}

__global__ void subtract_projections_kernel(int32_t n, BasisChunk basis, double* q) {
  const int32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) subtract_projections_element(i, basis, q);
}

/// MPI launchers' local rank, so that ranks on one node take different GPUs.
int local_rank_from_environment(int32_t rank) {
  for (const char* name : {"MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK",
                           "MV2_COMM_WORLD_LOCAL_RANK", "PMI_LOCAL_RANK", "SLURM_LOCALID"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return std::atoi(value);
  }
  return rank;
}

int visible_devices(int32_t rank) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    cudaGetLastError();  // clear it
    throw std::runtime_error(
        "rank " + std::to_string(rank) + " sees no CUDA device (" +
        (status != cudaSuccess ? std::string("cudaGetDeviceCount: ") + cudaGetErrorString(status)
                               : std::string("0 devices")) +
        "); the cuda backend needs one GPU per rank: run on a GPU node or choose another "
        "backend (--list-backends)");
  }
  return count;
}

int choose_device(int32_t rank, const Settings& settings) {
  const int count = visible_devices(rank);
  if (settings.device >= count) {
    throw std::runtime_error("rank " + std::to_string(rank) + ": backend setting device=" +
                             std::to_string(settings.device) + " but only " +
                             std::to_string(count) + " CUDA device(s) are visible");
  }
  return settings.device >= 0 ? settings.device : local_rank_from_environment(rank) % count;
}

class CudaExecutor final : public Executor {
 public:
  CudaExecutor(int32_t rank, const Settings& settings) {
    device_ = choose_device(rank, settings);
    count_ = visible_devices(rank);
    check(cudaSetDevice(device_), "cudaSetDevice");
    check(cudaMallocHost(&result_, sizeof(double) * basis_chunk), "cudaMallocHost");
  }
  ~CudaExecutor() override {
    if (block_sum_ != nullptr) cudaFree(block_sum_);
    if (result_ != nullptr) cudaFreeHost(result_);
  }

  std::string describe() const override {
    cudaDeviceProp properties{};
    cudaGetDeviceProperties(&properties, device_);
    return std::string(properties.name) + " (device " + std::to_string(device_) + " of " +
           std::to_string(count_) + ")";
  }

  void* allocate(size_t bytes) override {
    void* memory = nullptr;
    const cudaError_t status = cudaMalloc(&memory, bytes > 0 ? bytes : 1);
    if (status != cudaSuccess) {
      cudaGetLastError();
      throw std::runtime_error("cannot allocate " + std::to_string(bytes) + " bytes on CUDA device " +
                               std::to_string(device_) + ": " + cudaGetErrorString(status) +
                               " (use a smaller local grid)");
    }
    return memory;
  }
  void release(void* memory) override { cudaFree(memory); }
  void to_device(void* device, const void* host, size_t bytes) override {
    if (bytes > 0) check(cudaMemcpy(device, host, bytes, cudaMemcpyDefault), "upload");
  }
  void to_host(void* host, const void* device, size_t bytes) override {
    if (bytes > 0) check(cudaMemcpy(host, device, bytes, cudaMemcpyDefault), "download");
  }
  void device_copy(void* to, const void* from, size_t bytes) override {
    if (bytes > 0) check(cudaMemcpyAsync(to, from, bytes, cudaMemcpyDefault), "copy");
  }
  void fill(double* v, int32_t n, double value) override {
    if (n > 0) fill_kernel<<<blocks_for(n), threads_per_block>>>(v, n, value);
    check(cudaGetLastError(), "fill");
  }
  void fence() override { check(cudaDeviceSynchronize(), "fence"); }

  void spmv(const SellView& A, const double* x, double* y, int32_t set) override {
    if (A.slots > 0) spmv_kernel<<<blocks_for(A.slots), threads_per_block>>>(A, x, y, set);
    check(cudaGetLastError(), "spmv");
  }
  void forward(const SellView& A, int32_t begin, int32_t end, const double* r, double* x,
               double* t, bool from_zero) override {
    if (end > begin) {
      forward_kernel<<<blocks_for(end - begin), threads_per_block>>>(A, begin, end, r, x, t, from_zero);
    }
    check(cudaGetLastError(), "forward sweep");
  }
  void backward(const SellView& A, int32_t begin, int32_t end, const double* t,
                double* x) override {
    if (end > begin) backward_kernel<<<blocks_for(end - begin), threads_per_block>>>(A, begin, end, t, x);
    check(cudaGetLastError(), "backward sweep");
  }

  void residual_restriction(const SellView& A, const double* r, const double* x, double* rc,
                            int32_t set) override {
    if (A.coarse_slots > 0) {
      restriction_kernel<<<blocks_for(A.coarse_slots), threads_per_block>>>(A, r, x, rc, set);
    }
    check(cudaGetLastError(), "residual_restriction");
  }
  void prolongation(const SellView& A, const double* xc, double* x) override {
    if (A.coarse_slots > 0) {
      prolongation_kernel<<<blocks_for(A.coarse_slots), threads_per_block>>>(A, xc, x);
    }
    check(cudaGetLastError(), "prolongation");
  }
  void pack(const SellView& A, const double* x, double* send) override {
    if (A.send_count > 0) pack_kernel<<<blocks_for(A.send_count), threads_per_block>>>(A, x, send);
    check(cudaGetLastError(), "pack_halo");
  }

  double dot(int32_t n, const double* x, const double* y) override {
    return reduce(n, DotSum{n, x, y});
  }
  void waxpby(int32_t n, double alpha, const double* x, double beta, const double* y,
              double* w) override {
    if (n > 0) waxpby_kernel<<<blocks_for(n), threads_per_block>>>(n, alpha, x, beta, y, w);
    check(cudaGetLastError(), "waxpby");
  }
  double waxpby_norm(int32_t n, double alpha, const double* x, double beta, const double* y,
                     double* w) override {
    return reduce(n, WaxpbyNormSum{n, alpha, x, beta, y, w});
  }
  double spmv_dot(const SellView& A, const double* x, double* y, int32_t set) override {
    return reduce(A.slots, SpmvDotSum{A, x, y, set});
  }
  void basis_dots(int32_t n, const BasisChunk& basis, const double* q, double* h) override {
    if (basis.count == 0) return;
    const int32_t blocks = reduce_blocks(n);
    double* block_sum = scratch((blocks + 1) * basis.count);
    double* totals = block_sum + blocks * basis.count;
    if (blocks > 0) basis_dots_kernel<<<blocks, reduce_threads>>>(n, basis, q, block_sum);
    basis_totals_kernel<<<basis.count, reduce_threads>>>(blocks, block_sum, totals);
    check(cudaGetLastError(), "basis_dots");
    check(cudaMemcpy(result_, totals, sizeof(double) * basis.count, cudaMemcpyDeviceToHost),
          "basis_dots result");
    for (int32_t j = 0; j < basis.count; ++j) h[j] = result_[j];
  }
  void subtract_projections(int32_t n, const BasisChunk& basis, double* q) override {
    if (n > 0) subtract_projections_kernel<<<blocks_for(n), threads_per_block>>>(n, basis, q);
    check(cudaGetLastError(), "subtract_projections");
  }

 private:
  /// The reductions' block sums and results: at least `values` doubles of device memory.
  double* scratch(int32_t values) {
    if (values > block_sum_capacity_) {
      if (block_sum_ != nullptr) cudaFree(block_sum_);
      block_sum_ = nullptr;  // no dangling pointer (double cudaFree) if allocate() throws
      block_sum_capacity_ = -1;
      block_sum_ = static_cast<double*>(allocate(sizeof(double) * values));
      block_sum_capacity_ = values;
    }
    return block_sum_;
  }

  template <class ThreadSum>
  double reduce(int32_t n, ThreadSum thread) {
    const int32_t blocks = reduce_blocks(n);
    double* block_sum = scratch(blocks + 1);
    if (blocks > 0) block_sums_kernel<<<blocks, reduce_threads>>>(thread, block_sum);
    final_sum_kernel<<<1, reduce_threads>>>(blocks, block_sum, block_sum + blocks);
    check(cudaGetLastError(), "reduction");
    check(cudaMemcpy(result_, block_sum + blocks, sizeof(double), cudaMemcpyDeviceToHost),
          "reduction result");
    return *result_;
  }

  int device_ = 0, count_ = 0;
  double* block_sum_ = nullptr;
  int32_t block_sum_capacity_ = -1;  ///< doubles
  double* result_ = nullptr;  // pinned, basis_chunk doubles
};

}  // namespace

void probe_executor(int32_t rank, const Settings& settings) { choose_device(rank, settings); }

std::unique_ptr<Executor> make_executor(int32_t rank, const Settings& settings) {
  if (settings.count_traffic) {
    throw std::invalid_argument("backend setting traffic=count: the bytes are counted on the "
                                "emulation (libhpcg_cuda_emulation.so), not on a GPU");
  }
  return std::make_unique<CudaExecutor>(rank, settings);
}

const char* executor_backend_name() { return "cuda"; }

}  // namespace hpcg::cuda
