// SPDX-License-Identifier: BSD-3-Clause
// xgraph: PageRank and BFS under GAP's rules. Everything but MPI's lifetime lives in the library.
#include <mpi.h>

#include "hpcg/base/job_end.hpp"
#include "hpcg/graph/xgraph.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int status = hpcg::graph::run_xgraph(hpcg::Comm(MPI_COMM_WORLD), {argv + 1, argv + argc});
  return hpcg::finalize_mpi("xgraph", status);
}
