/* SPDX-License-Identifier: BSD-3-Clause
 * The plugin interface of xhpcg: plain C, POD structs, status codes. A vendor library exports
 * one function, hpcg_backend_entry(), returning a filled hpcg_backend table; xhpcg loads it with
 * --backend=plugin:/path/lib.so, checks abi_version and struct_size, and calls it from every
 * MPI rank. The library never needs MPI: the core posts the halo exchange on buffers the plugin
 * packs and unpacks, and hands a halo callback to a plugin that runs the whole V-cycle.
 *
 * Version 2: the plugin owns its vectors. Every vector of CG and the V-cycle is a handle the
 * plugin made with alloc_vector (in device memory, say); xhpcg never dereferences it and moves
 * values only through upload, download, pack_halo and unpack_halo. Every entry may be NULL: the
 * core then runs its reference step on host copies it downloads and uploads again (correct, and
 * counted in the report's "transfers"). A plugin without alloc_vector gets host vectors from the
 * core, and its handles are then `double*` addresses of host memory.
 *
 * Growth without a version bump: entries are only ever added at the end. xhpcg reads the first
 * struct_size bytes of a table and treats entries past them as NULL, so a plugin built against
 * an older version-2 header keeps loading. Version 1 tables (hpcg_backend_v1) keep loading too.
 * Every pointer xhpcg passes stays valid until destroy().
 *
 * Version 3: the plugin's own row order and an overlapped halo. With alloc_level_vector every
 * vector belongs to one level and has a role, so a plugin may store a level's vectors in the
 * order its kernels want (its colour order, say): all of a level's vectors share one order, and
 * upload, download, fill, copy, pack_halo and unpack_halo keep speaking the core's natural row
 * numbers, converting on the way. The *_part entries split each step that reads a halo in two,
 * so that the exchange runs while the plugin computes what needs no halo value. A version-3
 * table is the version-2 table with entries added at the end; version-2 tables keep loading.
 *
 * Local sums (every version): dot, spmv_dot and waxpby_norm sum their n products so that no
 * product passes through more than 2 ceil(log2 n) + HPCG_SUM_DEPTH_ALLOWANCE additions: running
 * sums over blocks of at most a few hundred terms, the blocks' sums (and threads' partial sums)
 * combined pairwise, or anything tighter (compensated sums). The rounding is then at most
 * (2 ceil(log2 n) + allowance + 1) 2^-53 of sum |x_i y_i| at any size, and the core checks each
 * rank's sums of CG's scalars against that bound: a running sum over all n rows exceeds it on
 * large grids (its rounding grows as sqrt(n)), which makes the run INVALID. */
#ifndef HPCG_BACKEND_ABI_H
#define HPCG_BACKEND_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HPCG_BACKEND_ABI_VERSION 3u
/* Additions within a version: 1 = hpcg_problem_view.grid; 2 = HPG-MxP's steps at the end of
 * hpcg_backend (an older xhpcg reads only the entries it knows); 3 = Gram-Schmidt's steps after
 * them; 4 = their fused middle step after those. */
#define HPCG_BACKEND_ABI_MINOR_VERSION 4u
#define HPCG_BACKEND_ENTRY_SYMBOL "hpcg_backend_entry"

/* hpcg_backend.flags */
/* The vectors live where xhpcg's host code cannot read them (a device). Without it, a handle
 * from alloc_vector must be the host address of its values. */
#define HPCG_BACKEND_SEPARATE_MEMORY 0x1u
/* Results may differ in the last bits from run to run (atomic reductions): the re-run of a
 * timed set must then reproduce it within a tolerance instead of bit for bit. */
#define HPCG_BACKEND_NOT_BIT_REPRODUCIBLE 0x2u
/* Steps may return before their work is done (kernels queued on a GPU stream); fence() waits
 * for all of it, every step that hands a value back (dot, spmv_dot, waxpby_norm, download)
 * returns it finished, pack_halo returns with the send buffer written and unpack_halo with the
 * receive buffer read (MPI and the next exchange use them next). xhpcg then does not fence after each CG step to time it: the timed sets'
 * total time still ends after a fence, but the report does not split it into kernels or
 * levels. (Added in version 2 without a bump: an older xhpcg ignores the bit and fences.) */
#define HPCG_BACKEND_ASYNCHRONOUS 0x4u

/* The additions a product may pass through in a local sum beyond 2 ceil(log2 n) (see "Local
 * sums" above). */
#define HPCG_SUM_DEPTH_ALLOWANCE 256

typedef enum hpcg_status { HPCG_STATUS_OK = 0, HPCG_STATUS_ERROR = 1 } hpcg_status;

/* Since version 3: what a vector allocated with alloc_level_vector is for. */
typedef enum hpcg_vector_role {
  HPCG_VECTOR_CHECK = 0,         /* the core's validation and checks: any values */
  HPCG_VECTOR_CG_B = 1,          /* CG on the fine level (rows; x, z, p: columns) */
  HPCG_VECTOR_CG_X = 2,
  HPCG_VECTOR_CG_R = 3,
  HPCG_VECTOR_CG_Z = 4,
  HPCG_VECTOR_CG_P = 5,
  HPCG_VECTOR_CG_AP = 6,
  HPCG_VECTOR_MG_RHS = 7,        /* the V-cycle's right-hand side of a coarse level (rows) */
  HPCG_VECTOR_MG_CORRECTION = 8  /* and its correction (columns) */
} hpcg_vector_role;

/* Since version 3: which part of a step that reads a halo a *_part entry runs. The core calls
 * BEFORE_HALO once it has packed the halo and posted the exchange, and AFTER_HALO once the
 * received values are unpacked; the two together are the whole step. BEFORE_HALO must read no
 * halo value: they are those of the previous exchange then. */
#define HPCG_PART_BEFORE_HALO 1
#define HPCG_PART_AFTER_HALO 2

/* Where a failing call writes a NUL-terminated explanation (xhpcg prints it with the name). */
typedef struct hpcg_error {
  char message[256];
} hpcg_error;

/* One multigrid level as this rank holds it: CSR rows in natural order, 32-bit local column ids
 * (0..rows-1 owned, rows..columns-1 halo values received from other ranks). */
typedef struct hpcg_level_view {
  int32_t rows;
  int32_t columns;               /* vectors multiplied by this matrix have this length */
  const int64_t* row_start;      /* rows + 1 offsets into column_index and values */
  const int32_t* column_index;
  const double* values;          /* may change between calls only before diagonal_changed() */
  const int64_t* diagonal;       /* offset of each row's diagonal entry */
  int32_t coarse_rows;           /* rows of the next coarser level; 0 on the coarsest */
  const int32_t* coarse_to_fine; /* fine row injected into each coarse row (restriction) */
} hpcg_level_view;

/* Since version 2: the rows whose values a level's halo exchange sends from this rank, in the
 * order pack_halo writes them. (Apart from hpcg_level_view, whose array layout version 1
 * plugins rely on.) */
typedef struct hpcg_halo_view {
  int32_t send_count;
  const int32_t* send_rows;
} hpcg_halo_view;

/* Since version 3.1: a level's grid on this rank. Row (ix, iy, iz) of the level, 0 <= ix < nx
 * and so on, is row ix + nx * (iy + ny * iz); coarser levels halve nx, ny and nz. */
typedef struct hpcg_grid_view {
  int32_t nx, ny, nz;    /* this rank's local grid */
  int32_t npx, npy, npz; /* the process grid (the same on every level) */
  int32_t ipx, ipy, ipz; /* this rank's place in it */
} hpcg_grid_view;

typedef struct hpcg_problem_view {
  uint32_t struct_size;          /* sizeof(hpcg_problem_view) as xhpcg was built */
  int32_t level_count;           /* 4: level[0] is the fine grid */
  const hpcg_level_view* level;
  int32_t rank, ranks;           /* for the backend's own messages and placement */
  /* Since version 2: --backend-settings=TEXT ("" when not given), and whether the user said the
   * MPI library reads the plugin's memory (--gpu-aware-mpi), so halo_buffers may be used. */
  const char* settings;
  int32_t mpi_reads_backend_memory;
  const hpcg_halo_view* halo;    /* level_count entries */
  /* Since version 3.1 (HPCG_BACKEND_ABI_MINOR_VERSION 1): level_count entries. Read it only where
   * HPCG_PROBLEM_VIEW_HAS(view, grid): an older xhpcg passes a shorter view. */
  const hpcg_grid_view* grid;
} hpcg_problem_view;

/* Whether `view` (built by the xhpcg that loaded the plugin) holds `member`. */
#define HPCG_PROBLEM_VIEW_HAS(view, member)                                                 \
  ((view)->struct_size >= offsetof(hpcg_problem_view, member) + sizeof((view)->member))

/* Services of the core a backend may call back into from mg(). */
typedef struct hpcg_core_services {
  void* context;
  /* Fills the halo part (columns rows..columns-1) of vector x on `level` with other ranks'
   * values (x is a handle; in version 1 a double*). Collective over the ranks. */
  void (*exchange_halo)(void* context, int32_t level, void* x);
} hpcg_core_services;

typedef struct hpcg_backend {
  uint32_t abi_version; /* HPCG_BACKEND_ABI_VERSION */
  uint32_t struct_size; /* sizeof(hpcg_backend) */
  const char* name;
  const char* version;
  uint32_t flags;       /* HPCG_BACKEND_* */

  /* Optimisation phase (timed and charged): build any state, e.g. a reordered copy. */
  hpcg_status (*create)(const hpcg_problem_view* problem, void** state, hpcg_error* error);
  void (*destroy)(void* state);
  /* Bytes the backend allocated (reported as optimisation-phase memory). */
  uint64_t (*memory_bytes)(void* state);
  /* Diagonal values of `level` changed in place (TestCG does this); refresh copies of them. */
  hpcg_status (*diagonal_changed)(void* state, int32_t level, hpcg_error* error);

  /* Vectors. With alloc_vector, free_vector, upload and download are required. */
  hpcg_status (*alloc_vector)(void* state, int32_t length, void** vector, hpcg_error* error);
  void (*free_vector)(void* state, void* vector);
  /* v[begin, begin + count) = host[0, count). */
  hpcg_status (*upload)(void* state, const double* host, int32_t begin, int32_t count,
                        void* v, hpcg_error* error);
  /* host[0, count) = v[begin, begin + count); complete on return. */
  hpcg_status (*download)(void* state, const void* v, int32_t begin, int32_t count,
                          double* host, hpcg_error* error);
  /* All `length` entries of v (its halo too) = value. */
  hpcg_status (*fill)(void* state, void* v, int32_t length, double value, hpcg_error* error);
  /* to[0, count) = from[0, count). */
  hpcg_status (*copy)(void* state, const void* from, int32_t count, void* to, hpcg_error* error);
  /* Waits for everything launched so far (the core's timers call it). */
  hpcg_status (*fence)(void* state, hpcg_error* error);

  /* Halo: send[k] = x[send_rows[k]] into host memory (or into halo_buffers()' send), complete
   * on return; x[rows + k] = receive[k]. */
  hpcg_status (*pack_halo)(void* state, int32_t level, const void* x, double* send,
                           hpcg_error* error);
  hpcg_status (*unpack_halo)(void* state, int32_t level, const double* receive, void* x,
                             hpcg_error* error);
  /* Asked only under --gpu-aware-mpi: buffers in the plugin's memory that MPI may read and
   * write directly (send_count and columns - rows entries), or NULLs to stage through host. */
  hpcg_status (*halo_buffers)(void* state, int32_t level, double** send, double** receive,
                              hpcg_error* error);

  /* The V-cycle's steps on `level`; vectors have that level's lengths. */
  /* y = A x; x's halo is current. */
  hpcg_status (*spmv)(void* state, int32_t level, const void* x, void* y, hpcg_error* error);
  /* One symmetric Gauss-Seidel step for A x = r; x's halo is current. */
  hpcg_status (*symgs)(void* state, int32_t level, const void* r, void* x, hpcg_error* error);
  /* The same step from x = 0: x's values on entry, halo included, are to be ignored. */
  hpcg_status (*symgs_zero_guess)(void* state, int32_t level, const void* r, void* x,
                                  hpcg_error* error);
  /* rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]; x's halo is current. */
  hpcg_status (*residual_restriction)(void* state, int32_t level, const void* r, const void* x,
                                      void* rc, hpcg_error* error);
  /* x[f] += xc[i] for f = coarse_to_fine[i]. */
  hpcg_status (*prolongation)(void* state, int32_t level, const void* xc, void* x,
                              hpcg_error* error);
  /* Local part of x.y over the first n entries (the core sums over ranks). */
  hpcg_status (*dot)(void* state, int32_t n, const void* x, const void* y, double* result,
                     hpcg_error* error);
  /* w = alpha x + beta y over the first n entries; w may alias x or y. */
  hpcg_status (*waxpby)(void* state, int32_t n, double alpha, const void* x, double beta,
                        const void* y, void* w, hpcg_error* error);
  /* Fused kernels CG uses where given: spmv then the local x.y over the level's rows; waxpby
   * then the local w.w. */
  hpcg_status (*spmv_dot)(void* state, int32_t level, const void* x, void* y, double* result,
                          hpcg_error* error);
  hpcg_status (*waxpby_norm)(void* state, int32_t n, double alpha, const void* x, double beta,
                             const void* y, void* w, double* result, hpcg_error* error);
  /* Optional whole V-cycle x = M r on the fine level, for a plugin that must take over
   * completely; otherwise the core runs its V-cycle from the steps above. */
  hpcg_status (*mg)(void* state, const void* r, void* x, const hpcg_core_services* core,
                    hpcg_error* error);
  /* Optional: the sequential row order the plugin's symmetric Gauss-Seidel on `level` is
   * equivalent to (symgs, symgs_zero_guess and the smoothing inside mg). Writes each of the
   * level's rows once into order[0, rows), in the order the forward sweep relaxes them; the
   * backward sweep must relax them in reverse. Rows relaxed in parallel (one colour) may come in
   * any order among themselves. Asked once per level after create. With it, xhpcg recomputes the
   * smoother and the whole V-cycle in that order and requires agreement to rounding; without
   * it, the preconditioner is only checked approximately, and the report says so. */
  hpcg_status (*sweep_order)(void* state, int32_t level, int32_t* order, hpcg_error* error);

  /* Version 3, all optional. */
  /* Instead of alloc_vector for every vector xhpcg uses: `length` is the level's rows or
   * columns. The vector's values may sit in the plugin's own order for that level (the same
   * order for every vector of the level); every other entry still takes natural row numbers:
   * upload, download and pack_halo's send rows are rows of the level, dot and waxpby cover the
   * level's owned rows (n is always the level's rows), unpack_halo writes the halo. The handle
   * is the plugin's object even without HPCG_BACKEND_SEPARATE_MEMORY: xhpcg's default steps
   * reach its values only through download and upload. Requires free_vector, upload, download. */
  hpcg_status (*alloc_level_vector)(void* state, int32_t level, int32_t role, int32_t length,
                                    void** vector, hpcg_error* error);
  /* Split-phase halo: `part` is HPCG_PART_BEFORE_HALO or HPCG_PART_AFTER_HALO (see there). The
   * core calls a part wherever its step follows a halo exchange, and both parts in a row where
   * it needs the whole step: given a part entry, the step's whole entry is not called. The
   * Gauss-Seidel order sweep_order declares is that of the two parts together, and
   * symgs_zero_guess's too. */
  hpcg_status (*spmv_part)(void* state, int32_t part, int32_t level, const void* x, void* y,
                           hpcg_error* error);
  /* spmv_part, and with AFTER_HALO the local x.y over the level's rows into *result. */
  hpcg_status (*spmv_dot_part)(void* state, int32_t part, int32_t level, const void* x, void* y,
                               double* result, hpcg_error* error);
  hpcg_status (*symgs_part)(void* state, int32_t part, int32_t level, const void* r, void* x,
                            hpcg_error* error);
  hpcg_status (*residual_restriction_part)(void* state, int32_t part, int32_t level,
                                           const void* r, const void* x, void* rc,
                                           hpcg_error* error);

  /* Version 3.2, all optional: the steps of xhpgmp (HPG-MxP), whose inner GMRES and V-cycle run
   * in single precision. Vectors passed to a *_float entry and the z of add_float and y of
   * round_to_float are `float*` addresses of host memory, allocated by xhpgmp; the others are
   * the plugin's handles as above. The matrix of a *_float step is the level's values rounded
   * to float. NULL entries run xhpgmp's reference step; xhpcg calls none of them. */
  /* One forward Gauss-Seidel sweep for A x = r in the order sweep_order declares (natural
   * without it); x's halo is current. */
  hpcg_status (*gs_forward)(void* state, int32_t level, const void* r, void* x, hpcg_error* error);
  hpcg_status (*gs_forward_part)(void* state, int32_t part, int32_t level, const void* r, void* x,
                                 hpcg_error* error);
  /* spmv, gs_forward and residual_restriction in float. */
  hpcg_status (*spmv_float)(void* state, int32_t level, const void* x, void* y, hpcg_error* error);
  hpcg_status (*spmv_float_part)(void* state, int32_t part, int32_t level, const void* x, void* y,
                                 hpcg_error* error);
  hpcg_status (*gs_forward_float)(void* state, int32_t level, const void* r, void* x,
                                  hpcg_error* error);
  hpcg_status (*gs_forward_float_part)(void* state, int32_t part, int32_t level, const void* r,
                                       void* x, hpcg_error* error);
  hpcg_status (*residual_restriction_float)(void* state, int32_t level, const void* r,
                                            const void* x, void* rc, hpcg_error* error);
  hpcg_status (*residual_restriction_float_part)(void* state, int32_t part, int32_t level,
                                                 const void* r, const void* x, void* rc,
                                                 hpcg_error* error);
  /* prolongation, dot (accumulated in float or wider) and waxpby (alpha, beta rounded to
   * float) in float. */
  hpcg_status (*prolongation_float)(void* state, int32_t level, const void* xc, void* x,
                                    hpcg_error* error);
  hpcg_status (*dot_float)(void* state, int32_t n, const void* x, const void* y, double* result,
                           hpcg_error* error);
  hpcg_status (*waxpby_float)(void* state, int32_t n, double alpha, const void* x, double beta,
                              const void* y, void* w, hpcg_error* error);
  /* Iterative refinement: y[i] = (float)(alpha * x[i]) with x double; x[i] += (double)z[i]. */
  hpcg_status (*round_to_float)(void* state, int32_t n, double alpha, const void* x, void* y,
                                hpcg_error* error);
  hpcg_status (*add_float)(void* state, int32_t n, const void* z, void* x, hpcg_error* error);

  /* Version 3.3, all optional: xhpgmp's classical Gram-Schmidt as two passes over the Krylov
   * basis (basis: k vectors, q: the vector orthogonalised, all of n entries, as dot's), in q's
   * precision: double vectors (handles) here, float vectors (float* host addresses) in the
   * *_float entries. NULL entries run one dot and one waxpby (or their _float steps) per basis
   * vector. basis_dots: h[j] = the local basis[j].q for j < k (the core sums over the ranks),
   * each summed as dot's ("Local sums") or dot_float's are. subtract_projections: q -= sum_j h[j] basis[j], each
   * entry updated for j = 0, 1, ... in turn as waxpby(1, q, -h[j], basis[j]) rounds it (in
   * float for the *_float entry; a fused multiply-add per term allowed). */
  hpcg_status (*basis_dots)(void* state, int32_t n, int32_t k, const void* const* basis,
                            const void* q, double* h, hpcg_error* error);
  hpcg_status (*subtract_projections)(void* state, int32_t n, int32_t k,
                                      const void* const* basis, const double* h, void* q,
                                      hpcg_error* error);
  hpcg_status (*basis_dots_float)(void* state, int32_t n, int32_t k, const void* const* basis,
                                  const void* q, double* h, hpcg_error* error);
  hpcg_status (*subtract_projections_float)(void* state, int32_t n, int32_t k,
                                            const void* const* basis, const double* h, void* q,
                                            hpcg_error* error);

  /* Version 3.4, optional: subtract_projections(h) then basis_dots into dots, as those entries
   * compute them, in one call (classical Gram-Schmidt's first update and second dots, which
   * can read the basis once between them). NULL runs the two entries (or their defaults). */
  hpcg_status (*subtract_projections_dots)(void* state, int32_t n, int32_t k,
                                           const void* const* basis, const double* h, void* q,
                                           double* dots, hpcg_error* error);
  hpcg_status (*subtract_projections_dots_float)(void* state, int32_t n, int32_t k,
                                                 const void* const* basis, const double* h,
                                                 void* q, double* dots, hpcg_error* error);
} hpcg_backend;

/* Version 1's table, which xhpcg still loads: host vectors only, kernels on double*. */
typedef struct hpcg_backend_v1 {
  uint32_t abi_version; /* 1 */
  uint32_t struct_size;
  const char* name;
  const char* version;
  hpcg_status (*create)(const hpcg_problem_view* problem, void** state, hpcg_error* error);
  void (*destroy)(void* state);
  uint64_t (*memory_bytes)(void* state);
  hpcg_status (*diagonal_changed)(void* state, int32_t level, hpcg_error* error);
  hpcg_status (*spmv)(void* state, int32_t level, const double* x, double* y, hpcg_error* error);
  hpcg_status (*symgs)(void* state, int32_t level, const double* r, double* x, hpcg_error* error);
  hpcg_status (*mg)(void* state, const double* r, double* x, const hpcg_core_services* core,
                    hpcg_error* error);
  hpcg_status (*dot)(void* state, int32_t n, const double* x, const double* y, double* result,
                     hpcg_error* error);
  hpcg_status (*waxpby)(void* state, int32_t n, double alpha, const double* x, double beta,
                        const double* y, double* w, hpcg_error* error);
} hpcg_backend_v1;

/* The one symbol a plugin exports; it returns a version-3 table or, from an older plugin, a
 * version-2 or version-1 one (xhpcg reads abi_version first). */
typedef const hpcg_backend* (*hpcg_backend_entry_fn)(void);
const hpcg_backend* hpcg_backend_entry(void);

/* Optional second symbol (no version bump: xhpcg looks it up by name). Called on every rank
 * right after loading, before any phase, with --backend-settings: a plugin that cannot run on
 * this rank at all (no device) fails here, and xhpcg stops at once with exit status 3 instead
 * of after the reference phases. */
#define HPCG_BACKEND_PROBE_SYMBOL "hpcg_backend_probe"
typedef hpcg_status (*hpcg_backend_probe_fn)(int32_t rank, const char* settings,
                                             hpcg_error* error);

/* Optional third symbol (looked up by name): the bytes the plugin's kernels have read and
 * written and the kernels it has launched since create(), as the plugin counts them (the cuda
 * emulation counts every memory sector). xhpcg reads it on every rank before and after the
 * timed sets and reports bytes per CG iteration and per flop as the backend's own figures:
 * informative, never part of the rating. counted = 0: the plugin does not count in this run. */
#define HPCG_BACKEND_TRAFFIC_SYMBOL "hpcg_backend_traffic"
typedef struct hpcg_traffic {
  int32_t counted;
  uint64_t read_bytes;
  uint64_t written_bytes;
  uint64_t kernels;
} hpcg_traffic;
typedef hpcg_status (*hpcg_backend_traffic_fn)(void* state, hpcg_traffic* traffic,
                                               hpcg_error* error);

#ifdef __cplusplus
}
#endif

#endif /* HPCG_BACKEND_ABI_H */
