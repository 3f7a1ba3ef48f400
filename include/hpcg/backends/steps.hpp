// SPDX-License-Identifier: BSD-3-Clause
// The backend contract's steps, described once: name, result, parameters and whether a halo
// exchange precedes it. hpcg::Backend declares its virtual steps from these lists, and the plugin
// adapter maps each to the table entry of the same name in backend_abi.h; the reference kernels
// in backend.cpp are every step's default. Adding a step is a line here, its reference default,
// its entry at the end of hpcg_backend, and the kernels of the backends that optimise it
// (src/backends/README.md, "Adding a step").
//
// Each list calls X(name, result, (parameters), (arguments)). Vectors are BackendVector: `const`
// ones are read, the others written. Levels are indices (0 is the fine grid); a vector passed to
// a level's step has that level's `columns` entries where its halo is read, `rows` otherwise.
#pragma once

/// Steps that read a halo exchanged just before them. Their parts are primary: a backend
/// overrides `name_part(HaloPart part, ...)`, where `before_halo` runs while the exchange is in
/// flight (it must read no halo value) and `after_halo` once the halo is current; the whole step
/// `name(...)` is those two parts in a row, never overridden. A backend that does not overlap
/// does its whole step in `after_halo` and nothing before.
#define HPCG_HALO_STEPS(X)                                                                        \
  /* y = A x. */                                                                                  \
  X(spmv, void, (int level, const BackendVector& x, BackendVector& y), (level, x, y))            \
  /* spmv, then returns the local x.y over the level's rows (0 from before_halo). Default: */     \
  /* spmv's parts, then dot(). */                                                                 \
  X(spmv_dot, double, (int level, const BackendVector& x, BackendVector& y), (level, x, y))      \
  /* One symmetric Gauss-Seidel step for A x = r, in the order sweep_order() declares. */         \
  X(symgs, void, (int level, const BackendVector& r, BackendVector& x), (level, r, x))           \
  /* rc[i] = r[f] - (A x)[f] for f = coarse_to_fine[i] of the fine `level`: the residual only */  \
  /* where restriction injects it. */                                                             \
  X(residual_restriction, void,                                                                   \
    (int level, const BackendVector& r, const BackendVector& x, BackendVector& rc),               \
    (level, r, x, rc))                                                                            \
  /* HPG-MxP's smoother: one forward Gauss-Seidel sweep for A x = r, in sweep_order()'s order. */ \
  X(gs_forward, void, (int level, const BackendVector& r, BackendVector& x), (level, r, x))      \
  /* In single precision (HPG-MxP's inner GMRES and V-cycle): the same steps on float vectors */ \
  /* (allocate_float) and the level's values rounded to float. */                               \
  X(spmv_float, void, (int level, const BackendVector& x, BackendVector& y), (level, x, y))      \
  X(gs_forward_float, void, (int level, const BackendVector& r, BackendVector& x),               \
    (level, r, x))                                                                                \
  X(residual_restriction_float, void,                                                             \
    (int level, const BackendVector& r, const BackendVector& x, BackendVector& rc),               \
    (level, r, x, rc))

/// Steps that need no halo exchange before them.
#define HPCG_LOCAL_STEPS(X)                                                                       \
  /* symgs from x = 0 (the V-cycle's pre-smoothing): x's values on entry, halo included, are */   \
  /* to be ignored; no exchange precedes it since every rank's x is 0. Default: fill(x, 0), */    \
  /* then symgs(), so a backend that replaces only symgs keeps its order here too. */             \
  X(symgs_zero_guess, void, (int level, const BackendVector& r, BackendVector& x),               \
    (level, r, x))                                                                                \
  /* x[f] += xc[i] for f = coarse_to_fine[i] of the fine `level`. */                              \
  X(prolongation, void, (int level, const BackendVector& xc, BackendVector& x), (level, xc, x))  \
  /* Local part of x.y over the first n entries (the core sums over ranks). */                    \
  X(dot, double, (local_int n, const BackendVector& x, const BackendVector& y), (n, x, y))       \
  /* w = alpha x + beta y over the first n entries; w may be x or y. */                           \
  X(waxpby, void,                                                                                 \
    (local_int n, double alpha, const BackendVector& x, double beta, const BackendVector& y,     \
     BackendVector& w),                                                                           \
    (n, alpha, x, beta, y, w))                                                                    \
  /* waxpby, then returns the local w.w. Default: waxpby(), then dot(). */                        \
  X(waxpby_norm, double,                                                                          \
    (local_int n, double alpha, const BackendVector& x, double beta, const BackendVector& y,     \
     BackendVector& w),                                                                           \
    (n, alpha, x, beta, y, w))                                                                    \
  /* Single precision, on float vectors: prolongation; x.y accumulated in float or wider; */     \
  /* waxpby with alpha and beta rounded to float. */                                              \
  X(prolongation_float, void, (int level, const BackendVector& xc, BackendVector& x),            \
    (level, xc, x))                                                                               \
  X(dot_float, double, (local_int n, const BackendVector& x, const BackendVector& y), (n, x, y))  \
  X(waxpby_float, void,                                                                           \
    (local_int n, double alpha, const BackendVector& x, double beta, const BackendVector& y,     \
     BackendVector& w),                                                                           \
    (n, alpha, x, beta, y, w))                                                                    \
  /* Iterative refinement's crossings: y (float) = alpha x (double) rounded to float, and */      \
  /* x (double) += z (float). */                                                                  \
  X(round_to_float, void, (local_int n, double alpha, const BackendVector& x, BackendVector& y), \
    (n, alpha, x, y))                                                                             \
  X(add_float, void, (local_int n, const BackendVector& z, BackendVector& x), (n, z, x))

/// Helpers for expanding the lists: a parenthesised list without its parentheses, and with a
/// HaloPart before it.
#define HPCG_STEP_UNPAREN(...) __VA_ARGS__
#define HPCG_STEP_WITH_PART(...) (HaloPart part, __VA_ARGS__)
#define HPCG_STEP_BEFORE_HALO(...) (HaloPart::before_halo, __VA_ARGS__)
#define HPCG_STEP_AFTER_HALO(...) (HaloPart::after_halo, __VA_ARGS__)
#define HPCG_STEP_PART_ARGUMENTS(...) (part, __VA_ARGS__)

/// Inside hpcg::Backend: a halo step's virtual parts, and the whole step as their sequence.
#define HPCG_DECLARE_HALO_STEP(name, result, parameters, arguments) \
  virtual result name##_part HPCG_STEP_WITH_PART parameters;        \
  result name parameters {                                          \
    name##_part HPCG_STEP_BEFORE_HALO arguments;                    \
    return name##_part HPCG_STEP_AFTER_HALO arguments;              \
  }

/// Inside hpcg::Backend: a local step's virtual.
#define HPCG_DECLARE_LOCAL_STEP(name, result, parameters, arguments) virtual result name parameters;

/// In a backend's class: overrides of every step of a list (for adapters and test doubles that
/// replace them all alike).
#define HPCG_OVERRIDE_HALO_STEP(name, result, parameters, arguments) \
  result name##_part HPCG_STEP_WITH_PART parameters override;
#define HPCG_OVERRIDE_LOCAL_STEP(name, result, parameters, arguments) \
  result name parameters override;
