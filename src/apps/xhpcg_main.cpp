// SPDX-License-Identifier: BSD-3-Clause
// xhpcg: the HPCG 3.1 benchmark. Everything but the lifetimes of MPI and of the backends'
// runtimes (Kokkos: inside MPI's, and given its --kokkos-* arguments) lives in the library.
#include <mpi.h>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/benchmark/xhpcg.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  hpcg::initialize_backends(argc, argv);
  int status = hpcg::run_xhpcg(hpcg::Comm(MPI_COMM_WORLD), {argv + 1, argv + argc});
  hpcg::finalize_backends();
  return hpcg::finalize_mpi("xhpcg", status);
}
