// SPDX-License-Identifier: BSD-3-Clause
// How the kokkos kernels read a level's split matrix (kernels.hpp, LevelViews) inside a kernel,
// in double (the level's own values) or in float (float_kernels.hpp, FloatValues): the same
// starts and columns, only the values differ. Included by the backend's kernel files only.
// Lambdas capture these small structs of views, never a LevelViews: it holds host-only vectors.
#pragma once

#include "kernels.hpp"

namespace hpcg::backends::kokkos {

using RowPolicy = Kokkos::RangePolicy<ExecutionSpace, Kokkos::IndexType<local_int>>;
using ConstStarts = Kokkos::View<const std::uint32_t*, MemorySpace>;
using ConstIds = Kokkos::View<const local_int*, MemorySpace>;
template <class Value>
using ConstSpaceView = Kokkos::View<const Value*, MemorySpace>;
using ConstValues = ConstSpaceView<double>;

/// Entry k of row i has column i + offset(k).
struct OffsetColumns {
  Kokkos::View<const std::int16_t*, MemorySpace> offset;
  explicit OffsetColumns(const MatrixPart& part) : offset(part.offset) {}
  KOKKOS_INLINE_FUNCTION local_int operator()(local_int i, std::uint32_t k) const {
    return i + offset(k);
  }
};

/// Entry k has column column(k).
struct StoredColumns {
  ConstIds column;
  explicit StoredColumns(const MatrixPart& part) : column(part.column) {}
  KOKKOS_INLINE_FUNCTION local_int operator()(local_int, std::uint32_t k) const {
    return column(k);
  }
};

/// A MatrixPart as the kernels read it, with its values in precision Value (the part's own, or
/// a rounded copy of them). Templates on the vector's view type: converting a view to its const
/// type in the inner loop would construct a view per row.
template <class Columns, class Value = double>
struct Part {
  ConstStarts start;
  Columns column;
  ConstSpaceView<Value> value;
  explicit Part(const MatrixPart& part) : start(part.start), column(part), value(part.value) {}
  Part(const MatrixPart& part, const SpaceView<Value>& values)
      : start(part.start), column(part), value(values) {}

  /// sum - (row i of this part) x.
  template <class VectorView>
  KOKKOS_INLINE_FUNCTION Value subtract(Value sum, local_int i, const VectorView& x) const {
    for (std::uint32_t k = start(i); k < start(i + 1); ++k) sum -= value(k) * x(column(i, k));
    return sum;
  }
  /// sum + (row i of this part) x.
  template <class VectorView>
  KOKKOS_INLINE_FUNCTION Value add(Value sum, local_int i, const VectorView& x) const {
    for (std::uint32_t k = start(i); k < start(i + 1); ++k) sum += value(k) * x(column(i, k));
    return sum;
  }
};

/// The split matrix as the kernels read it, L's columns read through LowerColumns.
template <class LowerColumns, class Value = double>
struct Matrix {
  Part<LowerColumns, Value> lower;
  Part<StoredColumns, Value> upper;
  ConstSpaceView<Value> diagonal, inverse_diagonal;
  explicit Matrix(const LevelViews& A)
      : lower(A.lower), upper(A.upper), diagonal(A.diagonal),
        inverse_diagonal(A.inverse_diagonal) {}
  /// A's pattern with other values: L's, U's, the diagonal and its inverse, in A's layout.
  Matrix(const LevelViews& A, const SpaceView<Value>& lower_values,
         const SpaceView<Value>& upper_values, const SpaceView<Value>& diagonal_values,
         const SpaceView<Value>& inverse_values)
      : lower(A.lower, lower_values), upper(A.upper, upper_values), diagonal(diagonal_values),
        inverse_diagonal(inverse_values) {}

  /// (A x)_i, in three independent sums (diagonal and L, then U): one running sum would make
  /// each product wait for the addition before it.
  template <class VectorView>
  KOKKOS_INLINE_FUNCTION Value row_product(local_int i, const VectorView& x) const {
    return lower.add(diagonal(i) * x(i), i, x) + upper.add(Value(0), i, x);
  }
};

template <class T>
struct TypeTag {
  using type = T;
};

/// Calls body(TypeTag<C>{}) with C the way A's L stores its columns. The kernels' lambdas stay
/// in named function templates, which device compilers require of their enclosing function.
template <class Body>
void with_lower_columns(const LevelViews& A, const Body& body) {
  if (A.lower_as_offsets()) {
    body(TypeTag<OffsetColumns>{});
  } else {
    body(TypeTag<StoredColumns>{});
  }
}

}  // namespace hpcg::backends::kokkos
