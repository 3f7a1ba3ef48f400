// SPDX-License-Identifier: BSD-3-Clause
// xcuda-stream: STREAM copy and triad on one GPU (best of 20 runs each, BabelStream's way of
// counting bytes: 2 and 3 arrays of doubles). setup/gpu_check.sh divides the copy bandwidth by
// 6.4 bytes per flop for the cuda backend's roofline. Usage: xcuda-stream [MiB per array]
// Exit status 3 when no device is visible.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace {

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

__global__ void init_kernel(double* v, double value, long n) {
  for (long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long>(gridDim.x) * blockDim.x) {
    v[i] = value;
  }
}

bool ok(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return true;
  std::fprintf(stderr, "xcuda-stream: %s: %s\n", what, cudaGetErrorString(status));
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const long mib = argc > 1 ? std::atol(argv[1]) : 1024;
  if (mib <= 0) {
    std::fprintf(stderr, "xcuda-stream: expected a positive size in MiB per array\n");
    return 2;
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "xcuda-stream: no CUDA device visible\n");
    return 3;
  }
  const long n = mib * 1024 * 1024 / 8;
  double *a = nullptr, *b = nullptr, *c = nullptr;
  if (!ok(cudaMalloc(&a, n * 8), "cudaMalloc") || !ok(cudaMalloc(&b, n * 8), "cudaMalloc") ||
      !ok(cudaMalloc(&c, n * 8), "cudaMalloc")) {
    return 3;
  }
  const int blocks = 4096, threads = 256;
  init_kernel<<<blocks, threads>>>(a, 1.0, n);
  init_kernel<<<blocks, threads>>>(b, 2.0, n);
  init_kernel<<<blocks, threads>>>(c, 0.0, n);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  float best_copy = 1e30f, best_triad = 1e30f;
  for (int run = 0; run < 20; ++run) {
    float ms = 0;
    cudaEventRecord(start);
    copy_kernel<<<blocks, threads>>>(a, c, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    if (run > 0) best_copy = std::min(best_copy, ms);
    cudaEventRecord(start);
    triad_kernel<<<blocks, threads>>>(a, b, c, 0.4, n);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    cudaEventElapsedTime(&ms, start, stop);
    if (run > 0) best_triad = std::min(best_triad, ms);
  }
  if (!ok(cudaDeviceSynchronize(), "kernels")) return 3;
  double check = 0;
  cudaMemcpy(&check, a, sizeof check, cudaMemcpyDeviceToHost);
  double expected = 1.0;  // each run: c = a, then a = b + 0.4 c with b = 2
  for (int run = 0; run < 20; ++run) expected = 2.0 + 0.4 * expected;
  if (!(std::abs(check - expected) <= 1e-12 * expected)) {
    std::fprintf(stderr, "xcuda-stream: wrong triad result %g\n", check);
    return 1;
  }
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  std::printf("device: %s\n", properties.name);
  std::printf("copy GB/s: %.1f\n", 2.0 * 8 * n / (best_copy * 1e-3) / 1e9);
  std::printf("triad GB/s: %.1f\n", 3.0 * 8 * n / (best_triad * 1e-3) / 1e9);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
