// SPDX-License-Identifier: BSD-3-Clause
// The `plugin:PATH` backend: loads a vendor library built against include/hpcg/backend_abi.h and
// adapts its function table to hpcg::Backend, whichever ABI version it was built for.
#pragma once

#include <memory>
#include <string>

#include "hpcg/backends/backend.hpp"

namespace hpcg::backends::plugin {

/// Throws InputError when the library cannot be loaded, is not a plugin, was built for an ABI
/// version this xhpcg does not load, or cannot do what `options` ask.
std::unique_ptr<Backend> load_plugin(const std::string& path, const BackendOptions& options);

/// Where an installed plugin library `file` is: next to xhpcg (a build tree) or in
/// <prefix>/lib/hpcg (an install, bin/xhpcg's sibling); "" when neither holds it.
std::string installed_plugin(const std::string& file);

}  // namespace hpcg::backends::plugin
