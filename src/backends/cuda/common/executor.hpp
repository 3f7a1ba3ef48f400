// SPDX-License-Identifier: BSD-3-Clause
// Where the cuda backend's memory lives and its kernels run. Two implementations share every
// other file: device/cuda_executor.cu (the GPU, libhpcg_cuda.so) and emulation/host_executor.cpp
// (the same row functions in loops on the CPU, libhpcg_cuda_emulation.so, which the normal test
// suite runs).
// Every method throws std::runtime_error with a message on failure.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <string>
#include <vector>

#include "layout.hpp"
#include "row_kernels.hpp"

namespace hpcg::cuda {

/// Bytes read and written and kernels launched, as traffic.hpp's CountingExecutor counts them.
struct Traffic {
  uint64_t read_bytes = 0, written_bytes = 0, kernels = 0;
  uint64_t bytes() const { return read_bytes + written_bytes; }
};

class Executor {
 public:
  virtual ~Executor() = default;
  /// "NVIDIA H200 (device 0 of 1)" or "host emulation".
  virtual std::string describe() const = 0;
  /// What the kernels moved so far, where this executor counts it (traffic=count).
  virtual const Traffic* traffic() const { return nullptr; }

  virtual void* allocate(size_t bytes) = 0;
  virtual void release(void* memory) = 0;
  virtual void to_device(void* device, const void* host, size_t bytes) = 0;
  virtual void to_host(void* host, const void* device, size_t bytes) = 0;
  virtual void device_copy(void* to, const void* from, size_t bytes) = 0;
  virtual void fill(double* v, int32_t n, double value) = 0;
  virtual void fence() = 0;

  /// The kernels of steps that read a halo cover the slots of `set` (SlotSet).
  virtual void spmv(const SellView& A, const double* x, double* y, int32_t set) = 0;
  /// forward_row over slots [begin, end) (one colour: any order gives the same result).
  virtual void forward(const SellView& A, int32_t begin, int32_t end, const double* r, double* x,
                       double* t, bool from_zero) = 0;
  /// backward_row over slots [begin, end).
  virtual void backward(const SellView& A, int32_t begin, int32_t end, const double* t,
                        double* x) = 0;
  virtual void residual_restriction(const SellView& A, const double* r, const double* x,
                                    double* rc, int32_t set) = 0;
  virtual void prolongation(const SellView& A, const double* xc, double* x) = 0;
  virtual void pack(const SellView& A, const double* x, double* send) = 0;

  virtual double dot(int32_t n, const double* x, const double* y) = 0;
  virtual void waxpby(int32_t n, double alpha, const double* x, double beta, const double* y,
                      double* w) = 0;
  virtual double waxpby_norm(int32_t n, double alpha, const double* x, double beta,
                             const double* y, double* w) = 0;
  /// y = A x on `set`, y read elsewhere, and x.y over all slots.
  virtual double spmv_dot(const SellView& A, const double* x, double* y, int32_t set) = 0;
  /// Gram-Schmidt's steps over n slots: h[j] = vector[j].q for j < count, each summed as
  /// dot() sums (bit for bit); q -= sum_j coefficient[j] vector[j], the terms in order.
  virtual void basis_dots(int32_t n, const BasisChunk& basis, const double* q, double* h) = 0;
  virtual void subtract_projections(int32_t n, const BasisChunk& basis, double* q) = 0;
};

/// One symmetric Gauss-Seidel step for A x = r: the colours forward, then backward from the
/// last colour but one (its rows were just relaxed against values that have not changed since:
/// the same step in exact arithmetic, as rocHPCG does). from_zero: x (halo too) is set to 0
/// first and the forward sweep reads L only. t: scratch of A.slots values. All vectors by slot.
void symmetric_sweep(Executor& executor, const SellView& A,
                     const std::vector<int32_t>& colour_start, const double* r, double* x,
                     double* t, bool from_zero);

/// Whether this rank can run the backend at all; throws with a message naming the rank.
void probe_executor(int32_t rank, const Settings& settings);

/// The executor for this rank (one GPU per rank: local rank modulo the visible devices, or
/// settings.device).
std::unique_ptr<Executor> make_executor(int32_t rank, const Settings& settings);

/// The backend's name in the function table ("cuda" or "cuda-emulation").
const char* executor_backend_name();

}  // namespace hpcg::cuda
