// SPDX-License-Identifier: BSD-3-Clause
// A backend bound to a problem: every vector CG and the V-cycle use, allocated in the backend's
// memory once (so that the timed sets allocate nothing), the halo exchange through the backend's
// pack and unpack around the core's MPI calls, and the count of what crosses between host and
// backend memory.
#pragma once

#include <vector>

#include "hpcg/backends/backend.hpp"
#include "hpcg/base/comm.hpp"
#include "hpcg/linalg/vector.hpp"
#include "hpcg/problem/problem.hpp"
#include "hpcg/solver/level_times.hpp"

namespace hpcg {

/// Bytes moved so far. `bytes`: between host and backend memory, in both directions (0 where
/// the backend's memory is the host's). `halo_bytes`: halo values this rank sent and received.
struct TransferCounts {
  double bytes = 0;
  double halo_bytes = 0;
};

class Workspace final : public HaloService {
 public:
  /// Allocates the vectors in `backend`, which must have run its optimisation phase on
  /// `problem`, and uploads b. With `mpi_reads_backend_memory`, halo buffers are the
  /// backend's own where it offers them (Backend::halo_buffers).
  Workspace(Backend& backend, Problem& problem, const Comm& comm,
            bool mpi_reads_backend_memory = false);

  Backend& backend() { return backend_; }
  Problem& problem() { return problem_; }
  const Comm& comm() const { return comm_; }
  local_int rows(int level) const { return problem_.levels[level].A.rows; }
  local_int columns(int level) const { return problem_.levels[level].A.columns; }

  /// CG's vectors on the fine level: b, r, Ap have its rows, x, z, p its columns.
  struct CgVectors {
    BackendVector b, x, r, z, p, Ap;
  };
  CgVectors cg;
  /// The V-cycle's vectors of each coarse level l (index l; level 0 uses CG's): right-hand side
  /// (rows) and correction (columns).
  struct LevelVectors {
    BackendVector rhs, solution;
  };
  std::vector<LevelVectors> mg;
  MgLevelTimes mg_level_times;

  /// Fills x's halo on `level` from the other ranks. Collective.
  void exchange_halo(int level, BackendVector& x) override;
  /// The same in two halves, so that work needing no halo value runs between them: begin packs
  /// x's sent values and posts the messages; finish waits for them and fills x's halo.
  void begin_halo(int level, const BackendVector& x);
  void finish_halo(int level, BackendVector& x);

  /// A new backend vector for `role` on `level` holding `host`'s values (the level's rows or
  /// columns). Not for the timed sets.
  BackendVector upload(int level, VectorRole role, const Vector& host);
  /// v[begin, begin + count) = host[0, count), counted.
  void upload(const double* host, local_int begin, local_int count, BackendVector& v);
  /// The first `count` values of v on the host. Not for the timed sets.
  Vector download(const BackendVector& v, local_int count);

  /// Everything moved so far: the core's own transfers, the halo values, and what the
  /// backend's default kernels staged.
  TransferCounts transfers() const;
  /// Whether halo values go to MPI from buffers in the backend's memory.
  bool halo_in_backend_memory() const { return !device_halo_.empty(); }

 private:
  void count(local_int values);
  double* send_buffer(int level);
  double* receive_buffer(int level);

  Backend& backend_;
  Problem& problem_;
  const Comm& comm_;
  bool separate_;
  std::vector<Vector> send_staging_, receive_staging_;  ///< per level, host memory
  std::vector<HaloBuffers> device_halo_;  ///< per level, when the backend holds the buffers
  TransferCounts counts_;
};

}  // namespace hpcg
