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
// On request (openmp) U's owned columns are 16-bit offsets too, where they fit, and its halo
// columns, far from every row, sit apart in `upper_halo`: a general compression of any matrix
// whose rows' owned columns lie within 32767 of the row, nothing taken from the stencil.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hpcg/backends/block_coloring.hpp"

namespace hpcg {

/// An array allocated without initialising, so that the parallel loop that fills it is the first
/// touch and its pages land near the threads that later sweep those rows.
template <class T>
class FirstTouchArray {
 public:
  void allocate(size_t n) { data_.reset(new T[n]), size_ = n; }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](size_t k) { return data_[k]; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double bytes() const { return static_cast<double>(sizeof(T) * size_); }

 private:
  std::unique_ptr<T[]> data_;
  size_t size_ = 0;
};

struct SweepLayout {
  /// Row i's L is [lower_start[i], lower_start[i + 1]) of lower_offset (column i + offset) when
  /// lower_as_offsets, else of lower_column; ascending columns.
  bool lower_as_offsets = true;
  std::vector<std::uint32_t> lower_start;
  FirstTouchArray<std::int16_t> lower_offset;
  FirstTouchArray<local_int> lower_column;
  FirstTouchArray<double> lower_value;
  /// Row i's U is [upper_start[i], upper_start[i + 1]) of upper_column, descending columns; when
  /// upper_as_offsets, of upper_offset (column i + offset), its owned columns only: its halo
  /// columns are upper_halo's.
  bool upper_as_offsets = false;
  std::vector<std::uint32_t> upper_start;
  FirstTouchArray<local_int> upper_column;
  FirstTouchArray<std::int16_t> upper_offset;
  FirstTouchArray<double> upper_value;
  /// With upper_as_offsets, the U entries in halo columns: rows[h] (ascending) holds
  /// [start[h], start[h + 1]) of column and value, descending columns. Empty otherwise.
  struct HaloEntries {
    std::vector<local_int> rows;
    std::vector<std::uint32_t> start{0};
    std::vector<local_int> column;
    std::vector<double> value;
    double bytes() const;
  } upper_halo;
  std::vector<double> inverse_diagonal;  ///< 1 / a_ii: sweeps multiply instead of dividing

  double bytes() const;
};

/// How U stores its columns: 32-bit columns, or 16-bit offsets and halo entries apart where
/// every owned U column lies within 32767 of its row.
enum class UpperColumns { columns, offsets_where_they_fit };

/// Splits A's rows in the sweep order of `coloring`. Throws ResourceError if a part has 2^32
/// entries or more (use more ranks).
SweepLayout make_sweep_layout(const SparseMatrix& A, const BlockColoring& coloring,
                              UpperColumns upper = UpperColumns::columns);

/// Recomputes the inverse diagonal after the core changed diagonal values.
void refresh_inverse_diagonal(const SparseMatrix& A, SweepLayout& layout);

}  // namespace hpcg
