// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/validation/fresh_rhs.hpp"

#include <cmath>
#include <random>

#include "hpcg/validation/os_random.hpp"

namespace hpcg {

double rhs_perturbation(double validated_scaled_residual) {
  constexpr double replay_margin = 1.0e3, largest = 0x1p-20, smallest = 0x1p-26;
  const double wanted = replay_margin * validated_scaled_residual;
  return wanted > largest ? largest : wanted > smallest ? wanted : smallest;  // NaN: smallest
}

void perturbed_rhs(const Vector& b, double amplitude, std::uint64_t seed, int stream,
                   Vector& out) {
  std::seed_seq mixed{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(stream)};
  std::mt19937_64 engine(mixed);
  // The top 53 bits as a double in [0, 1); the re-run of a set draws the same values again.
  for (local_int i = 0; i < b.size(); ++i) {
    const double u = static_cast<double>(engine() >> 11) * 0x1p-53;
    out[i] = b[i] + amplitude * (2.0 * u - 1.0);
  }
}

SetRhs::SetRhs(Workspace& ws, double relative_size)
    : ws_(ws), b_(ws.problem().b), rhs_(b_.size()), kept_(b_.size()) {
  const Comm& comm = ws.comm();
  double squares = 0.0;
  for (local_int i = 0; i < b_.size(); ++i) squares += b_[i] * b_[i];
  const double rows = static_cast<double>(comm.sum(static_cast<global_int>(b_.size())));
  amplitude_ = relative_size * std::sqrt(comm.sum(squares) / rows);
}

double SetRhs::draw_and_upload() {
  seed_ = shared_os_random_bits(ws_.comm());
  perturbed_rhs(b_, amplitude_, seed_, ws_.comm().rank(), rhs_);
  return upload(rhs_);
}

double SetRhs::upload_kept() { return upload(kept_); }

void SetRhs::restore() { ws_.upload(b_.data(), 0, b_.size(), ws_.cg.b); }

double SetRhs::upload(const Vector& values) {
  const double start = ws_.transfers().bytes;
  ws_.upload(values.data(), 0, values.size(), ws_.cg.b);
  return ws_.transfers().bytes - start;
}

}  // namespace hpcg
