/* SPDX-License-Identifier: BSD-3-Clause
 * A plugin with xhpgmp's steps (ABI 3.4) on host vectors: its own SpMV, forward Gauss-Seidel
 * (natural order) in double and float, the refinement's crossings and Gram-Schmidt's steps in
 * both precisions (its middle step through its two steps). Honest as built; with
 * one FAULT_* defined it does what xhpgmp must refuse:
 *   FAULT_HALF_PRECISION_INNER  the float steps round their results to bfloat16
 *   FAULT_FLOAT_OUTER_LOOP      the double steps (SpMV, dot, WAXPBY) computed in float
 *   FAULT_SKIPPED_REFINEMENT    x += z (add_float) leaves x as it was
 *   FAULT_MID_PHASE             spmv_float rounds to bfloat16 only inside the timed phase: in
 *                               the second instance (the first is validation's), from its second
 *                               fine-level call (the first is the check before the phase) to its
 *                               500th (the timed calls make about 600; the check after comes last)
 * and for Gram-Schmidt's steps (ABI 3.3):
 *   FAULT_DROPPED_BASIS_VECTOR  basis_dots (both precisions) leaves out the last basis vector
 *   FAULT_HALF_PRECISION_PROJECTIONS  subtract_projections on double vectors keeps half
 *                               precision's 11 significant bits in each update
 *   FAULT_FLOAT_GRAM_SCHMIDT    both double steps computed in float
 *   FAULT_MID_PHASE_GRAM_SCHMIDT  only inside the timed phase (the second instance, calls 3 to
 *                               1000 of each float step: the checks call each twice, the second
 *                               time through the middle step), the float steps leave out the
 *                               last basis vector: the dots where k is even, the update where k
 *                               is odd, so that each alone is wrong
 *   FAULT_OLD_3_2_TABLE         honest, built as against the 3.2 header: struct_size ends before
 *                               the Gram-Schmidt entries, which fail if called */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <hpcg/backend_abi.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mxp_state {
  const hpcg_level_view* level; /* valid until destroy */
  int instance;                 /* 1 for the first created in this process */
  long fine_spmv_float_calls;
  long basis_dots_float_calls, subtract_projections_float_calls;
} mxp_state;

/* How many instances this process created before: kept in the environment, which outlives the
 * core's dlclose of the plugin between validation's backend and the timed phase's. */
static int instances_created_before(void) {
  const char* name = "HPCG_MXP_SAMPLE_INSTANCES";
  const char* value = getenv(name);
  const int before = value != NULL ? atoi(value) : 0;
  char text[16];
  snprintf(text, sizeof text, "%d", before + 1);
  setenv(name, text, 1);
  return before;
}

static hpcg_status mxp_create(const hpcg_problem_view* problem, void** state, hpcg_error* error) {
  mxp_state* s = malloc(sizeof *s);
  (void)error;
  if (s == NULL) return HPCG_STATUS_ERROR;
  s->level = problem->level;
  s->instance = instances_created_before() + 1;
  s->fine_spmv_float_calls = 0;
  s->basis_dots_float_calls = 0;
  s->subtract_projections_float_calls = 0;
  *state = s;
  return HPCG_STATUS_OK;
}

static void mxp_destroy(void* state) { free(state); }

static const hpcg_level_view* level_of(void* state, int32_t level) {
  return &((mxp_state*)state)->level[level];
}

/* bfloat16 (float's top 16 bits), rounded. */
static float to_bfloat16(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  bits = (bits + 0x8000u) & 0xffff0000u;
  memcpy(&value, &bits, sizeof bits);
  return value;
}

/* What the inner steps store: float, or under the fault bfloat16. */
static float inner(float value) {
#if defined(FAULT_HALF_PRECISION_INNER)
  value = to_bfloat16(value);
#endif
  return value;
}

/* Whether this spmv_float call is one FAULT_MID_PHASE fakes. */
static int faked_mid_phase(mxp_state* s, int32_t level) {
#if defined(FAULT_MID_PHASE)
  if (level != 0) return 0;
  const long call = ++s->fine_spmv_float_calls;
  return s->instance >= 2 && call >= 2 && call <= 500;
#else
  (void)s, (void)level;
  return 0;
#endif
}

/* What the double steps compute in: double, or under the fault float. */
#if defined(FAULT_FLOAT_OUTER_LOOP)
typedef float outer_t;
#else
typedef double outer_t;
#endif

static hpcg_status mxp_spmv(void* state, int32_t level, const void* xv, void* yv,
                            hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const double* x = xv;
  double* y = yv;
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) {
    outer_t sum = 0;
    for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
      sum += (outer_t)A->values[k] * (outer_t)x[A->column_index[k]];
    }
    y[i] = sum;
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_dot(void* state, int32_t n, const void* xv, const void* yv,
                           double* result, hpcg_error* error) {
  const double *x = xv, *y = yv;
  outer_t sum = 0;
  (void)state, (void)error;
  for (int32_t i = 0; i < n; ++i) sum += (outer_t)x[i] * (outer_t)y[i];
  *result = sum;
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_waxpby(void* state, int32_t n, double alpha, const void* xv, double beta,
                              const void* yv, void* wv, hpcg_error* error) {
  const double *x = xv, *y = yv;
  double* w = wv;
  (void)state, (void)error;
  for (int32_t i = 0; i < n; ++i) w[i] = (outer_t)alpha * (outer_t)x[i] + (outer_t)beta * (outer_t)y[i];
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_gs_forward(void* state, int32_t level, const void* rv, void* xv,
                                  hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const double* r = rv;
  double* x = xv;
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) {
    double sum = r[i];
    for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
      sum -= A->values[k] * x[A->column_index[k]];
    }
    const double diagonal = A->values[A->diagonal[i]];
    sum += x[i] * diagonal;
    x[i] = sum / diagonal;
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_spmv_float(void* state, int32_t level, const void* xv, void* yv,
                                  hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const float* x = xv;
  float* y = yv;
  const int faked = faked_mid_phase(state, level);
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) {
    float sum = 0.0f;
    for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
      sum += (float)A->values[k] * x[A->column_index[k]];
    }
    y[i] = faked ? to_bfloat16(sum) : inner(sum);
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_gs_forward_float(void* state, int32_t level, const void* rv, void* xv,
                                        hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const float* r = rv;
  float* x = xv;
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) {
    float sum = r[i];
    for (int64_t k = A->row_start[i]; k < A->row_start[i + 1]; ++k) {
      sum -= (float)A->values[k] * x[A->column_index[k]];
    }
    const float diagonal = (float)A->values[A->diagonal[i]];
    sum += x[i] * diagonal;
    x[i] = inner(sum / diagonal);
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_add_float(void* state, int32_t n, const void* zv, void* xv,
                                 hpcg_error* error) {
  const float* z = zv;
  double* x = xv;
  (void)state, (void)error;
#if !defined(FAULT_SKIPPED_REFINEMENT)
  for (int32_t i = 0; i < n; ++i) x[i] += (double)z[i];
#else
  (void)z, (void)x, (void)n;
#endif
  return HPCG_STATUS_OK;
}

/* Gram-Schmidt's steps: what the double ones compute in, double or under the fault float. */
#if defined(FAULT_FLOAT_GRAM_SCHMIDT)
typedef float projection_t;
#else
typedef double projection_t;
#endif

/* What subtract_projections stores: the value, or under the fault half precision's 11
 * significant bits (float's, rounded to the nearest with 13 bits fewer). */
static double stored_projection(double value) {
#if defined(FAULT_HALF_PRECISION_PROJECTIONS)
  float narrow = (float)value;
  uint32_t bits;
  memcpy(&bits, &narrow, sizeof bits);
  bits = (bits + 0x1000u) & 0xffffe000u;
  memcpy(&narrow, &bits, sizeof bits);
  return narrow;
#else
  return value;
#endif
}

/* Whether this call of a float Gram-Schmidt step with k basis vectors leaves out the last one
 * (FAULT_MID_PHASE_GRAM_SCHMIDT: the dots where k is even, the update where k is odd). */
static int drops_last_float(mxp_state* s, long* calls, int32_t k, int parity) {
#if defined(FAULT_MID_PHASE_GRAM_SCHMIDT)
  const long call = ++*calls;
  return s->instance >= 2 && call >= 3 && call <= 1000 && k % 2 == parity;
#else
  (void)s, (void)calls, (void)k, (void)parity;
  return 0;
#endif
}

/* Under FAULT_OLD_3_2_TABLE the Gram-Schmidt entries lie past struct_size: xhpgmp must take them
 * as NULL, and fails if it calls one. */
static int past_struct_size(hpcg_error* error) {
#if defined(FAULT_OLD_3_2_TABLE)
  snprintf(error->message, sizeof error->message, "xhpgmp called an entry past struct_size");
  return 1;
#else
  (void)error;
  return 0;
#endif
}

/* How many basis vectors basis_dots takes: all, or under the fault all but the last. */
static int32_t dotted(int32_t k) {
#if defined(FAULT_DROPPED_BASIS_VECTOR)
  return k - 1;
#else
  return k;
#endif
}

static hpcg_status mxp_basis_dots(void* state, int32_t n, int32_t k, const void* const* basis,
                                  const void* qv, double* h, hpcg_error* error) {
  if (past_struct_size(error)) return HPCG_STATUS_ERROR;
  const double* q = qv;
  (void)state, (void)error;
  for (int32_t j = 0; j < k; ++j) {
    const double* v = basis[j];
    projection_t sum = 0;
    for (int32_t i = 0; j < dotted(k) && i < n; ++i) sum += (projection_t)v[i] * (projection_t)q[i];
    h[j] = sum;
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_subtract_projections(void* state, int32_t n, int32_t k,
                                            const void* const* basis, const double* h, void* qv,
                                            hpcg_error* error) {
  if (past_struct_size(error)) return HPCG_STATUS_ERROR;
  double* q = qv;
  (void)state, (void)error;
  for (int32_t j = 0; j < k; ++j) {
    const double* v = basis[j];
    const projection_t c = (projection_t)-h[j];
    for (int32_t i = 0; i < n; ++i) {
      q[i] = stored_projection((projection_t)q[i] + c * (projection_t)v[i]);
    }
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_basis_dots_float(void* state, int32_t n, int32_t k,
                                        const void* const* basis, const void* qv, double* h,
                                        hpcg_error* error) {
  if (past_struct_size(error)) return HPCG_STATUS_ERROR;
  mxp_state* s = state;
  const float* q = qv;
  const int32_t used = drops_last_float(s, &s->basis_dots_float_calls, k, 0) ? k - 1 : dotted(k);
  (void)error;
  for (int32_t j = 0; j < k; ++j) {
    const float* v = basis[j];
    double sum = 0; /* each product exact */
    for (int32_t i = 0; j < used && i < n; ++i) sum += (double)v[i] * (double)q[i];
    h[j] = sum;
  }
  return HPCG_STATUS_OK;
}

static hpcg_status mxp_subtract_projections_float(void* state, int32_t n, int32_t k,
                                                  const void* const* basis, const double* h,
                                                  void* qv, hpcg_error* error) {
  if (past_struct_size(error)) return HPCG_STATUS_ERROR;
  mxp_state* s = state;
  float* q = qv;
  const int32_t used = drops_last_float(s, &s->subtract_projections_float_calls, k, 1) ? k - 1 : k;
  (void)error;
  for (int32_t j = 0; j < used; ++j) {
    const float* v = basis[j];
    const float c = (float)-h[j];
    for (int32_t i = 0; i < n; ++i) q[i] = q[i] + c * v[i];
  }
  return HPCG_STATUS_OK;
}

/* ABI 3.4's middle step: the update, then the dots of the updated q, through the two entries
 * above (with their faults). */
static hpcg_status mxp_subtract_projections_dots(void* state, int32_t n, int32_t k,
                                                 const void* const* basis, const double* h,
                                                 void* q, double* dots, hpcg_error* error) {
  const hpcg_status status = mxp_subtract_projections(state, n, k, basis, h, q, error);
  return status != HPCG_STATUS_OK ? status : mxp_basis_dots(state, n, k, basis, q, dots, error);
}

static hpcg_status mxp_subtract_projections_dots_float(void* state, int32_t n, int32_t k,
                                                       const void* const* basis,
                                                       const double* h, void* q, double* dots,
                                                       hpcg_error* error) {
  const hpcg_status status = mxp_subtract_projections_float(state, n, k, basis, h, q, error);
  return status != HPCG_STATUS_OK ? status
                                  : mxp_basis_dots_float(state, n, k, basis, q, dots, error);
}

#if defined(FAULT_OLD_3_2_TABLE)
#define MXP_TABLE_SIZE offsetof(hpcg_backend, basis_dots)
#else
#define MXP_TABLE_SIZE sizeof(hpcg_backend)
#endif

static const hpcg_backend table = {
    .abi_version = HPCG_BACKEND_ABI_VERSION,
    .struct_size = MXP_TABLE_SIZE,
    .name = "mxp-sample",
    .version = "1.0",
    .create = mxp_create,
    .destroy = mxp_destroy,
    .spmv = mxp_spmv,
    .dot = mxp_dot,
    .waxpby = mxp_waxpby,
    .gs_forward = mxp_gs_forward,
    .spmv_float = mxp_spmv_float,
    .gs_forward_float = mxp_gs_forward_float,
    .add_float = mxp_add_float,
    .basis_dots = mxp_basis_dots,
    .subtract_projections = mxp_subtract_projections,
    .basis_dots_float = mxp_basis_dots_float,
    .subtract_projections_float = mxp_subtract_projections_float,
    .subtract_projections_dots = mxp_subtract_projections_dots,
    .subtract_projections_dots_float = mxp_subtract_projections_dots_float,
};

const hpcg_backend* hpcg_backend_entry(void) { return &table; }
