// SPDX-License-Identifier: BSD-3-Clause
// hpcg.dat with HPCG 3.1's reading: numbers at the start of each line, the rest of a line
// ignored; errors name the file, the line and what was expected.
#include "hpcg/problem/hpcg_dat.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

/// A whole token as a decimal integer within int's range either side; nothing otherwise.
std::optional<long> parse_integer(const std::string& token) {
  long value = 0;
  const char* end = token.data() + token.size();
  // A leading '+' is a sign, as HPCG 3.1's atoi reads it.
  const char* first = token.data() + (token.size() > 1 && token[0] == '+' && token[1] != '-');
  const auto [stop, error] = std::from_chars(first, end, value);
  if (token.empty() || error != std::errc() || stop != end) return std::nullopt;
  if (value > INT_MAX || value < -static_cast<long>(INT_MAX)) return std::nullopt;
  return value;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back(line);
      line.clear();
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      line.push_back(c);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

/// Reads `count` integers from the start of a line; the rest of the line is ignored as in 3.1.
std::vector<long> leading_integers(const std::vector<std::string>& lines, size_t index,
                                   int count, const std::string& meaning,
                                   const std::string& source) {
  std::string where = source + " line " + std::to_string(index + 1);
  if (index >= lines.size()) {
    throw InputError(where + " is missing: expected " + meaning +
                     " (hpcg.dat has two free text lines, then 'nx ny nz', then the run time)");
  }
  std::istringstream in(lines[index]);
  std::vector<long> values;
  std::string token;
  while (static_cast<int>(values.size()) < count && in >> token) {
    auto value = parse_integer(token);
    if (!value) {
      throw InputError(where + ": expected " + meaning + ", got '" + lines[index] + "'");
    }
    values.push_back(*value);
  }
  if (static_cast<int>(values.size()) < count) {
    throw InputError(where + ": expected " + meaning + ", got '" + lines[index] + "'");
  }
  return values;
}

bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
}

}  // namespace

HpcgDat parse_hpcg_dat(const std::string& text, const std::string& source) {
  if (text.find('\0') != std::string::npos) {
    throw InputError(source + " is not a text file (it contains NUL bytes)");
  }
  std::vector<std::string> lines = split_lines(text);
  HpcgDat dat;
  auto dims = leading_integers(lines, 2, 3, "three integers 'nx ny nz'", source);
  for (long d : dims) {
    if (d <= 0) {
      throw InputError(source + " line 3: local dimensions must be positive, got '" + lines[2] +
                       "'");
    }
  }
  dat.nx = static_cast<int>(dims[0]);
  dat.ny = static_cast<int>(dims[1]);
  dat.nz = static_cast<int>(dims[2]);
  long runtime = leading_integers(lines, 3, 1, "the run time in seconds", source)[0];
  if (runtime < 0) {
    throw InputError(source + " line 4: run time must not be negative, got '" + lines[3] + "'");
  }
  dat.runtime_seconds = static_cast<int>(runtime);
  if (lines.size() > 4 && !blank(lines[4])) {
    auto grid = leading_integers(lines, 4, 3, "three integers 'npx npy npz'", source);
    for (long g : grid) {
      if (g < 0) {
        throw InputError(source + " line 5: process grid must not be negative, got '" +
                         lines[4] + "'");
      }
    }
    dat.npx = static_cast<int>(grid[0]);
    dat.npy = static_cast<int>(grid[1]);
    dat.npz = static_cast<int>(grid[2]);
  }
  return dat;
}

HpcgDat read_hpcg_dat(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError("cannot read " + path +
                     ": no grid size on the command line, so xhpcg needs hpcg.dat in the "
                     "working directory (or give --nx= --ny= --nz=)");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_hpcg_dat(text.str(), path);
}

}  // namespace hpcg
