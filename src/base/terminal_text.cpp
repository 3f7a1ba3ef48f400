// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/terminal_text.hpp"

#include <cstdio>

namespace hpcg {

std::string terminal_safe(const std::string& text) {
  std::string shown;
  shown.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F || c1) {
      const unsigned value = c1 ? static_cast<unsigned char>(text[++i]) : byte;
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", value);
      shown += escaped;
    } else {
      shown += text[i];
    }
  }
  return shown;
}

}  // namespace hpcg
