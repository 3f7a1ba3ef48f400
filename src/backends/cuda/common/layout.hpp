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

/// One level in host memory, ready to be copied to the device as it is. Vectors of the level
/// are in slot order (row_kernels.hpp's SellView): position(i) says where natural entry i sits.
struct LevelLayout {
  int32_t rows = 0, columns = 0, slice_rows = 0, slice_shift = 0;
  int32_t slots = 0;  ///< rows and the padding that starts every colour on a slice boundary
  std::vector<int64_t> slice_start;  ///< slices + 1 entry offsets
  std::vector<int64_t> slice_upper;  ///< by slice: where its U block starts
  std::vector<int32_t> column;       ///< off-diagonal entries only, vector positions
  std::vector<double> value;
  std::vector<double> diagonal;     ///< by slot (1 in padding slots)
  std::vector<uint8_t> slice_reads_halo;  ///< by slice: a row of it has a halo column
  std::vector<int32_t> row_of;          ///< by slot: the row, -1 in padding slots (host only)
  std::vector<int32_t> slot_of;         ///< by row
  std::vector<int32_t> colour_start;    ///< colours + 1 slot offsets, multiples of slice_rows
  std::vector<int32_t> coarse_slot;     ///< by coarse row: the slot of its injected fine row
  /// By slot of the next coarser level: the fine slot injected into it, -1 for its padding
  /// (link_coarse fills it; empty on the coarsest level).
  std::vector<int32_t> injected_slot;
  std::vector<int32_t> send_slot;       ///< the halo's send rows as slots, in the core's order
  int32_t colours() const { return static_cast<int32_t>(colour_start.size()) - 1; }
  /// A vector's length in slot order for `natural_length` (rows or columns).
  int32_t length(int32_t natural_length) const { return slots + natural_length - rows; }
  /// Where natural entry i (a row, or rows + k for the k-th halo value) of a vector sits.
  int32_t position(int32_t i) const { return i < rows ? slot_of[i] : slots + (i - rows); }
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

/// Fills fine.injected_slot from the coarse level's layout (coarse rows by their slots).
void link_coarse(LevelLayout& fine, const LevelLayout& coarse);

/// The rows in the order a sweep relaxes them (slot order without the padding): a sweep
/// over the colours equals a sequential Gauss-Seidel sweep over the rows in this order. The
/// backward sweep runs it in reverse from the last colour but one (layout.colour_start).
std::vector<int32_t> sweep_order(const LevelLayout& layout);

/// After the core changed diagonal values in place (TestCG): copy them into the layout.
void refresh_diagonal(const hpcg_level_view& level, LevelLayout& layout);

}  // namespace hpcg::cuda
