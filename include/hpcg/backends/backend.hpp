// SPDX-License-Identifier: BSD-3-Clause
// The one interface through which CG, the V-cycle and validation reach the kernels. A backend
// owns every vector they use, in its own memory (host or device), behind handles the core never
// dereferences: the core moves values only through upload/download, and halo values through
// pack/unpack around the MPI calls it posts itself, so that a backend never links MPI. Every
// step has a reference default, so a backend overrides only what it optimises.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hpcg/backends/steps.hpp"
#include "hpcg/problem/problem.hpp"

namespace hpcg {

class Backend;

/// A vector in a backend's memory. The core holds it and hands it back to the backend that made
/// it; only that backend reads or writes its values. Move-only; an owning vector is released by
/// its backend, which must outlive it. A borrowed vector (no owner) wraps a handle someone else
/// frees.
class BackendVector {
 public:
  BackendVector() = default;
  /// A borrowed handle of `size` entries.
  BackendVector(void* handle, local_int size) : handle_(handle), size_(size) {}
  ~BackendVector();
  BackendVector(BackendVector&& other) noexcept;
  BackendVector& operator=(BackendVector&& other) noexcept;
  BackendVector(const BackendVector&) = delete;
  BackendVector& operator=(const BackendVector&) = delete;

  local_int size() const { return size_; }
  /// The backend's own handle: a host address, a device address, a plugin's object.
  void* handle() const { return handle_; }
  /// Whether it holds floats (made by Backend::allocate_float) rather than doubles.
  bool single() const { return single_; }

 private:
  friend class Backend;
  void release_handle();
  Backend* owner_ = nullptr;
  void* handle_ = nullptr;
  local_int size_ = 0;
  bool single_ = false;
};

/// Which of HPCG's optimisable kernels a backend replaces (the report warns about the others).
struct KernelSet {
  bool dot = false;
  bool waxpby = false;
  bool spmv = false;
  bool mg = false;  ///< SymGS, restriction and prolongation together
};

/// Fused kernels CG calls instead of two separate ones, where a backend has them.
struct FusedKernels {
  bool spmv_dot = false;       ///< spmv_dot() instead of spmv() then dot()
  bool waxpby_norm = false;    ///< waxpby_norm() instead of waxpby() then dot(w, w)
};

/// Where a backend keeps its vectors. With `host` the core's default kernels run on them in
/// place; with `separate` (a device, or a host backend asked to behave like one) the defaults
/// stage them through host copies, and every byte that crosses is counted.
enum class MemoryKind { host, separate };

/// Bytes a backend's kernels read and wrote and the kernels it launched, as it counts them.
struct KernelTraffic {
  double read_bytes = 0, written_bytes = 0, kernels = 0;
};

/// What the user asked of the backend on the command line.
struct BackendOptions {
  /// --separate-memory: keep data apart from host memory even where it could be shared (runs
  /// a device code path on the CPU). A backend without such a mode refuses it.
  bool separate_memory = false;
  /// --gpu-aware-mpi: the MPI library may read and write the backend's memory, so halo buffers
  /// may live there (halo_buffers()). Off by default: the core stages halos through the host.
  bool mpi_reads_backend_memory = false;
  /// --backend-settings=TEXT: a backend's own settings (a plugin's, e.g. a device choice).
  std::string settings;
};

/// What a vector is for. Every vector the core allocates belongs to one level (its length is
/// that level's rows or columns), so a backend may keep all of a level's vectors in its own row
/// order; upload, download, fill, copy and the halo calls still take natural row numbers.
enum class VectorRole { check, cg_b, cg_x, cg_r, cg_z, cg_p, cg_Ap, mg_rhs, mg_correction };

/// Which part of a step that reads a halo a *_part call runs: `before_halo` while the exchange
/// is in flight (it reads no halo value: they are still the previous exchange's), `after_halo`
/// once the halo is current; together they are the whole step.
enum class HaloPart { before_halo, after_halo };

/// The core's halo exchange, for a backend that runs the whole V-cycle itself: fills the halo
/// part of `x` (columns rows..columns-1 of `level`) with the values other ranks own. Collective.
class HaloService {
 public:
  virtual ~HaloService() = default;
  virtual void exchange_halo(int level, BackendVector& x) = 0;
};

/// Buffers in a backend's own memory that MPI reads and writes directly.
struct HaloBuffers {
  double* send = nullptr;     ///< send_rows.size() entries of the level's halo
  double* receive = nullptr;  ///< external_count() entries
};

/// Kernels the benchmark runs, addressed by level index (0 is the fine grid). Vectors passed to
/// a level's kernel have that level's lengths: `columns` entries for one whose halo is read,
/// `rows` otherwise. Kernels may run asynchronously until fence(); calls that return values to
/// the host (dot, download, pack_halo) complete before returning.
class Backend {
 public:
  virtual ~Backend() = default;

  virtual std::string name() const = 0;
  virtual std::string version() const = 0;
  virtual KernelSet optimized_kernels() const { return {}; }
  virtual FusedKernels fused_kernels() const { return {}; }
  virtual MemoryKind memory() const { return MemoryKind::host; }
  /// False for a backend whose results may differ in the last bits from run to run (atomic
  /// reductions on a GPU): its timed sets are then compared within a tolerance, not bit for bit.
  virtual bool bit_reproducible() const { return true; }
  /// True for a backend whose steps may return before their work is done (a GPU stream): the
  /// core's timers then fence once per CG run instead of after every step, and the time is
  /// not split into kernels. Steps that return a value (dot products, downloads) must return
  /// it finished.
  virtual bool asynchronous() const { return false; }

  /// HPCG's optimisation phase (OptimizeProblem): keeps `problem` (which must outlive the
  /// backend's use) and lets the backend convert, reorder or colour it. Timed and charged.
  void optimize(const Problem& problem);
  /// Bytes the backend allocated beyond HPCG's model, reported as "Memory used for
  /// OptimizeProblem data": its optimisation data, and its vectors when memory is separate.
  virtual double optimization_bytes() const { return 0.0; }
  /// The core changed diagonal values of `level` in place (TestCG does); refresh any copy.
  virtual void diagonal_changed(int level) { (void)level; }
  /// Since optimize(), where the backend counts it (the cuda emulation under traffic=count):
  /// the backend's own figures, reported beside the rating and never part of it.
  virtual std::optional<KernelTraffic> kernel_traffic() const { return std::nullopt; }

  /// A vector of `length` zeros in the backend's memory, for `role` on `level`; `length` is
  /// the level's rows or columns.
  virtual BackendVector allocate(int level, VectorRole role, local_int length);
  /// v[begin, begin + count) = host[0, count).
  virtual void upload(const double* host, local_int begin, local_int count, BackendVector& v);
  /// host[0, count) = v[begin, begin + count).
  virtual void download(const BackendVector& v, local_int begin, local_int count, double* host);
  /// Every entry of v (its halo too) = value.
  virtual void fill(BackendVector& v, double value);
  /// to[0, count) = from[0, count).
  virtual void copy(const BackendVector& from, local_int count, BackendVector& to);
  /// Waits for every kernel launched so far (the core's timers call it).
  virtual void fence() {}

  /// send[k] = x[send_rows[k]] for the level's halo, into host memory or into halo_buffers().
  virtual void pack_halo(int level, const BackendVector& x, double* send);
  /// x[rows + k] = receive[k].
  virtual void unpack_halo(int level, const double* receive, BackendVector& x);
  /// Single-precision vectors for HPG-MxP's inner solver (the *_float steps). The defaults keep
  /// them in host memory as floats, whatever memory the backend's double vectors are in; the
  /// halo calls move their values as doubles (exactly), so that one exchange serves both.
  virtual BackendVector allocate_float(int level, VectorRole role, local_int length);
  virtual void upload_float(const float* host, local_int begin, local_int count,
                            BackendVector& v);
  virtual void download_float(const BackendVector& v, local_int begin, local_int count,
                              float* host);
  virtual void fill_float(BackendVector& v, float value);
  virtual void pack_halo_float(int level, const BackendVector& x, double* send);
  virtual void unpack_halo_float(int level, const double* receive, BackendVector& x);

  /// Asked only under --gpu-aware-mpi: buffers in the backend's memory for the level's halo,
  /// or none (the default), and the core stages through host buffers.
  virtual HaloBuffers halo_buffers(int level) {
    (void)level;
    return {};
  }

  /// The steps CG, the V-cycle and HPG-MxP's GMRES call, declared in steps.hpp: the halo steps'
  /// parts (spmv_part, symgs_part, ..., gs_forward_float_part) and the whole steps they make;
  /// then the local steps (symgs_zero_guess, prolongation, dot, waxpby, ..., add_float). Every
  /// default is the reference kernel on the level's matrix (its values rounded to float for the
  /// *_float steps).
  HPCG_HALO_STEPS(HPCG_DECLARE_HALO_STEP)
  HPCG_LOCAL_STEPS(HPCG_DECLARE_LOCAL_STEP)

  /// HPG-MxP's classical Gram-Schmidt in q's precision (double, or float for single() vectors),
  /// as two passes over the Krylov basis instead of one per basis vector: h[j] = local
  /// basis[j].q for j < k (the core sums over ranks), then q -= sum_j h[j] basis[j], each entry
  /// updated for j = 0, 1, ... in turn as waxpby(1, q, -h[j], basis[j]) rounds it (a fused
  /// multiply-add per term allowed). The defaults are dot / dot_float and waxpby / waxpby_float
  /// per basis vector (the reference's rounding bit for bit); a plugin gives them as the
  /// entries of the same names (ABI 3.3).
  virtual void basis_dots(local_int n, int k, const BackendVector* basis, const BackendVector& q,
                          double* h);
  virtual void subtract_projections(local_int n, int k, const BackendVector* basis,
                                    const double* h, BackendVector& q);
  /// subtract_projections(h) then basis_dots into `dots`, as those two steps compute them: the
  /// middle of classical Gram-Schmidt with reorthogonalisation (CGS2), where the first pass's
  /// update and the second pass's dots read the basis once between them. The default calls the
  /// two steps; a plugin gives it as subtract_projections_dots(_float) (ABI 3.4).
  virtual void subtract_projections_dots(local_int n, int k, const BackendVector* basis,
                                         const double* h, BackendVector& q, double* dots);

  /// The whole V-cycle x = M r on the fine level, for a backend that must take over completely
  /// (exchanging halos through `halo`). Returns false to let the core run its V-cycle from this
  /// backend's steps, which is the default.
  virtual bool mg(HaloService& halo, const BackendVector& r, BackendVector& x) {
    (void)halo, (void)r, (void)x;
    return false;
  }

  /// The sequential row order this backend's symmetric Gauss-Seidel on `level` is equivalent
  /// to (symgs, symgs_zero_guess and the smoothing inside mg): each of the level's rows once, in
  /// the order the forward sweep relaxes them; the backward sweep relaxes them in reverse. Rows
  /// relaxed in parallel (one colour) may come in any order among themselves. Declared, it lets
  /// the core recompute the smoother and the whole V-cycle on the host and require the
  /// backend's results to agree to rounding; empty (the default) declares nothing, and the
  /// preconditioner is then only checked approximately. Asked after optimize().
  virtual std::vector<local_int> sweep_order(int level) const {
    (void)level;
    return {};
  }

  /// Bytes the default kernels copied between the backend's memory and the host to run on a
  /// backend whose memory is separate (the core counts what it moves itself).
  double staged_bytes() const { return staged_bytes_; }

 protected:
  /// Called by optimize() once problem() is set.
  virtual void prepare(const Problem& problem) { (void)problem; }
  const Problem& problem() const;
  const Level& level(int index) const;
  /// An owning vector of `size` entries whose handle this backend frees in release().
  BackendVector adopt(void* handle, local_int size) {
    BackendVector v(handle, size);
    v.owner_ = this;
    return v;
  }
  /// An owning float vector, released by release_float().
  BackendVector adopt_float(void* handle, local_int size) {
    BackendVector v = adopt(handle, size);
    v.single_ = true;
    return v;
  }
  /// Frees a handle made by allocate().
  virtual void release(void* handle);
  /// Frees a handle made by allocate_float().
  virtual void release_float(void* handle);
  /// Where a kernel may read and write v's values on the host, or nullptr when the memory is
  /// separate. The default matches the default allocate(): the handle is the host address.
  virtual double* host_data(const BackendVector& v) { return static_cast<double*>(v.handle()); }
  /// The same for a float vector; the default matches the default allocate_float().
  virtual float* host_data_float(const BackendVector& v) {
    return static_cast<float*>(v.handle());
  }
  /// The level's matrix values rounded to float, made at the first call after optimize().
  const float* float_values(int level);
  /// sweep_order(level) as asked once after optimize(), or nullptr for natural order.
  const local_int* declared_order(int level);

 private:
  friend class BackendVector;
  class HostValues;
  const Problem* problem_ = nullptr;
  double staged_bytes_ = 0;
  std::vector<std::vector<float>> float_values_;  ///< per level, empty until asked
  std::vector<std::vector<local_int>> declared_orders_;  ///< per level, once asked
};

}  // namespace hpcg
