// SPDX-License-Identifier: BSD-3-Clause
#include "layout.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hpcg::cuda {
namespace {

/// splitmix64's finaliser: a well-mixed weight per row, the same on every run.
uint64_t row_hash(uint64_t id) {
  id += 0x9e3779b97f4a7c15ull;
  id = (id ^ (id >> 30)) * 0xbf58476d1ce4e5b9ull;
  id = (id ^ (id >> 27)) * 0x94d049bb133111ebull;
  return id ^ (id >> 31);
}

long parse_number(const std::string& key, const std::string& text, long low, long high) {
  size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < low || value > high) {
    throw std::invalid_argument("backend setting " + key + "=" + text + ": expected an integer in " +
                                std::to_string(low) + ".." + std::to_string(high));
  }
  return value;
}

}  // namespace

Settings parse_settings(const std::string& text) {
  Settings settings;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find(',', begin);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(begin, end - begin);
    begin = end + 1;
    if (item.empty()) continue;
    const size_t equals = item.find('=');
    const std::string key = item.substr(0, equals);
    const std::string value = equals == std::string::npos ? "" : item.substr(equals + 1);
    if (key == "slice") {
      settings.slice_rows = static_cast<int32_t>(parse_number(key, value, 1, 1024));
      if ((settings.slice_rows & (settings.slice_rows - 1)) != 0) {
        throw std::invalid_argument("backend setting slice=" + value + ": must be a power of two");
      }
    } else if (key == "colouring" || key == "coloring") {
      if (value == "hash") {
        settings.colouring = Colouring::hash;
      } else if (value == "greedy") {
        settings.colouring = Colouring::greedy;
      } else if (value == "rounds") {
        settings.colouring = Colouring::rounds;
      } else if (value == "minmax") {
        settings.colouring = Colouring::minmax;
      } else {
        throw std::invalid_argument("backend setting " + item +
                                    ": expected greedy, hash, rounds or minmax");
      }
    } else if (key == "order") {
      if (value == "paired") {
        settings.order = ColourOrder::paired;
      } else if (value == "natural") {
        settings.order = ColourOrder::natural;
      } else {
        throw std::invalid_argument("backend setting " + item + ": expected paired or natural");
      }
    } else if (key == "seed") {
      settings.seed = static_cast<uint64_t>(parse_number(key, value, 0, 1L << 40));
    } else if (key == "device") {
      settings.device = static_cast<int32_t>(parse_number(key, value, 0, 1023));
    } else if (key == "traffic") {
      if (value != "count") {
        throw std::invalid_argument("backend setting " + item + ": expected traffic=count");
      }
      settings.count_traffic = true;
    } else {
      throw std::invalid_argument("unknown backend setting '" + item +
                                  "' (cuda takes device=N, slice=N, colouring=greedy|hash|rounds|minmax, "
                                  "order=paired|natural, seed=N, traffic=count)");
    }
  }
  return settings;
}

namespace {

/// Jones-Plassmann rounds: every uncoloured row heavier than all its uncoloured neighbours
/// (lighter than all, for minmax's second colour) takes the round's colour.
std::vector<int32_t> colour_in_rounds(const hpcg_level_view& level, bool minmax, uint64_t seed) {
  const int32_t rows = level.rows;
  std::vector<uint64_t> weight(rows);
  for (int32_t i = 0; i < rows; ++i) weight[i] = row_hash(seed + static_cast<uint64_t>(i));
  auto heavier = [&](int32_t a, int32_t b) {
    return weight[a] != weight[b] ? weight[a] > weight[b] : a < b;
  };
  std::vector<int32_t> colour(rows, -1), chosen;
  int32_t left = rows, next = 0;
  while (left > 0) {
    const int32_t max_colour = next++, min_colour = minmax ? next++ : -1;
    chosen.clear();
    for (int32_t i = 0; i < rows; ++i) {
      if (colour[i] >= 0) continue;
      bool is_max = true, is_min = minmax;
      for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
        const int32_t j = level.column_index[k];
        if (j >= rows || j == i || colour[j] >= 0) continue;
        if (heavier(j, i)) is_max = false;
        if (heavier(i, j)) is_min = false;
      }
      if (is_max) chosen.push_back(i), chosen.push_back(max_colour);
      else if (is_min) chosen.push_back(i), chosen.push_back(min_colour);
    }
    for (size_t k = 0; k < chosen.size(); k += 2) colour[chosen[k]] = chosen[k + 1];
    left -= static_cast<int32_t>(chosen.size() / 2);
  }
  // A minmax round can leave its min colour empty: renumber the used colours densely.
  std::vector<int32_t> renumber(next, 0);
  for (int32_t c : colour) renumber[c] = 1;
  for (int32_t c = 0, used = 0; c < next; ++c) renumber[c] = renumber[c] != 0 ? used++ : -1;
  for (int32_t& c : colour) c = renumber[c];
  return colour;
}

}  // namespace

std::vector<int32_t> colour_rows(const hpcg_level_view& level, Colouring colouring,
                                 uint64_t seed) {
  if (colouring == Colouring::rounds || colouring == Colouring::minmax) {
    return colour_in_rounds(level, colouring == Colouring::minmax, seed);
  }
  const int32_t rows = level.rows;
  std::vector<int32_t> order(rows);
  std::iota(order.begin(), order.end(), 0);
  if (colouring == Colouring::hash) {
    std::vector<uint64_t> weight(rows);
    for (int32_t i = 0; i < rows; ++i) weight[i] = row_hash(seed + static_cast<uint64_t>(i));
    // Decreasing weight, ties by id: JP colours a row once every heavier neighbour has one.
    std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      return weight[a] != weight[b] ? weight[a] > weight[b] : a < b;
    });
  }
  std::vector<int32_t> colour(rows, -1);
  std::vector<int32_t> taken;  // taken[c] == i: colour c is used by a neighbour of row i
  for (int32_t i : order) {
    for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
      const int32_t j = level.column_index[k];
      if (j >= rows || j == i || colour[j] < 0) continue;
      if (static_cast<size_t>(colour[j]) >= taken.size()) taken.resize(colour[j] + 1, -1);
      taken[colour[j]] = i;
    }
    int32_t c = 0;
    while (static_cast<size_t>(c) < taken.size() && taken[c] == i) ++c;
    colour[i] = c;
  }
  return colour;
}

std::vector<int64_t> colour_graph(const hpcg_level_view& level, const std::vector<int32_t>& colour,
                                  int32_t colours) {
  std::vector<int64_t> graph(static_cast<size_t>(colours) * colours, 0);
  for (int32_t i = 0; i < level.rows; ++i) {
    for (int64_t k = level.row_start[i]; k < level.row_start[i + 1]; ++k) {
      const int32_t j = level.column_index[k];
      if (j < level.rows && j != i) ++graph[static_cast<size_t>(colour[i]) * colours + colour[j]];
    }
  }
  return graph;
}

std::vector<int32_t> order_colours(const std::vector<int64_t>& graph,
                                   const std::vector<int64_t>& class_rows) {
  const int32_t colours = static_cast<int32_t>(class_rows.size());
  auto weight = [&](int32_t a, int32_t b) { return graph[static_cast<size_t>(a) * colours + b]; };
  std::vector<int32_t> order;
  if (colours == 0) return order;
  std::vector<char> placed(colours, 0);
  int32_t first = colours - 1;
  for (int32_t c = colours - 1; c >= 0; --c) {
    if (class_rows[c] < class_rows[first]) first = c;
  }
  placed[first] = 1;
  order.push_back(first);
  int32_t last = -1;
  for (int32_t c = 0; c < colours; ++c) {
    if (!placed[c] && (last < 0 || weight(first, c) > weight(first, last))) last = c;
  }
  if (last >= 0) placed[last] = 1;
  // The middle: the heaviest remaining pair next, its member more coupled to the colour before
  // it first.
  for (;;) {
    int32_t a = -1, b = -1;
    for (int32_t p = 0; p < colours; ++p) {
      for (int32_t q = 0; q < colours; ++q) {
        if (p == q || placed[p] || placed[q]) continue;
        if (a < 0 || weight(p, q) > weight(a, b)) a = p, b = q;
      }
    }
    if (a < 0) {  // at most one colour left
      for (int32_t c = 0; c < colours; ++c) {
        if (!placed[c]) placed[c] = 1, order.push_back(c);
      }
      break;
    }
    if (weight(order.back(), b) > weight(order.back(), a)) std::swap(a, b);
    placed[a] = placed[b] = 1;
    order.push_back(a);
    order.push_back(b);
  }
  if (last >= 0) order.push_back(last);
  return order;
}

LevelLayout build_layout(const hpcg_level_view& level, const hpcg_halo_view& halo,
                         const Settings& settings) {
  LevelLayout out;
  const int32_t rows = level.rows, slice = settings.slice_rows;
  out.rows = rows;
  out.columns = level.columns;
  out.slice_rows = slice;
  while ((1 << out.slice_shift) < slice) ++out.slice_shift;

  // Rows ordered by colour (colours in sweep order), by row id inside a colour.
  std::vector<int32_t> colour = colour_rows(level, settings.colouring, settings.seed);
  const int32_t colours = rows == 0 ? 0 : *std::max_element(colour.begin(), colour.end()) + 1;
  if (settings.order == ColourOrder::paired) {
    std::vector<int64_t> class_rows(colours, 0);
    for (int32_t c : colour) ++class_rows[c];
    const std::vector<int32_t> order = order_colours(colour_graph(level, colour, colours), class_rows);
    std::vector<int32_t> position(colours);
    for (int32_t k = 0; k < colours; ++k) position[order[k]] = k;
    for (int32_t& c : colour) c = position[c];
  }
  // Each colour starts on a slice boundary, so that a warp never straddles two colours; the
  // padding slots between colours hold no row and compute 0 (row_kernels.hpp).
  std::vector<int32_t> class_rows(colours, 0);
  for (int32_t c : colour) ++class_rows[c];
  out.colour_start.assign(colours + 1, 0);
  for (int32_t c = 0; c < colours; ++c) {
    out.colour_start[c + 1] = out.colour_start[c] + (class_rows[c] + slice - 1) / slice * slice;
  }
  out.slots = out.colour_start[colours];
  out.row_of.assign(out.slots, -1);
  out.slot_of.resize(rows);
  std::vector<int32_t> next(out.colour_start.begin(), out.colour_start.end() - 1);
  for (int32_t i = 0; i < rows; ++i) {
    out.row_of[next[colour[i]]] = i;
    out.slot_of[i] = next[colour[i]]++;
  }

  // Each row's off-diagonal entries split by sweep order, each part in CSR order: L (owned
  // columns relaxed before the row) first, then U (relaxed after it, and the halo). A slice
  // holds an L block as wide as its longest L part, then a U block likewise; the diagonal sits
  // in its own array. A forward sweep from x = 0 then reads L only, a backward sweep U only.
  auto is_lower = [&](int32_t s, int32_t j) { return j < rows && out.slot_of[j] < s; };
  const int32_t slices = out.slots / slice;
  out.slice_start.assign(slices + 1, 0);
  out.slice_upper.assign(slices, 0);
  for (int32_t k = 0; k < slices; ++k) {
    int64_t lower_width = 0, upper_width = 0;
    for (int32_t s = k * slice; s < (k + 1) * slice; ++s) {
      const int32_t i = out.row_of[s];
      if (i < 0) continue;
      int64_t lower = 0, upper = 0;
      for (int64_t e = level.row_start[i]; e < level.row_start[i + 1]; ++e) {
        if (e == level.diagonal[i]) continue;
        ++(is_lower(s, level.column_index[e]) ? lower : upper);
      }
      lower_width = std::max(lower_width, lower);
      upper_width = std::max(upper_width, upper);
    }
    out.slice_upper[k] = out.slice_start[k] + lower_width * slice;
    out.slice_start[k + 1] = out.slice_upper[k] + upper_width * slice;
  }
  const int64_t entries = out.slice_start[slices];
  out.column.assign(entries, 0);
  out.value.assign(entries, 0.0);
  out.diagonal.assign(out.slots, 1.0);
  out.slice_reads_halo.assign(slices, 0);
  for (int32_t s = 0; s < out.slots; ++s) {
    const int32_t i = out.row_of[s];
    const int32_t k = s / slice, lane = s % slice;
    // Padding: value 0 on the slot itself (its x value is in the same sector as its
    // neighbours'; a padding slot's own value is 0).
    for (int64_t e = out.slice_start[k] + lane; e < out.slice_start[k + 1]; e += slice) {
      out.column[e] = s;
    }
    if (i < 0) continue;
    int64_t lower = out.slice_start[k] + lane, upper = out.slice_upper[k] + lane;
    for (int64_t e = level.row_start[i]; e < level.row_start[i + 1]; ++e) {
      if (e == level.diagonal[i]) continue;
      const int32_t j = level.column_index[e];
      int64_t& at = is_lower(s, j) ? lower : upper;
      out.column[at] = j < rows ? out.slot_of[j] : out.slots + (j - rows);
      out.value[at] = level.values[e];
      if (j >= rows) out.slice_reads_halo[k] = 1;
      at += slice;
    }
    out.diagonal[s] = level.values[level.diagonal[i]];
  }

  out.coarse_slot.resize(level.coarse_rows);
  for (int32_t c = 0; c < level.coarse_rows; ++c) {
    const int32_t f = level.coarse_to_fine[c];
    if (f < 0 || f >= rows) throw std::invalid_argument("coarse_to_fine names a row out of range");
    out.coarse_slot[c] = out.slot_of[f];
  }
  out.send_slot.resize(halo.send_count);
  for (int32_t k = 0; k < halo.send_count; ++k) {
    const int32_t i = halo.send_rows[k];
    if (i < 0 || i >= rows) throw std::invalid_argument("send_rows names a row out of range");
    out.send_slot[k] = out.slot_of[i];
  }
  return out;
}

void link_coarse(LevelLayout& fine, const LevelLayout& coarse) {
  if (static_cast<int32_t>(fine.coarse_slot.size()) != coarse.rows) {
    throw std::invalid_argument("the coarse level's rows differ from the fine level's count");
  }
  fine.injected_slot.assign(coarse.slots, -1);
  for (int32_t c = 0; c < coarse.rows; ++c) {
    fine.injected_slot[coarse.slot_of[c]] = fine.coarse_slot[c];
  }
}

std::vector<int32_t> sweep_order(const LevelLayout& layout) {
  std::vector<int32_t> order;
  order.reserve(layout.rows);
  for (int32_t i : layout.row_of) {
    if (i >= 0) order.push_back(i);
  }
  return order;
}

void refresh_diagonal(const hpcg_level_view& level, LevelLayout& layout) {
  for (int32_t s = 0; s < layout.slots; ++s) {
    if (layout.row_of[s] >= 0) layout.diagonal[s] = level.values[level.diagonal[layout.row_of[s]]];
  }
}

}  // namespace hpcg::cuda
