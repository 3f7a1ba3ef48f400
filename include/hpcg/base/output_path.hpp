// SPDX-License-Identifier: BSD-3-Clause
// Checks made before the long work that the files a run writes at its end can be written, so
// that an unwritable directory costs seconds, not a finished run without its report.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace hpcg {

/// The directory that will hold `path`: "." for a bare file name, "/" for "/name".
std::string parent_directory(const std::string& path);

/// Throws ResourceError unless a file can be created in `directory` (checked by creating and
/// removing an empty temporary file there, which also catches read-only file systems and root's
/// permissions correctly). `what` names the files in the message ("the report").
void require_writable_directory(const std::string& directory, const std::string& what);

/// For each (option, path) pair with a non-empty path: the path must not name a directory, an
/// existing file must be writable, and its directory must take new files. Throws ResourceError
/// naming the option ("--json=out/r.json") and the reason.
void require_writable_outputs(const std::vector<std::pair<std::string, std::string>>& outputs);

}  // namespace hpcg
