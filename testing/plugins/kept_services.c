/* SPDX-License-Identifier: BSD-3-Clause
 * An honest plugin that runs the whole V-cycle itself (mg) and keeps the core services its first
 * mg() call received: every later halo exchange goes through that kept pointer, and between
 * mg() calls (in every dot product) it checks that what the pointer shows has not changed.
 * backend_abi.h promises that every pointer xhpcg passes stays valid until destroy(); services
 * kept on the stack of the core's mg() call would be overwritten by the calls that follow it,
 * and the run would end with this plugin's error instead of VALID. Everything else is the
 * sample plugin. */
#define _POSIX_C_SOURCE 200809L
#define SAMPLE_BACKEND_NO_ENTRY
#include "example/sample_backend.c"

enum { max_levels = 16 };
static const hpcg_core_services* kept = NULL;
static hpcg_core_services first_seen; /* what the kept pointer showed at the first call */
static double* coarse_rhs[max_levels];
static double* coarse_solution[max_levels];

static double* scratch(double** slot, int32_t length) {
  if (*slot == NULL) *slot = calloc((size_t)length, sizeof(double));
  return *slot;
}

static int services_changed(void) {
  return kept != NULL && (kept->context != first_seen.context ||
                          kept->exchange_halo != first_seen.exchange_halo);
}

/* rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i]; x's halo is current. */
static void restrict_residual(const hpcg_level_view* A, const double* r, const double* x,
                              double* rc) {
  for (int32_t i = 0; i < A->coarse_rows; ++i) {
    const int32_t f = A->coarse_to_fine[i];
    double sum = 0.0;
    for (int64_t k = A->row_start[f]; k < A->row_start[f + 1]; ++k) {
      sum += A->values[k] * x[A->column_index[k]];
    }
    rc[i] = r[f] - sum;
  }
}

/* HPCG's V-cycle on level l, in the core's order (src/solver/multigrid.cpp). */
static hpcg_status v_cycle(void* state, int32_t l, const double* r, double* x,
                           hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, l);
  sample_symgs_zero_guess(state, l, r, x, error);
  if (A->coarse_rows == 0 || l + 1 >= max_levels) return HPCG_STATUS_OK;
  const int32_t coarse_columns = level_of(state, l + 1)->columns;
  double* rc = scratch(&coarse_rhs[l + 1], coarse_columns);
  double* xc = scratch(&coarse_solution[l + 1], coarse_columns);
  if (rc == NULL || xc == NULL) {
    snprintf(error->message, sizeof error->message, "out of memory");
    return HPCG_STATUS_ERROR;
  }
  kept->exchange_halo(kept->context, l, x);
  restrict_residual(A, r, x, rc);
  hpcg_status status = v_cycle(state, l + 1, rc, xc, error);
  if (status != HPCG_STATUS_OK) return status;
  for (int32_t i = 0; i < A->coarse_rows; ++i) x[A->coarse_to_fine[i]] += xc[i];
  kept->exchange_halo(kept->context, l, x);
  return sample_symgs(state, l, r, x, error);
}

static hpcg_status kept_mg(void* state, const void* r, void* x, const hpcg_core_services* core,
                           hpcg_error* error) {
  if (kept == NULL) kept = core, first_seen = *core;
  return v_cycle(state, 0, r, x, error);
}

static hpcg_status kept_dot(void* state, int32_t n, const void* x, const void* y, double* result,
                            hpcg_error* error) {
  if (services_changed()) {
    snprintf(error->message, sizeof error->message,
             "the core services the first mg() call received changed after it returned");
    return HPCG_STATUS_ERROR;
  }
  return sample_dot(state, n, x, y, result, error);
}

static void kept_destroy(void* state) {
  for (int l = 0; l < max_levels; ++l) free(coarse_rhs[l]), free(coarse_solution[l]);
  sample_destroy(state);
}

static hpcg_backend kept_table;

const hpcg_backend* hpcg_backend_entry(void) {
  kept_table = sample_table;
  kept_table.name = "kept-services";
  kept_table.mg = kept_mg;
  kept_table.dot = kept_dot;
  kept_table.destroy = kept_destroy;
  return &kept_table;
}
