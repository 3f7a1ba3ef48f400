/* SPDX-License-Identifier: BSD-3-Clause
 * Deliberately wrong plugins, to prove that validation catches them. One source, one fault per
 * build, chosen by the compile definition FAULT_<NAME>; everything else is the sample plugin.
 * Faults that change the smoother and declare no Gauss-Seidel order test the approximate
 * checks; the others declare the sample's natural order. The *_LATER faults behave through
 * validation and the iteration search and change once the timed sets start, as a vendor
 * chasing a number might arrange: they count CG runs by the copy x -> p that begins each, x
 * being the source of the first copy ever (TestCG runs 4, the iteration search 1). */
#define SAMPLE_BACKEND_NO_ENTRY
#include "example/sample_backend.c"

#include <math.h>
#include <stdio.h>

static hpcg_backend faulty_table;

#if defined(FAULT_WRONG_SPMV_ROW)
/* One row of the fine-grid product is off by a relative 1e-6. */
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  hpcg_status status = sample_spmv(state, level, x, y, error);
  if (level == 0 && level_of(state, 0)->rows > 0) ((double*)y)[0] *= 1.0 + 1.0e-6;
  return status;
}
#elif defined(FAULT_NONSYMMETRIC_SMOOTHER)
/* Two forward sweeps: a convergent smoother, but not a symmetric one. */
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
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
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
                                hpcg_error* error) {
  (void)state, (void)level, (void)r, (void)x, (void)error;
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_NOISY_DOT)
/* Each call perturbs the result differently, as a non-deterministic reduction would. */
static hpcg_status faulty_dot(void* state, int32_t n, const void* x, const void* y,
                              double* result, hpcg_error* error) {
  static unsigned calls = 0;
  hpcg_status status = sample_dot(state, n, x, y, result, error);
  *result *= 1.0 + 1.0e-14 * (double)(++calls % 7);
  return status;
}
#elif defined(FAULT_ERROR_STATUS)
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  (void)state, (void)level, (void)x, (void)y;
  snprintf(error->message, sizeof error->message, "simulated device failure");
  return HPCG_STATUS_ERROR;
}
#elif defined(FAULT_CRASH)
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  volatile double* nowhere = NULL;
  (void)state, (void)level, (void)x, (void)error;
  ((double*)y)[0] = *nowhere;
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_ZERO_NORM_LATER) || defined(FAULT_SKIP_BACKWARD_SWEEP_LATER) ||     \
    defined(FAULT_NAN_SPMV_LATER) || defined(FAULT_REPLAY_SPMV_LATER) ||                  \
    defined(FAULT_RESCALED_REPLAY_LATER) || defined(FAULT_SKIP_COARSE_LEVELS_LATER) ||    \
    defined(FAULT_NOISY_DOT_LATER) || defined(FAULT_SKIP_SOLUTION_UPDATE_LATER) ||        \
    defined(FAULT_SKIP_SOLUTION_UPDATE) || defined(FAULT_FLOAT_VCYCLE_LATER) ||            \
    defined(FAULT_FLOAT_VCYCLE_UNDECLARED_LATER) || defined(FAULT_FLOAT_LEVEL_LATER) ||    \
    defined(FAULT_FLOAT_SYMGS_IN_VCYCLE_LATER) || defined(FAULT_THREE_LEVEL_VCYCLE_LATER) || \
    defined(FAULT_SKIP_COARSEST_SMOOTHING_LATER) ||                                        \
    defined(FAULT_CHECKS_SEE_OTHER_VALUES_LATER) || defined(FAULT_EXIT_LATER)
#define COUNTS_CG_RUNS
enum { validation_runs = 5 };
static int cg_runs = 0;
static const void* cg_x = NULL;
static hpcg_status counting_copy(void* state, const void* from, int32_t count, void* to,
                                 hpcg_error* error) {
  (void)state, (void)error;
  if (cg_x == NULL) cg_x = from;
  if (from == cg_x) ++cg_runs;
  memmove(to, from, (size_t)count * sizeof(double));
  return HPCG_STATUS_OK;
}
static int timed(void) { return cg_runs > validation_runs; }

#if defined(FAULT_ZERO_NORM_LATER)
/* ||r||^2 = 0 once timed: CG believes it has converged after one iteration. */
static hpcg_status faulty_dot(void* state, int32_t n, const void* x, const void* y,
                              double* result, hpcg_error* error) {
  hpcg_status status = sample_dot(state, n, x, y, result, error);
  if (timed() && x == y) *result = 0.0;
  return status;
}
#elif defined(FAULT_SKIP_BACKWARD_SWEEP_LATER)
/* Half the smoother's work once timed: the forward sweep only. */
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
                                hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  if (!timed()) return sample_symgs(state, level, r, x, error);
  for (int32_t i = 0; i < A->rows; ++i) relax_row(A, i, r, x);
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_NAN_SPMV_LATER)
/* A NaN in one row of the product once timed, as a race on a device might leave. */
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  hpcg_status status = sample_spmv(state, level, x, y, error);
  if (timed() && level == 0) ((double*)y)[0] = nan("");
  return status;
}
#elif defined(FAULT_SKIP_COARSE_LEVELS_LATER)
/* Less work once timed that is still a symmetric V-cycle, and one reducing the error well enough
 * for the V-cycle spot check: no smoothing below the fine level. */
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
                                hpcg_error* error) {
  if (timed() && level >= 1) return HPCG_STATUS_OK;
  return sample_symgs(state, level, r, x, error);
}
#elif defined(FAULT_SKIP_SOLUTION_UPDATE_LATER) || defined(FAULT_SKIP_SOLUTION_UPDATE)
/* x += alpha p is skipped after the tenth iteration of each run, a third of CG's WAXPBY work:
 * CG's residual is updated on its own and never shows it. The _LATER fault starts once timed,
 * the other from the first run, so that the validated run's solution is short too. */
static int waxpby_in_run = 0, run_of_waxpby = 0;
static hpcg_status faulty_waxpby(void* state, int32_t n, double alpha, const void* x,
                                 double beta, const void* y, void* w, hpcg_error* error) {
#if defined(FAULT_SKIP_SOLUTION_UPDATE)
  const int cheating = 1;
#else
  const int cheating = timed();
#endif
  if (run_of_waxpby != cg_runs) run_of_waxpby = cg_runs, waxpby_in_run = 0;
  if (w == cg_x && cheating && ++waxpby_in_run > 10) return HPCG_STATUS_OK;
  return sample_waxpby(state, n, alpha, x, beta, y, w, error);
}
#elif defined(FAULT_FLOAT_VCYCLE_LATER) || defined(FAULT_FLOAT_VCYCLE_UNDECLARED_LATER) || \
    defined(FAULT_FLOAT_LEVEL_LATER) || defined(FAULT_FLOAT_SYMGS_IN_VCYCLE_LATER)
/* The V-cycle in single precision once timed: every value the smoother writes rounded to float,
 * on every level, on level 1 only, or (IN_VCYCLE) only inside a V-cycle, which begins with the
 * fine level's smoothing from zero and ends with its second smoothing: the backend checks,
 * which call SymGS on its own, then see double precision. A third fewer bytes to move in the
 * V-cycle, and every result within a few 1e-8 of the right one. */
static int in_vcycle = 0;
static void round_to_float(const hpcg_level_view* A, double* x) {
  for (int32_t i = 0; i < A->rows; ++i) x[i] = (double)(float)x[i];
}
static int in_single_precision(int32_t level) {
#if defined(FAULT_FLOAT_LEVEL_LATER)
  return timed() && level == 1;
#elif defined(FAULT_FLOAT_SYMGS_IN_VCYCLE_LATER)
  (void)level;
  return timed() && in_vcycle;
#else
  (void)level;
  return timed();
#endif
}
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
                                hpcg_error* error) {
  hpcg_status status = sample_symgs(state, level, r, x, error);
  if (in_single_precision(level)) round_to_float(level_of(state, level), x);
  if (level == 0) in_vcycle = 0;
  return status;
}
static hpcg_status faulty_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                           hpcg_error* error) {
  if (level == 0) in_vcycle = 1;
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  return faulty_symgs(state, level, r, x, error);
}
#elif defined(FAULT_THREE_LEVEL_VCYCLE_LATER) || defined(FAULT_SKIP_COARSEST_SMOOTHING_LATER)
/* Less work once timed that is still a symmetric V-cycle in double precision: the coarsest
 * level's smoothing skipped, or (THREE_LEVEL) the coarsest level dropped altogether: level 2
 * restricts nothing and, as the coarsest level of a three-level V-cycle does, smooths once. */
enum { coarsest = 3 };
static hpcg_status faulty_symgs(void* state, int32_t level, const void* r, void* x,
                                hpcg_error* error) {
#if defined(FAULT_THREE_LEVEL_VCYCLE_LATER)
  if (timed() && level == coarsest - 1) return HPCG_STATUS_OK; /* no post-smoothing */
#endif
  return sample_symgs(state, level, r, x, error);
}
static hpcg_status faulty_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                           hpcg_error* error) {
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  if (timed() && level == coarsest) return HPCG_STATUS_OK;
  return sample_symgs(state, level, r, x, error);
}
static hpcg_status faulty_residual_restriction(void* state, int32_t level, const void* rv,
                                               const void* xv, void* rcv, hpcg_error* error) {
  const hpcg_level_view* A = level_of(state, level);
  const double* r = rv;
  const double* x = xv;
  double* rc = rcv;
  (void)error;
  for (int32_t i = 0; i < A->coarse_rows; ++i) {
    const int32_t f = A->coarse_to_fine[i];
    double sum = r[f];
    for (int64_t k = A->row_start[f]; k < A->row_start[f + 1]; ++k) {
      sum -= A->values[k] * x[A->column_index[k]];
    }
#if defined(FAULT_THREE_LEVEL_VCYCLE_LATER)
    if (timed() && level == coarsest - 1) sum = 0.0;
#endif
    rc[i] = sum;
  }
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_CHECKS_SEE_OTHER_VALUES_LATER)
/* Once timed, CG's r'z and p'Ap come from the second vector rounded to float (as a plugin that
 * keeps a single-precision copy for its reductions would), while every vector handed out by
 * download stays in double: the checks see other values than CG iterates with. */
static hpcg_status faulty_dot(void* state, int32_t n, const void* xv, const void* yv,
                              double* result, hpcg_error* error) {
  const double* x = xv;
  const double* y = yv;
  double sum = 0.0;
  if (!timed() || x == y) return sample_dot(state, n, xv, yv, result, error);
  for (int32_t i = 0; i < n; ++i) sum += x[i] * (double)(float)y[i];
  *result = sum;
  return HPCG_STATUS_OK;
}
#elif defined(FAULT_NOISY_DOT_LATER)
/* From the first timed set on, dot products summed in another order each call (their last bits
 * move): right to within rounding, so only the re-run's repeat on the same b, which differs
 * from the re-run, shows it. (It once did so in the first set only, which a replay of that set
 * showed; the re-run is now a fresh set, since a replayed b is recognisable.) */
static hpcg_status faulty_dot(void* state, int32_t n, const void* x, const void* y,
                              double* result, hpcg_error* error) {
  static unsigned calls = 0;
  hpcg_status status = sample_dot(state, n, x, y, result, error);
  if (timed()) *result *= 1.0 + 1.0e-15 * (double)(++calls % 3);
  return status;
}
#elif defined(FAULT_EXIT_LATER)
/* Rank 1 ends its process with exit(0) in a product of the timed sets, as a vendor library
 * calling exit on an error would: the job must not end with status 0. */
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  if (timed() && ((const sample_state*)state)->problem.rank == 1) exit(0);
  return sample_spmv(state, level, x, y, error);
}
#else
/* Records the fine-grid products of the iteration search's run and, once timed, replays them
 * instead of computing: the timed sets repeat that run, so a replay would be right unless the
 * core changes the values between runs. The rescaled replay also scales them by the ratio of
 * the input to the recorded one, which is exact if the core only rescales b. */
enum { recorded_products = 600 };
static double* recording[recorded_products];
static double recorded_input[recorded_products];
static int product_in_run = 0, run_of_product = 0;
static hpcg_status faulty_spmv(void* state, int32_t level, const void* x, void* y,
                               hpcg_error* error) {
  const int32_t rows = level_of(state, 0)->rows;
  if (level != 0) return sample_spmv(state, level, x, y, error);
  if (run_of_product != cg_runs) run_of_product = cg_runs, product_in_run = 0;
  const int k = product_in_run++;
  if (timed() && k < recorded_products && recording[k] != NULL && rows > 0) {
#if defined(FAULT_RESCALED_REPLAY_LATER)
    const double scale = recorded_input[k] != 0.0 ? ((const double*)x)[0] / recorded_input[k] : 1;
#else
    const double scale = 1.0;
#endif
    for (int32_t i = 0; i < rows; ++i) ((double*)y)[i] = scale * recording[k][i];
    return HPCG_STATUS_OK;
  }
  hpcg_status status = sample_spmv(state, level, x, y, error);
  if (cg_runs == validation_runs && k < recorded_products && rows > 0) {
    if (recording[k] == NULL) recording[k] = malloc((size_t)rows * sizeof(double));
    if (recording[k] != NULL) memcpy(recording[k], y, (size_t)rows * sizeof(double));
    recorded_input[k] = ((const double*)x)[0];
  }
  return status;
}
#endif
#elif defined(FAULT_FINE_SMOOTHER_VCYCLE)
/* A "V-cycle" that is one symmetric sweep on the fine level: cheaper iterations, more of them. */
static hpcg_status faulty_mg(void* state, const void* r, void* x, const hpcg_core_services* core,
                             hpcg_error* error) {
  (void)core;
  return sample_symgs_zero_guess(state, 0, r, x, error);
}
#elif defined(FAULT_OLD_V2_TABLE)
/* Not a fault: a table as built against an older version-2 header that ended before spmv_dot.
 * The entries past its struct_size fail if called: xhpcg must take them as NULL. */
static hpcg_status past_the_end(hpcg_error* error) {
  snprintf(error->message, sizeof error->message, "xhpcg called an entry past struct_size");
  return HPCG_STATUS_ERROR;
}
static hpcg_status past_spmv_dot(void* state, int32_t level, const void* x, void* y,
                                 double* result, hpcg_error* error) {
  (void)state, (void)level, (void)x, (void)y, (void)result;
  return past_the_end(error);
}
static hpcg_status past_waxpby_norm(void* state, int32_t n, double alpha, const void* x,
                                    double beta, const void* y, void* w, double* result,
                                    hpcg_error* error) {
  (void)state, (void)n, (void)alpha, (void)x, (void)beta, (void)y, (void)w, (void)result;
  return past_the_end(error);
}
static hpcg_status past_mg(void* state, const void* r, void* x, const hpcg_core_services* core,
                           hpcg_error* error) {
  (void)state, (void)r, (void)x, (void)core;
  return past_the_end(error);
}
#elif !defined(FAULT_WRONG_ABI) && !defined(FAULT_TRUNCATED_TABLE) && \
    !defined(FAULT_ALLOC_WITHOUT_FREE)
#error "define one FAULT_<NAME>"
#endif

const hpcg_backend* hpcg_backend_entry(void) {
  faulty_table = sample_table;
  faulty_table.name = "faulty";
#if defined(FAULT_WRONG_SPMV_ROW) || defined(FAULT_ERROR_STATUS) || defined(FAULT_CRASH)
  faulty_table.spmv = faulty_spmv;
#elif defined(FAULT_NONSYMMETRIC_SMOOTHER) || defined(FAULT_STAGNANT_SMOOTHER)
  faulty_table.symgs = faulty_symgs;
  faulty_table.symgs_zero_guess = NULL; /* the faulty SymGS from a zeroed x */
#elif defined(FAULT_NOISY_DOT)
  faulty_table.dot = faulty_dot;
#elif defined(FAULT_WRONG_ABI)
  faulty_table.abi_version = 99; /* a version no xhpcg loads */
#elif defined(FAULT_FINE_SMOOTHER_VCYCLE)
  faulty_table.mg = faulty_mg;
#elif defined(FAULT_OLD_V2_TABLE)
  faulty_table.struct_size = offsetof(hpcg_backend, spmv_dot);
  faulty_table.spmv_dot = past_spmv_dot;
  faulty_table.waxpby_norm = past_waxpby_norm;
  faulty_table.mg = past_mg;
#elif defined(FAULT_TRUNCATED_TABLE)
  faulty_table.struct_size = offsetof(hpcg_backend, flags); /* not even the header's fields */
#elif defined(FAULT_ALLOC_WITHOUT_FREE)
  faulty_table.free_vector = NULL; /* xhpcg could never give its vectors back */
#endif
#if defined(COUNTS_CG_RUNS)
  faulty_table.copy = counting_copy;
#endif
#if defined(FAULT_ZERO_NORM_LATER) || defined(FAULT_NOISY_DOT_LATER) || \
    defined(FAULT_CHECKS_SEE_OTHER_VALUES_LATER)
  faulty_table.dot = faulty_dot;
#elif defined(FAULT_FLOAT_VCYCLE_LATER) || defined(FAULT_FLOAT_VCYCLE_UNDECLARED_LATER) || \
    defined(FAULT_FLOAT_LEVEL_LATER) || defined(FAULT_FLOAT_SYMGS_IN_VCYCLE_LATER) ||      \
    defined(FAULT_THREE_LEVEL_VCYCLE_LATER) || defined(FAULT_SKIP_COARSEST_SMOOTHING_LATER)
  faulty_table.symgs = faulty_symgs;
  faulty_table.symgs_zero_guess = faulty_symgs_zero_guess;
#endif
#if defined(FAULT_THREE_LEVEL_VCYCLE_LATER) || defined(FAULT_SKIP_COARSEST_SMOOTHING_LATER)
  faulty_table.residual_restriction = faulty_residual_restriction;
#endif
#if defined(FAULT_NONSYMMETRIC_SMOOTHER) || defined(FAULT_STAGNANT_SMOOTHER) ||         \
    defined(FAULT_FINE_SMOOTHER_VCYCLE) || defined(FAULT_FLOAT_VCYCLE_UNDECLARED_LATER)
  /* A plugin that declares no Gauss-Seidel order: the approximate checks must catch it. */
  faulty_table.sweep_order = NULL;
#endif
#if defined(FAULT_SKIP_SOLUTION_UPDATE_LATER) || defined(FAULT_SKIP_SOLUTION_UPDATE)
  faulty_table.waxpby = faulty_waxpby;
#elif defined(FAULT_SKIP_BACKWARD_SWEEP_LATER) || defined(FAULT_SKIP_COARSE_LEVELS_LATER)
  faulty_table.symgs = faulty_symgs;
  faulty_table.symgs_zero_guess = NULL; /* the faulty SymGS from a zeroed x */
#elif defined(FAULT_NAN_SPMV_LATER) || defined(FAULT_REPLAY_SPMV_LATER) || \
    defined(FAULT_RESCALED_REPLAY_LATER) || defined(FAULT_EXIT_LATER)
  faulty_table.spmv = faulty_spmv;
#endif
  return &faulty_table;
}
