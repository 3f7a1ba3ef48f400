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

/// Claims a set of output names no other run can take: for stem "dir/name" and extensions
/// {".txt", ".json"}, creates each "dir/name.txt", "dir/name.json" exclusively (O_EXCL, empty,
/// registered as partial outputs until write_file_atomically replaces them); if one is taken
/// (another run in the same directory and second, or an older file), tries "dir/name_2", then
/// "_3", ... Returns the stem it claimed. Throws ResourceError naming the directory.
std::string claim_free_stem(const std::string& stem, const std::vector<std::string>& extensions);

/// `path` with its symbolic links resolved, or `path` itself when it does not exist.
std::string resolved_path(const std::string& path);

/// "HOST-BOOT-PIDNS-PID" for this process: what a temporary file's name carries after
/// ".partial-" ("unknown-PID" where the host, boot id or pid namespace cannot be read).
std::string partial_owner_tag();

/// Removes the regular files in `directory` named "*.partial-HOST-BOOT-PIDNS-PID-" and mkstemp's
/// six random characters, whose owner is provably gone: made on this host, in this boot and pid
/// namespace, and no process PID exists. Never another host's, a live process's, or a name of
/// another form. Returns the paths removed.
std::vector<std::string> remove_stale_partials(const std::string& directory);

/// For outputs written by many ranks (MPI-IO), which are never written in place: removes stale
/// partial files in the target's directory, then creates an empty, uniquely named temporary file
/// beside `path` (a symbolic link followed; its name carries partial_owner_tag()), registered as
/// a partial output, and returns its name; rename_temporary puts it in place of `path`,
/// discard_temporary removes it. Throw ResourceError naming `path`.
std::string create_temporary_beside(const std::string& path);
void rename_temporary(const std::string& temporary, const std::string& path);
void discard_temporary(const std::string& temporary);

/// For each (option, path) pair with a non-empty path, as for the outputs written by many ranks:
/// an existing path must be a regular file (a device or FIFO would be replaced). Throws
/// ResourceError naming the option.
void require_regular_outputs(const std::vector<std::pair<std::string, std::string>>& outputs);

}  // namespace hpcg
