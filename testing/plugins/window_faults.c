/* SPDX-License-Identifier: BSD-3-Clause
 * Plugins that try what src/validation/README.md's threat model closes, one class per build,
 * chosen by FAULT_<NAME>; everything else is the sample plugin. Like faulty_backend.c they
 * behave through validation and the iteration search (five CG runs, counted by the copy x -> p
 * that begins each) and change once the timed sets start.
 * - WORK_IN_UPLOAD / WORK_IN_DOWNLOAD: 50 ms of work in each upload of b or download of x, as a
 *   plugin that solves while b arrives or defers work until x leaves: the window times it.
 * - FLOAT_AFTER_TWO_AUDITS: a float V-cycle once a set has had two audits (four downloads of
 *   level-0 vectors each), as if a set had exactly two.
 * - P_FROM_FLOAT_Z: p = float(z) + beta p, while r'z and the checks see the exact z.
 * - HONEST_ON_SEEN_RHS: a float V-cycle on every b it has not seen before, honest on a b it has
 *   (a re-run that re-uploads a timed set's b). */
#define _POSIX_C_SOURCE 200809L
#define SAMPLE_BACKEND_NO_ENTRY
#include "example/sample_backend.c"

#include <stdio.h>
#include <time.h>

static hpcg_backend fault_table;
enum { validation_runs = 5 };
static int cg_runs = 0, level0_downloads = 0;
static const void* cg_x = NULL;
static int timed(void) { return cg_runs > validation_runs; }

static hpcg_status counting_copy(void* state, const void* from, int32_t count, void* to,
                                 hpcg_error* error) {
  (void)state, (void)error;
  if (cg_x == NULL) cg_x = from;
  if (from == cg_x) ++cg_runs, level0_downloads = 0;
  memmove(to, from, (size_t)count * sizeof(double));
  return HPCG_STATUS_OK;
}

static int fine_rows(void* state) { return level_of(state, 0)->rows; }

static void work_50ms(void) {
  struct timespec wait = {0, 50 * 1000 * 1000};
  while (nanosleep(&wait, &wait) != 0) {
  }
}

/* Every value the smoother writes rounded to float when `lazy`. */
static int lazy(void);
static hpcg_status fault_symgs(void* state, int32_t level, const void* r, void* x,
                               hpcg_error* error) {
  hpcg_status status = sample_symgs(state, level, r, x, error);
  if (lazy()) {
    double* values = x;
    for (int32_t i = 0; i < level_of(state, level)->rows; ++i) values[i] = (float)values[i];
  }
  return status;
}
static hpcg_status fault_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                          hpcg_error* error) {
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  return fault_symgs(state, level, r, x, error);
}

#if defined(FAULT_HONEST_ON_SEEN_RHS)
enum { most_seen = 4096 };
static uint64_t seen[most_seen];
static int seen_count = 0, current_seen = 1;
static uint64_t hash(const double* values, int32_t count) {
  uint64_t h = 1469598103934665603ull;
  const unsigned char* bytes = (const unsigned char*)values;
  for (size_t i = 0; i < (size_t)count * sizeof(double); ++i) h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}
#endif

static int lazy(void) {
#if defined(FAULT_FLOAT_AFTER_TWO_AUDITS)
  return timed() && level0_downloads >= 8;
#elif defined(FAULT_HONEST_ON_SEEN_RHS)
  return timed() && !current_seen;
#else
  return 0;
#endif
}

static hpcg_status fault_upload(void* state, const double* host, int32_t begin, int32_t count,
                                void* v, hpcg_error* error) {
  const int whole = begin == 0 && count == fine_rows(state);
#if defined(FAULT_WORK_IN_UPLOAD)
  /* b arrives before the set's CG run begins: the first set's while validation's runs are done */
  if (cg_runs >= validation_runs && whole) work_50ms();
#elif defined(FAULT_HONEST_ON_SEEN_RHS)
  if (whole) {
    const uint64_t h = hash(host, count);
    current_seen = 0;
    for (int i = 0; i < seen_count; ++i) current_seen |= seen[i] == h;
    if (!current_seen && seen_count < most_seen) seen[seen_count++] = h;
  }
#else
  (void)whole;
#endif
  return sample_upload(state, host, begin, count, v, error);
}

static hpcg_status fault_download(void* state, const void* v, int32_t begin, int32_t count,
                                  double* host, hpcg_error* error) {
  if (begin == 0 && count >= fine_rows(state)) {
    ++level0_downloads;
#if defined(FAULT_WORK_IN_DOWNLOAD)
    if (timed() && v == cg_x) work_50ms();
#endif
  }
  return sample_download(state, v, begin, count, host, error);
}

#if defined(FAULT_P_FROM_FLOAT_Z)
/* CG's p update is the only waxpby that writes its second input: p = 1 * z + beta * p. */
static hpcg_status fault_waxpby(void* state, int32_t n, double alpha, const void* xv,
                                double beta, const void* yv, void* wv, hpcg_error* error) {
  if (!timed() || wv != yv || alpha != 1.0) {
    return sample_waxpby(state, n, alpha, xv, beta, yv, wv, error);
  }
  const double* z = xv;
  double* p = wv;
  for (int32_t i = 0; i < n; ++i) p[i] = (double)(float)z[i] + beta * p[i];
  return HPCG_STATUS_OK;
}
#endif

const hpcg_backend* hpcg_backend_entry(void) {
  fault_table = sample_table;
  fault_table.name = "faulty";
  fault_table.copy = counting_copy;
  fault_table.upload = fault_upload;
  fault_table.download = fault_download;
  fault_table.symgs = fault_symgs;
  fault_table.symgs_zero_guess = fault_symgs_zero_guess;
#if defined(FAULT_P_FROM_FLOAT_Z)
  fault_table.waxpby = fault_waxpby;
#endif
  return &fault_table;
}
