// SPDX-License-Identifier: BSD-3-Clause
// The right-hand side of a timed set: HPCG's b plus a small random perturbation drawn at run
// time. No set then repeats the values of validation, the iteration search or another set, so
// a backend cannot replay stored results, not even rescaled ones, and must compute each set.
// Its size is a trade: a replayed solution must leave a true residual far above CG's, while
// the sets' ||r_k|| / ||r0|| must stay near the validated run's, from which they depart in
// proportion to the perturbation (tolerances.hpp, trajectory).
#pragma once

#include <cstdint>

#include "hpcg/linalg/vector.hpp"
#include "hpcg/solver/workspace.hpp"

namespace hpcg {

/// The perturbation's size relative to b's root mean square entry, for a run whose validated
/// scaled residual is `validated_scaled_residual`: that residual times a factor that leaves a
/// replayed solution a true residual a hundred times past check_solution's limit, bounded
/// above where HPCG-sized problems end near 1e-8 and below to stay far above rounding.
double rhs_perturbation(double validated_scaled_residual);

/// out = b + amplitude * u, u uniform in [-1, 1) drawn from `seed` and `stream` (the rank):
/// every rank its own values, the same for the same seed.
void perturbed_rhs(const Vector& b, double amplitude, std::uint64_t seed, int stream, Vector& out);

/// The b of each timed set and of the re-run: HPCG's b perturbed by `relative_size` of its root
/// mean square entry, from a seed drawn on rank 0 from getrandom(2) when the set's window has
/// started (validation/README.md): nothing about it can be known before.
class SetRhs {
 public:
  SetRhs(Workspace& ws, double relative_size);
  /// Draws a fresh seed and uploads the b it gives into ws.cg.b; returns the bytes that moved.
  /// Collective.
  double draw_and_upload();
  /// Keeps the b drawn last (the re-run's), for upload_kept after later draws.
  void keep() { kept_.copy_from(rhs_); }
  /// Uploads the kept b again (the re-run's repeat); returns the bytes that moved.
  double upload_kept();
  /// The b uploaded last.
  const Vector& values() const { return rhs_; }
  /// Puts HPCG's own b back for the checks that follow.
  void restore();

 private:
  double upload(const Vector& values);

  Workspace& ws_;
  const Vector& b_;
  Vector rhs_, kept_;
  double amplitude_ = 0.0;
  std::uint64_t seed_ = 0;
};

}  // namespace hpcg
