/* SPDX-License-Identifier: BSD-3-Clause
 * A complete xhpcg backend plugin in plain C (the version-3 table of backend_abi.h, using only
 * its version-2 entries): it owns its vectors, and
 * runs SpMV, symmetric Gauss-Seidel (also from a zero guess), dot and WAXPBY on the CSR arrays
 * xhpcg hands over, in natural order, so results match the reference. The rest of the V-cycle
 * (restricted residual, prolongation) and the halo packing are left NULL: xhpcg runs its own.
 * A GPU vendor starts from this file, puts the vectors in device memory, sets
 * HPCG_BACKEND_SEPARATE_MEMORY and fills in pack_halo and unpack_halo. Build it out of tree
 * with this folder's CMakeLists.txt, then run
 *   mpirun -np 4 xhpcg --backend=plugin:/path/to/libsample_backend.so */
#include <hpcg/backend_abi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sample_state {
  hpcg_problem_view problem; /* views stay valid until destroy */
  uint64_t vector_bytes;     /* reported as the plugin's memory */
} sample_state;

static hpcg_status sample_create(const hpcg_problem_view* problem, void** state,
                                 hpcg_error* error) {
  sample_state* s = calloc(1, sizeof *s);
  if (s == NULL) {
    snprintf(error->message, sizeof error->message, "out of memory");
    return HPCG_STATUS_ERROR;
  }
  /* An older xhpcg passes a shorter view: copy what it has, the rest stays zero. */
  memcpy(&s->problem, problem,
         problem->struct_size < sizeof s->problem ? problem->struct_size : sizeof s->problem);
  *state = s;
  /* The grid (ABI 3.1) lets a plugin lay out its rows by plane; here it is only checked. The
   * #ifdef keeps this file building against older headers (testing/plugins/abi_v2). */
#ifdef HPCG_PROBLEM_VIEW_HAS
  if (HPCG_PROBLEM_VIEW_HAS(problem, grid)) {
    for (int32_t l = 0; l < problem->level_count; ++l) {
      const hpcg_grid_view* g = &problem->grid[l];
      if ((int64_t)g->nx * g->ny * g->nz != problem->level[l].rows) {
        snprintf(error->message, sizeof error->message,
                 "level %d: grid %d x %d x %d does not hold its %d rows", l, g->nx, g->ny, g->nz,
                 problem->level[l].rows);
        return HPCG_STATUS_ERROR;
      }
    }
  }
#endif
  return HPCG_STATUS_OK;
}

static void sample_destroy(void* state) { free(state); }

static uint64_t sample_memory_bytes(void* state) {
  return sizeof(sample_state) + ((sample_state*)state)->vector_bytes;
}

/* Vectors: host memory here, so a handle is the address of its values (no separate-memory
 * flag); a device plugin would return device addresses and copy in upload and download. */
static hpcg_status sample_alloc_vector(void* state, int32_t length, void** vector,
                                       hpcg_error* error) {
  double* values = calloc(length > 0 ? (size_t)length : 1, sizeof(double));
  if (values == NULL) {
    snprintf(error->message, sizeof error->message, "out of memory for %d values", length);
    return HPCG_STATUS_ERROR;
  }
  ((sample_state*)state)->vector_bytes += (uint64_t)length * sizeof(double);
  *vector = values;
  return HPCG_STATUS_OK;
}

static void sample_free_vector(void* state, void* vector) {
  (void)state;
  free(vector);
}

static hpcg_status sample_upload(void* state, const double* host, int32_t begin, int32_t count,
                                 void* v, hpcg_error* error) {
  (void)state, (void)error;
  memcpy((double*)v + begin, host, (size_t)count * sizeof(double));
  return HPCG_STATUS_OK;
}

static hpcg_status sample_download(void* state, const void* v, int32_t begin, int32_t count,
                                   double* host, hpcg_error* error) {
  (void)state, (void)error;
  memcpy(host, (const double*)v + begin, (size_t)count * sizeof(double));
  return HPCG_STATUS_OK;
}

static const hpcg_level_view* level_of(void* state, int32_t level) {
  return &((sample_state*)state)->problem.level[level];
}

static hpcg_status sample_spmv(void* state, int32_t level, const void* xv, void* yv,
                               hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const double* x = xv;
  double* y = yv;
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) {
    double sum = 0.0;
    for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
      sum += A->values[k] * x[A->column_index[k]];
    }
    y[i] = sum;
  }
  return HPCG_STATUS_OK;
}

static void relax_row(const hpcg_level_view* A, int32_t i, const double* r, double* x) {
  double sum = r[i];
  double diagonal = A->values[A->diagonal[i]];
  for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
    sum -= A->values[k] * x[A->column_index[k]];
  }
  x[i] = (sum + diagonal * x[i]) / diagonal;
}

static hpcg_status sample_symgs(void* state, int32_t level, const void* rv, void* xv,
                                hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const double* r = rv;
  double* x = xv;
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) relax_row(A, i, r, x);
  for (int32_t i = A->rows - 1; i >= 0; --i) relax_row(A, i, r, x);
  return HPCG_STATUS_OK;
}

/* The V-cycle's pre-smoothing: x (halo included) is taken as zero, whatever it holds. */
static hpcg_status sample_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                           hpcg_error* error) {
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  return sample_symgs(state, level, r, x, error);
}

/* x.y over the first n entries as the contract asks ("Local sums" in backend_abi.h): blocks of
 * 128 products in four interleaved running sums, the blocks' sums combined pairwise (a binary
 * counter: block j joins the stack as j's low bits carry), so no product passes through more
 * than 2 log2(n) + 21 additions. One running sum over a large grid would round too much. The
 * order is the core's (include/hpcg/backends/blocked_sum.hpp), so that this plugin reproduces
 * the reference's residuals bit for bit on one thread. */
static double sample_blocked_dot(const double* x, const double* y, int32_t n) {
  double stack[64];
  int64_t blocks = 0;
  for (int32_t start = 0; start < n; start += 128) {
    const int32_t stop = n - start < 128 ? n : start + 128;
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int32_t i = start;
    for (; i + 4 <= stop; i += 4) {
      s0 += x[i] * y[i];
      s1 += x[i + 1] * y[i + 1];
      s2 += x[i + 2] * y[i + 2];
      s3 += x[i + 3] * y[i + 3];
    }
    for (; i < stop; ++i) s0 += x[i] * y[i];
    double carry = (s0 + s1) + (s2 + s3);
    int level = 0;
    for (int64_t j = blocks; (j & 1) != 0; j >>= 1, ++level) carry = stack[level] + carry;
    stack[level] = carry;
    ++blocks;
  }
  double total = 0.0;
  int level = 0;
  for (int64_t j = blocks; j != 0; j >>= 1, ++level) {
    if ((j & 1) != 0) total = stack[level] + total;
  }
  return total;
}

static hpcg_status sample_dot(void* state, int32_t n, const void* xv, const void* yv,
                              double* result, hpcg_error* error) {
  (void)state, (void)error;
  *result = sample_blocked_dot(xv, yv, n);
  return HPCG_STATUS_OK;
}

static hpcg_status sample_waxpby(void* state, int32_t n, double alpha, const void* xv,
                                 double beta, const void* yv, void* wv, hpcg_error* error) {
  const double* x = xv;
  const double* y = yv;
  double* w = wv;
  (void)state, (void)error;
  for (int32_t i = 0; i < n; ++i) w[i] = alpha * x[i] + beta * y[i];
  return HPCG_STATUS_OK;
}

/* The order sample_symgs relaxes rows in: natural, so xhpcg checks its smoother exactly. */
static hpcg_status sample_sweep_order(void* state, int32_t level, int32_t* order,
                                      hpcg_error* error) {
  (void)error;
  for (int32_t i = 0; i < level_of(state, level)->rows; ++i) order[i] = i;
  return HPCG_STATUS_OK;
}

/* Designated initialisers: entries left out are NULL, and xhpcg runs its own step there. */
static const hpcg_backend sample_table = {
    .abi_version = HPCG_BACKEND_ABI_VERSION,
    .struct_size = sizeof(hpcg_backend),
    .name = "sample",
    .version = "2.0",
    .flags = 0,
    .create = sample_create,
    .destroy = sample_destroy,
    .memory_bytes = sample_memory_bytes,
    .alloc_vector = sample_alloc_vector,
    .free_vector = sample_free_vector,
    .upload = sample_upload,
    .download = sample_download,
    .spmv = sample_spmv,
    .symgs = sample_symgs,
    .symgs_zero_guess = sample_symgs_zero_guess,
    .dot = sample_dot,
    .waxpby = sample_waxpby,
    .sweep_order = sample_sweep_order,
};

#ifndef SAMPLE_BACKEND_NO_ENTRY
const hpcg_backend* hpcg_backend_entry(void) { return &sample_table; }
#endif
