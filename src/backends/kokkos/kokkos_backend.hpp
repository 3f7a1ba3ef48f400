// SPDX-License-Identifier: BSD-3-Clause
// The `kokkos` backend: block multicolour Gauss-Seidel and a fused V-cycle written once as Kokkos
// parallel patterns over Kokkos views, so that the same source runs on whatever Kokkos a site
// built (Serial, OpenMP, CUDA, HIP, SYCL). Beyond the openmp backend, it keeps the matrix split
// in sweep order, so that a smoothing step streams it 1.5 times (once from a zero guess) instead
// of twice (kernels.hpp). The core keeps its vectors in host memory: on host execution spaces
// the views alias them, on a device only vector data at kernel boundaries and halo values inside
// the V-cycle are copied.
// This header does not include Kokkos, so the registry and the tests compile without it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hpcg/backend/backend.hpp"

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

  void optimize(Problem& problem) override;
  double optimization_bytes() const override;
  void diagonal_changed(const Level& level) override;
  bool mg(Problem& problem, const Vector& r, Vector& x) override;

  void spmv(const Level& level, const Vector& x, Vector& y) override;
  void symgs(const Level& level, const Vector& r, Vector& x) override;
  double dot(local_int n, const Vector& x, const Vector& y) override;
  void waxpby(local_int n, double alpha, const Vector& x, double beta, const Vector& y,
              Vector& w) override;
  void restrict_residual(const Level& fine, const Vector& r, const Vector& Axf,
                         Vector& rc) override;
  void prolongate(const Level& fine, const Vector& xc, Vector& x) override;

  /// Colours used on each level (for tests and the log).
  std::vector<int> colors_per_level() const;
  /// Whether each level stores L's columns as 16-bit offsets from their rows (for tests).
  std::vector<bool> lower_offsets_per_level() const;
  /// Whether kernels work on copies (device memory, or KokkosOptions::separate_memory).
  bool separate_memory() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace hpcg::backends::kokkos
