// SPDX-License-Identifier: BSD-3-Clause
// How the cuda backend lays out one multigrid level, built on the host from the CSR the core
// hands over: a colouring of the matrix graph, the rows ordered by colour, and sliced ELLPACK
// (row_kernels.hpp's SellView). Plain C++ so that the CPU tests build exactly what the GPU uses.
#pragma once

#include <stdint.h>

#include <string>
#include <vector>

#include <hpcg/backend_abi.h>

namespace hpcg::cuda {

/// greedy: first fit in natural row order (8 colours on HPCG's matrix);
/// hash: Jones-Plassmann order (each row's weight a hash of its id; first fit in decreasing
/// weight, which is what the parallel JP rounds produce);
/// rounds: Jones-Plassmann's rounds taken literally, each round's local maxima one new colour;
/// minmax: rocHPCG's variant, each round's local maxima and local minima one colour each.
enum class Colouring { greedy, hash, rounds, minmax };

/// The order in which a sweep visits the colours. paired: chosen on the colour graph
/// (order_colours); natural: colour 0, 1, 2, ... as the colouring numbered them.
enum class ColourOrder { paired, natural };

/// The plugin's own settings, from --backend-settings=key=value,key=value.
struct Settings {
  int32_t slice_rows = 32;       ///< slice=N: rows per slice (a power of two, 1..1024)
  Colouring colouring = Colouring::greedy;  ///< colouring=greedy|hash|rounds|minmax
  ColourOrder order = ColourOrder::paired;  ///< order=paired|natural
  uint64_t seed = 0;             ///< seed=N: added to the row ids before hashing
  int32_t device = -1;           ///< device=N: this GPU on every rank (default: local rank)
  /// traffic=count: the emulation counts the bytes every kernel moves (traffic.hpp), for
  /// hpcg_backend_traffic; slower, and not on a GPU.
  bool count_traffic = false;
};

/// Parses --backend-settings; throws std::invalid_argument naming the bad key or value.
Settings parse_settings(const std::string& text);

/// One level in host memory, ready to be copied to the device as it is.
struct LevelLayout {
  int32_t rows = 0, columns = 0, slice_rows = 0, slice_shift = 0;
  int32_t slots = 0;  ///< rows and the padding that starts every colour on a slice boundary
  std::vector<int64_t> slice_start;  ///< slices + 1 entry offsets
  std::vector<int64_t> slice_upper;  ///< by slice: where its U block starts
  std::vector<int32_t> column;       ///< off-diagonal entries only
  std::vector<double> value;
  std::vector<double> diagonal;     ///< by slot (1 in padding slots)
  std::vector<int32_t> row_of;          ///< by slot: the row, -1 in padding slots
  std::vector<int32_t> slot_of;         ///< by row
  std::vector<int32_t> colour_start;    ///< colours + 1 slot offsets, multiples of slice_rows
  std::vector<int32_t> coarse_slot, coarse_fine;
  std::vector<int32_t> send_rows;
  int32_t colours() const { return static_cast<int32_t>(colour_start.size()) - 1; }
};

/// Colour of each owned row: no two rows joined by an owned-to-owned entry share a colour
/// (halo columns are constants during a sweep). Colours are 0..count-1, all used.
std::vector<int32_t> colour_rows(const hpcg_level_view& level, Colouring colouring,
                                 uint64_t seed);

/// Entries of the matrix between rows of colour a and rows of colour b, as a colours x colours
/// table (row a, column b; owned columns only): the colour graph's edge weights.
std::vector<int64_t> colour_graph(const hpcg_level_view& level, const std::vector<int32_t>& colour,
                                  int32_t colours);

/// The sweep order of the colours, a rule on the colour graph alone (never on the grid):
/// the first colour is the smallest class (ties: the one numbered last); the last is the
/// colour most coupled to it; the others go in pairs of mutually most coupled colours, the
/// heaviest pair first. Returns order[k] = the colour swept k-th.
std::vector<int32_t> order_colours(const std::vector<int64_t>& graph,
                                   const std::vector<int64_t>& class_rows);

LevelLayout build_layout(const hpcg_level_view& level, const hpcg_halo_view& halo,
                         const Settings& settings);

/// The rows in the order a sweep relaxes them (slot order without the padding): a sweep
/// over the colours equals a sequential Gauss-Seidel sweep over the rows in this order. The
/// backward sweep runs it in reverse from the last colour but one (layout.colour_start).
std::vector<int32_t> sweep_order(const LevelLayout& layout);

/// After the core changed diagonal values in place (TestCG): copy them into the layout.
void refresh_diagonal(const hpcg_level_view& level, LevelLayout& layout);

}  // namespace hpcg::cuda
