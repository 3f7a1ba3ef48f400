/* SPDX-License-Identifier: BSD-3-Clause
 * A plugin as vendors built them for plugin ABI version 1 (the sample plugin of that time),
 * compiled against the frozen version-1 header in abi_v1/: xhpcg must still load and run it.
 * With FAULT_FLOAT_VCYCLE_LATER, its smoother rounds what it writes to float once the timed
 * sets start: CG runs are counted by the r = b - A x that begins each (b being the first
 * vector ever passed there; TestCG runs 4, the iteration search 1). */
#include <hpcg/backend_abi.h>
#include <stdlib.h>

typedef struct sample_state {
  hpcg_problem_view problem; /* views stay valid until destroy */
} sample_state;

static hpcg_status sample_create(const hpcg_problem_view* problem, void** state,
                                 hpcg_error* error) {
  sample_state* s = malloc(sizeof *s);
  (void)error;
  if (s == NULL) return HPCG_STATUS_ERROR;
  s->problem = *problem;
  *state = s;
  return HPCG_STATUS_OK;
}

static void sample_destroy(void* state) { free(state); }

static uint64_t sample_memory_bytes(void* state) {
  (void)state;
  return sizeof(sample_state);
}

static const hpcg_level_view* level_of(void* state, int32_t level) {
  return &((sample_state*)state)->problem.level[level];
}

static hpcg_status sample_spmv(void* state, int32_t level, const double* x, double* y,
                               hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
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

#if defined(FAULT_FLOAT_VCYCLE_LATER)
enum { validation_runs = 5 };
static int cg_runs = 0;
static const double* cg_b = NULL;
static void count_cg_runs(double alpha, const double* x, double beta) {
  if (alpha != 1.0 || beta != -1.0) return;
  if (cg_b == NULL) cg_b = x;
  if (x == cg_b) ++cg_runs;
}
#endif

static hpcg_status sample_symgs(void* state, int32_t level, const double* r, double* x,
                                hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  for (int32_t i = 0; i < A->rows; ++i) relax_row(A, i, r, x);
  for (int32_t i = A->rows - 1; i >= 0; --i) relax_row(A, i, r, x);
#if defined(FAULT_FLOAT_VCYCLE_LATER)
  if (cg_runs > validation_runs) {
    for (int32_t i = 0; i < A->rows; ++i) x[i] = (double)(float)x[i];
  }
#endif
  return HPCG_STATUS_OK;
}

static hpcg_status sample_dot(void* state, int32_t n, const double* x, const double* y,
                              double* result, hpcg_error* error) {
  double sum = 0.0;
  (void)state, (void)error;
  for (int32_t i = 0; i < n; ++i) sum += x[i] * y[i];
  *result = sum;
  return HPCG_STATUS_OK;
}

static hpcg_status sample_waxpby(void* state, int32_t n, double alpha, const double* x,
                                 double beta, const double* y, double* w, hpcg_error* error) {
  (void)state, (void)error;
#if defined(FAULT_FLOAT_VCYCLE_LATER)
  count_cg_runs(alpha, x, beta);
#endif
  for (int32_t i = 0; i < n; ++i) w[i] = alpha * x[i] + beta * y[i];
  return HPCG_STATUS_OK;
}

static const hpcg_backend sample_table = {
    HPCG_BACKEND_ABI_VERSION, sizeof(hpcg_backend), "sample-v1", "1.0",
    sample_create, sample_destroy, sample_memory_bytes, NULL /* diagonal_changed: no copies */,
    sample_spmv, sample_symgs, NULL /* mg: the core's V-cycle */, sample_dot, sample_waxpby};

const hpcg_backend* hpcg_backend_entry(void) { return &sample_table; }
