// SPDX-License-Identifier: BSD-3-Clause
// The message of the InputError a call throws, for tests of what the command line refuses.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "hpcg/base/error.hpp"

namespace hpcg::testing {

/// The message of the InputError `f` throws; records a failure (and returns "") if it does not.
template <class F>
std::string input_error_message(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return {};
}

}  // namespace hpcg::testing
