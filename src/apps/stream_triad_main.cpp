// SPDX-License-Identifier: BSD-3-Clause
// xstream-triad: STREAM bandwidth on every rank at once, summed over the ranks.
//   xstream-triad [N]           the triad a = b + s c in host memory, the kernel xhpcg measures
//                               around its timed sets (hpcg/base/stream_triad.hpp), N doubles
//                               per array and rank (default: sized as xhpcg sizes it); prints
//                               "triad GB/s X (checksum Y)" (24 bytes per element, STREAM's
//                               convention). setup/bench.sh's roofline: rating * 6.4 B/flop /
//                               triad.
//   xstream-triad --device [N]  copy c = a and triad on each rank's GPU (local rank modulo the
//                               visible devices; default N 2^27, 1 GiB per array), BabelStream's
//                               bytes (2 and 3 arrays); prints "copy GB/s: X" and "triad GB/s:
//                               Y". setup/gpu_check.sh divides the copy bandwidth by 6.4 B/flop.
// Best of the repetitions, each between barriers, timed by its slowest rank. Exit status 2 for
// bad arguments, 3 where the device path cannot run (no device, built without CUDA), 1 for a
// wrong device result.
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "hpcg/base/stop_signal.hpp"
#include "hpcg/base/stream_triad.hpp"
#include "hpcg/base/terminal_text.hpp"
#include "hpcg/base/watchdog.hpp"
#include "stream_triad_device.hpp"

namespace {

int world_rank() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

/// Every rank's exit: rank 0 prints the first failing rank's message (status > 0 anywhere).
int agreed_exit(int status, const std::string& message) {
  int failing = status != 0 ? world_rank() : 1 << 30, first = 0;
  MPI_Allreduce(&failing, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == 1 << 30) return 0;
  int agreed = 0;
  MPI_Allreduce(&status, &agreed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  std::string text = message;
  if (first != 0 && world_rank() == first) {
    MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, 0, MPI_COMM_WORLD);
  } else if (first != 0 && world_rank() == 0) {
    MPI_Status received;
    int length = 0;
    MPI_Probe(first, 0, MPI_COMM_WORLD, &received);
    MPI_Get_count(&received, MPI_CHAR, &length);
    text.resize(length);
    MPI_Recv(text.data(), length, MPI_CHAR, first, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  if (world_rank() == 0) std::fprintf(stderr, "xstream-triad: rank %d: %s\n", first, text.c_str());
  return agreed;
}

/// The slowest rank's time of each repetition.
std::vector<double> slowest(const std::vector<double>& seconds) {
  std::vector<double> result(seconds.size());
  MPI_Allreduce(seconds.data(), result.data(), static_cast<int>(seconds.size()), MPI_DOUBLE,
                MPI_MAX, MPI_COMM_WORLD);
  return result;
}

/// The triad xhpcg measures around its timed sets (hpcg/base/stream_triad.hpp), sized as xhpcg
/// sizes it unless `n` doubles per array and rank are given.
int host_triad(long n) {
  const hpcg::Comm comm(MPI_COMM_WORLD);
  if (n == 0) n = hpcg::triad_elements_per_rank(comm);
  const hpcg::TriadMeasurement triad = hpcg::measure_stream_triad(comm, n, {10, 0.0});
  if (!triad.measured) {
    return agreed_exit(3, "cannot allocate 3 x " + std::to_string(n) + " doubles");
  }
  if (comm.is_root()) std::printf("triad GB/s %.2f (checksum %g)\n", triad.gbs, triad.checksum);
  return 0;
}

int device_stream(long n) {
  // One GPU per rank: the rank's place among the ranks of its node.
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int local_rank = 0, ranks = 1;
  MPI_Comm_rank(node, &local_rank);
  MPI_Comm_free(&node);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  std::unique_ptr<hpcg::stream::DeviceArrays> arrays;
  std::string error;
  try {
    arrays = std::make_unique<hpcg::stream::DeviceArrays>(n, local_rank);
  } catch (const std::exception& failure) {
    error = failure.what();
  }
  if (int status = agreed_exit(error.empty() ? 0 : 3, error)) return status;

  // 20 runs, the first (warm-up) not counted; each run: c = a, then a = b + 0.4 c.
  const int runs = 20;
  std::vector<double> copy(runs), triad(runs);
  for (int run = 0; run < runs; ++run) {
    MPI_Barrier(MPI_COMM_WORLD);
    copy[run] = arrays->copy_seconds();
    MPI_Barrier(MPI_COMM_WORLD);
    triad[run] = arrays->triad_seconds(0.4);
  }
  const double value = arrays->first_value();
  double expected = 1.0;  // b = 2, a = 1 at first
  for (int run = 0; run < runs; ++run) expected = 2.0 + 0.4 * expected;
  int status = 0;
  if (!arrays->error().empty()) {
    status = 3;
    error = arrays->error();
  } else if (!(std::abs(value - expected) <= 1e-12 * expected)) {
    status = 1;
    error = "wrong triad result " + std::to_string(value) + ", expected " +
            std::to_string(expected);
  }
  if (int agreed = agreed_exit(status, error)) return agreed;

  copy = slowest(copy);
  triad = slowest(triad);
  const double best_copy = *std::min_element(copy.begin() + 1, copy.end());
  const double best_triad = *std::min_element(triad.begin() + 1, triad.end());
  if (world_rank() == 0) {
    const double doubles = static_cast<double>(n) * ranks * sizeof(double);
    std::printf("device: %s%s\n", arrays->describe().c_str(),
                ranks > 1 ? (" on rank 0 of " + std::to_string(ranks)).c_str() : "");
    std::printf("copy GB/s: %.1f\n", 2.0 * doubles / best_copy / 1e9);
    std::printf("triad GB/s: %.1f\n", 3.0 * doubles / best_triad / 1e9);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  // SIGTERM, SIGINT, SIGHUP on any rank end the job with 128+N and one line, as in xhpcg.
  hpcg::catch_stop_signals("xstream-triad", world_rank());
  bool device = false;
  long n = 0;
  std::string bad;
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    if (std::strcmp(argv[i], "--device") == 0 && !device) {
      device = true;
    } else if (n == 0 && (n = std::strtol(argv[i], &end, 10)) > 0 && *end == '\0') {
      continue;
    } else {
      bad = argv[i];
      break;
    }
  }
  int status = 0;
  if (!bad.empty()) {
    if (world_rank() == 0) {
      std::fprintf(stderr, "xstream-triad: unexpected argument '%s'; usage: xstream-triad "
                   "[--device] [doubles per array and rank, a positive whole number]\n",
                   hpcg::terminal_safe(bad).c_str());
    }
    status = 2;
  } else if (device) {
    hpcg::set_watchdog_phase("device copy and triad");  // named by a stop signal's line
    status = device_stream(n > 0 ? n : 1L << 27);
  } else {
    hpcg::set_watchdog_phase("host triad");
    status = host_triad(n);
  }
  MPI_Finalize();
  return status;
}
