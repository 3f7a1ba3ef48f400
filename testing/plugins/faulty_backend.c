/* SPDX-License-Identifier: BSD-3-Clause
 * Deliberately wrong plugins, to prove that validation catches them. One source, one fault per
 * build, chosen by the compile definition FAULT_<NAME>; everything else is the sample plugin. */
#define SAMPLE_BACKEND_NO_ENTRY
#include "example/sample_backend.c"

#include <stdio.h>

static hpcg_backend faulty_table;

#if defined(FAULT_WRONG_SPMV_ROW)
/* One row of the fine-grid product is off by a relative 1e-6. */
static hpcg_status faulty_spmv(void* state, int32_t level, const double* x, double* y,
                               hpcg_error* error) {
  hpcg_status status = sample_spmv(state, level, x, y, error);
  if (level == 0 && level_of(state, 0)->rows > 0) y[0] *= 1.0 + 1.0e-6;
  return status;
}
#elif defined(FAULT_NONSYMMETRIC_SMOOTHER)
/* Two forward sweeps: a convergent smoother, but not a symmetric one. */
static hpcg_status faulty_symgs(void* state, int32_t level, const double* r, double* x,
                                hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  (void)error;
  for (int pass = 0; pass < 2; ++pass) {
    for (int32_t i = 0; i < A->rows; ++i) relax_row(A, i, r, x);
  }
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_STAGNANT_SMOOTHER)
/* Leaves x as it is: symmetric (zero), but it does not reduce the error. */
static hpcg_status faulty_symgs(void* state, int32_t level, const double* r, double* x,
                                hpcg_error* error) {
  (void)state, (void)level, (void)r, (void)x, (void)error;
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_NOISY_DOT)
/* Each call perturbs the result differently, as a non-deterministic reduction would. */
static hpcg_status faulty_dot(void* state, int32_t n, const double* x, const double* y,
                              double* result, hpcg_error* error) {
  static unsigned calls = 0;
  hpcg_status status = sample_dot(state, n, x, y, result, error);
  *result *= 1.0 + 1.0e-14 * (double)(++calls % 7);
  return status;
}
#elif defined(FAULT_ERROR_STATUS)
static hpcg_status faulty_spmv(void* state, int32_t level, const double* x, double* y,
                               hpcg_error* error) {
  (void)state, (void)level, (void)x, (void)y;
  snprintf(error->message, sizeof error->message, "simulated device failure");
  return HPCG_STATUS_ERROR;
}
#elif defined(FAULT_CRASH)
static hpcg_status faulty_spmv(void* state, int32_t level, const double* x, double* y,
                               hpcg_error* error) {
  volatile double* nowhere = NULL;
  (void)state, (void)level, (void)x, (void)error;
  y[0] = *nowhere;
  return HPCG_STATUS_OK;
}
#elif !defined(FAULT_WRONG_ABI)
#error "define one FAULT_<NAME>"
#endif

const hpcg_backend* hpcg_backend_entry(void) {
  faulty_table = sample_table;
  faulty_table.name = "faulty";
#if defined(FAULT_WRONG_SPMV_ROW) || defined(FAULT_ERROR_STATUS) || defined(FAULT_CRASH)
  faulty_table.spmv = faulty_spmv;
#elif defined(FAULT_NONSYMMETRIC_SMOOTHER) || defined(FAULT_STAGNANT_SMOOTHER)
  faulty_table.symgs = faulty_symgs;
#elif defined(FAULT_NOISY_DOT)
  faulty_table.dot = faulty_dot;
#elif defined(FAULT_WRONG_ABI)
  faulty_table.abi_version = HPCG_BACKEND_ABI_VERSION + 1;
#endif
  return &faulty_table;
}
