// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target: any bytes as hpcg.dat must either parse and resolve, or be rejected with an
// InputError; any other exception, a crash or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "hpcg/base/error.hpp"
#include "hpcg/problem/params.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    hpcg::HpcgDat dat = hpcg::parse_hpcg_dat(text, "hpcg.dat");
    for (int ranks : {1, 2, 8}) {
      try {
        hpcg::resolve_params(hpcg::HpcgArguments{}, dat, ranks);
      } catch (const hpcg::InputError&) {
      }
    }
  } catch (const hpcg::InputError&) {
  }
  return 0;
}
