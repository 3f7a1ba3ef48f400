// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/error.hpp"

namespace hpcg {

void throw_internal(const char* condition, const char* file, int line) {
  throw InternalError(std::string("internal check failed: ") + condition + " (" + file + ":" +
                      std::to_string(line) + ")");
}

}  // namespace hpcg
