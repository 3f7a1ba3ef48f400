// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad's device path on a GPU: grid-stride STREAM kernels on the default stream, each
// timed between two events (launch overhead included, as BabelStream does).
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "stream_triad_device.hpp"

namespace hpcg::stream {
namespace {

constexpr int blocks = 4096, threads = 256;

__global__ void copy_kernel(const double* a, double* c, long n) {
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x) {
    c[i] = a[i];
  }
}

__global__ void triad_kernel(double* a, const double* b, const double* c, double scalar, long n) {
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x) {
    a[i] = b[i] + scalar * c[i];
  }
}

__global__ void fill_kernel(double* v, double value, long n) {
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x) {
    v[i] = value;
  }
}

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

cudaEvent_t event(void* e) { return static_cast<cudaEvent_t>(e); }

}  // namespace

DeviceArrays::DeviceArrays(long n, int local_rank) : n_(n) {
  if (cudaGetDeviceCount(&devices_) != cudaSuccess || devices_ == 0) {
    throw std::runtime_error("no CUDA device visible");
  }
  device_ = local_rank % devices_;
  try {
    check(cudaSetDevice(device_), "cudaSetDevice");
    check(cudaMalloc(&a_, n * sizeof(double)), "cudaMalloc");
    check(cudaMalloc(&b_, n * sizeof(double)), "cudaMalloc");
    check(cudaMalloc(&c_, n * sizeof(double)), "cudaMalloc");
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start), "cudaEventCreate");
    start_ = start;
    check(cudaEventCreate(&stop), "cudaEventCreate");
    stop_ = stop;
    fill_kernel<<<blocks, threads>>>(a_, 1.0, n);
    fill_kernel<<<blocks, threads>>>(b_, 2.0, n);
    fill_kernel<<<blocks, threads>>>(c_, 0.0, n);
    check(cudaDeviceSynchronize(), "filling the arrays");
  } catch (...) {
    release();
    throw;
  }
}

DeviceArrays::~DeviceArrays() { release(); }

void DeviceArrays::release() {
  cudaFree(a_);
  cudaFree(b_);
  cudaFree(c_);
  if (start_ != nullptr) cudaEventDestroy(event(start_));
  if (stop_ != nullptr) cudaEventDestroy(event(stop_));
  a_ = b_ = c_ = nullptr;
  start_ = stop_ = nullptr;
}

std::string DeviceArrays::describe() const {
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, device_);
  return std::string(properties.name) + " (device " + std::to_string(device_) + " of " +
         std::to_string(devices_) + ")";
}

namespace {

template <class Launch>
double timed(void* start, void* stop, std::string& error, Launch launch) {
  if (!error.empty()) return 0;
  float ms = 0;
  cudaEventRecord(event(start));
  launch();
  cudaEventRecord(event(stop));
  cudaError_t status = cudaEventSynchronize(event(stop));
  if (status == cudaSuccess) status = cudaGetLastError();
  if (status != cudaSuccess) {
    error = std::string("kernel: ") + cudaGetErrorString(status);
    return 0;
  }
  cudaEventElapsedTime(&ms, event(start), event(stop));
  return ms * 1e-3;
}

}  // namespace

double DeviceArrays::copy_seconds() {
  return timed(start_, stop_, error_, [&] { copy_kernel<<<blocks, threads>>>(a_, c_, n_); });
}

double DeviceArrays::triad_seconds(double scalar) {
  return timed(start_, stop_, error_,
               [&] { triad_kernel<<<blocks, threads>>>(a_, b_, c_, scalar, n_); });
}

double DeviceArrays::first_value() {
  double value = 0;
  if (!error_.empty()) return value;
  const cudaError_t status = cudaMemcpy(&value, a_, sizeof value, cudaMemcpyDeviceToHost);
  if (status != cudaSuccess) error_ = std::string("cudaMemcpy: ") + cudaGetErrorString(status);
  return value;
}

}  // namespace hpcg::stream
