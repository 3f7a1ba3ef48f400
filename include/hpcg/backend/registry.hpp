// SPDX-License-Identifier: BSD-3-Clause
// The backends built into this binary, chosen by name at run time (--backend=NAME).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hpcg/backend/backend.hpp"

namespace hpcg {

struct BackendDescription {
  std::string name;
  std::string summary;
};

/// The backend used when --backend is not given.
std::string default_backend_name();

std::vector<BackendDescription> available_backends();

/// Creates a backend by name; throws InputError naming the available ones when unknown.
std::unique_ptr<Backend> make_backend(const std::string& name);

}  // namespace hpcg
