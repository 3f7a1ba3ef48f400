// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad: the STREAM triad on every rank at once (hpcg/base/stream_triad.hpp, the kernel
// xhpcg measures around its timed sets), sized as xhpcg sizes it unless an element count per
// rank is given; prints the aggregate bandwidth in GB/s. setup/bench.sh reads the third word.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>

#include "hpcg/base/stream_triad.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int status = 0;
  {
    const hpcg::Comm comm(MPI_COMM_WORLD);
    const long n = argc > 1 ? std::atol(argv[1]) : hpcg::triad_elements_per_rank(comm);
    const hpcg::TriadMeasurement triad =
        n > 0 ? hpcg::measure_stream_triad(comm, n, {10, 0.0}) : hpcg::TriadMeasurement{};
    if (!triad.measured) {
      if (comm.is_root()) {
        std::fprintf(stderr, "xstream-triad: cannot allocate 3 x %ld doubles (usage: "
                             "xstream-triad [elements per rank, above 0])\n", n);
      }
      status = 3;
    } else if (comm.is_root()) {
      std::printf("triad GB/s %.2f (checksum %g)\n", triad.gbs, triad.checksum);
    }
  }
  MPI_Finalize();
  return status;
}
