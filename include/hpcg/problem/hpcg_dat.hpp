// SPDX-License-Identifier: BSD-3-Clause
// hpcg.dat, HPCG 3.1's input file: two free text lines, "nx ny nz", the run time in seconds,
// and optionally "npx npy npz".
#pragma once

#include <string>

namespace hpcg {

/// The numbers of an hpcg.dat file.
struct HpcgDat {
  int nx = 0, ny = 0, nz = 0;
  int runtime_seconds = 0;
  int npx = 0, npy = 0, npz = 0;  ///< all zero when line 5 is absent (automatic grid)
};

/// Parses hpcg.dat's text (`source` names it in messages); throws InputError when malformed.
HpcgDat parse_hpcg_dat(const std::string& text, const std::string& source);

/// Reads and parses a file; a missing or unreadable file is an InputError.
HpcgDat read_hpcg_dat(const std::string& path);

}  // namespace hpcg
