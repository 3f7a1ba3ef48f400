/* SPDX-License-Identifier: BSD-3-Clause
 * A plugin whose vectors the process cannot touch outside the plugin's own calls: each lives in
 * pages of its own that are PROT_NONE except while a call of this plugin runs. If xhpcg read or
 * wrote a vector directly (instead of through upload, download, pack_halo and unpack_halo), the
 * access would fault and the run would end with the crash handler's status 5. It declares
 * separate memory, as a device plugin does. Kernels are the reference's, in natural order. */
#define _DEFAULT_SOURCE
#include <hpcg/backend_abi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct guarded_vector {
  double* values;
  size_t bytes; /* whole pages */
} guarded_vector;

typedef struct guarded_state {
  hpcg_problem_view problem;
  guarded_vector* vectors; /* every live vector, in no order */
  size_t count, capacity;
  uint64_t bytes;
} guarded_state;

static void protect_all(guarded_state* s, int access) {
  for (size_t k = 0; k < s->count; ++k) {
    if (mprotect(s->vectors[k].values, s->vectors[k].bytes, access) != 0) abort();
  }
}

/* Every entry that touches vectors opens them on the way in and closes them on the way out. */
#define OPEN(state) protect_all((guarded_state*)(state), PROT_READ | PROT_WRITE)
#define CLOSE(state) protect_all((guarded_state*)(state), PROT_NONE)

static hpcg_status guarded_create(const hpcg_problem_view* problem, void** state,
                                  hpcg_error* error) {
  guarded_state* s = calloc(1, sizeof *s);
  if (s == NULL) {
    snprintf(error->message, sizeof error->message, "out of memory");
    return HPCG_STATUS_ERROR;
  }
  s->problem = *problem;
  *state = s;
  return HPCG_STATUS_OK;
}

static void guarded_destroy(void* state) {
  guarded_state* s = state;
  for (size_t k = 0; k < s->count; ++k) munmap(s->vectors[k].values, s->vectors[k].bytes);
  free(s->vectors);
  free(s);
}

static uint64_t guarded_memory_bytes(void* state) { return ((guarded_state*)state)->bytes; }

static hpcg_status guarded_alloc(void* state, int32_t length, void** vector, hpcg_error* error) {
  guarded_state* s = state;
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  const size_t values_bytes = (length > 0 ? (size_t)length : 1) * sizeof(double);
  const size_t bytes = (values_bytes + page - 1) / page * page;
  if (s->count == s->capacity) {
    size_t capacity = s->capacity ? 2 * s->capacity : 16;
    guarded_vector* grown = realloc(s->vectors, capacity * sizeof *grown);
    if (grown == NULL) goto out_of_memory;
    s->vectors = grown, s->capacity = capacity;
  }
  void* values = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (values == MAP_FAILED) goto out_of_memory;
  s->vectors[s->count++] = (guarded_vector){values, bytes};
  s->bytes += bytes;
  *vector = values;
  return HPCG_STATUS_OK;
out_of_memory:
  snprintf(error->message, sizeof error->message, "cannot map %d values", length);
  return HPCG_STATUS_ERROR;
}

static void guarded_free(void* state, void* vector) {
  guarded_state* s = state;
  for (size_t k = 0; k < s->count; ++k) {
    if (s->vectors[k].values != vector) continue;
    munmap(vector, s->vectors[k].bytes);
    s->bytes -= s->vectors[k].bytes;
    s->vectors[k] = s->vectors[--s->count];
    return;
  }
  abort(); /* xhpcg freed a vector this plugin did not make */
}

static hpcg_status guarded_upload(void* state, const double* host, int32_t begin, int32_t count,
                                  void* v, hpcg_error* error) {
  (void)error;
  OPEN(state);
  memcpy((double*)v + begin, host, (size_t)count * sizeof(double));
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_download(void* state, const void* v, int32_t begin, int32_t count,
                                    double* host, hpcg_error* error) {
  (void)error;
  OPEN(state);
  memcpy(host, (const double*)v + begin, (size_t)count * sizeof(double));
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_fill(void* state, void* v, int32_t length, double value,
                                hpcg_error* error) {
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < length; ++i) ((double*)v)[i] = value;
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_copy(void* state, const void* from, int32_t count, void* to,
                                hpcg_error* error) {
  (void)error;
  OPEN(state);
  memmove(to, from, (size_t)count * sizeof(double));
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_pack(void* state, int32_t level, const void* x, double* send,
                                hpcg_error* error) {
  const hpcg_halo_view* halo = &((guarded_state*)state)->problem.halo[level];
  (void)error;
  OPEN(state);
  for (int32_t k = 0; k < halo->send_count; ++k) send[k] = ((const double*)x)[halo->send_rows[k]];
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_unpack(void* state, int32_t level, const double* receive, void* x,
                                  hpcg_error* error) {
  const hpcg_level_view* A = &((guarded_state*)state)->problem.level[level];
  (void)error;
  OPEN(state);
  memcpy((double*)x + A->rows, receive, (size_t)(A->columns - A->rows) * sizeof(double));
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static const hpcg_level_view* level_of(void* state, int32_t level) {
  return &((guarded_state*)state)->problem.level[level];
}

static double row_product(const hpcg_level_view* A, int32_t i, const double* x) {
  double sum = 0.0;
  for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
    sum += A->values[k] * x[A->column_index[k]];
  }
  return sum;
}

static hpcg_status guarded_spmv(void* state, int32_t level, const void* x, void* y,
                                hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < A->rows; ++i) ((double*)y)[i] = row_product(A, i, x);
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static void relax_row(const hpcg_level_view* A, int32_t i, const double* r, double* x) {
  const double diagonal = A->values[A->diagonal[i]];
  x[i] = (r[i] - row_product(A, i, x) + diagonal * x[i]) / diagonal;
}

static hpcg_status guarded_symgs(void* state, int32_t level, const void* r, void* x,
                                 hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < A->rows; ++i) relax_row(A, i, r, x);
  for (int32_t i = A->rows - 1; i >= 0; --i) relax_row(A, i, r, x);
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                            hpcg_error* error) {
  OPEN(state);
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  CLOSE(state);
  return guarded_symgs(state, level, r, x, error);
}

static hpcg_status guarded_residual_restriction(void* state, int32_t level, const void* r,
                                                const void* x, void* rc, hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < A->coarse_rows; ++i) {
    const int32_t f = A->coarse_to_fine[i];
    ((double*)rc)[i] = ((const double*)r)[f] - row_product(A, f, x);
  }
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_prolongation(void* state, int32_t level, const void* xc, void* x,
                                        hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < A->coarse_rows; ++i) {
    ((double*)x)[A->coarse_to_fine[i]] += ((const double*)xc)[i];
  }
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_dot(void* state, int32_t n, const void* x, const void* y,
                               double* result, hpcg_error* error) {
  double sum = 0.0;
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < n; ++i) sum += ((const double*)x)[i] * ((const double*)y)[i];
  CLOSE(state);
  *result = sum;
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_waxpby(void* state, int32_t n, double alpha, const void* x,
                                  double beta, const void* y, void* w, hpcg_error* error) {
  (void)error;
  OPEN(state);
  for (int32_t i = 0; i < n; ++i) {
    ((double*)w)[i] = alpha * ((const double*)x)[i] + beta * ((const double*)y)[i];
  }
  CLOSE(state);
  return HPCG_STATUS_OK;
}

static hpcg_status guarded_sweep_order(void* state, int32_t level, int32_t* order,
                                       hpcg_error* error) {
  (void)error;
  for (int32_t i = 0; i < level_of(state, level)->rows; ++i) order[i] = i;
  return HPCG_STATUS_OK;
}

static const hpcg_backend guarded_table = {
    .abi_version = HPCG_BACKEND_ABI_VERSION,
    .struct_size = sizeof(hpcg_backend),
    .name = "guarded",
    .version = "1.0",
    .flags = HPCG_BACKEND_SEPARATE_MEMORY,
    .create = guarded_create,
    .destroy = guarded_destroy,
    .memory_bytes = guarded_memory_bytes,
    .alloc_vector = guarded_alloc,
    .free_vector = guarded_free,
    .upload = guarded_upload,
    .download = guarded_download,
    .fill = guarded_fill,
    .copy = guarded_copy,
    .pack_halo = guarded_pack,
    .unpack_halo = guarded_unpack,
    .spmv = guarded_spmv,
    .symgs = guarded_symgs,
    .symgs_zero_guess = guarded_symgs_zero_guess,
    .residual_restriction = guarded_residual_restriction,
    .prolongation = guarded_prolongation,
    .dot = guarded_dot,
    .waxpby = guarded_waxpby,
    .sweep_order = guarded_sweep_order,
};

const hpcg_backend* hpcg_backend_entry(void) { return &guarded_table; }
