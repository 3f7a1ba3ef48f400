// SPDX-License-Identifier: BSD-3-Clause
#include "traffic.hpp"

#include <algorithm>
#include <cstdint>

namespace hpcg::backends::openmp {
namespace {

constexpr double value_bytes = sizeof(double);

template <class T>
double array_bytes(const std::vector<T>& v) {
  return static_cast<double>(sizeof(T) * v.size());
}

/// The split copy's L and U parts: fixed-width rows, explicit zeros included, and the entries
/// apart (a cursor reads at least their sentinels).
struct PartBytes {
  double lower = 0, upper = 0;
};

double entry_bytes(bool offsets) {
  return value_bytes + (offsets ? sizeof(std::int16_t) : sizeof(local_int));
}

PartBytes part_bytes(const SweepLayout& layout) {
  PartBytes parts;
  parts.lower = layout.lower_offset.bytes() + layout.lower_column.bytes() +
                layout.lower_value.bytes() + layout.lower_apart.bytes();
  parts.upper = layout.upper_offset.bytes() + layout.upper_column.bytes() +
                layout.upper_value.bytes() + layout.upper_apart.bytes();
  return parts;
}

/// Bytes of row i's entries apart, its row id and starts included (0 if none).
double apart_row_bytes(const SweepLayout::ApartEntries& apart, local_int i) {
  const auto at = std::lower_bound(apart.rows.begin(), apart.rows.end(), i);
  if (at == apart.rows.end() || *at != i) return 0;
  const auto h = static_cast<size_t>(at - apart.rows.begin());
  return sizeof(local_int) + 2 * sizeof(std::uint32_t) +
         (sizeof(local_int) + value_bytes) * (apart.start[h + 1] - apart.start[h]);
}

/// L and U entries of the rows restriction injects: their fixed-width rows and entries apart;
/// with `kept`, L's and U's halo entries only (U x kept from the pre-smoothing).
double injected_row_bytes(const Level& level, const SweepLayout& layout,
                          const ProlongedUpper* kept = nullptr) {
  double row = entry_bytes(layout.lower_as_offsets) * layout.lower_width;
  if (kept == nullptr) row += entry_bytes(layout.upper_as_offsets) * layout.upper_width;
  const SweepLayout::ApartEntries& upper_apart = kept ? kept->halo : layout.upper_apart;
  double bytes = 0;
  for (local_int f : level.coarse_to_fine) {
    bytes += row + apart_row_bytes(layout.lower_apart, f) + apart_row_bytes(upper_apart, f);
  }
  return bytes;
}

}  // namespace

StepBytes vector_bytes(local_int n, int reads, int writes) {
  return {value_bytes * n * reads, value_bytes * n * writes};
}

LevelBytes count_level_bytes(const Level& level, const SweepLayout& layout,
                             const BlockColoring& coloring, const ProlongedUpper& prolonged,
                             const SlicedRows<double>& sliced) {
  const SparseMatrix& A = level.A;
  const double n = value_bytes * A.rows, columns = value_bytes * A.columns;
  const double order = array_bytes(coloring.block_start) + array_bytes(coloring.blocks) +
                       array_bytes(coloring.color_start);
  const PartBytes part = part_bytes(layout);
  LevelBytes bytes;
  // SpMV: the slices that qualify read theirs (sliced_rows.hpp), the other rows the diagonal, L
  // and U; the entries apart (a cursor passes them all) and x read, y written.
  const double apart = layout.lower_apart.bytes() + layout.upper_apart.bytes();
  const double unsliced =
      A.rows == 0 ? 0.0 : 1.0 - static_cast<double>(slice_rows * sliced.qualifying()) / A.rows;
  bytes.spmv = {unsliced * (n + part.lower + part.upper - apart) + apart + sliced.bytes() + columns,
                n};
  // Forward: r, L, U, D^-1 and x read, t and x written; backward: t, U, D^-1 and x read, x
  // written. From x = 0 the forward sweep reads no U and no x, and zeroes x's halo.
  const double backward_read = order + n + part.upper + n + columns;
  bytes.symgs = {order + n + part.lower + part.upper + n + columns + backward_read, 3 * n};
  // From a zero guess the forward sweep writes no t and the backward sweep reads none (x's
  // forward values instead), writing -U x into t; after prolongation the forward sweep reads it,
  // the entries at corrected columns, the correction and the halo's instead of U.
  bytes.symgs_zero_guess = {order + n + part.lower + n + backward_read - n, 3 * n + columns - n};
  const double coarse = static_cast<double>(level.coarse_to_fine.size());
  bytes.symgs_after_prolongation = {order + n + part.lower + n + prolonged.bytes() +
                                        coarse * value_bytes + n + columns + backward_read,
                                    3 * n};
  // Per injected row: its index, r and the diagonal; x in full; rc written.
  bytes.residual_restriction = {
      coarse * (sizeof(local_int) + 2 * value_bytes) + columns + injected_row_bytes(level, layout),
      coarse * value_bytes};
  // Right after the pre-smoothing, -U x from t where the rows are injected, not U.
  bytes.residual_restriction_after_pre_smoothing = {
      coarse * (sizeof(local_int) + 3 * value_bytes) + columns +
          injected_row_bytes(level, layout, &prolonged),
      coarse * value_bytes};
  bytes.prolongation = {coarse * (sizeof(local_int) + 2 * value_bytes), coarse * value_bytes};
  const double sent = static_cast<double>(A.exchange.halo().send_rows.size());
  bytes.pack = {sent * (sizeof(local_int) + value_bytes), sent * value_bytes};
  bytes.unpack = {columns - n, columns - n};
  return bytes;
}

}  // namespace hpcg::backends::openmp
