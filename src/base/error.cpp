// SPDX-License-Identifier: BSD-3-Clause
#include "hpcg/base/error.hpp"

#include <new>

namespace hpcg {

void throw_internal(const char* condition, const char* file, int line) {
  throw InternalError(std::string("internal check failed: ") + condition + " (" + file + ":" +
                      std::to_string(line) + ")");
}

ExitStatus exit_status_of(const std::exception& error) {
  if (auto* known = dynamic_cast<const Error*>(&error)) return known->status();
  if (dynamic_cast<const std::bad_alloc*>(&error)) return ExitStatus::resource_error;
  return ExitStatus::internal_error;
}

}  // namespace hpcg
