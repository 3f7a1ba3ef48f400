// SPDX-License-Identifier: BSD-3-Clause
// <immintrin.h> for the graph module's AVX-512 kernels (private to it), where the compiler
// targets AVX-512.
#pragma once

#if defined(__AVX512F__)
// GCC 12's AVX-512 headers start many intrinsics from a self-initialised "undefined" register and
// then warn about it (GCC bug 105593, fixed in 13); the warning points into the header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif
