// SPDX-License-Identifier: BSD-3-Clause
// xhpcg: the HPCG 3.1 benchmark. Everything but MPI's lifetime lives in the library.
#include <mpi.h>

#include "hpcg/benchmark/xhpcg.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int status = hpcg::run_xhpcg(hpcg::Comm(MPI_COMM_WORLD), {argv + 1, argv + argc});
  MPI_Finalize();
  return status;
}
