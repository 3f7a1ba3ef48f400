// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad: the STREAM triad a = b + s c on every rank at once, with first-touch placement
// by the threads that use the data; prints the aggregate bandwidth in GB/s (24 bytes per element,
// STREAM's convention). setup/bench.sh uses it for the roofline: rating * 6.4 B/flop / triad.
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // 2^25 doubles per array and rank (256 MiB): far beyond any cache.
  const long n = argc > 1 ? std::atol(argv[1]) : (1L << 25);
  const int repetitions = 10;
  double* a = static_cast<double*>(std::malloc(n * sizeof(double)));
  double* b = static_cast<double*>(std::malloc(n * sizeof(double)));
  double* c = static_cast<double*>(std::malloc(n * sizeof(double)));
  if (a == nullptr || b == nullptr || c == nullptr) {
    std::fprintf(stderr, "xstream-triad: cannot allocate 3 x %ld doubles\n", n);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  double best = 1e30;
  for (int repetition = 0; repetition < repetitions; ++repetition) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    MPI_Barrier(MPI_COMM_WORLD);
    best = std::min(best, MPI_Wtime() - start);
  }
  double checksum = 0.0, total = 0.0;
  for (long i = 0; i < n; i += 4096) checksum += a[i];
  double bytes = 3.0 * sizeof(double) * static_cast<double>(n);
  MPI_Reduce(&bytes, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) std::printf("triad GB/s %.2f (checksum %g)\n", total / best / 1e9, checksum);
  std::free(a);
  std::free(b);
  std::free(c);
  MPI_Finalize();
  return 0;
}
