/* SPDX-License-Identifier: BSD-3-Clause
 * FROZEN: backend_abi.h as published for plugin ABI version 1, kept so that the tests build a
 * version-1 plugin exactly as a vendor did then and prove that xhpcg still loads it.
 *
 * The plugin interface of xhpcg: plain C, POD structs, status codes. A vendor library exports
 * one function, hpcg_backend_entry(), returning a filled hpcg_backend table; xhpcg loads it with
 * --backend=plugin:/path/lib.so, checks abi_version and struct_size, and calls it from every
 * MPI rank. The library never needs MPI: the core exchanges halo values before spmv and symgs,
 * and hands a halo callback to a backend that runs the whole V-cycle. Every pointer xhpcg passes
 * stays valid until destroy(). Kernel pointers left NULL fall back to xhpcg's reference kernels. */
#ifndef HPCG_BACKEND_ABI_H
#define HPCG_BACKEND_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HPCG_BACKEND_ABI_VERSION 1u
#define HPCG_BACKEND_ENTRY_SYMBOL "hpcg_backend_entry"

typedef enum hpcg_status { HPCG_STATUS_OK = 0, HPCG_STATUS_ERROR = 1 } hpcg_status;

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

typedef struct hpcg_problem_view {
  uint32_t struct_size;          /* sizeof(hpcg_problem_view) as xhpcg was built */
  int32_t level_count;           /* 4: level[0] is the fine grid */
  const hpcg_level_view* level;
  int32_t rank, ranks;           /* for the backend's own messages and placement */
} hpcg_problem_view;

/* Services of the core a backend may call back into from mg(). */
typedef struct hpcg_core_services {
  void* context;
  /* Fills the halo part (columns rows..columns-1) of x on `level` with other ranks' values. */
  void (*exchange_halo)(void* context, int32_t level, double* x);
} hpcg_core_services;

typedef struct hpcg_backend {
  uint32_t abi_version; /* HPCG_BACKEND_ABI_VERSION */
  uint32_t struct_size; /* sizeof(hpcg_backend) */
  const char* name;
  const char* version;

  /* Optimisation phase (timed and charged): build any state, e.g. a reordered copy. */
  hpcg_status (*create)(const hpcg_problem_view* problem, void** state, hpcg_error* error);
  void (*destroy)(void* state);
  /* Bytes the backend allocated for its state (reported as optimisation-phase memory). */
  uint64_t (*memory_bytes)(void* state);
  /* Diagonal values of `level` changed in place (TestCG does this); refresh copies of them. */
  hpcg_status (*diagonal_changed)(void* state, int32_t level, hpcg_error* error);

  /* y = A x on `level`; x's halo is current. */
  hpcg_status (*spmv)(void* state, int32_t level, const double* x, double* y, hpcg_error* error);
  /* One symmetric Gauss-Seidel step for A x = r; x's halo is current. */
  hpcg_status (*symgs)(void* state, int32_t level, const double* r, double* x, hpcg_error* error);
  /* Optional whole V-cycle x = M r on the fine level (x has level[0].columns entries). */
  hpcg_status (*mg)(void* state, const double* r, double* x, const hpcg_core_services* core,
                    hpcg_error* error);
  /* Local part of x.y over n entries (the core sums over ranks). */
  hpcg_status (*dot)(void* state, int32_t n, const double* x, const double* y, double* result,
                     hpcg_error* error);
  /* w = alpha x + beta y over n entries; w may alias x or y. */
  hpcg_status (*waxpby)(void* state, int32_t n, double alpha, const double* x, double beta,
                        const double* y, double* w, hpcg_error* error);
} hpcg_backend;

/* The one symbol a plugin exports. */
typedef const hpcg_backend* (*hpcg_backend_entry_fn)(void);
const hpcg_backend* hpcg_backend_entry(void);

#ifdef __cplusplus
}
#endif

#endif /* HPCG_BACKEND_ABI_H */
