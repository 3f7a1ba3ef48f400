// SPDX-License-Identifier: BSD-3-Clause
// Output checks by trying, not by asking: access(2) says yes to root in a read-only directory
// and knows nothing of read-only mounts, so the check creates (and removes) a temporary file.
#include "hpcg/base/output_path.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "hpcg/base/error.hpp"

namespace hpcg {
namespace {

/// "directory 'out'" ("the working directory '/abs'" for ".") as messages show it.
std::string shown(const std::string& directory) {
  if (directory != ".") return "directory '" + directory + "'";
  char buffer[4096];
  return ::getcwd(buffer, sizeof buffer) != nullptr
             ? "the working directory '" + std::string(buffer) + "'"
             : std::string("the working directory");
}

/// Why no file can be created in `directory` ("directory 'out' does not exist"), or "".
std::string directory_problem(const std::string& directory) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0) {
    if (errno == ENOENT) return shown(directory) + " does not exist";
    return shown(directory) + " cannot be used (" + std::strerror(errno) + ")";
  }
  if (!S_ISDIR(info.st_mode)) return "'" + directory + "' is not a directory";
  std::string probe = directory + "/.hpcg-write-check-XXXXXX";
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) return shown(directory) + " takes no new files (" + std::strerror(errno) + ")";
  ::close(fd);
  ::unlink(probe.c_str());
  return "";
}

}  // namespace

std::string parent_directory(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

void require_writable_directory(const std::string& directory, const std::string& what) {
  const std::string problem = directory_problem(directory);
  if (problem.empty()) return;
  throw ResourceError("cannot write " + what + ": " + problem + "; use a writable directory");
}

void require_writable_outputs(const std::vector<std::pair<std::string, std::string>>& outputs) {
  for (const auto& [option, path] : outputs) {
    if (path.empty()) continue;
    const std::string named = "cannot write " + option + "=" + path + ": ";
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) {
      if (S_ISDIR(info.st_mode)) throw ResourceError(named + "it is a directory; give a file name");
      if (::access(path.c_str(), W_OK) != 0) {
        throw ResourceError(named + "the file exists and is not writable (" +
                            std::strerror(errno) + ")");
      }
    }
    const std::string directory = parent_directory(path);
    const std::string problem = directory_problem(directory);
    if (!problem.empty()) {
      throw ResourceError(named + problem);
    }
  }
}

}  // namespace hpcg
