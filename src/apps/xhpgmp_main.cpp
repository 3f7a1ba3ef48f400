// SPDX-License-Identifier: BSD-3-Clause
// xhpgmp: HPG-MxP, HPCG's mixed-precision sibling, on the same generator, halo and checks.
#include <mpi.h>

#include "hpcg/backends/registry.hpp"
#include "hpcg/base/job_end.hpp"
#include "hpcg/hpgmp/xhpgmp.hpp"

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  hpcg::initialize_backends(argc, argv);
  int status = hpcg::hpgmp::run_xhpgmp(hpcg::Comm(MPI_COMM_WORLD), {argv + 1, argv + argc});
  hpcg::finalize_backends();
  return hpcg::finalize_mpi("xhpgmp", status);
}
