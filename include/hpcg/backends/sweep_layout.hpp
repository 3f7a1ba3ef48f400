// SPDX-License-Identifier: BSD-3-Clause
// A level's matrix split for Gauss-Seidel, built once on the host for every backend that sweeps
// in block-colour order (openmp uses it in place, kokkos copies it into its views). With L the
// columns a forward sweep updates before a row and U the others (halo columns included), a
// forward sweep stores t = r - L x, and the backward sweep, x = D^-1 (t - U x), then reads only
// U, since L's columns still hold the forward sweep's values; from x = 0 the forward sweep reads
// only L. In separate arrays each part streams alone: a V-cycle level reads the matrix about 2.6
// times (reference 5). The core's CSR is left as it is, for the core's kernels and for validation.
//
// Memory: with 32-bit columns everywhere the copy would take the report's bytes per equation past
// 1.5 times the reference's, so L stores its columns as 16-bit offsets j - i (every owned L
// column lies within the bandwidth of its row; halo columns are all in U) and both parts 32-bit
// row offsets. Local grids whose bandwidth (about nx * ny) passes 32767 keep 32-bit L columns.
//
// Two forms. `compressed` (kokkos): rows of any length behind row offsets, U in 32-bit columns.
// `fixed_width` (openmp): each part's owned entries in rows of one width W, found from the matrix
// (the width that makes the part smallest), rows shorter than W padded with explicit zeros, so
// that a sweep reads no row offset and sums a row of a length it knows; U's halo columns and the
// entries of the few rows longer than W sit apart. Both parts' owned columns are 16-bit offsets
// where every one lies within 32767 of its row. Nothing is taken from the stencil: W and the band
// are measured, and x is still read through the stored indices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <vector>

#include "hpcg/backends/block_coloring.hpp"
#include "hpcg/base/array_memory.hpp"

namespace hpcg {

/// An array allocated without initialising, so that the parallel loop that fills it is the first
/// touch and its pages land near the threads that later sweep those rows (array_memory.hpp).
template <class T>
class FirstTouchArray {
 public:
  static_assert(std::is_trivially_default_constructible_v<T>);
  void allocate(size_t n) {
    data_.reset(static_cast<T*>(allocate_array(sizeof(T) * n)));
    size_ = n;
  }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](size_t k) { return data_.get()[k]; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double bytes() const { return static_cast<double>(sizeof(T) * size_); }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
  size_t size_ = 0;
};

struct SweepLayout {
  /// Compressed form: row i's L is [lower_start[i], lower_start[i + 1]) of lower_offset (column
  /// i + offset) when lower_as_offsets, else of lower_column; ascending columns.
  bool lower_as_offsets = true;
  std::vector<std::uint32_t> lower_start;
  FirstTouchArray<std::int16_t> lower_offset;
  FirstTouchArray<local_int> lower_column;
  FirstTouchArray<double> lower_value;
  /// Compressed form: row i's U is [upper_start[i], upper_start[i + 1]) of upper_column (halo
  /// columns included); descending columns.
  bool upper_as_offsets = false;
  std::vector<std::uint32_t> upper_start;
  FirstTouchArray<local_int> upper_column;
  FirstTouchArray<std::int16_t> upper_offset;
  FirstTouchArray<double> upper_value;

  /// Fixed-width form: lower_start and upper_start are empty; row i's owned L entries are
  /// [i lower_width, (i + 1) lower_width) of lower_offset or lower_column and of lower_value, U's
  /// likewise with upper_width, each part in its order above. A row with fewer entries than its
  /// part's width starts with explicit zeros: value 0 at the row itself (offset 0, column i), x_i
  /// being finite wherever a sweep reads a row. Entries in halo columns (U's) and a row's first
  /// entries beyond the width are lower_apart's and upper_apart's, which a sweep subtracts first.
  bool fixed_width = false;
  std::size_t lower_width = 0, upper_width = 0;
  /// Entries kept apart from a part's fixed-width rows: rows[h] holds [start[h], start[h + 1]) of
  /// column and value, in the part's order. rows ascend between two sentinels that hold none,
  /// rows[0] = -1 and rows.back() = the level's rows, so that a cursor walking the rows that have
  /// entries apart needs no bounds test. Empty in the compressed form.
  struct ApartEntries {
    std::vector<local_int> rows;
    std::vector<std::uint32_t> start;
    std::vector<local_int> column;
    std::vector<double> value;
    /// The rows that have entries apart, sentinels excluded.
    size_t row_count() const { return rows.size() < 2 ? 0 : rows.size() - 2; }
    double bytes() const;
  };
  ApartEntries lower_apart, upper_apart;

  /// a_ii, in the fixed-width form only: SpMV and the restricted residual read A from the copy.
  std::vector<double> diagonal;
  std::vector<double> inverse_diagonal;  ///< 1 / a_ii: sweeps multiply instead of dividing

  double bytes() const;
};

enum class SweepForm { compressed, fixed_width };

/// Splits A's rows in the sweep order of `coloring`. Throws ResourceError if a part has 2^32
/// entries or more (use more ranks).
SweepLayout make_sweep_layout(const SparseMatrix& A, const BlockColoring& coloring,
                              SweepForm form = SweepForm::compressed);

/// Recomputes the (inverse) diagonal after the core changed diagonal values.
void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout);

}  // namespace hpcg
