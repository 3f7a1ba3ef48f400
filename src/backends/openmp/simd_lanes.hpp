// SPDX-License-Identifier: BSD-3-Clause
// W doubles (or W 32-bit indices) as one GCC vector, for the interleaved sweeps: loads, gathers
// and scatters through indices. Gathers and scatters use AVX-512 or AVX2 instructions where the
// build targets them (-march=native) and W fits their width, else one lane at a time; arithmetic
// is plain vector arithmetic either way, so every W and instruction set rounds alike.
#pragma once

#include <cstdint>
#include <cstring>

#include "hpcg/base/types.hpp"

#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace hpcg::backends::openmp {

/// The widest W the build's instruction set gathers in one instruction: 8 with AVX-512, 4 with
/// AVX2, otherwise 1 (the scalar sweep).
#if defined(__AVX512F__)
constexpr int native_lanes = 8;
#elif defined(__AVX2__)
constexpr int native_lanes = 4;
#else
constexpr int native_lanes = 1;
#endif

/// GCC vector types of W lanes, spelt out per W: GCC drops a vector_size that depends on a
/// template parameter.
template <int W>
struct LaneTypes;
template <>
struct LaneTypes<1> {
  typedef double Values __attribute__((vector_size(8)));
  typedef std::int32_t Indices __attribute__((vector_size(4)));
  typedef std::int16_t Offsets __attribute__((vector_size(2)));
};
template <>
struct LaneTypes<2> {
  typedef double Values __attribute__((vector_size(16)));
  typedef std::int32_t Indices __attribute__((vector_size(8)));
  typedef std::int16_t Offsets __attribute__((vector_size(4)));
};
template <>
struct LaneTypes<4> {
  typedef double Values __attribute__((vector_size(32)));
  typedef std::int32_t Indices __attribute__((vector_size(16)));
  typedef std::int16_t Offsets __attribute__((vector_size(8)));
};
template <>
struct LaneTypes<8> {
  typedef double Values __attribute__((vector_size(64)));
  typedef std::int32_t Indices __attribute__((vector_size(32)));
  typedef std::int16_t Offsets __attribute__((vector_size(16)));
};

template <int W>
struct Lanes {
  using Values = typename LaneTypes<W>::Values;
  using Indices = typename LaneTypes<W>::Indices;
  using Offsets = typename LaneTypes<W>::Offsets;

  static Values load(const double* p) {
    Values v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static void store(double* p, Values v) { std::memcpy(p, &v, sizeof v); }
  static Indices load_indices(const local_int* p) {
    Indices v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  /// The row indices plus W 16-bit offsets.
  static Indices add_offsets(Indices rows, const std::int16_t* p) {
    Offsets v;
    std::memcpy(&v, p, sizeof v);
    return rows + __builtin_convertvector(v, Indices);
  }
  static Indices add_offsets(Indices, const local_int* p) { return load_indices(p); }

  /// base[index[k]] in lane k.
  static Values gather(const double* base, Indices index) {
#if defined(__AVX512F__)
    if constexpr (W == 8) {
      // The masked forms with a zero source: GCC 12's unmasked ones read an undefined source.
      return (Values)_mm512_mask_i32gather_pd(_mm512_setzero_pd(), 0xff, (__m256i)index, base, 8);
    }
#endif
#if defined(__AVX2__)
    if constexpr (W == 4) {
      const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
      return (Values)_mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, (__m128i)index, all, 8);
    }
#endif
    Values v;
    for (int k = 0; k < W; ++k) v[k] = base[index[k]];
    return v;
  }
  /// base[index[k]] in the lanes where value[k] != 0, else 0 (base not read there).
  static Values gather_nonzero(const double* base, Indices index, Values value) {
#if defined(__AVX512F__)
    if constexpr (W == 8) {
      const __mmask8 nonzero = _mm512_cmp_pd_mask((__m512d)value, _mm512_setzero_pd(), _CMP_NEQ_UQ);
      return (Values)_mm512_mask_i32gather_pd(_mm512_setzero_pd(), nonzero, (__m256i)index, base,
                                              8);
    }
#endif
#if defined(__AVX2__)
    if constexpr (W == 4) {
      const __m256d nonzero = _mm256_cmp_pd((__m256d)value, _mm256_setzero_pd(), _CMP_NEQ_UQ);
      return (Values)_mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, (__m128i)index, nonzero,
                                              8);
    }
#endif
    Values v;
    for (int k = 0; k < W; ++k) v[k] = value[k] != 0.0 ? base[index[k]] : 0.0;
    return v;
  }
  /// base[index[k]] = value[k]; a repeated index takes the same value in this project's use.
  static void scatter(double* base, Indices index, Values value) {
#if defined(__AVX512F__)
    if constexpr (W == 8) {
      _mm512_i32scatter_pd(base, (__m256i)index, (__m512d)value, 8);
      return;
    }
#endif
#if defined(__AVX512F__) && defined(__AVX512VL__)
    if constexpr (W == 4) {
      _mm256_i32scatter_pd(base, (__m128i)index, (__m256d)value, 8);
      return;
    }
#endif
    for (int k = 0; k < W; ++k) base[index[k]] = value[k];
  }
};

}  // namespace hpcg::backends::openmp
