/* SPDX-License-Identifier: BSD-3-Clause
 * Cheats written as a vendor would, from outside the project, against what the checks were
 * not built around (issue 34's "hidden cheats"); one per build, chosen by FAULT_<NAME>, the
 * rest is the sample plugin. Each behaves through validation and the iteration search (five
 * CG runs, counted by the copy x -> p that begins each) and is lazy in the timed sets only.
 * "Lazy" is a single-precision V-cycle unless said otherwise.
 * - RERUN_BY_RESTORE: lazy until it sees HPCG's own b uploaded again after the timed sets
 *   began (the core restoring b before the re-run), honest from then on.
 * - RERUN_BY_STACK: lazy while the upload of b comes through the same call stack as the first
 *   timed set's; honest once a b arrives through another (the re-run's, when it had its own
 *   call path: since the re-run is one of the sets' calls, never).
 * - TAIL_SKIP: no work at all once its residual is below 1e-11 of r0 (below the trajectory's
 *   floor), CG's scalars repeated so that the residual CG reports stays true; re-run by stack.
 * - TAIL_SKIP_FAKED: the same, reporting the residual falling on as before.
 * - FLOAT_UNTIL_AUDIT: lazy in each set until an audit downloads a vector, honest for the
 *   rest of that set; re-run by stack.
 * - SWEEP_ORDER_LIE: declares the natural order and relaxes even rows, then odd ones, in the
 *   timed sets (the backward sweep the reverse); re-run by stack.
 * - SKIP_COARSE_SMOOTHING: no smoothing below the fine level; re-run by stack.
 * - PATCH_CHECKS: at create(), overwrites the core's LiveChecks::check with a return (found in
 *   /proc/self/exe's symbol table), then lazy everywhere: in-process code can rewrite the
 *   checks themselves (src/validation/README.md, "Known gaps"). */
#define _GNU_SOURCE
#define SAMPLE_BACKEND_NO_ENTRY
#include "example/sample_backend.c"

#include <elf.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static hpcg_backend fault_table;
enum { validation_runs = 5 };
static int cg_runs = 0, iteration = 0, audit_seen = 0, rerun_known = 0;
static const void *cg_x = NULL, *cg_r = NULL, *cg_z = NULL;
static int in_cg_vcycle = 0;
static int skipping = 0, dot_slot = 0; /* TAIL_SKIP* */
static double first_rr = 0, cached[3];
static int timed(void) { return cg_runs > validation_runs; }
static int fine_rows(void* state) { return level_of(state, 0)->rows; }

/* ---- Recognising the re-run ---- */
static uint64_t hash_bytes(const void* data, size_t size, uint64_t h) {
  const unsigned char* bytes = data;
  for (size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 1099511628211ull;
  return h;
}
static uint64_t first_b_hash = 0, timed_stack = 0;
static void watch_b_upload(const double* host, int32_t count) {
  const uint64_t h = hash_bytes(host, (size_t)count * sizeof(double), 1469598103934665603ull);
  if (first_b_hash == 0) first_b_hash = h;
#if defined(FAULT_RERUN_BY_RESTORE)
  if (cg_runs >= validation_runs && h == first_b_hash) rerun_known = 1;
#else
  if (cg_runs < validation_runs) return;
  void* frames[12];
  const int depth = backtrace(frames, 12);
  const uint64_t stack = hash_bytes(frames, (size_t)depth * sizeof(void*), 7);
  if (timed_stack == 0) timed_stack = stack;
  if (stack != timed_stack) rerun_known = 1;
#endif
}

static int lazy(void) {
#if defined(FAULT_PATCH_CHECKS)
  return timed() && in_cg_vcycle;
#elif defined(FAULT_FLOAT_UNTIL_AUDIT)
  return timed() && in_cg_vcycle && !rerun_known && !audit_seen;
#else
  return timed() && in_cg_vcycle && !rerun_known;
#endif
}

/* ---- Call tracking ---- */
static hpcg_status counting_copy(void* state, const void* from, int32_t count, void* to,
                                 hpcg_error* error) {
  (void)state, (void)error;
  if (cg_x == NULL) cg_x = from;
  if (from == cg_x) ++cg_runs, iteration = 0, audit_seen = 0, in_cg_vcycle = 0, skipping = 0;
  memmove(to, from, (size_t)count * sizeof(double));
  return HPCG_STATUS_OK;
}

static hpcg_status fault_upload(void* state, const double* host, int32_t begin, int32_t count,
                                void* v, hpcg_error* error) {
  if (begin == 0 && count == fine_rows(state)) watch_b_upload(host, count);
  return sample_upload(state, host, begin, count, v, error);
}

static hpcg_status fault_download(void* state, const void* v, int32_t begin, int32_t count,
                                  double* host, hpcg_error* error) {
  if (begin == 0 && count >= fine_rows(state) && timed() && iteration > 0) audit_seen = 1;
  return sample_download(state, v, begin, count, host, error);
}

/* ---- Skipping the tail (TAIL_SKIP*) ---- */
static int tail_skip(void) {
#if defined(FAULT_TAIL_SKIP) || defined(FAULT_TAIL_SKIP_FAKED)
  return skipping;
#else
  return 0;
#endif
}

/* ---- The smoother ---- */
static void relax_even_odd(const hpcg_level_view* A, const double* r, double* x) {
  for (int32_t i = 0; i < A->rows; i += 2) relax_row(A, i, r, x);
  for (int32_t i = 1; i < A->rows; i += 2) relax_row(A, i, r, x);
  const int32_t last_odd = (A->rows - 1) % 2 == 1 ? A->rows - 1 : A->rows - 2;
  for (int32_t i = last_odd; i >= 1; i -= 2) relax_row(A, i, r, x);
  for (int32_t i = (A->rows - 1) & ~1; i >= 0; i -= 2) relax_row(A, i, r, x);
}

static hpcg_status fault_symgs(void* state, int32_t level, const void* r, void* x,
                               hpcg_error* error) {
  if (level == 0 && r != cg_r) in_cg_vcycle = 0; /* the core's checks, not CG */
  if (tail_skip()) return HPCG_STATUS_OK;
#if defined(FAULT_SWEEP_ORDER_LIE)
  if (lazy()) {
    relax_even_odd(level_of(state, level), r, x);
    return HPCG_STATUS_OK;
  }
#elif defined(FAULT_SKIP_COARSE_SMOOTHING)
  if (lazy() && level > 0) return HPCG_STATUS_OK;
#endif
  hpcg_status status = sample_symgs(state, level, r, x, error);
#if !defined(FAULT_SWEEP_ORDER_LIE) && !defined(FAULT_SKIP_COARSE_SMOOTHING) && \
    !defined(FAULT_TAIL_SKIP) && !defined(FAULT_TAIL_SKIP_FAKED)
  if (lazy()) {
    double* values = x;
    for (int32_t i = 0; i < level_of(state, level)->rows; ++i) values[i] = (float)values[i];
  }
#endif
  return status;
}

static hpcg_status fault_symgs_zero_guess(void* state, int32_t level, const void* r, void* x,
                                          hpcg_error* error) {
  if (level == 0) {
    /* A V-cycle of CG begins: the smoother's right-hand side is CG's r. */
    in_cg_vcycle = r == cg_r && cg_r != NULL;
    if (in_cg_vcycle) {
      ++iteration, dot_slot = 0;
      if (cg_z == NULL) cg_z = x;
    }
  }
  if (tail_skip()) return HPCG_STATUS_OK;
  memset(x, 0, (size_t)level_of(state, level)->columns * sizeof(double));
  return fault_symgs(state, level, r, x, error);
}

static hpcg_status fault_spmv(void* state, int32_t level, const void* x, void* y,
                              hpcg_error* error) {
  if (tail_skip()) return HPCG_STATUS_OK;
  return sample_spmv(state, level, x, y, error);
}

static hpcg_status fault_waxpby(void* state, int32_t n, double alpha, const void* x,
                                double beta, const void* y, void* w, hpcg_error* error) {
  /* CG's first waxpby after the copy x -> p writes r = b - Ap. */
  if (cg_r == NULL && cg_runs > 0) cg_r = w;
  if (tail_skip()) return HPCG_STATUS_OK;
  return sample_waxpby(state, n, alpha, x, beta, y, w, error);
}

/* In CG's iterations the dots come in the order r'z, p'Ap, r'r. */
static hpcg_status fault_dot(void* state, int32_t n, const void* x, const void* y,
                             double* result, hpcg_error* error) {
#if defined(FAULT_TAIL_SKIP) || defined(FAULT_TAIL_SKIP_FAKED)
  const int slot = iteration > 0 && in_cg_vcycle ? dot_slot++ : -1;
  if (skipping && slot >= 0 && slot < 3) {
    if (slot == 2) {
#if defined(FAULT_TAIL_SKIP_FAKED)
      cached[2] *= 0.1;
#endif
    }
    *result = cached[slot];
    return HPCG_STATUS_OK;
  }
  hpcg_status status = sample_dot(state, n, x, y, result, error);
  if (iteration == 0 && x == cg_r && y == cg_r) first_rr = *result, skipping = 0;
  if (slot >= 0 && slot < 3) cached[slot] = *result;
  if (slot == 2 && timed() && !rerun_known && *result < 1e-22 * first_rr) skipping = 1;
  return status;
#else
  return sample_dot(state, n, x, y, result, error);
#endif
}

/* ---- Rewriting the core (PATCH_CHECKS) ---- */
#if defined(FAULT_PATCH_CHECKS)
static int load_base(struct dl_phdr_info* info, size_t size, void* base) {
  (void)size;
  *(uintptr_t*)base = info->dlpi_addr;  /* the first object is the program */
  return 1;
}
/* The address of `name` in the program's own symbol table, 0 if absent. */
static uintptr_t program_symbol(const char* name) {
  const int fd = open("/proc/self/exe", O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) return 0;
  unsigned char* image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (image == MAP_FAILED) return 0;
  const Elf64_Ehdr* header = (const Elf64_Ehdr*)image;
  const Elf64_Shdr* sections = (const Elf64_Shdr*)(image + header->e_shoff);
  uintptr_t found = 0;
  for (int s = 0; s < header->e_shnum && found == 0; ++s) {
    if (sections[s].sh_type != SHT_SYMTAB) continue;
    const Elf64_Sym* symbols = (const Elf64_Sym*)(image + sections[s].sh_offset);
    const char* names = (const char*)(image + sections[sections[s].sh_link].sh_offset);
    for (size_t i = 0; i < sections[s].sh_size / sizeof(Elf64_Sym); ++i) {
      if (strcmp(names + symbols[i].st_name, name) == 0) found = symbols[i].st_value;
    }
  }
  munmap(image, (size_t)st.st_size);
  if (found == 0) return 0;
  uintptr_t base = 0;
  dl_iterate_phdr(load_base, &base);
  return base + found;
}
static void patch_to_return(uintptr_t address) {
  if (address == 0) return;
  const long page = sysconf(_SC_PAGESIZE);
  void* start = (void*)(address & ~(uintptr_t)(page - 1));
  if (mprotect(start, (size_t)page * 2, PROT_READ | PROT_WRITE | PROT_EXEC) != 0) return;
  *(unsigned char*)address = 0xC3; /* ret */
  mprotect(start, (size_t)page * 2, PROT_READ | PROT_EXEC);
}
static hpcg_status patching_create(const hpcg_problem_view* problem, void** state,
                                   hpcg_error* error) {
  patch_to_return(program_symbol("_ZN4hpcg10LiveChecks5checkERKNS_9CgIterateEb"));
  return sample_create(problem, state, error);
}
#endif

const hpcg_backend* hpcg_backend_entry(void) {
  fault_table = sample_table;
  fault_table.name = "cheat";
  fault_table.copy = counting_copy;
  fault_table.upload = fault_upload;
  fault_table.download = fault_download;
  fault_table.symgs = fault_symgs;
  fault_table.symgs_zero_guess = fault_symgs_zero_guess;
  fault_table.spmv = fault_spmv;
  fault_table.waxpby = fault_waxpby;
  fault_table.dot = fault_dot;
#if defined(FAULT_PATCH_CHECKS)
  fault_table.create = patching_create;
#endif
  return &fault_table;
}
