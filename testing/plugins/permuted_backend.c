/* SPDX-License-Identifier: BSD-3-Clause
 * A version-3 plugin that does what a GPU vendor's backend does with the ABI, on the host: every
 * vector is stored in the plugin's own row order (alloc_level_vector), and each step that reads
 * a halo computes its interior rows while the exchange is in flight (the *_part entries).
 *
 * The order of a level: the rows that read no halo value first, then the others; within each
 * group the even natural rows before the odd ones, so that the order differs from the natural
 * one on a single rank too. Gauss-Seidel relaxes the rows sequentially in that order, which is
 * the order sweep_order declares. Vectors keep a level's owned rows in that order and its halo
 * after them as received, so upload, download and pack_halo convert row numbers.
 *
 * Only the parts are given for SpMV, SymGS and the restricted residual: xhpcg calls both in a
 * row wherever it would call the whole step.
 *
 * Faults for the tests, one per build (compile definition):
 *   FAULT_STALE_HALO: the SpMV's before-halo part computes every row, reading the halo before
 *     it arrives, and the after-halo part does nothing.
 *   FAULT_UNPERMUTED_DOWNLOAD: download hands back the plugin's storage order. */
#include <hpcg/backend_abi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct level_data {
  const hpcg_level_view* view; /* the core's level, natural order */
  const hpcg_halo_view* halo;
  int32_t interior;            /* positions [0, interior) read no halo value */
  int32_t* order;              /* position -> natural row */
  int32_t* position;           /* natural row -> position */
  int64_t* row_start;          /* the matrix by position, columns renumbered */
  int32_t* column;
  double* values;
  double* diagonal;            /* by position */
  int32_t* injected;           /* coarse position -> fine position it injects */
} level_data;

typedef struct permuted_state {
  int32_t level_count;
  level_data* levels;
  uint64_t bytes;
} permuted_state;

typedef struct permuted_vector {
  int32_t level, length;
  double* values;
} permuted_vector;

static void* counted_calloc(permuted_state* s, size_t count, size_t size) {
  s->bytes += count * size;
  return calloc(count > 0 ? count : 1, size);
}

static int reads_halo(const hpcg_level_view* A, int32_t row) {
  for (int64_t k = A->row_start[row]; k < A->row_start[row + 1]; ++k) {
    if (A->column_index[k] >= A->rows) return 1;
  }
  return 0;
}

static void copy_values(level_data* L) {
  const hpcg_level_view* A = L->view;
  for (int32_t p = 0; p < A->rows; ++p) {
    const int32_t row = L->order[p];
    const int64_t from = A->row_start[row], count = A->row_start[row + 1] - from;
    memcpy(L->values + L->row_start[p], A->values + from, sizeof(double) * (size_t)count);
    L->diagonal[p] = A->values[A->diagonal[row]];
  }
}

static int build_level(permuted_state* s, const hpcg_level_view* A, const hpcg_halo_view* halo,
                       level_data* L) {
  const int32_t n = A->rows;
  L->view = A;
  L->halo = halo;
  L->order = counted_calloc(s, (size_t)n, sizeof(int32_t));
  L->position = counted_calloc(s, (size_t)n, sizeof(int32_t));
  L->row_start = counted_calloc(s, (size_t)n + 1, sizeof(int64_t));
  L->column = counted_calloc(s, (size_t)A->row_start[n], sizeof(int32_t));
  L->values = counted_calloc(s, (size_t)A->row_start[n], sizeof(double));
  L->diagonal = counted_calloc(s, (size_t)n, sizeof(double));
  if (!L->order || !L->position || !L->row_start || !L->column || !L->values || !L->diagonal) {
    return 0;
  }
  int32_t next = 0;
  for (int group = 0; group < 4; ++group) { /* interior even, interior odd, boundary even, odd */
    for (int32_t row = group % 2; row < n; row += 2) {
      if (reads_halo(A, row) == (group >= 2)) L->order[next++] = row;
    }
    if (group == 1) L->interior = next;
  }
  for (int32_t p = 0; p < n; ++p) L->position[L->order[p]] = p;
  for (int32_t p = 0; p < n; ++p) {
    const int32_t row = L->order[p];
    int64_t k = L->row_start[p];
    for (int64_t j = A->row_start[row]; j < A->row_start[row + 1]; ++j, ++k) {
      const int32_t c = A->column_index[j];
      L->column[k] = c < n ? L->position[c] : c; /* halo columns keep their place */
    }
    L->row_start[p + 1] = k;
  }
  copy_values(L);
  return 1;
}

/* Needs the coarse level's order, so it runs once every level is built. */
static int build_injection(permuted_state* s, level_data* fine, const level_data* coarse) {
  const hpcg_level_view* A = fine->view;
  fine->injected = counted_calloc(s, (size_t)A->coarse_rows, sizeof(int32_t));
  if (fine->injected == NULL) return 0;
  for (int32_t q = 0; q < A->coarse_rows; ++q) {
    fine->injected[q] = fine->position[A->coarse_to_fine[coarse->order[q]]];
  }
  return 1;
}

static void permuted_destroy(void* state) {
  permuted_state* s = state;
  if (s == NULL) return;
  for (int32_t l = 0; l < s->level_count; ++l) {
    level_data* L = &s->levels[l];
    free(L->order), free(L->position), free(L->row_start), free(L->column);
    free(L->values), free(L->diagonal), free(L->injected);
  }
  free(s->levels);
  free(s);
}

static hpcg_status fail(hpcg_error* error, const char* message) {
  snprintf(error->message, sizeof error->message, "%s", message);
  return HPCG_STATUS_ERROR;
}

static hpcg_status permuted_create(const hpcg_problem_view* problem, void** state,
                                   hpcg_error* error) {
  permuted_state* s = calloc(1, sizeof *s);
  if (s == NULL) return fail(error, "out of memory");
  s->level_count = problem->level_count;
  s->levels = counted_calloc(s, (size_t)s->level_count, sizeof(level_data));
  int ok = s->levels != NULL;
  for (int32_t l = 0; ok && l < s->level_count; ++l) {
    ok = build_level(s, &problem->level[l], &problem->halo[l], &s->levels[l]);
  }
  for (int32_t l = 0; ok && l + 1 < s->level_count; ++l) {
    ok = build_injection(s, &s->levels[l], &s->levels[l + 1]);
  }
  if (!ok) {
    permuted_destroy(s);
    return fail(error, "out of memory");
  }
  *state = s;
  return HPCG_STATUS_OK;
}

static uint64_t permuted_memory_bytes(void* state) { return ((permuted_state*)state)->bytes; }

static hpcg_status permuted_diagonal_changed(void* state, int32_t level, hpcg_error* error) {
  (void)error;
  copy_values(&((permuted_state*)state)->levels[level]);
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_alloc(void* state, int32_t level, int32_t role, int32_t length,
                                  void** vector, hpcg_error* error) {
  permuted_state* s = state;
  (void)role;
  if (level < 0 || level >= s->level_count) return fail(error, "no such level");
  permuted_vector* v = calloc(1, sizeof *v);
  double* values = calloc(length > 0 ? (size_t)length : 1, sizeof(double));
  if (v == NULL || values == NULL) {
    free(v), free(values);
    return fail(error, "out of memory");
  }
  v->level = level;
  v->length = length;
  v->values = values;
  *vector = v;
  return HPCG_STATUS_OK;
}

static void permuted_free(void* state, void* vector) {
  (void)state;
  if (vector != NULL) free(((permuted_vector*)vector)->values);
  free(vector);
}

/* Where natural entry i of a vector on level L sits. */
static int32_t place(const level_data* L, int32_t i) {
  return i < L->view->rows ? L->position[i] : i;
}

static hpcg_status permuted_upload(void* state, const double* host, int32_t begin,
                                   int32_t count, void* vector, hpcg_error* error) {
  permuted_vector* v = vector;
  const level_data* L = &((permuted_state*)state)->levels[v->level];
  if (begin < 0 || count < 0 || begin + count > v->length) return fail(error, "out of range");
  for (int32_t i = begin; i < begin + count; ++i) v->values[place(L, i)] = host[i - begin];
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_download(void* state, const void* vector, int32_t begin,
                                     int32_t count, double* host, hpcg_error* error) {
  const permuted_vector* v = vector;
  const level_data* L = &((permuted_state*)state)->levels[v->level];
  if (begin < 0 || count < 0 || begin + count > v->length) return fail(error, "out of range");
#if defined(FAULT_UNPERMUTED_DOWNLOAD)
  (void)L;
  memcpy(host, v->values + begin, sizeof(double) * (size_t)count);
#else
  for (int32_t i = begin; i < begin + count; ++i) host[i - begin] = v->values[place(L, i)];
#endif
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_fill(void* state, void* vector, int32_t length, double value,
                                 hpcg_error* error) {
  permuted_vector* v = vector;
  (void)state, (void)error;
  for (int32_t i = 0; i < length; ++i) v->values[i] = value;
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_copy(void* state, const void* from, int32_t count, void* to,
                                 hpcg_error* error) {
  (void)state, (void)error; /* one level, one order: positions copy as they are */
  memcpy(((permuted_vector*)to)->values, ((const permuted_vector*)from)->values,
         sizeof(double) * (size_t)count);
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_pack_halo(void* state, int32_t level, const void* x, double* send,
                                      hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  const double* values = ((const permuted_vector*)x)->values;
  (void)error;
  for (int32_t k = 0; k < L->halo->send_count; ++k) {
    send[k] = values[L->position[L->halo->send_rows[k]]];
  }
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_unpack_halo(void* state, int32_t level, const double* receive,
                                        void* x, hpcg_error* error) {
  const hpcg_level_view* A = ((permuted_state*)state)->levels[level].view;
  (void)error;
  memcpy(((permuted_vector*)x)->values + A->rows, receive,
         sizeof(double) * (size_t)(A->columns - A->rows));
  return HPCG_STATUS_OK;
}

static double row_product(const level_data* L, int32_t p, const double* x) {
  double sum = 0.0;
  for (int64_t k = L->row_start[p]; k < L->row_start[p + 1]; ++k) {
    sum += L->values[k] * x[L->column[k]];
  }
  return sum;
}

/* The positions a part covers: the interior before the halo arrives, the rest after. */
static void part_range(const level_data* L, int32_t part, int32_t* begin, int32_t* end) {
  *begin = part == HPCG_PART_BEFORE_HALO ? 0 : L->interior;
  *end = part == HPCG_PART_BEFORE_HALO ? L->interior : L->view->rows;
#if defined(FAULT_STALE_HALO)
  *begin = 0;
  *end = part == HPCG_PART_BEFORE_HALO ? L->view->rows : 0;
#endif
}

static void spmv_rows(const level_data* L, int32_t begin, int32_t end, const double* x,
                      double* y) {
  for (int32_t p = begin; p < end; ++p) y[p] = row_product(L, p, x);
}

static hpcg_status permuted_spmv_part(void* state, int32_t part, int32_t level, const void* x,
                                      void* y, hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  int32_t begin, end;
  (void)error;
  part_range(L, part, &begin, &end);
  spmv_rows(L, begin, end, ((const permuted_vector*)x)->values, ((permuted_vector*)y)->values);
  return HPCG_STATUS_OK;
}

static double dot_values(int32_t n, const double* x, const double* y) {
  double sum = 0.0;
  for (int32_t i = 0; i < n; ++i) sum += x[i] * y[i];
  return sum;
}

static hpcg_status permuted_spmv_dot_part(void* state, int32_t part, int32_t level,
                                          const void* x, void* y, double* result,
                                          hpcg_error* error) {
  permuted_spmv_part(state, part, level, x, y, error);
  if (part == HPCG_PART_AFTER_HALO) {
    *result = dot_values(((permuted_state*)state)->levels[level].view->rows,
                         ((const permuted_vector*)x)->values, ((permuted_vector*)y)->values);
  }
  return HPCG_STATUS_OK;
}

static void relax(const level_data* L, int32_t p, const double* r, double* x) {
  x[p] += (r[p] - row_product(L, p, x)) / L->diagonal[p];
}

static void forward(const level_data* L, int32_t begin, int32_t end, const double* r,
                    double* x) {
  for (int32_t p = begin; p < end; ++p) relax(L, p, r, x);
}

static void backward(const level_data* L, const double* r, double* x) {
  for (int32_t p = L->view->rows - 1; p >= 0; --p) relax(L, p, r, x);
}

/* Interior rows come first in the order, so the forward sweep over them needs no halo value;
 * the rest of the forward sweep and the whole backward sweep follow the exchange. */
static hpcg_status permuted_symgs_part(void* state, int32_t part, int32_t level, const void* r,
                                       void* x, hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  const double* rhs = ((const permuted_vector*)r)->values;
  double* solution = ((permuted_vector*)x)->values;
  (void)error;
  if (part == HPCG_PART_BEFORE_HALO) {
    forward(L, 0, L->interior, rhs, solution);
  } else {
    forward(L, L->interior, L->view->rows, rhs, solution);
    backward(L, rhs, solution);
  }
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_symgs(void* state, int32_t level, const void* r, void* x,
                                  hpcg_error* error) {
  permuted_symgs_part(state, HPCG_PART_BEFORE_HALO, level, r, x, error);
  return permuted_symgs_part(state, HPCG_PART_AFTER_HALO, level, r, x, error);
}

static hpcg_status permuted_symgs_zero_guess(void* state, int32_t level, const void* r,
                                             void* x, hpcg_error* error) {
  permuted_vector* v = x;
  memset(v->values, 0, sizeof(double) * (size_t)v->length); /* every rank's x is 0: halo too */
  return permuted_symgs(state, level, r, x, error);
}

static hpcg_status permuted_restriction_part(void* state, int32_t part, int32_t level,
                                             const void* r, const void* x, void* rc,
                                             hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  const double* rhs = ((const permuted_vector*)r)->values;
  const double* solution = ((const permuted_vector*)x)->values;
  double* coarse = ((permuted_vector*)rc)->values;
  (void)error;
  for (int32_t q = 0; q < L->view->coarse_rows; ++q) {
    const int32_t p = L->injected[q];
    if ((p < L->interior) == (part == HPCG_PART_BEFORE_HALO)) {
      coarse[q] = rhs[p] - row_product(L, p, solution);
    }
  }
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_prolongation(void* state, int32_t level, const void* xc, void* x,
                                         hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  const double* correction = ((const permuted_vector*)xc)->values;
  double* solution = ((permuted_vector*)x)->values;
  (void)error;
  for (int32_t q = 0; q < L->view->coarse_rows; ++q) solution[L->injected[q]] += correction[q];
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_dot(void* state, int32_t n, const void* x, const void* y,
                                double* result, hpcg_error* error) {
  (void)state, (void)error;
  *result = dot_values(n, ((const permuted_vector*)x)->values,
                       ((const permuted_vector*)y)->values);
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_waxpby(void* state, int32_t n, double alpha, const void* x,
                                   double beta, const void* y, void* w, hpcg_error* error) {
  const double* a = ((const permuted_vector*)x)->values;
  const double* b = ((const permuted_vector*)y)->values;
  double* out = ((permuted_vector*)w)->values;
  (void)state, (void)error;
  for (int32_t i = 0; i < n; ++i) out[i] = alpha * a[i] + beta * b[i];
  return HPCG_STATUS_OK;
}

static hpcg_status permuted_sweep_order(void* state, int32_t level, int32_t* order,
                                        hpcg_error* error) {
  const level_data* L = &((permuted_state*)state)->levels[level];
  (void)error;
  memcpy(order, L->order, sizeof(int32_t) * (size_t)L->view->rows);
  return HPCG_STATUS_OK;
}

static const hpcg_backend permuted_table = {
    .abi_version = HPCG_BACKEND_ABI_VERSION,
    .struct_size = sizeof(hpcg_backend),
    .name = "permuted",
    .version = "3.0",
    .flags = HPCG_BACKEND_SEPARATE_MEMORY,
    .create = permuted_create,
    .destroy = permuted_destroy,
    .memory_bytes = permuted_memory_bytes,
    .diagonal_changed = permuted_diagonal_changed,
    .free_vector = permuted_free,
    .upload = permuted_upload,
    .download = permuted_download,
    .fill = permuted_fill,
    .copy = permuted_copy,
    .pack_halo = permuted_pack_halo,
    .unpack_halo = permuted_unpack_halo,
    .symgs_zero_guess = permuted_symgs_zero_guess,
    .prolongation = permuted_prolongation,
    .dot = permuted_dot,
    .waxpby = permuted_waxpby,
    .sweep_order = permuted_sweep_order,
    .alloc_level_vector = permuted_alloc,
    .spmv_part = permuted_spmv_part,
    .spmv_dot_part = permuted_spmv_dot_part,
    .symgs_part = permuted_symgs_part,
    .residual_restriction_part = permuted_restriction_part,
};

const hpcg_backend* hpcg_backend_entry(void) { return &permuted_table; }
