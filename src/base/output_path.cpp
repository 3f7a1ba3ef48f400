// SPDX-License-Identifier: BSD-3-Clause
// Output checks by trying, not by asking: access(2) says yes to root in a read-only directory
// and knows nothing of read-only mounts, so the check creates (and removes) a temporary file.
#include "hpcg/base/output_path.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "hpcg/base/error.hpp"
#include "hpcg/base/stop_signal.hpp"

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

/// The end of a mkstemp(3) template: the six letters it replaces with a name no other process
/// holds.
const std::string mkstemp_letters(6, 'X');

/// Why no file can be created in `directory` ("directory 'out' does not exist"), or "".
std::string directory_problem(const std::string& directory) {
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0) {
    if (errno == ENOENT) return shown(directory) + " does not exist";
    return shown(directory) + " cannot be used (" + std::strerror(errno) + ")";
  }
  if (!S_ISDIR(info.st_mode)) return "'" + directory + "' is not a directory";
  std::string probe = directory + "/.hpcg-write-check-" + mkstemp_letters;
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) return shown(directory) + " takes no new files (" + std::strerror(errno) + ")";
  ::close(fd);
  ::unlink(probe.c_str());
  return "";
}

/// The first line of a small file, or "".
std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

/// Letters and digits of `text` only ("pid:[4026531836]" -> "pid4026531836"), at most `most`.
std::string plain(const std::string& text, size_t most) {
  std::string kept;
  for (char c : text) {
    if (kept.size() < most && std::isalnum(static_cast<unsigned char>(c)) != 0) kept += c;
  }
  return kept;
}

/// Where a partial file's owner ran: short host name, boot (the kernel's random boot id: host
/// names repeat across clusters that share a file system) and pid namespace (containers on one
/// host); "" when any is unknown, and such a process never judges another's files stale.
std::string this_machine() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) return "";
  char link[64] = {};
  if (::readlink("/proc/self/ns/pid", link, sizeof link - 1) <= 0) return "";
  const std::string boot = plain(first_line("/proc/sys/kernel/random/boot_id"), 12);
  const std::string name = plain(std::string(host).substr(0, std::string(host).find('.')), 63);
  const std::string pid_namespace = plain(link, 20);  // "pid" and its inode's digits
  if (name.empty() || boot.size() != 12 || pid_namespace.size() <= 3) return "";
  return name + "-" + boot + "-" + pid_namespace;
}

/// The owner's pid when `file` is a partial file made on this machine ("...partial-MACHINE-PID-"
/// and mkstemp's six characters), else 0.
pid_t owner_on_this_machine(const std::string& file, const std::string& machine) {
  const std::string marker = ".partial-" + machine + "-";
  const size_t at = file.rfind(marker);
  if (machine.empty() || at == std::string::npos) return 0;
  const std::string rest = file.substr(at + marker.size());  // the pid, "-", six characters
  const size_t dash = rest.find('-');
  if (dash == std::string::npos || dash == 0 || dash > 9 || rest.size() != dash + 7) return 0;
  for (size_t i = 0; i < dash; ++i) {
    if (std::isdigit(static_cast<unsigned char>(rest[i])) == 0) return 0;
  }
  return static_cast<pid_t>(std::stol(rest.substr(0, dash)));
}

}  // namespace

std::string partial_owner_tag() {
  const std::string machine = this_machine();
  return (machine.empty() ? std::string("unknown") : machine) + "-" + std::to_string(::getpid());
}

std::vector<std::string> remove_stale_partials(const std::string& directory) {
  std::vector<std::string> removed;
  const std::string machine = this_machine();
  if (machine.empty()) return removed;
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr) return removed;
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    const pid_t owner = owner_on_this_machine(name, machine);
    // Gone: no such process here (EPERM means another user's live process).
    if (owner <= 0 || owner == ::getpid() || ::kill(owner, 0) == 0 || errno != ESRCH) continue;
    const std::string path = directory + "/" + name;
    struct stat info {};
    if (::lstat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        ::unlink(path.c_str()) == 0) {
      removed.push_back(path);
    }
  }
  ::closedir(listing);
  return removed;
}

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
      // A character device or FIFO is written in place (write_file_atomically); anything else
      // that is not a regular file (a disk, a socket) is never written.
      if (!S_ISREG(info.st_mode) && !S_ISCHR(info.st_mode) && !S_ISFIFO(info.st_mode)) {
        throw ResourceError(named + "it is not a regular file, a character device or a FIFO");
      }
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

std::string claim_free_stem(const std::string& stem, const std::vector<std::string>& extensions) {
  constexpr int most_tries = 1000;
  for (int attempt = 1; attempt <= most_tries; ++attempt) {
    const std::string candidate = attempt == 1 ? stem : stem + "_" + std::to_string(attempt);
    std::vector<std::string> created;
    bool taken = false;
    for (const std::string& extension : extensions) {
      const std::string path = candidate + extension;
      const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      if (fd < 0) {
        const int error = errno;
        for (const std::string& done : created) {
          ::unlink(done.c_str());
          remove_partial_output(done);
        }
        if (error != EEXIST) {
          throw ResourceError("cannot create " + path + " (" + std::strerror(error) + ")");
        }
        taken = true;
        break;
      }
      ::close(fd);
      add_partial_output(path);
      created.push_back(path);
    }
    if (!taken) return candidate;
  }
  throw ResourceError("cannot find a free name for " + stem + " after " +
                      std::to_string(most_tries) + " tries; clean the directory");
}

std::string resolved_path(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return path;  // not there yet: the name itself
  std::string target = resolved;
  std::free(resolved);
  return target;
}

std::string create_temporary_beside(const std::string& path) {
  // mkstemp(3) replaces the six trailing Xs with a unique suffix and creates the file exclusively.
  // The name says which process made it, so that the next run here can remove it if that
  // process was killed before it could (MPI_Abort from another rank).
  const std::string target = resolved_path(path);
  remove_stale_partials(parent_directory(target));
  std::string temporary = target + ".partial-" + partial_owner_tag() + "-" + mkstemp_letters;
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) {
    throw ResourceError("cannot write " + path + ": cannot create a temporary file beside it (" +
                        std::strerror(errno) + ")");
  }
  ::fchmod(fd, 0644);  // mkstemp's 0600 would make results unreadable to the group
  ::close(fd);
  add_partial_output(temporary);
  return temporary;
}

void rename_temporary(const std::string& temporary, const std::string& path) {
  if (::rename(temporary.c_str(), resolved_path(path).c_str()) != 0) {
    const int error = errno;
    discard_temporary(temporary);
    throw ResourceError("cannot rename " + temporary + " to " + path + " (" +
                        std::strerror(error) + ")");
  }
  remove_partial_output(temporary);
  remove_partial_output(path);  // a name claimed empty (claim_free_stem) is now whole
}

void discard_temporary(const std::string& temporary) {
  ::unlink(temporary.c_str());
  remove_partial_output(temporary);
}

void require_regular_outputs(const std::vector<std::pair<std::string, std::string>>& outputs) {
  for (const auto& [option, path] : outputs) {
    struct stat info {};
    if (path.empty() || ::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode)) continue;
    throw ResourceError("cannot write " + option + "=" + path + ": it exists and is not a " +
                        "regular file (a device or FIFO); give a file name");
  }
}

}  // namespace hpcg
