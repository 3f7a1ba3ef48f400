// SPDX-License-Identifier: BSD-3-Clause
#include "reference_backend.hpp"

#include "hpcg/version.hpp"

namespace hpcg::backends::reference {

std::string ReferenceBackend::version() const { return hpcg::version_string; }

}  // namespace hpcg::backends::reference
