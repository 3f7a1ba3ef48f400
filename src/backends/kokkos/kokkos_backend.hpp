// SPDX-License-Identifier: BSD-3-Clause
// The `kokkos` backend: block multicolour Gauss-Seidel and the fused V-cycle steps written once
// as Kokkos parallel patterns over Kokkos views, so that the same source runs on whatever Kokkos
// a site built (Serial, OpenMP, CUDA, HIP, SYCL). Every vector CG and the V-cycle use is a view
// this backend allocates in the execution space's memory, and every kernel runs there: on a
// device (or with KokkosOptions::separate_memory on a CPU) only halo values cross to the host
// during the timed sets, gathered and copied once per exchange.
// This header does not include Kokkos, so the registry and the tests compile without it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hpcg/backends/backend.hpp"

namespace hpcg::backends::kokkos {

/// Starts Kokkos (after MPI_Init) with the --kokkos-* arguments of argv, which it removes from
/// argv; the others stay in order. Does nothing when Kokkos is already running.
void initialize(int& argc, char** argv);
/// Stops Kokkos if initialize() started it; every Kokkos view must be gone (before MPI_Finalize).
void finalize();
/// "Kokkos 3.4.1 OpenMP": Kokkos' version and default execution space.
std::string configuration();
/// Concurrency of the default execution space (CPU threads; resident threads of a device).
int concurrency();

struct KokkosOptions {
  /// Copy the matrix and vectors into allocations of their own, as on a device, even when the
  /// execution space reads host memory. Lets CPU tests run the device code path.
  bool separate_memory = false;
  /// Rows per colouring block; 0 chooses for the execution space: on host spaces about rows /
  /// (2 x concurrency) (2 colours on HPCG's grids), on devices 1 (point multicolouring).
  local_int block_rows = 0;
};

class KokkosBackend : public Backend {
 public:
  /// Throws InternalError unless Kokkos is running (see initialize()).
  explicit KokkosBackend(KokkosOptions options = {});
  ~KokkosBackend() override;

  std::string name() const override { return "kokkos"; }
  std::string version() const override;
  KernelSet optimized_kernels() const override;
  // No fused_kernels(): on a device Kokkos sizes each reduction kernel's blocks for its own
  // occupancy, so a fused SpMV + dot could sum in another tree than dot() does, and CG would no
  // longer give the separate kernels' residuals bit for bit.
  MemoryKind memory() const override;
  double optimization_bytes() const override;
  void diagonal_changed(int level) override;

  BackendVector allocate(int level, VectorRole role, local_int length) override;
  void upload(const double* host, local_int begin, local_int count, BackendVector& v) override;
  void download(const BackendVector& v, local_int begin, local_int count, double* host) override;
  void fill(BackendVector& v, double value) override;
  void copy(const BackendVector& from, local_int count, BackendVector& to) override;
  void fence() override;
  void pack_halo(int level, const BackendVector& x, double* send) override;
  void unpack_halo(int level, const double* receive, BackendVector& x) override;
  HaloBuffers halo_buffers(int level) override;

  void spmv_part(HaloPart part, int level, const BackendVector& x, BackendVector& y) override;
  void symgs_part(HaloPart part, int level, const BackendVector& r, BackendVector& x) override;
  void symgs_zero_guess(int level, const BackendVector& r, BackendVector& x) override;
  void residual_restriction_part(HaloPart part, int level, const BackendVector& r,
                                 const BackendVector& x, BackendVector& rc) override;
  void prolongation(int level, const BackendVector& xc, BackendVector& x) override;
  double dot(local_int n, const BackendVector& x, const BackendVector& y) override;
  void waxpby(local_int n, double alpha, const BackendVector& x, double beta,
              const BackendVector& y, BackendVector& w) override;
  std::vector<local_int> sweep_order(int level) const override;

  // HPG-MxP's steps (float_steps.cpp): float vectors are views in the space's memory too, and
  // every step, both precisions' forward sweeps included, runs there on the level's split
  // matrix (its values rounded to float for the *_float steps).
  BackendVector allocate_float(int level, VectorRole role, local_int length) override;
  void upload_float(const float* host, local_int begin, local_int count,
                    BackendVector& v) override;
  void download_float(const BackendVector& v, local_int begin, local_int count,
                      float* host) override;
  void fill_float(BackendVector& v, float value) override;
  void pack_halo_float(int level, const BackendVector& x, double* send) override;
  void unpack_halo_float(int level, const double* receive, BackendVector& x) override;
  void gs_forward_part(HaloPart part, int level, const BackendVector& r,
                       BackendVector& x) override;
  void spmv_float_part(HaloPart part, int level, const BackendVector& x,
                       BackendVector& y) override;
  void gs_forward_float_part(HaloPart part, int level, const BackendVector& r,
                             BackendVector& x) override;
  void residual_restriction_float_part(HaloPart part, int level, const BackendVector& r,
                                       const BackendVector& x, BackendVector& rc) override;
  void prolongation_float(int level, const BackendVector& xc, BackendVector& x) override;
  double dot_float(local_int n, const BackendVector& x, const BackendVector& y) override;
  void waxpby_float(local_int n, double alpha, const BackendVector& x, double beta,
                    const BackendVector& y, BackendVector& w) override;
  void round_to_float(local_int n, double alpha, const BackendVector& x,
                      BackendVector& y) override;
  void add_float(local_int n, const BackendVector& z, BackendVector& x) override;
  // Gram-Schmidt's steps in both precisions (gram_schmidt.cpp): one pass over the basis each,
  // the dots in a fixed tree that depends on n only.
  void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                  double* h) override;
  void subtract_projections(local_int n, int k, const BackendVector* basis, const double* h,
                            BackendVector& q) override;

  /// Colours used on each level (for tests and the log).
  std::vector<int> colors_per_level() const;
  /// Whether each level stores L's columns as 16-bit offsets from their rows (for tests).
  std::vector<bool> lower_offsets_per_level() const;
  /// Whether kernels work on copies (device memory, or KokkosOptions::separate_memory).
  bool separate_memory() const;

 protected:
  void prepare(const Problem& problem) override;
  void release(void* handle) override;
  double* host_data(const BackendVector& v) override;
  void release_float(void* handle) override;
  float* host_data_float(const BackendVector& v) override;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hpcg::backends::kokkos
